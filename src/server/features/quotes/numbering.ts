import { sql } from "drizzle-orm";
import { formatInvoiceNumber } from "../../../shared/invoices/series";
import type { Database } from "../../db/client";
import { quoteNumberCounters } from "../../db/schema/index";

/** Quotes have their own series, apart from the invoices': OFF-2026-0001, starting again each year. */
export const QUOTE_NUMBER_FORMAT = "OFF-{JJJJ}-{NNNN}";

/**
 * Takes the next quote number for a quote dated `issueDate`. Runs only inside the transaction that sends the
 * quote: the upsert locks the counter row until it ends, so two quotes sent at once get consecutive numbers
 * and a failed send gives its number back (no gaps, as with the invoices' series).
 */
export async function takeNextQuoteNumber(tx: Database, userId: string, issueDate: string): Promise<string> {
  const year = Number(issueDate.slice(0, 4));
  const [counter] = await tx
    .insert(quoteNumberCounters)
    .values({ userId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [quoteNumberCounters.userId, quoteNumberCounters.year],
      set: { lastNumber: sql`${quoteNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: quoteNumberCounters.lastNumber });
  return formatInvoiceNumber(QUOTE_NUMBER_FORMAT, year, counter!.lastNumber);
}
