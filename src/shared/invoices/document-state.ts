/**
 * What an invoice document says about its state, in one place for the PDF and the on-screen view: under the
 * total, what settled it so far (credit notes, payments) and what is still open; and the line that says nothing
 * more is to be paid. Amounts taken off read as positive.
 */
import { parseCents } from "../money";
import type { InvoiceDocument } from "../schemas/invoices";
import { documentTexts, formatDocumentDate, formatDocumentEuro } from "./document-texts";

export type SettlementRow = { label: string; value: string; isBold?: boolean };

const cents = (decimal: string) => parseCents(decimal) ?? 0;

/** Nothing on a draft or a credit note, nor on an invoice that nothing has settled yet. */
export function settlementRows(document: InvoiceDocument): SettlementRow[] {
  if (document.isDraft || document.creditNoteForNumber) return [];
  const paid = cents(document.paidAmount);
  const open = cents(document.openAmount);
  if (document.creditNotes.length === 0 && paid === 0) return [];
  const texts = documentTexts(document.language);
  const formatEuro = (amount: number) => formatDocumentEuro(amount, document.language);
  const rows: SettlementRow[] = document.creditNotes.map((note) => ({
    label: texts.creditedWith(note.invoiceNumber, formatDocumentDate(note.issueDate, document.language)),
    value: formatEuro(-cents(note.total)),
  }));
  if (paid !== 0) rows.push({ label: open > 0 ? texts.alreadyPaid : texts.paid, value: formatEuro(paid) });
  if (open > 0) rows.push({ label: texts.stillToPay, value: formatEuro(open), isBold: true });
  if (open < 0) rows.push({ label: texts.toRefund, value: formatEuro(-open), isBold: true });
  return rows;
}

/** The line that says the invoice needs nothing more: credited in full, or paid (settled) on a day. */
export function settledText(document: InvoiceDocument): { text: string; isPaid: boolean } | null {
  if (document.creditNoteForNumber || document.isDraft) return null;
  const texts = documentTexts(document.language);
  const credited = document.creditNotes.reduce((sum, note) => sum - cents(note.total), 0);
  if (credited > 0 && credited >= cents(document.total)) return { text: texts.fullyCredited, isPaid: false };
  if (document.paidDate && !document.payment) {
    // paidDate is the day nothing was open any more, which may be a credit note's date: then 'voldaan'.
    const verb = document.creditNotes.length > 0 ? texts.settledOn : texts.paidOn;
    return { text: `${verb} ${formatDocumentDate(document.paidDate, document.language)}`, isPaid: true };
  }
  return null;
}

/**
 * The facts beside the addresses (domain.md §8): number and dates. A credit note refers to the invoice it
 * corrects and has no due date: nothing is to be paid on it.
 */
export function documentFacts(document: InvoiceDocument): Array<[string, string]> {
  if (document.variant) return document.variant.facts;
  const texts = documentTexts(document.language);
  const formatDate = (date: string) => formatDocumentDate(date, document.language);
  return document.creditNoteForNumber !== null
    ? [
        [texts.creditNoteNumber, document.invoiceNumber],
        [texts.creditNoteDate, formatDate(document.issueDate)],
        [texts.supplyDate, formatDate(document.supplyDate)],
        [texts.creditNoteForInvoice, document.creditNoteForNumber],
      ]
    : [
        [texts.invoiceNumber, document.invoiceNumber],
        [texts.invoiceDate, formatDate(document.issueDate)],
        [texts.supplyDate, formatDate(document.supplyDate)],
        [texts.dueDate, formatDate(document.dueDate)],
      ];
}

/**
 * The payment sentence under the totals (amount, due date, IBAN, beneficiary, reference), or on a credit note
 * what it is set off against; null when nothing is asked.
 */
export function paymentRequestText(document: InvoiceDocument): string | null {
  const texts = documentTexts(document.language);
  if (document.creditNoteForNumber) return texts.settledAgainst(document.creditNoteForNumber);
  const { payment } = document;
  if (!payment) return null;
  return texts.paymentRequest({
    amount: formatDocumentEuro(cents(payment.amount), document.language),
    dueDate: formatDocumentDate(document.dueDate, document.language),
    iban: payment.iban,
    bic: payment.bic,
    name: document.seller.name,
    reference: document.isDraft ? null : payment.reference,
  });
}
