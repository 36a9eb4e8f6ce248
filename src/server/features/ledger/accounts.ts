import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { ledgerAccounts } from "../../db/schema/index";

/** True when the account is the user's and fits a category of the type: revenue for income, a cost for expenses. */
export async function isCategoryAccount(
  db: Database,
  userId: string,
  accountId: string,
  type: "income" | "expense",
): Promise<boolean> {
  const [row] = await db
    .select({ kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, accountId), eq(ledgerAccounts.userId, userId)));
  return row?.kind === (type === "income" ? "revenue" : "expense");
}
