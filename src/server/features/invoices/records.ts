/**
 * Reading an invoice and its parts, and the shapes the API answers with. Shared by every invoice operation;
 * writes live in the operation modules (service, issuing, payments, crediting, settlement).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  computeLine,
  quantityToDecimal,
  VAT_RATE_HUNDREDTHS,
  type LineInput,
} from "../../../shared/invoices/math";
import { DEFAULT_DOCUMENT_LANGUAGE } from "../../../shared/invoices/document-texts";
import { korAppliesOn } from "../../../shared/kor";
import { centsToDecimal, parseCents, type Cents } from "../../../shared/money";
import type { Client } from "../../../shared/schemas/clients";
import type { Invoice, InvoiceDetail, InvoiceItem, InvoicePayment } from "../../../shared/schemas/invoices";
import type { CompanyProfile } from "../../../shared/schemas/settings";
import type { Database } from "../../db/client";
import {
  invoiceItems,
  invoicePayments,
  invoices,
  type InvoiceClientSnapshot,
  type InvoiceSellerSnapshot,
} from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { mailsAbout } from "../../mail/outbox";
import { getClient, getClientNames } from "../clients/service";
import { isUuid } from "../../../shared/validation";

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

export const INVOICE_NOT_FOUND = "Factuur niet gevonden";
export const CLIENT_NOT_FOUND_MESSAGE = "Client not found";

export const invalidId = (id: string) => !isUuid(id);
export const toCents = (decimal: string): Cents => parseCents(decimal)!;

export async function findOwnRow(
  db: Database,
  userId: string,
  invoiceId: string,
  lock = false,
): Promise<InvoiceRow> {
  if (invalidId(invoiceId)) throw notFound(INVOICE_NOT_FOUND);
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

export async function itemsOf(db: Database, invoiceId: string): Promise<InvoiceItemRow[]> {
  return db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.position), asc(invoiceItems.createdAt));
}

/** The stored invoice and its lines, for the document renderers. */
export async function findInvoiceWithItems(
  db: Database,
  userId: string,
  invoiceId: string,
): Promise<{ row: InvoiceRow; items: InvoiceItemRow[] }> {
  const row = await findOwnRow(db, userId, invoiceId);
  return { row, items: await itemsOf(db, row.id) };
}

function toInvoiceItem(row: InvoiceItemRow): InvoiceItem {
  return {
    id: row.id,
    timeEntryId: row.timeEntryId,
    description: row.description,
    quantity: row.quantity,
    rate: row.rate,
    vatRate: row.vatRate,
    vatCategory: row.vatCategory,
    amount: row.amount,
    vatAmount: row.vatAmount,
    totalAmount: row.totalAmount,
  };
}

type CreditNoteRef = Invoice["creditNotes"][number];

function toInvoice(
  row: InvoiceRow,
  clientNames: Map<string, string>,
  creditNotes: Map<string, CreditNoteRef[]>,
  paid: Map<string, { amount: Cents; count: number }>,
): Invoice {
  const credits = creditNotes.get(row.id) ?? [];
  const credited = -credits.reduce((sum, credit) => sum + toCents(credit.total), 0);
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    clientId: row.clientId,
    clientName: row.clientSnapshot?.name ?? (row.clientId ? (clientNames.get(row.clientId) ?? null) : null),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    supplyDate: row.supplyDate,
    subtotal: row.subtotal,
    taxAmount: row.taxAmount,
    total: row.total,
    status: row.status,
    notes: row.notes,
    sentAt: row.sentAt?.toISOString() ?? null,
    paidDate: row.paidDate,
    openAmount: row.openAmount,
    paidAmount: centsToDecimal(paid.get(row.id)?.amount ?? 0),
    paymentCount: paid.get(row.id)?.count ?? 0,
    creditedAmount: centsToDecimal(credited),
    creditNoteForId: row.creditNoteForId,
    creditNoteForNumber: row.creditNoteForNumber,
    creditNotes: credits,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Client names, credit notes and payment sums for a set of rows, in three queries whatever their number. */
export async function toInvoices(db: Database, userId: string, rows: InvoiceRow[]): Promise<Invoice[]> {
  const clientIds = rows.filter((row) => !row.clientSnapshot && row.clientId).map((row) => row.clientId!);
  const clientNames = await getClientNames(db, userId, clientIds);
  const creditNotes = new Map<string, CreditNoteRef[]>();
  const paid = new Map<string, { amount: Cents; count: number }>();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    const credits = await db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        issueDate: invoices.issueDate,
        total: invoices.total,
        forId: invoices.creditNoteForId,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          inArray(invoices.creditNoteForId, ids),
          sql`${invoices.status} <> 'draft'`,
        ),
      )
      .orderBy(asc(invoices.issueDate), asc(invoices.createdAt));
    for (const { forId, invoiceNumber, ...credit } of credits) {
      const list = creditNotes.get(forId!) ?? [];
      list.push({ ...credit, invoiceNumber: invoiceNumber ?? "" });
      creditNotes.set(forId!, list);
    }
    const sums = await db
      .select({
        invoiceId: invoicePayments.invoiceId,
        amount: sql<string>`sum(${invoicePayments.amount})::text`,
        count: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.userId, userId), inArray(invoicePayments.invoiceId, ids)))
      .groupBy(invoicePayments.invoiceId);
    for (const sum of sums) paid.set(sum.invoiceId, { amount: toCents(sum.amount), count: sum.count });
  }
  return rows.map((row) => toInvoice(row, clientNames, creditNotes, paid));
}

export async function listPaymentsOf(
  db: Database,
  userId: string,
  invoiceId: string,
): Promise<InvoicePayment[]> {
  const rows = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.userId, userId), eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(asc(invoicePayments.date), asc(invoicePayments.createdAt));
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    amount: row.amount,
    method: row.method,
    transactionId: row.transactionId,
    note: row.note,
  }));
}

/** Number, status and total of some of the user's invoices, by id (another feature's list of what it made). */
export async function getInvoiceHeads(
  db: Database,
  userId: string,
  invoiceIds: readonly string[],
): Promise<Map<string, Pick<InvoiceRow, "id" | "invoiceNumber" | "status" | "total">>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      total: invoices.total,
    })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), inArray(invoices.id, [...new Set(invoiceIds)])));
  return new Map(rows.map((row) => [row.id, row]));
}

/** How the outbox knows the mail about an invoice (mail/outbox.ts mailsAbout). */
export const invoiceMailReference = (invoiceId: string) => `invoice:${invoiceId}`;

export async function getInvoice(db: Database, userId: string, invoiceId: string): Promise<InvoiceDetail> {
  const row = await findOwnRow(db, userId, invoiceId);
  const [invoice] = await toInvoices(db, userId, [row]);
  const reference = invoiceMailReference(row.id);
  return {
    ...invoice!,
    items: (await itemsOf(db, row.id)).map(toInvoiceItem),
    payments: await listPaymentsOf(db, userId, row.id),
    mails: (await mailsAbout(db, userId, [reference])).get(reference) ?? [],
  };
}

/** Every invoice of the user with its lines, for the data export (AVG art. 15 and 20). */
export async function exportInvoices(db: Database, userId: string): Promise<InvoiceDetail[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(asc(invoices.issueDate), asc(invoices.invoiceNumber));
  const items = await db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.userId, userId))
    .orderBy(asc(invoiceItems.position));
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.userId, userId))
    .orderBy(asc(invoicePayments.date));
  const mails = await mailsAbout(
    db,
    userId,
    rows.map((row) => invoiceMailReference(row.id)),
  );
  return (await toInvoices(db, userId, rows)).map((invoice) => ({
    ...invoice,
    mails: mails.get(invoiceMailReference(invoice.id)) ?? [],
    items: items.filter((item) => item.invoiceId === invoice.id).map(toInvoiceItem),
    payments: payments
      .filter((payment) => payment.invoiceId === invoice.id)
      .map(({ id, date, amount, method, transactionId, note }) => ({
        id,
        date,
        amount,
        method,
        transactionId,
        note,
      })),
  }));
}

/** The invoice's client, or a field error on the form's Client field (another user's client looks absent). */
export async function clientForInvoice(
  db: Database,
  userId: string,
  clientId: string,
  message = CLIENT_NOT_FOUND_MESSAGE,
): Promise<Client> {
  try {
    return await getClient(db, userId, clientId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw invalidField("clientId", message);
    throw error;
  }
}

type ClientOnInvoice = Pick<
  Client,
  | "name"
  | "street"
  | "houseNumber"
  | "postalCode"
  | "city"
  | "country"
  | "address"
  | "taxNumber"
  | "kvkNumber"
  | "email"
  | "contactPerson"
> &
  Partial<Pick<Client, "documentLanguage">>;
type SellerOnInvoice = Pick<
  CompanyProfile,
  | "tradeName"
  | "address"
  | "postalCode"
  | "city"
  | "country"
  | "kvkNumber"
  | "vatNumber"
  | "iban"
  | "bic"
  | "phone"
  | "email"
  | "website"
  | "invoiceFooter"
  | "korStartDate"
  | "korEndDate"
>;

/** The client as an invoice prints it. */
export function clientSnapshotOf(client: ClientOnInvoice): InvoiceClientSnapshot {
  const street = [client.street, client.houseNumber].filter(Boolean).join(" ");
  return {
    name: client.name,
    // The street line; postcode and city are kept apart. Without a street, the free-form address.
    address: street || (client.postalCode || client.city ? null : client.address),
    postalCode: client.postalCode,
    city: client.city,
    country: client.country,
    vatNumber: client.taxNumber,
    kvkNumber: client.kvkNumber,
    email: client.email,
    contactPerson: client.contactPerson,
    // Kept, so a sent invoice stays in the language it was issued in when the client changes later.
    language: client.documentLanguage ?? DEFAULT_DOCUMENT_LANGUAGE,
  };
}

/** The seller as an invoice dated `issueDate` prints it, from the company data in Settings. */
export function sellerSnapshotOf(company: SellerOnInvoice, issueDate: string): InvoiceSellerSnapshot {
  return {
    name: company.tradeName ?? "",
    address: company.address,
    postalCode: company.postalCode,
    city: company.city,
    country: company.country,
    kvkNumber: company.kvkNumber,
    vatNumber: company.vatNumber,
    iban: company.iban,
    bic: company.bic,
    phone: company.phone,
    email: company.email,
    website: company.website,
    invoiceFooter: company.invoiceFooter,
    // The invoice states the KOR's exemption when the KOR applies on its date.
    isKorApplied: korAppliesOn(company, issueDate),
  };
}

export type StoredLine = LineInput & { description: string; timeEntryId?: string | null };

export async function insertItems(
  tx: Database,
  userId: string,
  invoiceId: string,
  lines: readonly StoredLine[],
) {
  if (lines.length === 0) return;
  await tx.insert(invoiceItems).values(
    lines.map((line, position) => {
      const amounts = computeLine(line);
      return {
        userId,
        invoiceId,
        position,
        timeEntryId: line.timeEntryId ?? null,
        description: line.description,
        quantity: quantityToDecimal(line.quantityHundredths),
        rate: centsToDecimal(line.unitPriceCents),
        vatRate: centsToDecimal(VAT_RATE_HUNDREDTHS[line.vatCategory]),
        vatCategory: line.vatCategory,
        amount: centsToDecimal(amounts.amount),
        vatAmount: centsToDecimal(amounts.vatAmount),
        totalAmount: centsToDecimal(amounts.totalAmount),
      };
    }),
  );
}
