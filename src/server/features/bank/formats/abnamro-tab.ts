/**
 * ABN AMRO TXT export (domain.md §4; TXTyymmddHHMMSS.TAB): tab-separated, no header, 8 columns: account,
 * currency, transaction date YYYYMMDD, balance before, balance after, value date YYYYMMDD, signed amount with
 * a decimal comma, description. Rows run oldest first; one file may hold several accounts. The account is an
 * old 9/10-digit number or, in newer exports, the IBAN. ABN gives no unique reference per entry.
 *
 * The description comes in three shapes (layout as documented by denilsonsa/abn-amro-statement-parser):
 * - SEPA structured: "/TRTP/SEPA OVERBOEKING/IBAN/NL…/BIC/…/NAME/…/REMI/…/EREF/…";
 * - fixed width: a 32-character head ("SEPA Overboeking", "BEA, Betaalpas") then 32-character blocks
 *   "IBAN: …", "Naam: …", "Omschrijving: …", "Kenmerk: …", where the export puts an extra space after the head
 *   and after every 64 characters, even inside a word;
 * - card payments and cash: "BEA   NR:… 30.12.21/09.15 Merchant,PAS123 …" or "GEA, Betaalpas  Merchant,PAS123
 *   NR:…, 12.02.23/17:55 …": the counterparty is the merchant text before ",PAS".
 */
import {
  anyDateToIso,
  collapseWhitespace,
  endToEndIdOrNull,
  ibanOrNull,
  isIbanShaped,
  labelledValue,
  normaliseIban,
  parseAmountCents,
  splitLabelledText,
  structuredReference,
} from "./common";
import {
  fixedFieldCount,
  fixedLayoutFormat,
  readAmount,
  readDate,
  readOptionalDate,
  type AccountLine,
} from "./csv-statement";
import type { StatementLine } from "./types";

const COLUMN_COUNT = 8;
const HEAD_WIDTH = 32;
const LINE_WIDTH = 64;

const amountOf = (raw: string) => parseAmountCents(raw, ",");

function looksLikeRow(cells: string[]): boolean {
  const [account = "", currency = "", date = "", before = "", after = "", valueDate = "", amount = ""] =
    cells.map((cell) => cell.trim());
  return (
    cells.length === COLUMN_COUNT &&
    (/^\d{7,10}$/.test(account) || isIbanShaped(normaliseIban(account) ?? "")) &&
    /^[A-Z]{3}$/.test(currency) &&
    /^\d{8}$/.test(date) &&
    /^\d{8}$/.test(valueDate) &&
    [before, after, amount].every((value) => amountOf(value) !== null)
  );
}

function readLine(cells: string[], row: number, errors: string[]): AccountLine | null {
  const [account, currencyCell, date, before, after, value, amountCell] = cells.map((cell) => cell.trim());
  const bookingDate = readDate(date!, anyDateToIso, errors);
  const balanceBefore = readAmount(before!, amountOf, errors, "beginsaldo");
  const balanceAfter = readAmount(after!, amountOf, errors, "eindsaldo");
  const valueDate = readOptionalDate(value!, anyDateToIso, errors, "valutadatum");
  const amount = readAmount(amountCell!, amountOf, errors);
  if (bookingDate === null || amount === null) return null;
  const currency = currencyCell!.toUpperCase() || "EUR";
  return {
    accountKey: account!,
    accountIban: ibanOrNull(account),
    accountCurrency: currency,
    balanceBeforeCents: balanceBefore,
    line: {
      row,
      bookingDate,
      valueDate,
      amountCents: amount,
      currency,
      ...readDescription(cells[7] ?? ""),
      bankReference: null,
      balanceAfterCents: balanceAfter,
    },
  };
}

type DescriptionFields = Pick<
  StatementLine,
  | "counterpartyName"
  | "counterpartyIban"
  | "counterpartyBic"
  | "description"
  | "reference"
  | "endToEndId"
  | "transactionCode"
>;

/** What the description says about the counterparty, in one of the three shapes of the file comment. */
export function readDescription(raw: string): DescriptionFields {
  if (raw.trimStart().startsWith("/")) return readSlashFields(raw.trim());
  const unwrapped = unwrapFixedWidth(raw.trimEnd());
  // For reading as text, each 32-character field is a word group of its own: "…09.15" "Hema Zaandam,PAS123".
  const text = unwrapped === null ? raw : blocksOf(unwrapped).join(" ");
  if (/^(BEA|GEA)\b/.test(text)) {
    return {
      ...NO_FIELDS,
      counterpartyName: merchantName(text),
      description: collapseWhitespace(text),
      transactionCode: text.slice(0, 3),
    };
  }
  if (/^SEPA\b/.test(text)) return readLabelledFields(unwrapped ?? raw, unwrapped !== null);
  return { ...NO_FIELDS, description: collapseWhitespace(text) };
}

const NO_FIELDS: DescriptionFields = {
  counterpartyName: null,
  counterpartyIban: null,
  counterpartyBic: null,
  description: "",
  reference: null,
  endToEndId: null,
  transactionCode: null,
};

/**
 * The keys of the structured description. A value runs to the next "/KEY/", so it may hold spaces and
 * slashes that are not followed by a key, and may be empty ("/ORDP//ID/…").
 */
const SLASH_KEYS = [
  "TRTP",
  "CSID",
  "NAME",
  "MARF",
  "REMI",
  "EREF",
  "IBAN",
  "BIC",
  "ORDP",
  "BENM",
  "ID",
  "ADDR",
  "ISDT",
  "RTRN",
  "SVCL",
  "PURP",
  "ULTC",
  "ULTD",
  "CDTRREFTP",
  "CDTRREF",
  "CD",
  "ISSR",
];
const SLASH_KEY_PATTERN = new RegExp(`/(${SLASH_KEYS.join("|")})/`, "g");

function readSlashFields(text: string): DescriptionFields {
  const found = [...text.matchAll(SLASH_KEY_PATTERN)];
  const values = new Map<string, string>();
  found.forEach((match, index) => {
    const start = match.index + match[0].length;
    const end = index + 1 < found.length ? found[index + 1]!.index : text.length;
    const value = collapseWhitespace(text.slice(start, end).replace(/\/$/, ""));
    if (!values.has(match[1]!)) values.set(match[1]!, value);
  });
  const value = (key: string) => values.get(key) || null;
  const creditorReference = value("CDTRREF");
  return {
    counterpartyName: value("NAME"),
    counterpartyIban: ibanOrNull(value("IBAN")),
    counterpartyBic: value("BIC")?.toUpperCase() ?? null,
    description: value("REMI") ?? "",
    reference:
      structuredReference(creditorReference) ?? creditorReference ?? structuredReference(value("REMI")),
    endToEndId: endToEndIdOrNull(value("EREF")),
    transactionCode: value("TRTP"),
  };
}

/**
 * The description without the spaces the export inserts after the 32-character head and after every 64
 * characters; null when the text does not have that shape (then it is read as it is).
 */
function unwrapFixedWidth(raw: string): string | null {
  if (raw.length <= HEAD_WIDTH) return raw;
  if (raw[HEAD_WIDTH] !== " ") return null;
  let result = raw.slice(0, HEAD_WIDTH);
  let index = HEAD_WIDTH + 1;
  while (index < raw.length) {
    result += raw.slice(index, index + LINE_WIDTH);
    index += LINE_WIDTH;
    if (index < raw.length) {
      if (raw[index] !== " ") return null;
      index++;
    }
  }
  return result;
}

const SEPA_LABELS = [
  "Incassant",
  "BIC",
  "Naam",
  "Machtiging",
  "Omschrijving",
  "IBAN",
  "Kenmerk",
  "Betalingskenm.",
  "Voor",
];
const LABEL_AT_BLOCK_START = new RegExp(
  `^(${SEPA_LABELS.map((label) => label.replace(".", "\\.")).join("|")}):`,
);

function readLabelledFields(text: string, isFixedWidth: boolean): DescriptionFields {
  let head: string;
  let body: string;
  if (isFixedWidth) {
    // A label starts a 32-character block, possibly right after a value that fills the block before it
    // ("Naam: NETFLIX INTERNATIONAL B.V.Machtiging: …"): a space there lets the labels be found.
    head = collapseWhitespace(text.slice(0, HEAD_WIDTH));
    body = blocksOf(text.slice(HEAD_WIDTH))
      .map((block) => (LABEL_AT_BLOCK_START.test(block) ? ` ${block}` : block))
      .join("");
  } else {
    head = "";
    body = text;
  }
  const labelled = splitLabelledText(body, SEPA_LABELS);
  const value = (label: string) => labelledValue(labelled, label);
  const omschrijving = value("Omschrijving");
  const kenmerk = value("Kenmerk");
  return {
    counterpartyName: value("Naam"),
    counterpartyIban: ibanOrNull(value("IBAN")),
    counterpartyBic: value("BIC")?.toUpperCase() ?? null,
    description: omschrijving ?? "",
    reference:
      structuredReference(value("Betalingskenm.")) ??
      structuredReference(kenmerk) ??
      structuredReference(omschrijving),
    endToEndId: endToEndIdOrNull(kenmerk),
    transactionCode: head || labelled.before || null,
  };
}

function blocksOf(text: string): string[] {
  return text.match(/[\s\S]{1,32}/g) ?? [];
}

/** The merchant of a card payment or cash withdrawal: the text before ",PAS" (or before "NR:"). */
function merchantName(text: string): string | null {
  // Old: "BEA   NR:A1B23C   30.12.21/09.15 Merchant,PAS123"; new: "BEA, Betaalpas      Merchant,PAS123  NR:…".
  let rest = text.replace(/^(BEA|GEA)\s+NR:\S+\s+\d{2}\.\d{2}\.\d{2}\/\d{2}[.:]\d{2}\s*/, "");
  if (rest === text) rest = text.replace(/^(BEA|GEA)\s*,\s*\S+(?: \S+)*?\s{2,}/, "");
  const end = rest.search(/,PAS|\s+NR:/);
  return collapseWhitespace(end >= 0 ? rest.slice(0, end) : rest) || null;
}

export const abnAmroTabFormat = fixedLayoutFormat({
  id: "abnamro-tab",
  formatLabel: "ABN AMRO (TXT)",
  // The export never quotes: a quote in a description is an ordinary character.
  csv: { delimiter: "\t", quoteChar: "\u0000" },
  ...fixedFieldCount(COLUMN_COUNT),
  looksLikeRow,
  read: readLine,
  notTheLayout: "Geen enkele regel heeft de ABN AMRO-indeling (8 kolommen, door tabs gescheiden)",
  fileOrder: "oldest-first",
});
