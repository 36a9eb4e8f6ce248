/**
 * The open amount of an invoice, computed in this one place: total − payments − credit notes. Negative means
 * the client paid too much (a credit to refund). The status follows from it: nothing open → paid (settled),
 * else overdue after the due date, else sent. Every operation that issues, pays or credits an invoice calls
 * settleInvoices in its own transaction, so the stored figure is never stale; the screens and the PDF read it.
 * It equals the invoice's Debiteuren balance in the books (the property test holds it to that).
 */
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import type { Database } from "../../db/client";
import { invoicePayments, invoices } from "../../db/schema/index";

const toUuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** Recomputes open amount, status and paid date of the given invoices (credit notes and drafts are left as they are). */
export async function settleInvoices(
  tx: Database,
  userId: string,
  invoiceIds: readonly string[] | "all",
  today: string,
): Promise<void> {
  if (invoiceIds !== "all" && invoiceIds.length === 0) return;
  const selection = invoiceIds === "all" ? sql`true` : sql`i.id = any(${toUuidArray(invoiceIds)})`;
  await tx.execute(sql`
    with figures as (
      select i.id,
        i.total
          + coalesce((select sum(c.total) from invoices c
                      where c.credit_note_for_id = i.id and c.status <> 'draft'), 0)
          - coalesce((select sum(p.amount) from ${invoicePayments} p where p.invoice_id = i.id), 0) as open,
        greatest((select max(p.date) from ${invoicePayments} p where p.invoice_id = i.id),
                 (select max(c.issue_date) from invoices c
                  where c.credit_note_for_id = i.id and c.status <> 'draft')) as settled_on
      from invoices i
      where i.user_id = ${userId}::uuid and i.status <> 'draft' and i.credit_note_for_number is null
        and ${selection})
    update invoices i set
      open_amount = f.open,
      status = case when f.open <= 0 then 'paid'::invoice_status
                    when i.due_date < ${today}::date then 'overdue'::invoice_status
                    else 'sent'::invoice_status end,
      paid_date = case when f.open <= 0 then coalesce(f.settled_on, i.issue_date) else null end
    from figures f
    where i.id = f.id`);
}

/**
 * Scheduled: an issued invoice with something still open whose due date has passed (in Amsterdam) becomes
 * overdue (Verlopen). Credit notes are settled with their invoice and never overdue.
 */
export async function markOverdueInvoices(db: Database, now: Date): Promise<number> {
  const updated = await db
    .update(invoices)
    .set({ status: "overdue" })
    .where(
      and(
        eq(invoices.status, "sent"),
        lt(invoices.dueDate, businessDate(now)),
        isNull(invoices.creditNoteForNumber),
        gt(invoices.openAmount, "0"),
      ),
    )
    .returning({ id: invoices.id });
  return updated.length;
}
