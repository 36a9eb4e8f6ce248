/**
 * A new rule books the open lines it matches at once ('Voortaan automatisch' also means: the ones already
 * waiting), through the same bulk booking as an import.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { bankStatementLines } from "../../db/schema/index";
import { bookCertainProposals } from "./booking";
import { toMatchable } from "./lines";
import { ruleMatches } from "./proposals";
import { matchRules } from "./rules";

export async function applyRuleToOpenLines(
  db: Database,
  userId: string,
  ruleId: string,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rule = (await matchRules(tx, userId)).find((candidate) => candidate.id === ruleId);
    if (!rule) return 0;
    const open = await tx
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.userId, userId), isNull(bankStatementLines.booking)))
      .orderBy(bankStatementLines.bookingDate)
      .for("update");
    const matching = open.filter((row) => ruleMatches(rule, toMatchable(row)));
    return (await bookCertainProposals(tx, userId, matching, now)).booked;
  });
}
