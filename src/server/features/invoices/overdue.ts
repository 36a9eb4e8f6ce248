/**
 * Open invoices past their due date, for scheduled work that runs across accounts (payment reminders). The
 * callers pass the accounts they work for, so every query still filters on user_id.
 */
import { and, asc, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invoices } from "../../db/schema/index";
import type { InvoiceRow } from "./records";

/**
 * The sent or overdue invoices of `userIds` with an amount still open and a due date before `today`; credit
 * notes excluded. Ordered by user, due date and id, so a run handles them in a stable order.
 */
export async function listOpenOverdueInvoices(
  db: Database,
  userIds: readonly string[],
  today: string,
): Promise<InvoiceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(
      and(
        inArray(invoices.userId, [...userIds]),
        inArray(invoices.status, ["sent", "overdue"]),
        isNull(invoices.creditNoteForNumber),
        sql`${invoices.openAmount} > 0`,
        lt(invoices.dueDate, today),
      ),
    )
    .orderBy(asc(invoices.userId), asc(invoices.dueDate), asc(invoices.id));
}
