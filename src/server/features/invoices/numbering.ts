import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import {
  DEFAULT_INVOICE_NUMBER_FORMAT,
  formatInvoiceNumber,
  isYearlySeries,
  seriesYear,
} from "../../../shared/invoices/series";
import type { Database } from "../../db/client";
import { invoiceNumberCounters, invoices, invoiceSeries } from "../../db/schema/index";

/** The user's number format (Settings → Facturen), or the default series. */
export async function getSeriesFormat(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ format: invoiceSeries.format })
    .from(invoiceSeries)
    .where(eq(invoiceSeries.userId, userId));
  return row?.format ?? DEFAULT_INVOICE_NUMBER_FORMAT;
}

export async function setSeriesFormat(db: Database, userId: string, format: string): Promise<void> {
  await db
    .insert(invoiceSeries)
    .values({ userId, format })
    .onConflictDoUpdate({ target: invoiceSeries.userId, set: { format } });
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/** Serialises issuing per user until the transaction ends, so numbers and dates are given in one order. */
export async function lockSeries(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:invoice-series:${userId}`}))`);
}

/**
 * Takes the next number of the user's series for an invoice dated `issueDate`. Runs only inside issueInvoice's
 * transaction: the upsert locks the counter row until that transaction ends, so two invoices issued at the
 * same moment get consecutive numbers, and a failed issue rolls its number back (Wet OB art. 35a: unique and
 * sequential, no gaps). A number already taken (an invoice numbered before the format changed) is skipped.
 */
export async function takeNextInvoiceNumber(
  tx: Database,
  userId: string,
  issueDate: string,
): Promise<string> {
  const format = await getSeriesFormat(tx, userId);
  const year = seriesYear(format, yearOf(issueDate));
  for (;;) {
    const [counter] = await tx
      .insert(invoiceNumberCounters)
      .values({ userId, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [invoiceNumberCounters.userId, invoiceNumberCounters.year],
        set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: invoiceNumberCounters.lastNumber });
    const candidate = formatInvoiceNumber(format, yearOf(issueDate), counter!.lastNumber);
    if (!(await isNumberTaken(tx, userId, candidate))) return candidate;
  }
}

/** The number the next invoice dated `issueDate` will get, for the screens' hints; nothing is reserved. */
export async function peekNextInvoiceNumber(
  db: Database,
  userId: string,
  issueDate: string,
): Promise<string> {
  const format = await getSeriesFormat(db, userId);
  const year = seriesYear(format, yearOf(issueDate));
  const [counter] = await db
    .select({ lastNumber: invoiceNumberCounters.lastNumber })
    .from(invoiceNumberCounters)
    .where(and(eq(invoiceNumberCounters.userId, userId), eq(invoiceNumberCounters.year, year)));
  for (let next = (counter?.lastNumber ?? 0) + 1; ; next += 1) {
    const candidate = formatInvoiceNumber(format, yearOf(issueDate), next);
    if (!(await isNumberTaken(db, userId, candidate))) return candidate;
  }
}

async function isNumberTaken(db: Database, userId: string, invoiceNumber: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.invoiceNumber, invoiceNumber)))
    .limit(1);
  return taken !== undefined;
}

/**
 * The latest issue date in the series the invoice dated `issueDate` joins: an invoice may not be dated before
 * it, so the numbers never run backwards in time. A yearly series only compares within its year.
 */
export async function lastIssueDateInSeries(
  db: Database,
  userId: string,
  issueDate: string,
): Promise<string | null> {
  const format = await getSeriesFormat(db, userId);
  const conditions = [
    eq(invoices.userId, userId),
    isNotNull(invoices.invoiceNumber),
    sql`${invoices.status} <> 'draft'`,
  ];
  if (isYearlySeries(format)) {
    conditions.push(
      sql`${invoices.issueDate} between ${`${yearOf(issueDate)}-01-01`} and ${`${yearOf(issueDate)}-12-31`}`,
    );
  }
  const [row] = await db
    .select({ issueDate: invoices.issueDate })
    .from(invoices)
    .where(and(...conditions))
    .orderBy(desc(invoices.issueDate))
    .limit(1);
  return row?.issueDate ?? null;
}
