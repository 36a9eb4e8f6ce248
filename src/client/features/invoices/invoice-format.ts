/** How the invoices screen and its dialogs show amounts and invoices (amounts cross the API as decimal strings). */
import { formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import type { Invoice } from "@shared/schemas/invoices";

export const cents = (decimal: string) => parseCents(decimal) ?? 0;

export const euro = (decimal: string) => formatEuro(cents(decimal));

/** A draft has no number until it is sent: the list and the dialogs call it 'Concept'. */
export const invoiceLabel = (invoice: Pick<Invoice, "invoiceNumber">) => invoice.invoiceNumber ?? "Concept";

/** Sent (or paid) and not a credit note: an invoice that can be paid and credited. */
export const isIssuedInvoice = (invoice: Invoice) =>
  invoice.status !== "draft" && invoice.creditNoteForNumber === null;
