/**
 * Reading purchase invoices: the rows as the API answers them, the list with its counters, one in full.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { centsToDecimal, parseCents, type Cents } from "../../../shared/money";
import type {
  ProposedSupplier,
  PurchaseInvoiceDetail,
  PurchaseInvoiceList,
  PurchaseInvoiceSummary,
  PurchaseListQuerySchema,
  PurchaseReading,
} from "../../../shared/schemas/purchase-invoices";
import { PURCHASE_MESSAGES } from "../../../shared/schemas/purchase-invoices";
import { compactIban } from "../../../shared/validators/iban";
import { isUuid, type z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import {
  clients,
  purchaseInvoiceLines,
  purchaseInvoicePayments,
  purchaseInvoices,
  storedDocuments,
  type PurchaseInvoiceRow,
} from "../../db/schema/index";
import { notFound } from "../../errors";
import { monthStart } from "../../../shared/periods";

export type PurchaseListOptions = z.output<typeof PurchaseListQuerySchema>;

export const toCents = (decimal: string): Cents => parseCents(decimal)!;

/** What the readers found, as kept on the row (service.ts applyReading). */
export type StoredReading = PurchaseReading & { proposedSupplier: ProposedSupplier | null };

/** The user's purchase invoice, locked for the caller's change when asked; another user's is not found. */
export async function findOwnPurchase(
  db: Database,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<PurchaseInvoiceRow> {
  if (!isUuid(id)) throw notFound(PURCHASE_MESSAGES.notFound);
  const query = db
    .select()
    .from(purchaseInvoices)
    .where(and(eq(purchaseInvoices.id, id), eq(purchaseInvoices.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(PURCHASE_MESSAGES.notFound);
  return row;
}

const isOpen = (row: { status: string }) => row.status === "booked";

const summaryColumns = {
  row: purchaseInvoices,
  supplierCurrentName: clients.name,
  hasDocument: sql<boolean>`${purchaseInvoices.documentId} is not null`,
};

function toSummary(
  row: PurchaseInvoiceRow,
  supplierCurrentName: string | null,
  today: string,
): PurchaseInvoiceSummary {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    supplierId: row.supplierId,
    // The relation's current name; the name on the document when there is no relation (yet).
    supplierName: supplierCurrentName ?? row.supplierName,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    total: row.total,
    openAmount: row.openAmount,
    isOverdue: isOpen(row) && row.dueDate !== null && row.dueDate < today && toCents(row.openAmount) > 0,
    hasDocument: row.documentId !== null,
    readingProgress: row.readingProgress,
    createdAt: row.createdAt.toISOString(),
  };
}

function listConditions(userId: string, options: PurchaseListOptions, today: string): SQL {
  const conditions: Array<SQL | undefined> = [eq(purchaseInvoices.userId, userId)];
  switch (options.status) {
    case undefined:
      break;
    case "open":
      conditions.push(eq(purchaseInvoices.status, "booked"));
      break;
    case "overdue":
      conditions.push(
        eq(purchaseInvoices.status, "booked"),
        sql`${purchaseInvoices.dueDate} < ${today}::date`,
      );
      break;
    default:
      conditions.push(eq(purchaseInvoices.status, options.status));
  }
  if (options.supplierId) conditions.push(eq(purchaseInvoices.supplierId, options.supplierId));
  if (options.q) {
    const pattern = containsPattern(options.q);
    conditions.push(
      or(
        ilike(purchaseInvoices.supplierName, pattern),
        ilike(purchaseInvoices.invoiceNumber, pattern),
        ilike(purchaseInvoices.description, pattern),
        ilike(clients.name, pattern),
      ),
    );
  }
  return and(...conditions)!;
}

/** The list, newest first (a document still without a date by when it arrived), and the screen's counters. */
export async function listPurchaseInvoices(
  db: Database,
  userId: string,
  options: PurchaseListOptions,
  today: string,
): Promise<PurchaseInvoiceList> {
  const where = listConditions(userId, options, today);
  const [rows, totals, counters] = await Promise.all([
    db
      .select(summaryColumns)
      .from(purchaseInvoices)
      .leftJoin(clients, eq(clients.id, purchaseInvoices.supplierId))
      .where(where)
      .orderBy(
        desc(
          sql`coalesce(${purchaseInvoices.invoiceDate}, (${purchaseInvoices.createdAt} at time zone 'Europe/Amsterdam')::date)`,
        ),
        desc(purchaseInvoices.createdAt),
        asc(purchaseInvoices.id),
      )
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(purchaseInvoices)
      .leftJoin(clients, eq(clients.id, purchaseInvoices.supplierId))
      .where(where),
    countersOf(db, userId, today),
  ]);
  return {
    items: rows.map(({ row, supplierCurrentName }) => toSummary(row, supplierCurrentName, today)),
    total: totals[0]?.total ?? 0,
    counters,
  };
}

/** Open and overdue: booked and not paid; paid this month: payments dated this calendar month. */
async function countersOf(
  db: Database,
  userId: string,
  today: string,
): Promise<PurchaseInvoiceList["counters"]> {
  const firstOfMonth = monthStart(today);
  const result = await db.execute(sql`
    select
      count(*) filter (where status = 'review' or status = 'reading')::int as to_review,
      count(*) filter (where status = 'booked')::int as open_count,
      coalesce(sum(open_amount) filter (where status = 'booked'), 0)::text as open_amount,
      count(*) filter (where status = 'booked' and due_date < ${today}::date)::int as overdue_count,
      coalesce(sum(open_amount) filter (where status = 'booked' and due_date < ${today}::date), 0)::text
        as overdue_amount,
      (select count(distinct p.purchase_invoice_id)::int from purchase_invoice_payments p
        where p.user_id = ${userId}::uuid and p.date >= ${firstOfMonth}::date and p.date <= ${today}::date) as paid_count,
      (select coalesce(sum(p.amount), 0)::text from purchase_invoice_payments p
        where p.user_id = ${userId}::uuid and p.date >= ${firstOfMonth}::date and p.date <= ${today}::date) as paid_amount
    from purchase_invoices where user_id = ${userId}::uuid`);
  const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0]!;
  const money = (value: string | number) => centsToDecimal(toCents(String(value)));
  return {
    toReview: Number(row.to_review),
    open: { count: Number(row.open_count), amount: money(row.open_amount!) },
    overdue: { count: Number(row.overdue_count), amount: money(row.overdue_amount!) },
    paidThisMonth: { count: Number(row.paid_count), amount: money(row.paid_amount!) },
  };
}

/** One purchase invoice in full: lines, payments, the document's details and what the readers found. */
export async function getPurchaseInvoice(
  db: Database,
  userId: string,
  id: string,
  today: string,
): Promise<PurchaseInvoiceDetail> {
  if (!isUuid(id)) throw notFound(PURCHASE_MESSAGES.notFound);
  const [found] = await db
    .select(summaryColumns)
    .from(purchaseInvoices)
    .leftJoin(clients, eq(clients.id, purchaseInvoices.supplierId))
    .where(and(eq(purchaseInvoices.id, id), eq(purchaseInvoices.userId, userId)));
  if (!found) throw notFound(PURCHASE_MESSAGES.notFound);
  const { row } = found;
  const [lines, payments, documents] = await Promise.all([
    db
      .select()
      .from(purchaseInvoiceLines)
      .where(eq(purchaseInvoiceLines.purchaseInvoiceId, id))
      .orderBy(purchaseInvoiceLines.position),
    db
      .select()
      .from(purchaseInvoicePayments)
      .where(eq(purchaseInvoicePayments.purchaseInvoiceId, id))
      .orderBy(purchaseInvoicePayments.date, purchaseInvoicePayments.createdAt),
    row.documentId
      ? db
          .select({
            fileName: storedDocuments.fileName,
            mimeType: storedDocuments.mimeType,
            sizeBytes: storedDocuments.sizeBytes,
            sha256: storedDocuments.sha256,
          })
          .from(storedDocuments)
          .where(inArray(storedDocuments.id, [row.documentId]))
      : Promise.resolve([]),
  ]);
  const net = lines.reduce((sum, line) => sum + toCents(line.netAmount), 0);
  const vat = lines.reduce((sum, line) => sum + toCents(line.vatAmount), 0);
  const stored = row.reading as StoredReading | null;
  return {
    ...toSummary(row, found.supplierCurrentName, today),
    description: row.description,
    vatTreatment: row.vatTreatment,
    iban: row.iban,
    paymentReference: row.paymentReference,
    lines: lines.map((line) => ({
      description: line.description,
      categoryId: line.categoryId,
      vatRate: Number(line.vatRate),
      netAmount: line.netAmount,
      vatAmount: line.vatAmount,
    })),
    netAmount: centsToDecimal(net),
    vatAmount: centsToDecimal(vat),
    payments: payments.map((payment) => ({
      id: payment.id,
      date: payment.date,
      amount: payment.amount,
      method: payment.method,
      note: payment.note,
      transactionId: payment.transactionId,
    })),
    document: documents[0] ?? null,
    reading: stored
      ? { method: stored.method, origins: stored.origins, warnings: stored.warnings, text: stored.text }
      : null,
    proposedSupplier: row.supplierId === null ? (stored?.proposedSupplier ?? null) : null,
    bookedAt: row.bookedAt?.toISOString() ?? null,
  };
}

/** The open purchase invoices due by a day: the dashboard's 'Te betalen', the cash-flow forecast, the bell. */
export async function openPurchaseInvoices(
  db: Database,
  userId: string,
): Promise<
  Array<{
    id: string;
    supplierName: string | null;
    invoiceNumber: string | null;
    dueDate: string | null;
    openCents: Cents;
  }>
> {
  const rows = await db
    .select({
      id: purchaseInvoices.id,
      supplierName: sql<string | null>`coalesce(${clients.name}, ${purchaseInvoices.supplierName})`,
      invoiceNumber: purchaseInvoices.invoiceNumber,
      dueDate: purchaseInvoices.dueDate,
      openAmount: purchaseInvoices.openAmount,
    })
    .from(purchaseInvoices)
    .leftJoin(clients, eq(clients.id, purchaseInvoices.supplierId))
    .where(and(eq(purchaseInvoices.userId, userId), eq(purchaseInvoices.status, "booked")))
    .orderBy(asc(purchaseInvoices.dueDate), asc(purchaseInvoices.id));
  return rows.map(({ openAmount, ...row }) => ({ ...row, openCents: toCents(openAmount) }));
}

export type OpenPurchaseForMatching = {
  id: string;
  invoiceNumber: string | null;
  supplierName: string | null;
  /** Compact ('NL91ABNA0417164300'), as bank lines carry it. */
  supplierIban: string | null;
  paymentReference: string | null;
  openCents: Cents;
  dueDate: string | null;
};

/**
 * The purchase invoices an outgoing bank line can pay (bank reconciliation): booked, something still to pay.
 * The IBAN the invoice asks to be paid to, else the supplier's; the supplier's name as it is now.
 */
export async function listOpenPurchasesForMatching(
  db: Database,
  userId: string,
): Promise<OpenPurchaseForMatching[]> {
  const rows = await db
    .select({
      id: purchaseInvoices.id,
      invoiceNumber: purchaseInvoices.invoiceNumber,
      supplierName: sql<string | null>`coalesce(${clients.name}, ${purchaseInvoices.supplierName})`,
      iban: sql<string | null>`coalesce(${purchaseInvoices.iban}, ${clients.iban})`,
      paymentReference: purchaseInvoices.paymentReference,
      openAmount: purchaseInvoices.openAmount,
      dueDate: purchaseInvoices.dueDate,
    })
    .from(purchaseInvoices)
    .leftJoin(clients, eq(clients.id, purchaseInvoices.supplierId))
    .where(
      and(
        eq(purchaseInvoices.userId, userId),
        eq(purchaseInvoices.status, "booked"),
        sql`${purchaseInvoices.openAmount} > 0`,
      ),
    )
    .orderBy(asc(purchaseInvoices.dueDate), asc(purchaseInvoices.id));
  return rows.map(({ openAmount, iban, ...row }) => ({
    ...row,
    supplierIban: iban ? compactIban(iban) : null,
    openCents: toCents(openAmount),
  }));
}

/** Every purchase invoice of the user in full, for the data export (the originals' details, not their bytes). */
export async function exportPurchaseInvoices(
  db: Database,
  userId: string,
  today: string,
): Promise<PurchaseInvoiceDetail[]> {
  const rows = await db
    .select({ id: purchaseInvoices.id })
    .from(purchaseInvoices)
    .where(eq(purchaseInvoices.userId, userId))
    .orderBy(asc(purchaseInvoices.createdAt), asc(purchaseInvoices.id));
  const details: PurchaseInvoiceDetail[] = [];
  for (const row of rows) details.push(await getPurchaseInvoice(db, userId, row.id, today));
  return details;
}

/** The latest invoice date of a booked purchase invoice: a fiscal year the retention period counts from. */
export async function lastBookedPurchaseDate(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ date: sql<string | null>`max(${purchaseInvoices.invoiceDate})::text` })
    .from(purchaseInvoices)
    .where(and(eq(purchaseInvoices.userId, userId), inArray(purchaseInvoices.status, ["booked", "paid"])));
  return row?.date ?? null;
}
