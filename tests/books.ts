import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../src/server/db/client";
import { journalLines } from "../src/server/db/schema/index";

/** The user's journal as sorted text rows, to compare the books before and after a rebuild. */
export async function journalSnapshot(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({
      sourceType: journalLines.sourceType,
      sourceId: journalLines.sourceId,
      date: journalLines.date,
      accountId: journalLines.accountId,
      amount: journalLines.amount,
      vatBox: journalLines.vatBox,
    })
    .from(journalLines)
    .where(eq(journalLines.userId, userId));
  return rows.map((row) => JSON.stringify(row)).sort();
}

/** Every journal entry (the lines of one source record) sums to zero: debit equals credit. */
export async function expectEveryEntryBalanced(db: Database, userId: string): Promise<void> {
  const rows = await db
    .select({ key: journalLines.sourceId, type: journalLines.sourceType, amount: journalLines.amount })
    .from(journalLines)
    .where(eq(journalLines.userId, userId));
  const perEntry = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.type}:${row.key}`;
    perEntry.set(key, (perEntry.get(key) ?? 0) + Math.round(Number(row.amount) * 100));
  }
  for (const [key, sum] of perEntry) expect(sum, key).toBe(0);
}
