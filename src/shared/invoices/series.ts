/**
 * The invoice number series (Wet OB art. 35a: unique and sequential). A format is text with one counter token,
 * `{NNNN}` (as many N's as digits, 3 to 10), and optionally the year, `{JJJJ}`; with the year in it the counter
 * starts again at 1 every year. The default is spec §9's 'INV-' plus 6 digits.
 */
export const DEFAULT_INVOICE_NUMBER_FORMAT = "INV-{NNNNNN}";

export const SERIES_MESSAGES = {
  counter: "Het formaat heeft precies één teller nodig, zoals {NNNN} (3 tot 10 cijfers)",
  characters: "Gebruik alleen letters, cijfers, -, /, _ en . naast {JJJJ} en {NNNN}",
  tooLong: "Een factuurnummer mag maximaal 30 tekens zijn",
} as const;

const COUNTER = /\{(N{3,10})\}/g;
const YEAR = /\{JJJJ\}/g;

/** The message for an invalid format, or null when it is fine. */
export function seriesFormatError(format: string): string | null {
  const counters = format.match(/\{N+\}/g) ?? [];
  if (counters.length !== 1 || !/^\{N{3,10}\}$/.test(counters[0]!)) return SERIES_MESSAGES.counter;
  const literal = format.replace(COUNTER, "").replace(YEAR, "");
  if (!/^[A-Za-z0-9\-/_.]*$/.test(literal)) return SERIES_MESSAGES.characters;
  if (formatInvoiceNumber(format, 2026, 1).length > 30) return SERIES_MESSAGES.tooLong;
  return null;
}

/** Whether the counter starts again each year. */
export const isYearlySeries = (format: string) => /\{JJJJ\}/.test(format);

/** The counter row of an invoice issued in `year`: the year itself for a yearly series, else 0. */
export const seriesYear = (format: string, year: number) => (isYearlySeries(format) ? year : 0);

export function formatInvoiceNumber(format: string, year: number, sequence: number): string {
  return format
    .replace(YEAR, String(year))
    .replace(COUNTER, (_, digits: string) => String(sequence).padStart(digits.length, "0"));
}

/** A number of the default series (INV-000042), as the generator and the benchmarks number their invoices. */
export const formatSeriesNumber = (sequence: number) =>
  formatInvoiceNumber(DEFAULT_INVOICE_NUMBER_FORMAT, 0, sequence);
