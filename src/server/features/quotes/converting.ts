/**
 * 'Omzetten naar factuur': one step turns an accepted quote into a draft invoice, through the invoices
 * feature's own create operation, or into a deposit invoice (aanbetaling) for a percentage of it. A quote is
 * converted once: its row is locked and its invoice link set in the same transaction, and the link is unique.
 */
import { and, eq, isNull } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates";
import { formatDate, formatNumber } from "../../../shared/format";
import { computeTotals, parseQuantity, type VatCategory } from "../../../shared/invoices/math";
import { parseCents, percentOf } from "../../../shared/money";
import type { InvoiceInput } from "../../../shared/schemas/invoices";
import type { QuoteDetail } from "../../../shared/schemas/quotes";
import type { Database } from "../../db/client";
import { quotes } from "../../db/schema/index";
import { AppError } from "../../errors";
import { getClient } from "../clients/service";
import { createInvoice } from "../invoices/service";
import { findOwnQuote, getQuote, quoteItemsOf, type QuoteItemRow, type QuoteRow } from "./service";

export const CONVERT_MESSAGES = {
  notAccepted: "Alleen een geaccepteerde offerte kun je omzetten naar een factuur.",
  alreadyConverted: (quoteNumber: string) =>
    `Offerte ${quoteNumber} is al omgezet naar een factuur; een offerte wordt maar één keer gefactureerd.`,
  noClient: "De klant van deze offerte bestaat niet meer. Maak de factuur zelf aan bij Verkoopfacturen.",
} as const;

/** How a deposit line names the rate it covers, when the quote has more than one. */
const RATE_NAMES: Readonly<Partial<Record<VatCategory, string>>> = {
  "21": "21% btw",
  "9": "9% btw",
  "0": "0% btw",
  reverse_charge: "btw verlegd",
  exempt: "vrijgesteld van btw",
};

/** The quote's own lines, as the invoice form takes them. */
function fullLines(items: readonly QuoteItemRow[]): InvoiceInput["items"] {
  return items.map((item) => ({
    description: item.description,
    quantity: parseQuantity(item.quantity)!,
    unitPrice: parseCents(item.rate)!,
    vatCategory: item.vatCategory,
  }));
}

/**
 * A deposit: per VAT rate one line of `percentage` (hundredths of a percent) of the quote's amount at that
 * rate, rounded half up to the cent, so the deposit's VAT follows the quote's rates.
 */
export function depositLines(
  items: readonly QuoteItemRow[],
  percentage: number,
  quoteNumber: string,
): InvoiceInput["items"] {
  const { breakdown } = computeTotals(
    items.map((item) => ({
      quantityHundredths: parseQuantity(item.quantity)!,
      unitPriceCents: parseCents(item.rate)!,
      vatCategory: item.vatCategory,
    })),
  );
  const percent = formatNumber(percentage / 100, 2);
  const label = `Aanbetaling ${percent}% volgens offerte ${quoteNumber}`;
  return breakdown.map((row) => ({
    description: breakdown.length > 1 ? `${label} (${RATE_NAMES[row.vatCategory] ?? "0% btw"})` : label,
    quantity: 100,
    unitPrice: percentOf(row.base, percentage),
    vatCategory: row.vatCategory,
  }));
}

/** POST /api/quotes/{id}/convert. `depositPercentage` in hundredths (3000: 30%), null for the whole quote. */
export async function convertQuote(
  db: Database,
  userId: string,
  quoteId: string,
  depositPercentage: number | null,
  now: Date,
): Promise<QuoteDetail> {
  const today = businessDate(now);
  await db.transaction(async (tx) => {
    const row: QuoteRow = await findOwnQuote(tx, userId, quoteId, true);
    if (row.invoiceId) throw new AppError(409, CONVERT_MESSAGES.alreadyConverted(row.quoteNumber ?? ""));
    if (row.status !== "accepted") throw new AppError(409, CONVERT_MESSAGES.notAccepted);
    if (!row.clientId) throw new AppError(409, CONVERT_MESSAGES.noClient);
    const client = await getClient(tx, userId, row.clientId).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404)
        throw new AppError(409, CONVERT_MESSAGES.noClient);
      throw error;
    });
    const items = await quoteItemsOf(tx, quoteId);
    const quoteNumber = row.quoteNumber!;
    const lines =
      depositPercentage === null ? fullLines(items) : depositLines(items, depositPercentage, quoteNumber);
    const totals = computeTotals(
      lines.map((line) => ({
        quantityHundredths: line.quantity,
        unitPriceCents: line.unitPrice,
        vatCategory: line.vatCategory,
      })),
    );
    const invoice = await createInvoice(
      tx,
      userId,
      {
        clientId: row.clientId,
        issueDate: today,
        dueDate: addDays(today, client.paymentTermsDays),
        supplyDate: null,
        subtotal: totals.subtotal,
        taxAmount: totals.taxAmount,
        total: totals.total,
        status: "draft",
        notes: [`Volgens offerte ${quoteNumber} van ${formatDate(row.issueDate)}.`, row.notes]
          .filter(Boolean)
          .join("\n\n"),
        items: lines,
      },
      now,
    );
    const linked = await tx
      .update(quotes)
      .set({ invoiceId: invoice.id, depositPercentage })
      .where(and(eq(quotes.id, quoteId), isNull(quotes.invoiceId)))
      .returning({ id: quotes.id });
    if (linked.length === 0) throw new AppError(409, CONVERT_MESSAGES.alreadyConverted(quoteNumber));
  });
  return getQuote(db, userId, quoteId, now);
}
