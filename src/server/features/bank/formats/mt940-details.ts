/**
 * Reads the :86: information of one MT940 entry: the structured `/KEY/value` layouts of ING, Rabobank and
 * ABN AMRO (SEPA), or the free text of the older fixed-width layouts.
 */
import {
  collapsedOrNull,
  collapseWhitespace,
  endToEndIdOrNull,
  ibanOrNull,
  labelledValue,
  normaliseIban,
  splitLabelledText,
  structuredReference,
} from "./common";

export type Mt940Details = {
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  description: string;
  reference: string | null;
  endToEndId: string | null;
};

/** SWIFT lines hold 65 characters; a line that full was wrapped by the bank, not broken by the writer. */
const SWIFT_LINE_WIDTH = 65;

/**
 * The subfield keys of the three Dutch dialects (ING "MT940 structured", Rabobank MT940S, ABN AMRO SEPA).
 * Only these split a value: free text like "12/03" or "A/B" stays whole.
 */
const KEYS = [
  "RTRN", "EREF", "PREF", "IREF", "KREF", "MARF", "CSID", "CNTP", "REMI", "PURP", "BUSP", "ISDT", "SUMD",
  "EXCH", "OCMT", "CHGS", "TRTP", "IBAN", "BIC", "TRCD", "ORDP", "BENM", "ULTC", "ULTD", "ULTB", "NAME",
  "ID", "ADDR",
]; // prettier-ignore
const KEY_PATTERN = new RegExp(`/(${KEYS.join("|")})/`, "g");

/** Keys that open a party block: Rabobank `/BENM//NAME/…/ADDR/…`, `/ULTD//NAME/…`. */
const PARTY_KEYS = new Set(["ORDP", "BENM", "ULTC", "ULTD", "ULTB"]);
const PARTY_FIELDS = new Set(["NAME", "ID", "ADDR", "IBAN", "BIC"]);
/** The ultimate parties are on whose behalf money moved; the counterparty is who actually paid or got paid. */
const COUNTERPARTY_BLOCKS = new Set(["ORDP", "BENM"]);

/**
 * `lines` are the :86: lines as in the file, the first without its tag. Structured text is joined without
 * anything in between: the bank cuts at 65 characters, inside a word or a key ("/RE" + "MI/"), and ING
 * starts a continuation line with the space that belongs there.
 */
export function parseMt940Details(lines: string[]): Mt940Details {
  const joined = lines.join("");
  const fields = splitStructured(joined);
  return fields ? readStructured(fields) : readFreeText(joinFreeText(lines));
}

type Field = { key: string; value: string; block: string | null };

/** Null when the text does not start with a known `/KEY/`. */
function splitStructured(text: string): Field[] | null {
  const matches = [...text.matchAll(KEY_PATTERN)];
  if (matches[0]?.index !== 0) return null;
  const fields: Field[] = [];
  let block: string | null = null;
  matches.forEach((match, index) => {
    const key = match[1] ?? "";
    const start = (match.index ?? 0) + match[0].length;
    const end = matches[index + 1]?.index ?? text.length;
    // ING ends every value with '/' before the next '/KEY/' ("…//CNTP/"); Rabobank shares the slash.
    const value = text.slice(start, end).replace(/\/$/, "");
    if (PARTY_KEYS.has(key)) block = key;
    else if (!PARTY_FIELDS.has(key)) block = null;
    fields.push({ key, value, block: PARTY_FIELDS.has(key) ? block : null });
  });
  return fields;
}

function readStructured(fields: Field[]): Mt940Details {
  const top = (key: string) => fields.find((field) => field.key === key && field.block === null)?.value;
  const inParty = (key: string) =>
    fields.find((field) => field.key === key && field.block !== null && COUNTERPARTY_BLOCKS.has(field.block))
      ?.value;

  const counterparty = readCounterpartyField(top("CNTP"));
  const remittance = readRemittance(top("REMI") ?? "");

  return {
    counterpartyName: collapsedOrNull(counterparty.name ?? inParty("NAME") ?? top("NAME")),
    counterpartyIban: ibanOrNull(counterparty.iban ?? top("IBAN") ?? inParty("IBAN")),
    counterpartyBic: normaliseIban(counterparty.bic ?? top("BIC") ?? inParty("BIC")),
    description: collapseWhitespace(remittance.text),
    reference: remittance.reference,
    endToEndId: endToEndIdOrNull(top("EREF")),
  };
}

/** ING `/CNTP/account/BIC/name/city/`; a name may itself hold a slash, so the city is the last part. */
function readCounterpartyField(value: string | undefined): {
  iban: string | null;
  bic: string | null;
  name: string | null;
} {
  if (value === undefined) return { iban: null, bic: null, name: null };
  const parts = value.split("/");
  const nameParts = parts.length > 3 ? parts.slice(2, -1) : parts.slice(2);
  return {
    iban: collapsedOrNull(parts[0]),
    bic: collapsedOrNull(parts[1]),
    name: collapsedOrNull(nameParts.join("/")),
  };
}

/**
 * ING `USTD//free text` or `STRD/CUR/betalingskenmerk`; Rabobank and ABN AMRO free text, or for a
 * betalingskenmerk `/CDTRREFTP//CD/SCOR/ISSR/CUR/CDTRREF/1234567890123456`.
 */
function readRemittance(value: string): { text: string; reference: string | null } {
  const unstructured = /^USTD\/\/?([\s\S]*)$/.exec(value);
  if (unstructured) return { text: unstructured[1] ?? "", reference: null };
  const structured = /^STRD\/(?:[A-Z]{3,4}\/)?([^/]+)/.exec(value);
  if (structured) return { text: "", reference: collapsedOrNull(structured[1]?.replace(/\s+/g, "")) };
  const creditorReference = /CDTRREF\/([^/]+)/.exec(value);
  if (creditorReference) {
    return { text: "", reference: collapsedOrNull(creditorReference[1]?.replace(/\s+/g, "")) };
  }
  return { text: value, reference: null };
}

/**
 * Free text: a full 65-character line was wrapped by the bank, so it continues without a space; a shorter
 * line ended where the writer ended it (ABN AMRO's 32-column blocks, old ING lines), so a space goes between.
 */
function joinFreeText(lines: string[]): string {
  let text = "";
  lines.forEach((line, index) => {
    if (index > 0) {
      const previous = lines[index - 1] ?? "";
      const previousWidth = index === 1 ? previous.length + ":86:".length : previous.length;
      if (previousWidth !== SWIFT_LINE_WIDTH) text += " ";
    }
    text += line;
  });
  return collapseWhitespace(text);
}

/**
 * ABN AMRO's fixed-width SEPA text labels its fields: "SEPA Overboeking  IBAN: NL… BIC: … Naam: …
 * Omschrijving: … Kenmerk: …", "GIRO 428428 KPN BETALINGSKENM. 5012…". The description stays the whole text.
 */
const FREE_TEXT_LABELS = [
  "IBAN", "BIC", "Naam", "Omschrijving", "Kenmerk", "Machtiging", "Incassant", "Betalingskenm.", "Betalingskenm",
]; // prettier-ignore

function readFreeText(text: string): Mt940Details {
  const labelled = splitLabelledText(text, FREE_TEXT_LABELS, { loose: true });
  const value = (...labels: string[]) => labelledValue(labelled, ...labels);
  const bic = normaliseIban(value("BIC"));
  return {
    counterpartyName: collapsedOrNull(value("Naam")),
    counterpartyIban: ibanOrNull(value("IBAN")),
    counterpartyBic: bic !== null && /^[A-Z0-9]{8}(?:[A-Z0-9]{3})?$/.test(bic) ? bic : null,
    description: text,
    reference: leadingPaymentReference(value("Betalingskenm.", "Betalingskenm") ?? ""),
    endToEndId: endToEndIdOrNull(value("Kenmerk")),
  };
}

/**
 * The betalingskenmerk at the start of the value, which runs on into the rest of the text
 * ("5012345678901234 BETREFT FACTUUR …"). Old acceptgiros also carry shorter kenmerken, of 7 to 15 digits.
 */
function leadingPaymentReference(value: string): string | null {
  const digits = /^\d{4}(?: \d{4}){3}(?!\d)|^\d+/.exec(value)?.[0] ?? "";
  return structuredReference(digits) ?? (/^\d{7,15}$/.test(digits) ? digits : null);
}
