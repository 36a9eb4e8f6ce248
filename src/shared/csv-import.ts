/**
 * Reading a bank or bookkeeping CSV into transactions (spec §2.13, §5 CSV import; decisions.md; domain.md §4).
 * The same code runs in the browser (the preview) and on the server (the import), so both read a file alike.
 *
 * - Parsed by papaparse: comma, semicolon or tab, quoted fields with separators and newlines inside, a UTF-8
 *   BOM, Windows line endings.
 * - Headers case-insensitive, Dutch or English: datum/date, bedrag/amount, beschrijving/description/omschrijving,
 *   btw/vat, categorie/category; plus the bank layouts of domain.md §4: ING ("Naam / Omschrijving", "Af Bij",
 *   "Bedrag (EUR)", dates YYYYMMDD) and Rabobank ("Naam tegenpartij", "Omschrijving-1", signed "+442,98").
 * - Dates DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD or YYYYMMDD. Amounts "1234.56", "1.234,56", "-12,50", "€ 12,50".
 * - A negative amount (or "Af"/"Debit") is an expense of the absolute amount, otherwise income.
 * - No VAT column, an empty VAT cell or a zero amount: VAT 0.
 * - Row numbers count like a spreadsheet: the header is row 1, the first transaction row 2.
 */
import Papa from "papaparse";
import { isIsoDate } from "./dates";
import { parseAmount, type Cents } from "./money";
import { computeVat, parseVatRate } from "./vat";

export type CsvTransaction = {
  date: string;
  type: "income" | "expense";
  /** Excluding VAT, always >= 0. */
  amount: Cents;
  vatRateHundredths: number;
  vatAmount: Cents;
  amountIncludingVat: Cents;
  description: string;
  categoryName: string | null;
};

export type CsvRowResult = { row: number } & (
  { ok: true; value: CsvTransaction } | { ok: false; error: string }
);

export type CsvParseResult =
  | { ok: true; rows: CsvRowResult[] }
  /** The file as a whole cannot be read (no header we know, nothing in it). */
  | { ok: false; error: string };

export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_CATEGORY_NAME_LENGTH = 100;

type Columns = {
  date: number;
  amount: number;
  description: number[];
  vat: number | null;
  category: number | null;
  /** ING: "Af Bij" / "Debit/credit": the sign of an unsigned amount. */
  direction: number | null;
};

const HEADER_NAMES = {
  date: ["datum", "date", "transactiedatum", "boekdatum", "boekingsdatum"],
  amount: ["bedrag", "amount", "bedrag (eur)", "amount (eur)"],
  description: [
    "beschrijving",
    "description",
    "omschrijving",
    "naam / omschrijving",
    "name / description",
    "mededelingen",
  ],
  // Rabobank: counterparty name, then the first description line, joined.
  rabobankDescription: ["naam tegenpartij", "omschrijving-1"],
  vat: ["btw", "vat", "btw %", "btw-percentage", "btw percentage", "vat %", "vat rate"],
  category: ["categorie", "category"],
  direction: ["af bij", "af/bij", "debit/credit"],
};

export function parseTransactionsCsv(text: string): CsvParseResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    delimitersToGuess: [",", ";", "\t"],
    skipEmptyLines: "greedy",
  });
  const [header, ...records] = parsed.data;
  if (!header) return { ok: false, error: "Het bestand is leeg" };
  const columns = findColumns(header);
  if (typeof columns === "string") return { ok: false, error: columns };
  const rows = records.map((cells, index) => ({ row: index + 2, ...readRow(cells, columns) }));
  return { ok: true, rows };
}

function findColumns(header: string[]): Columns | string {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const find = (candidates: string[]) => {
    for (const candidate of candidates) {
      const index = names.indexOf(candidate);
      if (index >= 0) return index;
    }
    return null;
  };
  const date = find(HEADER_NAMES.date);
  const amount = find(HEADER_NAMES.amount);
  const missing = [date === null && "Datum", amount === null && "Bedrag"].filter(Boolean);
  let description: number[] = [];
  const rabobank = HEADER_NAMES.rabobankDescription
    .map((name) => names.indexOf(name))
    .filter((index) => index >= 0);
  const plain = find(HEADER_NAMES.description);
  if (plain !== null && rabobank.length === 0) description = [plain];
  else if (rabobank.length > 0) description = rabobank;
  if (description.length === 0) missing.push("Beschrijving");
  if (missing.length > 0) {
    return `Kolom ${missing.join(", ")} ontbreekt. Verwachte kolommen: Datum, Bedrag, Beschrijving, BTW (optioneel), Categorie (optioneel)`;
  }
  return {
    date: date!,
    amount: amount!,
    description,
    vat: find(HEADER_NAMES.vat),
    category: find(HEADER_NAMES.category),
    direction: find(HEADER_NAMES.direction),
  };
}

function readRow(
  cells: string[],
  columns: Columns,
): { ok: true; value: CsvTransaction } | { ok: false; error: string } {
  const cell = (index: number | null) => (index === null ? "" : (cells[index] ?? "").trim());
  const errors: string[] = [];

  const rawDate = cell(columns.date);
  const date = parseCsvDate(rawDate);
  if (!rawDate) errors.push("Datum ontbreekt");
  else if (!date) errors.push(`Ongeldige datum '${rawDate}'`);

  const rawAmount = cell(columns.amount);
  let signed = parseAmount(rawAmount);
  if (!rawAmount) errors.push("Bedrag ontbreekt");
  else if (signed === null) errors.push(`Ongeldig bedrag '${rawAmount}'`);
  else if (Math.abs(signed) > 99_999_999_999) errors.push(`Bedrag '${rawAmount}' is te groot`);
  const direction = cell(columns.direction).toLowerCase();
  if (signed !== null && (direction === "af" || direction === "debit")) signed = -Math.abs(signed);

  const description = columns.description
    .map((index) => cell(index).replace(/\s+/g, " "))
    .filter(Boolean)
    .join(" - ");
  if (!description) errors.push("Beschrijving ontbreekt");
  else if (description.length > MAX_DESCRIPTION_LENGTH) {
    errors.push(`Beschrijving is langer dan ${MAX_DESCRIPTION_LENGTH} tekens`);
  }

  const rawVat = cell(columns.vat).replace(/%$/, "").trim().replace(",", ".");
  const vatRate = rawVat === "" ? 0 : parseVatRate(rawVat);
  if (vatRate === null) errors.push(`Ongeldig BTW-percentage '${cell(columns.vat)}' (0 tot en met 100)`);

  const categoryName = cell(columns.category) || null;
  if (categoryName && categoryName.length > MAX_CATEGORY_NAME_LENGTH) {
    errors.push(`Categorie is langer dan ${MAX_CATEGORY_NAME_LENGTH} tekens`);
  }

  if (errors.length > 0 || date === null || signed === null || vatRate === null) {
    return { ok: false, error: errors.join("; ") };
  }
  const amount = Math.abs(signed);
  // Spec §5: with an amount of zero, VAT is 0.
  const rate = amount === 0 ? 0 : vatRate;
  const vat = computeVat(amount, rate);
  return {
    ok: true,
    value: {
      date,
      type: signed < 0 ? "expense" : "income",
      amount,
      vatRateHundredths: rate,
      vatAmount: vat.vatAmount,
      amountIncludingVat: vat.amountIncludingVat,
      description,
      categoryName,
    },
  };
}

/** "31-01-2026" | "31/01/2026" | "31.01.2026" | "1-2-2026" | "2026-01-31" | "20260131" -> "2026-01-31"; else null. */
export function parseCsvDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  let iso: string | null = null;
  if (match) iso = isoFrom(match[1]!, match[2]!, match[3]!);
  else if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value)))
    iso = isoFrom(match[3]!, match[2]!, match[1]!);
  else if ((match = /^(\d{4})(\d{2})(\d{2})$/.exec(value))) iso = isoFrom(match[1]!, match[2]!, match[3]!);
  return iso && isIsoDate(iso) ? iso : null;
}

function isoFrom(year: string, month: string, day: string): string {
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}
