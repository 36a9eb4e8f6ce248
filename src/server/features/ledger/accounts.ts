import { and, eq } from "drizzle-orm";
import { fitsCategory } from "../../../shared/schemas/categories";
import type { Database } from "../../db/client";
import { ledgerAccounts } from "../../db/schema/index";

/** True when the account is the user's and fits a category of the type (shared/schemas/categories.ts). */
export async function isCategoryAccount(
  db: Database,
  userId: string,
  accountId: string,
  type: "income" | "expense",
): Promise<boolean> {
  const [row] = await db
    .select({ kind: ledgerAccounts.kind, systemKey: ledgerAccounts.systemKey })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, accountId), eq(ledgerAccounts.userId, userId)));
  return row !== undefined && fitsCategory(type, row);
}

/** The id of one of the user's system accounts (chart.ts key), or null. */
export async function systemAccountId(db: Database, userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.systemKey, key)));
  return row?.id ?? null;
}
