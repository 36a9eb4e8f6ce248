/**
 * Crediting an invoice: a credit note (creditnota) in the same series, dated as chosen, referring to the
 * original's number (domain.md §8). Whole (every line negated), chosen lines with a quantity, or an amount in
 * the invoice's VAT rate; together the credit notes never exceed the invoice. The credit note is made as a draft
 * and issued through issueInvoice in the same transaction, which books it and lowers the original's open amount.
 */
import { and, eq, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { formatEuro } from "../../../shared/format";
import { computeTotals, negateLines, parseQuantity, type VatCategory } from "../../../shared/invoices/math";
import { centsToDecimal } from "../../../shared/money";
import type { CreditInput, InvoiceDetail } from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import { invoices } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { issueInvoice } from "./issuing";
import {
  findOwnRow,
  getInvoice,
  insertItems,
  itemsOf,
  toCents,
  type InvoiceRow,
  type StoredLine,
} from "./records";
import { settleInvoices } from "./settlement";

export const CREDIT_MESSAGES = {
  draft:
    "Alleen een verstuurde of betaalde factuur kan worden gecrediteerd. Een concept kun je gewoon bewerken.",
  ofCreditNote: "Een creditnota kan niet worden gecrediteerd.",
  beforeInvoice: "De creditnota kan niet vóór de factuurdatum liggen",
  unknownLine: "Deze regel staat niet op de factuur",
  quantityTooLarge: "Je kunt niet meer crediteren dan op de regel staat",
  wholeAfterPartial:
    "Deze factuur is al deels gecrediteerd. Kies de regels of het bedrag dat je nog wilt crediteren.",
  amountNeedsOneRate:
    "Deze factuur heeft regels met verschillende btw-tarieven. Kies de regels die je wilt crediteren.",
  noLines: "Deze factuur heeft geen regels; crediteer haar in zijn geheel.",
  exceeds: (left: number) =>
    left > 0
      ? `Dit is meer dan er nog te crediteren is: ${formatEuro(left)} (incl. btw).`
      : "Deze factuur is al volledig gecrediteerd.",
} as const;

export async function creditInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
  input: CreditInput,
  now: Date,
): Promise<InvoiceDetail> {
  const id = await db.transaction(async (tx) => {
    const original = await findOwnRow(tx, userId, invoiceId, true);
    if (original.status === "draft") throw new AppError(409, CREDIT_MESSAGES.draft);
    if (original.creditNoteForNumber !== null) throw new AppError(409, CREDIT_MESSAGES.ofCreditNote);
    const issueDate = input.issueDate ?? businessDate(now);
    if (issueDate < original.issueDate) throw invalidField("issueDate", CREDIT_MESSAGES.beforeInvoice);

    const alreadyCredited = await creditedCents(tx, userId, invoiceId);
    const left = toCents(original.total) - alreadyCredited;
    if (left <= 0) throw new AppError(409, CREDIT_MESSAGES.exceeds(0));
    const lines = await creditLines(tx, original, input, alreadyCredited);
    const totals =
      lines.length > 0
        ? computeTotals(lines)
        : {
            subtotal: -toCents(original.subtotal),
            taxAmount: -toCents(original.taxAmount),
            total: -toCents(original.total),
          };
    if (-totals.total > left) throw new AppError(409, CREDIT_MESSAGES.exceeds(left));

    const [row] = await tx
      .insert(invoices)
      .values({
        userId,
        clientId: original.clientId,
        issueDate,
        dueDate: issueDate,
        supplyDate: original.supplyDate ?? original.issueDate,
        subtotal: centsToDecimal(totals.subtotal),
        taxAmount: centsToDecimal(totals.taxAmount),
        total: centsToDecimal(totals.total),
        status: "draft",
        notes: input.reason,
        creditNoteForId: original.id,
        creditNoteForNumber: original.invoiceNumber,
        // The client and the seller as on the invoice being corrected.
        clientSnapshot: original.clientSnapshot,
        sellerSnapshot: original.sellerSnapshot,
      })
      .returning({ id: invoices.id });
    await insertItems(tx, userId, row!.id, lines);
    await issueInvoice(tx, userId, row!.id, { now, via: "list" });
    await settleInvoices(tx, userId, [original.id], businessDate(now));
    return row!.id;
  });
  return getInvoice(db, userId, id);
}

/** What the invoice's issued credit notes took off its total, in cents (positive). */
async function creditedCents(tx: Database, userId: string, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${invoices.total}), 0)::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.creditNoteForId, invoiceId),
        sql`${invoices.status} <> 'draft'`,
      ),
    );
  return -toCents(row!.total);
}

/** The credit note's (negative) lines for the chosen way of crediting. */
async function creditLines(
  tx: Database,
  original: InvoiceRow,
  input: CreditInput,
  alreadyCredited: number,
): Promise<StoredLine[]> {
  const items = await itemsOf(tx, original.id);
  const asLine = (item: (typeof items)[number], quantityHundredths: number): StoredLine => ({
    description: item.description ?? "",
    quantityHundredths,
    unitPriceCents: toCents(item.rate),
    vatCategory: item.vatCategory,
  });
  if (input.items.length > 0) {
    return negateLines(
      input.items.map((chosen, index) => {
        const item = items.find((candidate) => candidate.id === chosen.itemId);
        if (!item) throw invalidField(`items.${index}.itemId`, CREDIT_MESSAGES.unknownLine);
        const quantity = chosen.quantity ?? parseQuantity(item.quantity)!;
        if (quantity > parseQuantity(item.quantity)!) {
          throw invalidField(`items.${index}.quantity`, CREDIT_MESSAGES.quantityTooLarge);
        }
        return asLine(item, quantity);
      }),
    );
  }
  if (input.amount !== null) {
    const categories = new Set<VatCategory>(items.map((item) => item.vatCategory));
    if (categories.size === 0) throw invalidField("amount", CREDIT_MESSAGES.noLines);
    if (categories.size > 1) throw invalidField("amount", CREDIT_MESSAGES.amountNeedsOneRate);
    const description = input.reason ?? `Creditering op factuur ${original.invoiceNumber}`;
    return [
      {
        description,
        quantityHundredths: -100,
        unitPriceCents: input.amount,
        vatCategory: [...categories][0]!,
      },
    ];
  }
  if (alreadyCredited > 0) throw new AppError(409, CREDIT_MESSAGES.wholeAfterPartial);
  return negateLines(items.map((item) => asLine(item, parseQuantity(item.quantity)!)));
}
