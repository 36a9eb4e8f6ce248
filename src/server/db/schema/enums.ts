import { pgEnum } from "drizzle-orm/pg-core";

/** Income or expense: the type of a transaction and of the category it is booked on (spec §3). */
export const transactionTypeEnum = pgEnum("transaction_type", ["income", "expense"]);

/**
 * The VAT of a purchase, which decides the rubrieken (domain.md §1): domestic VAT charged by the supplier is
 * voorbelasting (5b); with the VAT shifted to the buyer the buyer declares it and deducts it in the same
 * return: domestic verleggingsregelingen in 2a, from elsewhere in the EU in 4b, from outside the EU in 4a;
 * 'none': no deductible VAT (a private purchase, a supplier without VAT), the whole amount is cost.
 */
export const purchaseVatTreatmentEnum = pgEnum("purchase_vat_treatment", [
  "domestic",
  "reverse_charge",
  "eu",
  "non_eu",
  "none",
]);

/**
 * How VAT applies to a booking: taxed at its rate (21% → 1a, 9% → 1b, 0% → 1e; a cost's VAT in 5b); exempt
 * (vrijgesteld, Wet OB art. 11: insurance, bank services); or outside the scope of VAT (interest received,
 * subsidies, fines). Exempt and outside-scope bookings carry no VAT and are in no rubriek of the return.
 * 'export': goods delivered outside the EU at 0% (uitvoer, rubriek 3a).
 */
export const bookingVatTreatmentEnum = pgEnum("booking_vat_treatment", [
  "taxed",
  "exempt",
  "outside_scope",
  "export",
]);

/** The language of a client's invoices and quotes: DOCUMENT_LANGUAGES in src/shared/invoices/document-texts.ts. */
export const documentLanguageEnum = pgEnum("document_language", ["nl", "en"]);
