/**
 * What an invoice document says about its state, in one place for the PDF and the on-screen view: under the
 * total, what settled it so far (credit notes, payments) and what is still open; and the line that says nothing
 * more is to be paid. Amounts taken off read as positive.
 */
import { formatDate, formatEuro } from "../format";
import { parseCents } from "../money";
import type { InvoiceDocument } from "../schemas/invoices";

export type SettlementRow = { label: string; value: string; isBold?: boolean };

const cents = (decimal: string) => parseCents(decimal) ?? 0;

/** Nothing on a draft or a credit note, nor on an invoice that nothing has settled yet. */
export function settlementRows(document: InvoiceDocument): SettlementRow[] {
  if (document.isDraft || document.creditNoteForNumber) return [];
  const paid = cents(document.paidAmount);
  const open = cents(document.openAmount);
  if (document.creditNotes.length === 0 && paid === 0) return [];
  const rows: SettlementRow[] = document.creditNotes.map((note) => ({
    label: `Gecrediteerd met creditnota ${note.invoiceNumber} van ${formatDate(note.issueDate)}`,
    value: formatEuro(-cents(note.total)),
  }));
  if (paid !== 0) rows.push({ label: open > 0 ? "Reeds betaald" : "Betaald", value: formatEuro(paid) });
  if (open > 0) rows.push({ label: "Nog te betalen", value: formatEuro(open), isBold: true });
  if (open < 0) rows.push({ label: "Terug te betalen aan u", value: formatEuro(-open), isBold: true });
  return rows;
}

export const FULLY_CREDITED_TEXT =
  "Deze factuur is volledig gecrediteerd; er hoeft niets meer betaald te worden.";

/** The line that says the invoice needs nothing more: credited in full, or paid (settled) on a day. */
export function settledText(document: InvoiceDocument): { text: string; isPaid: boolean } | null {
  if (document.creditNoteForNumber || document.isDraft) return null;
  const credited = document.creditNotes.reduce((sum, note) => sum - cents(note.total), 0);
  if (credited > 0 && credited >= cents(document.total)) return { text: FULLY_CREDITED_TEXT, isPaid: false };
  if (document.paidDate && !document.payment) {
    // paidDate is the day nothing was open any more, which may be a credit note's date: then 'voldaan'.
    const verb = document.creditNotes.length > 0 ? "Voldaan op" : "Betaald op";
    return { text: `${verb} ${formatDate(document.paidDate)}`, isPaid: true };
  }
  return null;
}

/**
 * The facts beside the addresses (domain.md §8): number and dates. A credit note refers to the invoice it
 * corrects and has no due date: nothing is to be paid on it.
 */
export function documentFacts(document: InvoiceDocument): Array<[string, string]> {
  return document.creditNoteForNumber !== null
    ? [
        ["Creditnotanummer", document.invoiceNumber],
        ["Creditnotadatum", formatDate(document.issueDate)],
        ["Leverdatum", formatDate(document.supplyDate)],
        ["Creditnota bij factuur", document.creditNoteForNumber],
      ]
    : [
        ["Factuurnummer", document.invoiceNumber],
        ["Factuurdatum", formatDate(document.issueDate)],
        ["Leverdatum", formatDate(document.supplyDate)],
        ["Vervaldatum", formatDate(document.dueDate)],
      ];
}
