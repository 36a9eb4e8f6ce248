import { and, count, desc, eq, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { VAT_RATE_HUNDREDTHS } from "../../../shared/invoices/math";
import { korAppliesOn, type KorDates } from "../../../shared/kor";
import { centsToDecimal, type Cents } from "../../../shared/money";
import {
  toLineInput,
  type Invoice,
  type InvoiceDetail,
  type InvoiceInput,
  type InvoiceListQuerySchema,
  type InvoiceSummary,
} from "../../../shared/schemas/invoices";
import type { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { invoiceItems, invoices, invoiceTimeEntries } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { selectClientIdsByName } from "../clients/service";
import { getKorDates } from "../settings/service";
import { releaseInvoicedEntries } from "../time-tracking/service";
import { issueInvoice } from "./issuing";
import { recordPaymentIn } from "./payments";
import {
  clientForInvoice,
  findOwnRow,
  getInvoice,
  insertItems,
  invalidId,
  toCents,
  toInvoices,
  type StoredLine,
} from "./records";

// decisions.md: sent invoices are immutable; corrections are credit notes. Answers to the invoice form
// (POST/PUT) are English like the form; answers to the list's actions are Dutch like the list.
export const FROZEN_MESSAGE =
  "This invoice has been sent and can no longer be changed. Create a credit note to correct it.";
export const DELETE_SENT_MESSAGE =
  "Alleen een conceptfactuur kan worden verwijderd. Een verstuurde factuur corrigeer je met een creditnota.";
export const KOR_MESSAGE = "You use the small-business scheme (KOR): invoice lines must be VAT exempt.";

/** Spec §2.15/§7: the user's invoices, newest first (unnumbered drafts first), by status, client or text. */
export async function listInvoices(
  db: Database,
  userId: string,
  filter: z.output<typeof InvoiceListQuerySchema>,
): Promise<Invoice[]> {
  const where = listConditions(db, userId, filter);
  if (!where) return [];
  const query = db
    .select()
    .from(invoices)
    .where(where)
    // The id breaks ties, so pages never overlap or skip an invoice.
    .orderBy(desc(invoices.issueDate), sql`${invoices.invoiceNumber} desc nulls first`, desc(invoices.id))
    .offset(filter.offset);
  const rows = filter.limit === undefined ? await query : await query.limit(filter.limit);
  return toInvoices(db, userId, rows);
}

/** How many invoices the filters find in all, for the list's paging metadata. */
export async function countInvoices(
  db: Database,
  userId: string,
  filter: z.output<typeof InvoiceListQuerySchema>,
): Promise<number> {
  const where = listConditions(db, userId, filter);
  if (!where) return 0;
  const [row] = await db.select({ count: count() }).from(invoices).where(where);
  return row!.count;
}

/** The owner, then the status, client and search filters; undefined when nothing can match. */
function listConditions(
  db: Database,
  userId: string,
  filter: z.output<typeof InvoiceListQuerySchema>,
): SQL | undefined {
  const conditions: SQL[] = [eq(invoices.userId, userId)];
  if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (filter.clientId) {
    // Another user's or a malformed client id simply matches nothing.
    if (invalidId(filter.clientId)) return undefined;
    conditions.push(eq(invoices.clientId, filter.clientId));
  }
  if (filter.search) conditions.push(matchesSearch(db, userId, filter.search));
  return and(...conditions);
}

/**
 * The number, or the client's name as the row shows it: an issued invoice keeps the name it was sent with
 * (its snapshot), a draft shows the client's current name.
 */
function matchesSearch(db: Database, userId: string, search: string): SQL {
  const pattern = containsPattern(search);
  return or(
    ilike(invoices.invoiceNumber, pattern),
    sql`${invoices.clientSnapshot}->>'name' ilike ${pattern}`,
    and(
      isNull(invoices.clientSnapshot),
      inArray(invoices.clientId, selectClientIdsByName(db, userId, search)),
    ),
  )!;
}

/**
 * The four counters of spec §2.15 in one pass: all, paid, in behandeling (sent) and verlopen (overdue). The
 * open counters add up what is still open (a partly paid invoice counts for its rest).
 */
export async function summariseInvoices(db: Database, userId: string): Promise<InvoiceSummary> {
  const filtered = (
    status: string,
    column: typeof invoices.total | typeof invoices.openAmount = invoices.total,
  ) => ({
    count: sql<number>`count(*) filter (where ${invoices.status} = ${status})`.mapWith(Number),
    amount: sql<string>`coalesce(sum(${column}) filter (where ${invoices.status} = ${status}), 0)::numeric(14,2)::text`,
  });
  const paid = filtered("paid");
  const sent = filtered("sent", invoices.openAmount);
  const overdue = filtered("overdue", invoices.openAmount);
  const [row] = await db
    .select({
      totalCount: count(),
      totalAmount: sql<string>`coalesce(sum(${invoices.total}), 0)::numeric(14,2)::text`,
      paidCount: paid.count,
      paidAmount: paid.amount,
      sentCount: sent.count,
      sentAmount: sent.amount,
      overdueCount: overdue.count,
      overdueAmount: overdue.amount,
    })
    .from(invoices)
    .where(eq(invoices.userId, userId));
  return {
    total: { count: row!.totalCount, amount: row!.totalAmount },
    paid: { count: row!.paidCount, amount: row!.paidAmount },
    sent: { count: row!.sentCount, amount: row!.sentAmount },
    overdue: { count: row!.overdueCount, amount: row!.overdueAmount },
  };
}

/** How many invoices the user has issued (sent, paid or overdue; credit notes too): drafts are not invoices yet. */
export async function countIssuedInvoices(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), ne(invoices.status, "draft")));
  return row!.count;
}

/** KOR (Wet OB art. 25) on the issue date: no VAT is charged, so every line is exempt and there is no tax. */
function assertKorRespected(input: InvoiceInput, kor: KorDates): void {
  if (!korAppliesOn(kor, input.issueDate)) return;
  const index = input.items.findIndex((item) => VAT_RATE_HUNDREDTHS[item.vatCategory] > 0);
  if (index >= 0) throw invalidField(`items.${index}.vatCategory`, KOR_MESSAGE);
  if (input.taxAmount > 0) throw invalidField("taxAmount", KOR_MESSAGE);
}

const linesOf = (input: InvoiceInput): StoredLine[] =>
  input.items.map((item) => ({ ...toLineInput(item), description: item.description }));

/** The columns an invoice takes from the form; numbers in cents become decimal strings. */
function contentColumns(input: InvoiceInput) {
  return {
    clientId: input.clientId,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    supplyDate: input.supplyDate,
    subtotal: centsToDecimal(input.subtotal),
    taxAmount: centsToDecimal(input.taxAmount),
    total: centsToDecimal(input.total),
    notes: input.notes,
  };
}

/**
 * After saving the draft: the form's status other than draft issues it (issueInvoice), and 'paid' also records
 * the payment of the whole invoice on its issue date. 'overdue' is not chosen but follows from the due date.
 */
async function applyFormStatus(
  tx: Database,
  userId: string,
  invoiceId: string,
  input: InvoiceInput,
  now: Date,
) {
  if (input.status === "draft") return;
  await issueInvoice(tx, userId, invoiceId, { now, via: "form" });
  if (input.status === "paid") {
    const issued = await findOwnRow(tx, userId, invoiceId, true);
    await recordPaymentIn(
      tx,
      userId,
      issued,
      {
        date: input.issueDate,
        amount: null,
        method: "bank",
        bookTransaction: false,
        bankAccountId: null,
        note: null,
      },
      now,
    );
  }
}

/** Spec §7 POST /api/invoices: a draft, issued at once when the status says so. */
export async function createInvoice(
  db: Database,
  userId: string,
  input: InvoiceInput,
  now: Date,
): Promise<InvoiceDetail> {
  await clientForInvoice(db, userId, input.clientId);
  assertKorRespected(input, await getKorDates(db, userId));
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({ userId, ...contentColumns(input), status: "draft" })
      .returning({ id: invoices.id });
    await insertItems(tx, userId, row!.id, linesOf(input));
    await applyFormStatus(tx, userId, row!.id, input, now);
    return row!.id;
  });
  return getInvoice(db, userId, id);
}

/** Spec §7 PUT /api/invoices/{id}: only a draft changes (and may be issued by the status it is given). */
export async function updateInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
  input: InvoiceInput,
  now: Date,
): Promise<InvoiceDetail> {
  await findOwnRow(db, userId, invoiceId);
  await clientForInvoice(db, userId, input.clientId);
  assertKorRespected(input, await getKorDates(db, userId));
  await db.transaction(async (tx) => {
    const existing = await findOwnRow(tx, userId, invoiceId, true);
    if (existing.status !== "draft") throw new AppError(409, FROZEN_MESSAGE);
    await tx
      .update(invoices)
      .set(contentColumns(input))
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
    await insertItems(tx, userId, invoiceId, linesOf(input));
    await applyFormStatus(tx, userId, invoiceId, input, now);
  });
  return getInvoice(db, userId, invoiceId);
}

/**
 * Only drafts; an issued invoice must be kept (AWR art. 52) and is corrected with a credit note. A draft has no
 * number yet, so deleting it leaves no gap in the series.
 */
export async function deleteInvoice(db: Database, userId: string, invoiceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findOwnRow(tx, userId, invoiceId, true);
    if (existing.status !== "draft") throw new AppError(409, DELETE_SENT_MESSAGE);
    // Hours billed by this draft can be invoiced again ('Uren factureren').
    const billed = await tx
      .select({ timeEntryId: invoiceTimeEntries.timeEntryId })
      .from(invoiceTimeEntries)
      .where(eq(invoiceTimeEntries.invoiceId, invoiceId));
    await releaseInvoicedEntries(
      tx,
      userId,
      billed.map((row) => row.timeEntryId),
    );
    await tx.delete(invoices).where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  });
}

/** 'Markeren als verstuurd': issues the draft without mailing it (the user sent it some other way). */
export async function markInvoiceSent(
  db: Database,
  userId: string,
  invoiceId: string,
  now: Date,
): Promise<InvoiceDetail> {
  await db.transaction((tx) => issueInvoice(tx, userId, invoiceId, { now, via: "list" }));
  return getInvoice(db, userId, invoiceId);
}

/** What clients are still to pay on or before `lastDay`: the open amounts of invoices due by then. */
export async function listOpenInvoicesDueBy(
  db: Database,
  userId: string,
  lastDay: string,
): Promise<{ dueDate: string; totalCents: Cents }[]> {
  const rows = await db
    .select({ dueDate: invoices.dueDate, open: invoices.openAmount })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        inArray(invoices.status, ["sent", "overdue"]),
        lte(invoices.dueDate, lastDay),
      ),
    );
  return rows.map((row) => ({ dueDate: row.dueDate, totalCents: toCents(row.open) }));
}

/**
 * 'Te ontvangen': what clients owe (the positive open amounts) and on how many invoices, now or at the end of
 * `day`. At a past day the same rule is applied to what had been issued, paid and credited by then.
 */
export async function receivablesAt(
  db: Database,
  userId: string,
  day: string | null,
): Promise<{ amountCents: Cents; count: number }> {
  const result = await db.execute<{ amount: string; count: number }>(
    day === null
      ? sql`
        select coalesce(sum(open_amount), 0)::text as amount, count(*)::int as count
        from invoices
        where user_id = ${userId}::uuid and status in ('sent', 'overdue') and open_amount > 0`
      : // Open at `day` = open now + what was paid after it − what was credited after it. Only invoices open now
        // or with a payment or credit note after `day` can differ from zero; the rest was settled then as now.
        sql`
        with later_payment as (
          select invoice_id, sum(amount) as amount from invoice_payments
          where user_id = ${userId}::uuid and date > ${day}::date group by invoice_id),
        later_credit as (
          select credit_note_for_id as invoice_id, sum(total) as amount from invoices
          where user_id = ${userId}::uuid and issue_date > ${day}::date and credit_note_for_id is not null
            and status <> 'draft'
          group by credit_note_for_id),
        open as (
          select i.open_amount + coalesce(p.amount, 0) - coalesce(c.amount, 0) as amount
          from invoices i
          left join later_payment p on p.invoice_id = i.id
          left join later_credit c on c.invoice_id = i.id
          where i.user_id = ${userId}::uuid and i.status <> 'draft' and i.credit_note_for_number is null
            and i.issue_date <= ${day}::date
            and (i.open_amount <> 0 or p.invoice_id is not null or c.invoice_id is not null))
        select coalesce(sum(amount), 0)::text as amount, count(*)::int as count from open where amount > 0`,
  );
  const [row] = (result as unknown as { rows: { amount: string; count: number }[] }).rows;
  return { amountCents: toCents(row!.amount), count: Number(row!.count) };
}

export type OpenInvoiceForMatching = {
  id: string;
  invoiceNumber: string;
  clientId: string | null;
  clientName: string | null;
  clientIban: string | null;
  openCents: Cents;
  dueDate: string;
};

/**
 * The invoices a bank line can pay (bank reconciliation): issued, not a credit note, something still open.
 * The client's name and IBAN as they are now, to recognise the payer.
 */
export async function listOpenInvoicesForMatching(
  db: Database,
  userId: string,
): Promise<OpenInvoiceForMatching[]> {
  const result = await db.execute<{
    id: string;
    invoice_number: string;
    client_id: string | null;
    client_name: string | null;
    client_iban: string | null;
    open_amount: string;
    due_date: string;
  }>(sql`
    select i.id, i.invoice_number, i.client_id, coalesce(c.name, i.client_snapshot->>'name') as client_name,
      c.iban as client_iban, i.open_amount::text as open_amount, i.due_date::text as due_date
    from invoices i
    left join clients c on c.id = i.client_id
    where i.user_id = ${userId}::uuid and i.status in ('sent', 'overdue') and i.open_amount > 0
      and i.credit_note_for_id is null and i.invoice_number is not null
    order by i.due_date, i.invoice_number`);
  return (result as unknown as { rows: Array<Record<string, string | null>> }).rows.map((row) => ({
    id: row.id!,
    invoiceNumber: row.invoice_number!,
    clientId: row.client_id ?? null,
    clientName: row.client_name ?? null,
    clientIban: row.client_iban ? row.client_iban.replace(/\s+/g, "").toUpperCase() : null,
    openCents: toCents(row.open_amount!),
    dueDate: row.due_date!,
  }));
}

/** Erasure of an account whose books must be kept: draft invoices go; the ones sent are fiscal records and stay. */
export async function forgetDraftInvoices(tx: Database, userId: string): Promise<void> {
  await tx.delete(invoices).where(and(eq(invoices.userId, userId), eq(invoices.status, "draft")));
}
