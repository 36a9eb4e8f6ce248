/**
 * What works in Balans today, per feature that the public pages and the FAQ describe. Pages take their
 * 'In ontwikkeling' badges and notes from here, so a feature that goes live loses them everywhere at once, and a
 * test (tests/public-copy.test.ts) checks that no page says a live feature is still being built.
 */
export const FEATURE_STATUS = {
  /** The VAT return per period (rubrieken 1a–5g), filing it, PDF and CSV export, the opgaaf ICP. */
  vatReturn: "live",
  /** The dashboard: revenue, costs, result, open invoices, the VAT to pay, the bank balances. */
  dashboard: "live",
  /** Reports: profit and loss, balance sheet, VAT, cash flow, per period, as PDF and CSV. */
  reports: "live",
  /** Bank statements: CSV of the Dutch banks, MT940 and CAMT.053, with rules and matching to invoices. */
  bankImport: "live",
  /**
   * Purchase invoices and receipts: upload, phone photo, e-mail inbox, read from e-invoices, PDF text and photos
   * (text recognition), booked with their VAT.
   */
  receiptScanning: "live",
  /** A direct bank connection (PSD2) that sends the transactions by itself. */
  bankFeed: "in_development",
} as const;

export type Feature = keyof typeof FEATURE_STATUS;

export const IN_DEVELOPMENT_BADGE = "In ontwikkeling";

export const isLive = (feature: Feature) => FEATURE_STATUS[feature] === "live";

/** The badge of a feature on a public page: none once it works. */
export const badgeOf = (feature: Feature) => (isLive(feature) ? undefined : IN_DEVELOPMENT_BADGE);
