import { and, asc, count, desc, eq, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import {
  computeLine,
  computeTotals,
  negateLines,
  parseQuantity,
  quantityToDecimal,
  VAT_RATE_HUNDREDTHS,
  type LineInput,
} from "../../../shared/invoices/math";
import { centsToDecimal, parseCents, type Cents } from "../../../shared/money";
import {
  INVOICE_MESSAGES,
  toLineInput,
  type Invoice,
  type InvoiceDetail,
  type InvoiceInput,
  type InvoiceItem,
  type InvoiceListQuerySchema,
  type InvoiceSummary,
  type MarkPaidInput,
} from "../../../shared/schemas/invoices";
import type { Client } from "../../../shared/schemas/clients";
import type { z } from "../../../shared/validation";
import type { CompanyProfile } from "../../../shared/schemas/settings";
import type { Database } from "../../db/client";
import {
  invoiceItems,
  invoices,
  invoiceTimeEntries,
  type InvoiceClientSnapshot,
  type InvoiceSellerSnapshot,
} from "../../db/schema/index";
import { AppError, invalidField, notFound, uniqueViolation } from "../../errors";
import { getClient, getClientNames } from "../clients/service";
import { postInvoicePayments, postInvoices } from "../ledger/posting";
import { getCompanyProfile } from "../settings/service";
import { bookInvoicePayment } from "../transactions/service";
import { releaseInvoicedEntries } from "../time-tracking/service";
import { takeNextInvoiceNumber } from "./numbering";

type InvoiceRow = typeof invoices.$inferSelect;
type InvoiceItemRow = typeof invoiceItems.$inferSelect;

const INVOICE_NOT_FOUND = "Factuur niet gevonden";
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// decisions.md: sent invoices are immutable; corrections are credit notes. Answers to the invoice form
// (POST/PUT) are English like the form; answers to the list's actions are Dutch like the list.
export const FROZEN_MESSAGE =
  "This invoice has been sent and can no longer be changed. Create a credit note to correct it.";
export const DELETE_SENT_MESSAGE =
  "Alleen een conceptfactuur kan worden verwijderd. Een verstuurde factuur corrigeer je met een creditnota.";
export const ALREADY_SENT_MESSAGE = "Deze factuur is al verstuurd.";
export const MARK_PAID_DRAFT_MESSAGE = "Markeer de factuur eerst als verstuurd.";
export const ALREADY_PAID_MESSAGE = "Deze factuur is al betaald.";
export const CREDIT_DRAFT_MESSAGE =
  "Alleen een verstuurde of betaalde factuur kan worden gecrediteerd. Een concept kun je gewoon bewerken.";
export const CREDIT_OF_CREDIT_MESSAGE = "Een creditnota kan niet worden gecrediteerd.";
export const COMPANY_INCOMPLETE_MESSAGE =
  "Complete your company details in Settings first: trade name, address, postcode, city, KvK number and VAT ID are required on an invoice.";
export const REVERSE_CHARGE_NEEDS_VAT_MESSAGE =
  "Reverse charge requires the client's VAT number. Add it to the client first.";
export const KOR_MESSAGE = "You use the small-business scheme (KOR): invoice lines must be VAT exempt.";
export const CLIENT_NOT_FOUND_MESSAGE = "Client not found";
export const PAID_BEFORE_ISSUE_MESSAGE = "De betaaldatum kan niet vóór de factuurdatum liggen";
export const alreadyCreditedMessage = (number: string) => `Deze factuur is al gecrediteerd (${number}).`;
export const numberTakenMessage = (number: string) => `Invoice number ${number} is already in use`;

const invalidId = (id: string) => !UUID_PATTERN.test(id);

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

function toInvoice(
  row: InvoiceRow,
  clientNames: Map<string, string>,
  creditNotes: Map<string, { id: string; invoiceNumber: string }>,
): Invoice {
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
    creditNoteForId: row.creditNoteForId,
    creditNoteForNumber: row.creditNoteForNumber,
    creditedBy: creditNotes.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Client names and credit notes for a set of rows, in two queries whatever the number of rows. */
async function toInvoices(db: Database, userId: string, rows: InvoiceRow[]): Promise<Invoice[]> {
  const clientIds = rows.filter((row) => !row.clientSnapshot && row.clientId).map((row) => row.clientId!);
  const clientNames = await getClientNames(db, userId, clientIds);
  const creditNotes = new Map<string, { id: string; invoiceNumber: string }>();
  if (rows.length > 0) {
    const credits = await db
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, forId: invoices.creditNoteForId })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          inArray(
            invoices.creditNoteForId,
            rows.map((row) => row.id),
          ),
        ),
      );
    for (const credit of credits)
      creditNotes.set(credit.forId!, { id: credit.id, invoiceNumber: credit.invoiceNumber });
  }
  return rows.map((row) => toInvoice(row, clientNames, creditNotes));
}

/** Spec §2.15/§7: the user's invoices, newest first, optionally by status and client. */
export async function listInvoices(
  db: Database,
  userId: string,
  filter: z.output<typeof InvoiceListQuerySchema>,
): Promise<Invoice[]> {
  const conditions: SQL[] = [eq(invoices.userId, userId)];
  if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (filter.clientId) {
    // Another user's or a malformed client id simply matches nothing.
    if (invalidId(filter.clientId)) return [];
    conditions.push(eq(invoices.clientId, filter.clientId));
  }
  const query = db
    .select()
    .from(invoices)
    .where(and(...conditions))
    // The id breaks ties, so pages never overlap or skip an invoice.
    .orderBy(desc(invoices.issueDate), desc(invoices.invoiceNumber), desc(invoices.id))
    .offset(filter.offset);
  const rows = filter.limit === undefined ? await query : await query.limit(filter.limit);
  return toInvoices(db, userId, rows);
}

/** The four counters of spec §2.15 in one pass: all, paid, in behandeling (sent) and verlopen (overdue). */
export async function summariseInvoices(db: Database, userId: string): Promise<InvoiceSummary> {
  const filtered = (status: string) => ({
    count: sql<number>`count(*) filter (where ${invoices.status} = ${status})`.mapWith(Number),
    amount: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} = ${status}), 0)::numeric(14,2)::text`,
  });
  const paid = filtered("paid");
  const sent = filtered("sent");
  const overdue = filtered("overdue");
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

async function findOwnRow(
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

async function itemsOf(db: Database, invoiceId: string): Promise<InvoiceItemRow[]> {
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

export async function getInvoice(db: Database, userId: string, invoiceId: string): Promise<InvoiceDetail> {
  const row = await findOwnRow(db, userId, invoiceId);
  const [invoice] = await toInvoices(db, userId, [row]);
  return { ...invoice!, items: (await itemsOf(db, row.id)).map(toInvoiceItem) };
}

/** The invoice's client, or a field error on the form's Client field (another user's client looks absent). */
export async function clientForInvoice(db: Database, userId: string, clientId: string): Promise<Client> {
  try {
    return await getClient(db, userId, clientId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      throw invalidField("clientId", CLIENT_NOT_FOUND_MESSAGE);
    }
    throw error;
  }
}

/** KOR (Wet OB art. 25): no VAT is charged, so every line is exempt and there is no tax amount. */
function assertKorRespected(input: InvoiceInput, isKorApplied: boolean): void {
  if (!isKorApplied) return;
  const index = input.items.findIndex((item) => VAT_RATE_HUNDREDTHS[item.vatCategory] > 0);
  if (index >= 0) throw invalidField(`items.${index}.vatCategory`, KOR_MESSAGE);
  if (input.taxAmount > 0) throw invalidField("taxAmount", KOR_MESSAGE);
}

/**
 * What must be true before an invoice is issued (domain.md §8): the seller's name, address, KvK number and
 * btw-id are known, and a reverse-charged line names the client's VAT number ('btw verlegd').
 */
export async function issueSnapshots(
  db: Database,
  userId: string,
  client: Client,
  items: readonly { vatCategory: string }[],
): Promise<{ clientSnapshot: InvoiceClientSnapshot; sellerSnapshot: InvoiceSellerSnapshot }> {
  const company = await getCompanyProfile(db, userId);
  const isComplete =
    company.isSaved &&
    company.tradeName &&
    company.address &&
    company.postalCode &&
    company.city &&
    company.kvkNumber &&
    (company.vatNumber || company.isKorApplied);
  if (!isComplete) throw new AppError(409, COMPANY_INCOMPLETE_MESSAGE);
  if (items.some((item) => item.vatCategory === "reverse_charge") && !client.taxNumber) {
    throw new AppError(409, REVERSE_CHARGE_NEEDS_VAT_MESSAGE);
  }
  return { clientSnapshot: clientSnapshotOf(client), sellerSnapshot: sellerSnapshotOf(company) };
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
>;
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
  | "isKorApplied"
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
  };
}

/** The seller as an invoice prints it, from the company data in Settings. */
export function sellerSnapshotOf(company: SellerOnInvoice): InvoiceSellerSnapshot {
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
    isKorApplied: company.isKorApplied,
  };
}

type StoredLine = LineInput & { description: string; timeEntryId?: string | null };

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

/** The status columns when an invoice is issued straight from the form (status other than draft). */
function issuedColumns(status: InvoiceInput["status"], now: Date) {
  if (status === "draft") return { status, sentAt: null, paidDate: null };
  return { status, sentAt: now, paidDate: status === "paid" ? businessDate(now) : null };
}

async function withNumberConflict<T>(number: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes("invoice_number") && number) {
      throw invalidField("invoiceNumber", numberTakenMessage(number), 409);
    }
    throw error;
  }
}

/** Spec §7 POST /api/invoices. Without a typed number the invoice takes the next number of the user's series. */
export async function createInvoice(
  db: Database,
  userId: string,
  input: InvoiceInput,
  now: Date,
): Promise<InvoiceDetail> {
  const client = await clientForInvoice(db, userId, input.clientId);
  const company = await getCompanyProfile(db, userId);
  assertKorRespected(input, company.isKorApplied);
  const lines = linesOf(input);
  const snapshots = input.status === "draft" ? {} : await issueSnapshots(db, userId, client, lines);
  const id = await withNumberConflict(input.invoiceNumber, () =>
    db.transaction(async (tx) => {
      const invoiceNumber = input.invoiceNumber ?? (await takeNextInvoiceNumber(tx, userId));
      const [row] = await tx
        .insert(invoices)
        .values({
          userId,
          invoiceNumber,
          ...contentColumns(input),
          ...issuedColumns(input.status, now),
          ...snapshots,
        })
        .returning({ id: invoices.id });
      await insertItems(tx, userId, row!.id, lines);
      // Issued straight from the form: booked now (a draft has no entry).
      await postInvoices(tx, userId, [row!.id]);
      return row!.id;
    }),
  );
  return getInvoice(db, userId, id);
}

/** Spec §7 PUT /api/invoices/{id}: only a draft changes; an empty number keeps the one it has. */
export async function updateInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
  input: InvoiceInput,
  now: Date,
): Promise<InvoiceDetail> {
  await findOwnRow(db, userId, invoiceId);
  const client = await clientForInvoice(db, userId, input.clientId);
  const company = await getCompanyProfile(db, userId);
  assertKorRespected(input, company.isKorApplied);
  const lines = linesOf(input);
  const snapshots = input.status === "draft" ? {} : await issueSnapshots(db, userId, client, lines);
  await withNumberConflict(input.invoiceNumber, () =>
    db.transaction(async (tx) => {
      const existing = await findOwnRow(tx, userId, invoiceId, true);
      if (existing.status !== "draft") throw new AppError(409, FROZEN_MESSAGE);
      await tx
        .update(invoices)
        .set({
          ...(input.invoiceNumber ? { invoiceNumber: input.invoiceNumber } : {}),
          ...contentColumns(input),
          ...issuedColumns(input.status, now),
          ...snapshots,
        })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
      await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
      await insertItems(tx, userId, invoiceId, lines);
      await postInvoices(tx, userId, [invoiceId]);
    }),
  );
  return getInvoice(db, userId, invoiceId);
}

/** Only drafts; an issued invoice must be kept (AWR art. 52) and is corrected with a credit note. */
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

/** Issues a draft: its content, the client and the seller are frozen as they are now. */
export async function markInvoiceSent(
  db: Database,
  userId: string,
  invoiceId: string,
  now: Date,
): Promise<InvoiceDetail> {
  const row = await findOwnRow(db, userId, invoiceId);
  if (row.status !== "draft") throw new AppError(409, ALREADY_SENT_MESSAGE);
  if (!row.clientId) throw invalidField("clientId", INVOICE_MESSAGES.clientRequired);
  const client = await clientForInvoice(db, userId, row.clientId);
  const snapshots = await issueSnapshots(db, userId, client, await itemsOf(db, invoiceId));
  await db.transaction(async (tx) => {
    const existing = await findOwnRow(tx, userId, invoiceId, true);
    if (existing.status !== "draft") throw new AppError(409, ALREADY_SENT_MESSAGE);
    await tx
      .update(invoices)
      .set({ status: "sent", sentAt: now, ...snapshots })
      .where(eq(invoices.id, invoiceId));
    await postInvoices(tx, userId, [invoiceId]);
  });
  return getInvoice(db, userId, invoiceId);
}

export async function markInvoicePaid(
  db: Database,
  userId: string,
  invoiceId: string,
  input: MarkPaidInput,
): Promise<InvoiceDetail> {
  await db.transaction(async (tx) => {
    const existing = await findOwnRow(tx, userId, invoiceId, true);
    if (existing.status === "draft") throw new AppError(409, MARK_PAID_DRAFT_MESSAGE);
    if (existing.status === "paid") throw new AppError(409, ALREADY_PAID_MESSAGE);
    if (input.paidDate < existing.issueDate) throw invalidField("paidDate", PAID_BEFORE_ISSUE_MESSAGE);
    await tx
      .update(invoices)
      .set({ status: "paid", paidDate: input.paidDate })
      .where(eq(invoices.id, invoiceId));
    if (input.bookTransaction) {
      await bookInvoicePayment(tx, userId, {
        invoiceId,
        invoiceNumber: existing.invoiceNumber,
        clientId: existing.clientId,
        totalCents: toCents(existing.total),
        date: input.paidDate,
        bankAccountId: input.bankAccountId,
      });
    }
    await postInvoicePayments(tx, userId, [invoiceId]);
  });
  return getInvoice(db, userId, invoiceId);
}

const toCents = (decimal: string): Cents => parseCents(decimal)!;

/**
 * A credit note (creditnota) for a sent or paid invoice: a new invoice in the same series with every line
 * negated, referring to the original's number (domain.md §8), issued at once.
 */
export async function creditInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
  now: Date,
): Promise<InvoiceDetail> {
  const original = await findOwnRow(db, userId, invoiceId);
  assertCreditable(original);
  const originalItems = await itemsOf(db, invoiceId);
  const lines: StoredLine[] = negateLines(
    originalItems.map((item) => ({
      description: item.description ?? "",
      quantityHundredths: parseQuantity(item.quantity)!,
      unitPriceCents: toCents(item.rate),
      vatCategory: item.vatCategory,
    })),
  );
  const totals =
    lines.length > 0
      ? computeTotals(lines)
      : {
          subtotal: -toCents(original.subtotal),
          taxAmount: -toCents(original.taxAmount),
          total: -toCents(original.total),
        };
  const today = businessDate(now);
  try {
    const id = await db.transaction(async (tx) => {
      const locked = await findOwnRow(tx, userId, invoiceId, true);
      assertCreditable(locked);
      const invoiceNumber = await takeNextInvoiceNumber(tx, userId);
      const [row] = await tx
        .insert(invoices)
        .values({
          userId,
          invoiceNumber,
          clientId: original.clientId,
          issueDate: today,
          dueDate: today,
          supplyDate: original.supplyDate ?? original.issueDate,
          subtotal: centsToDecimal(totals.subtotal),
          taxAmount: centsToDecimal(totals.taxAmount),
          total: centsToDecimal(totals.total),
          status: "sent",
          sentAt: now,
          // The reference to the original is its own field (creditNoteForNumber), printed as such.
          notes: null,
          creditNoteForId: original.id,
          creditNoteForNumber: original.invoiceNumber,
          clientSnapshot: original.clientSnapshot,
          // The seller as on the invoice being corrected.
          sellerSnapshot: original.sellerSnapshot,
        })
        .returning({ id: invoices.id });
      await insertItems(tx, userId, row!.id, lines);
      await postInvoices(tx, userId, [row!.id]);
      return row!.id;
    });
    return getInvoice(db, userId, id);
  } catch (error) {
    if (uniqueViolation(error)?.includes("credit_note_for")) {
      const [credit] = await db
        .select({ invoiceNumber: invoices.invoiceNumber })
        .from(invoices)
        .where(eq(invoices.creditNoteForId, invoiceId));
      throw new AppError(409, alreadyCreditedMessage(credit?.invoiceNumber ?? ""));
    }
    throw error;
  }
}

function assertCreditable(row: InvoiceRow): void {
  if (row.status === "draft") throw new AppError(409, CREDIT_DRAFT_MESSAGE);
  if (row.creditNoteForNumber !== null) throw new AppError(409, CREDIT_OF_CREDIT_MESSAGE);
}

/** What clients are still to pay on or before `lastDay`: the open (sent or overdue) invoices due by then. */
export async function listOpenInvoicesDueBy(
  db: Database,
  userId: string,
  lastDay: string,
): Promise<{ dueDate: string; totalCents: Cents }[]> {
  const rows = await db
    .select({ dueDate: invoices.dueDate, total: invoices.total })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        inArray(invoices.status, ["sent", "overdue"]),
        lte(invoices.dueDate, lastDay),
      ),
    );
  return rows.map((row) => ({ dueDate: row.dueDate, totalCents: parseCents(row.total)! }));
}

/**
 * Scheduled: a sent invoice whose due date has passed (in Amsterdam) becomes overdue (Verlopen). Credit notes
 * and invoices that have been credited are settled and never overdue.
 */
export async function markOverdueInvoices(db: Database, now: Date): Promise<number> {
  const today = businessDate(now);
  const credit = sql.raw('"credit"');
  const updated = await db
    .update(invoices)
    .set({ status: "overdue" })
    .where(
      and(
        eq(invoices.status, "sent"),
        lt(invoices.dueDate, today),
        isNull(invoices.creditNoteForNumber),
        sql`not exists (select 1 from ${invoices} as ${credit} where ${credit}.credit_note_for_id = ${invoices.id})`,
      ),
    )
    .returning({ id: invoices.id });
  return updated.length;
}

/** Every invoice of the user with its lines, for the data export (AVG art. 15 and 20), in two queries. */
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
  return (await toInvoices(db, userId, rows)).map((invoice) => ({
    ...invoice,
    items: items.filter((item) => item.invoiceId === invoice.id).map(toInvoiceItem),
  }));
}
