/**
 * Offertes: reading quotes and editing concepts. The events of a quote each have one operation of their own:
 * sending.ts (versturen), answering.ts (accepteren en afwijzen op de openbare pagina), converting.ts (omzetten
 * naar factuur). Lines and totals are the invoice's (shared/invoices/math.ts).
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { computeLine, quantityToDecimal } from "../../../shared/invoices/math";
import { centsToDecimal } from "../../../shared/money";
import {
  quoteTotals,
  type Quote,
  type QuoteDetail,
  type QuoteInput,
  type QuoteStatus,
} from "../../../shared/schemas/quotes";
import type { Database } from "../../db/client";
import { invoices, quoteItems, quoteNumberCounters, quotes } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { mailsAbout } from "../../mail/outbox";
import { getClient, getClientNames } from "../clients/service";
import { isUuid } from "../../../shared/validation";

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;

export const QUOTE_NOT_FOUND = "Offerte niet gevonden";
export const QUOTE_CLIENT_NOT_FOUND = "Klant niet gevonden";
export const ONLY_DRAFT_EDIT_MESSAGE =
  "Deze offerte is al verstuurd en kan niet meer worden gewijzigd. Maak een nieuwe offerte als er iets verandert.";
export const ONLY_DRAFT_DELETE_MESSAGE =
  "Alleen een concept-offerte kan worden verwijderd; een verstuurde offerte blijft bewaard.";

/** How the outbox knows the mail about a quote (mail/outbox.ts mailsAbout). */
export const quoteMailReference = (quoteId: string) => `quote:${quoteId}`;

/** 'Verlopen' is a sent quote past its validity date on `today`: derived, never stored. */
export function effectiveStatus(row: Pick<QuoteRow, "status" | "validUntil">, today: string): QuoteStatus {
  return row.status === "sent" && row.validUntil < today ? "expired" : row.status;
}

export async function findOwnQuote(
  db: Database,
  userId: string,
  quoteId: string,
  lock = false,
): Promise<QuoteRow> {
  if (!isUuid(quoteId)) throw notFound(QUOTE_NOT_FOUND);
  const query = db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  return row;
}

export async function quoteItemsOf(db: Database, quoteId: string): Promise<QuoteItemRow[]> {
  return db
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quoteId))
    .orderBy(asc(quoteItems.position), asc(quoteItems.createdAt));
}

async function toQuotes(db: Database, userId: string, rows: QuoteRow[], today: string): Promise<Quote[]> {
  const clientIds = rows.filter((row) => !row.clientSnapshot && row.clientId).map((row) => row.clientId!);
  const clientNames = await getClientNames(db, userId, clientIds);
  const invoiceIds = rows.filter((row) => row.invoiceId).map((row) => row.invoiceId!);
  const invoiceNumbers = new Map<string, string | null>();
  if (invoiceIds.length > 0) {
    const linked = await db
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), inArray(invoices.id, invoiceIds)));
    for (const invoice of linked) invoiceNumbers.set(invoice.id, invoice.invoiceNumber);
  }
  return rows.map((row) => ({
    id: row.id,
    quoteNumber: row.quoteNumber,
    clientId: row.clientId,
    clientName: row.clientSnapshot?.name ?? (row.clientId ? (clientNames.get(row.clientId) ?? null) : null),
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    subtotal: row.subtotal,
    taxAmount: row.taxAmount,
    total: row.total,
    status: effectiveStatus(row, today),
    sentAt: row.sentAt?.toISOString() ?? null,
    answer:
      row.answeredAt && (row.status === "accepted" || row.status === "declined")
        ? {
            status: row.status,
            name: row.answeredName,
            reason: row.declineReason,
            answeredAt: row.answeredAt.toISOString(),
            ip: row.answeredIp,
          }
        : null,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceId ? (invoiceNumbers.get(row.invoiceId) ?? null) : null,
    depositPercentage: row.depositPercentage,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The status filter of the list; 'verlopen' and 'verstuurd' split the stored 'sent' at today. */
function statusCondition(status: QuoteStatus, today: string): SQL {
  if (status === "expired") return and(eq(quotes.status, "sent"), sql`${quotes.validUntil} < ${today}`)!;
  if (status === "sent") return and(eq(quotes.status, "sent"), sql`${quotes.validUntil} >= ${today}`)!;
  return eq(quotes.status, status);
}

/** The user's quotes, newest first (concepts without a number first on their day). */
export async function listQuotes(
  db: Database,
  userId: string,
  filter: { status?: QuoteStatus | undefined },
  now: Date,
): Promise<Quote[]> {
  const today = businessDate(now);
  const conditions: SQL[] = [eq(quotes.userId, userId)];
  if (filter.status) conditions.push(statusCondition(filter.status, today));
  const rows = await db
    .select()
    .from(quotes)
    .where(and(...conditions))
    .orderBy(desc(quotes.issueDate), sql`${quotes.quoteNumber} desc nulls first`, desc(quotes.createdAt));
  return toQuotes(db, userId, rows, today);
}

/** The quote that an invoice came from, for the invoice's link back; null when none. */
/** Accepted quotes still to be turned into an invoice, latest answer first: for the notification bell. */
export async function acceptedQuotesToInvoice(db: Database, userId: string) {
  return db
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      total: quotes.total,
      answeredName: quotes.answeredName,
      clientName: sql<string | null>`${quotes.clientSnapshot}->>'name'`,
    })
    .from(quotes)
    .where(and(eq(quotes.userId, userId), eq(quotes.status, "accepted"), isNull(quotes.invoiceId)))
    .orderBy(desc(quotes.answeredAt));
}

export async function findQuoteOfInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
): Promise<{ id: string; quoteNumber: string | null } | null> {
  if (!isUuid(invoiceId)) return null;
  const [row] = await db
    .select({ id: quotes.id, quoteNumber: quotes.quoteNumber })
    .from(quotes)
    .where(and(eq(quotes.userId, userId), eq(quotes.invoiceId, invoiceId)));
  return row ?? null;
}

export async function getQuote(
  db: Database,
  userId: string,
  quoteId: string,
  now: Date,
): Promise<QuoteDetail> {
  const row = await findOwnQuote(db, userId, quoteId);
  const [quote] = await toQuotes(db, userId, [row], businessDate(now));
  const reference = quoteMailReference(row.id);
  return {
    ...quote!,
    notes: row.notes,
    items: (await quoteItemsOf(db, row.id)).map((item) => ({
      id: item.id,
      description: item.description,
      quantity: item.quantity,
      rate: item.rate,
      vatCategory: item.vatCategory,
      amount: item.amount,
    })),
    mails: (await mailsAbout(db, userId, [reference])).get(reference) ?? [],
  };
}

/** The client a concept is for: another user's (or a deleted) client is a field error on the form. */
async function assertOwnClient(db: Database, userId: string, clientId: string): Promise<void> {
  try {
    await getClient(db, userId, clientId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      throw invalidField("clientId", QUOTE_CLIENT_NOT_FOUND);
    }
    throw error;
  }
}

function contentColumns(input: QuoteInput) {
  const totals = quoteTotals(input.items);
  return {
    clientId: input.clientId,
    issueDate: input.issueDate,
    validUntil: input.validUntil,
    notes: input.notes,
    subtotal: centsToDecimal(totals.subtotal),
    taxAmount: centsToDecimal(totals.taxAmount),
    total: centsToDecimal(totals.total),
  };
}

async function insertQuoteItems(tx: Database, userId: string, quoteId: string, input: QuoteInput) {
  await tx.insert(quoteItems).values(
    input.items.map((item, position) => ({
      userId,
      quoteId,
      position,
      description: item.description,
      quantity: quantityToDecimal(item.quantity),
      rate: centsToDecimal(item.unitPrice),
      vatCategory: item.vatCategory,
      amount: centsToDecimal(
        computeLine({
          quantityHundredths: item.quantity,
          unitPriceCents: item.unitPrice,
          vatCategory: item.vatCategory,
        }).amount,
      ),
    })),
  );
}

export async function createQuote(
  db: Database,
  userId: string,
  input: QuoteInput,
  now: Date,
): Promise<QuoteDetail> {
  await assertOwnClient(db, userId, input.clientId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quotes)
      .values({ userId, ...contentColumns(input), status: "draft" })
      .returning({ id: quotes.id });
    await insertQuoteItems(tx, userId, row!.id, input);
    return row!.id;
  });
  return getQuote(db, userId, id, now);
}

/** Only a concept changes: what the client received stays as it was sent. */
export async function updateQuote(
  db: Database,
  userId: string,
  quoteId: string,
  input: QuoteInput,
  now: Date,
): Promise<QuoteDetail> {
  await findOwnQuote(db, userId, quoteId);
  await assertOwnClient(db, userId, input.clientId);
  await db.transaction(async (tx) => {
    const existing = await findOwnQuote(tx, userId, quoteId, true);
    if (existing.status !== "draft") throw new AppError(409, ONLY_DRAFT_EDIT_MESSAGE);
    await tx
      .update(quotes)
      .set(contentColumns(input))
      .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
    await tx.delete(quoteItems).where(eq(quoteItems.quoteId, quoteId));
    await insertQuoteItems(tx, userId, quoteId, input);
  });
  return getQuote(db, userId, quoteId, now);
}

/** A concept has no number yet, so deleting it leaves no gap in the series. */
export async function deleteQuote(db: Database, userId: string, quoteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findOwnQuote(tx, userId, quoteId, true);
    if (existing.status !== "draft") throw new AppError(409, ONLY_DRAFT_DELETE_MESSAGE);
    await tx.delete(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
  });
}

/** Erasure of an account whose books are kept: quotes are offers, not fiscal records, so none stay. */
export async function forgetQuotes(tx: Database, userId: string): Promise<void> {
  await tx.delete(quotes).where(eq(quotes.userId, userId));
  await tx.delete(quoteNumberCounters).where(eq(quoteNumberCounters.userId, userId));
}

/** Every quote of the user with its lines and the client's answer, for the data export (AVG art. 15 and 20). */
export async function exportQuotes(db: Database, userId: string, now: Date) {
  const list = await listQuotes(db, userId, {}, now);
  const items = await db
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.userId, userId))
    .orderBy(asc(quoteItems.position));
  return list.map((quote) => ({
    ...quote,
    items: items
      .filter((item) => item.quoteId === quote.id)
      .map(({ description, quantity, rate, vatCategory, amount }) => ({
        description,
        quantity,
        rate,
        vatCategory,
        amount,
      })),
  }));
}
