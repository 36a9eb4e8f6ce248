/**
 * The ledger account a category books on, set by the ledger when it makes a new chart of accounts. Kept apart
 * from service.ts, which imports the ledger's posting, so that the ledger can call it without an import cycle.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories } from "../../db/schema/index";

export async function setCategoryLedgerAccount(
  db: Database,
  userId: string,
  categoryId: string,
  ledgerAccountId: string,
): Promise<void> {
  await db
    .update(categories)
    .set({ ledgerAccountId })
    .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)));
}
