/**
 * Every bank statement format Balans reads, and the one place that decides which one a file is: from the
 * content only (header, tags, namespace), never the file name. A file no format claims gets a message that
 * says what it does look like, so the user knows which export to download instead.
 */
import { abnAmroTabFormat } from "./abnamro-tab";
import { asnCsvFormat } from "./asn-csv";
import { bunqCsvFormat } from "./bunq-csv";
import { camt052Format, camt053Format } from "./camt";
import { ingCsvFormat } from "./ing-csv";
import { knabCsvFormat } from "./knab-csv";
import { mt940Format } from "./mt940";
import { rabobankCsvFormat } from "./rabobank-csv";
import { snsCsvFormat } from "./sns-csv";
import { triodosCsvFormat } from "./triodos-csv";
import { StatementFormatError, type ParsedFile, type StatementFormat } from "./types";

/** The structured formats first: their markers are unmistakable. SNS before ASN: both read de Volksbank's layout. */
export const STATEMENT_FORMATS: readonly StatementFormat[] = [
  camt053Format,
  camt052Format,
  mt940Format,
  ingCsvFormat,
  rabobankCsvFormat,
  abnAmroTabFormat,
  knabCsvFormat,
  bunqCsvFormat,
  triodosCsvFormat,
  snsCsvFormat,
  asnCsvFormat,
];

const WHICH_FILES =
  "Download bij je bank een CSV-, TXT-, MT940- of CAMT.053-bestand (ING, Rabobank, ABN AMRO, ASN, bunq, Triodos, Knab, SNS of RegioBank).";

/** The format of the text and its statements; a StatementFormatError when the file cannot be read. */
export function parseBankFile(text: string): ParsedFile {
  const format = STATEMENT_FORMATS.find((candidate) => candidate.sniff(text));
  if (!format) throw new StatementFormatError(`${describeUnknown(text)} ${WHICH_FILES}`);
  return format.parse(text);
}

/** What an unrecognised file looks like, in one Dutch sentence. */
export function describeUnknown(text: string): string {
  const start = text.trimStart();
  if (start.startsWith("%PDF")) return "Dit bestand is een PDF, geen afschrift dat Balans kan inlezen.";
  if (hasControlCharacters(start.slice(0, 2000))) {
    return "Dit bestand is geen tekstbestand (misschien een Excel- of ZIP-bestand).";
  }
  if (start.startsWith("<")) {
    const root = /<(?:[\w-]+:)?(\w+)[^>]*?(?:xmlns(?::\w+)?="([^"]*)")?[^>]*>/.exec(
      start.replace(/^<\?xml[^>]*\?>\s*/, ""),
    );
    const namespace = root?.[2] ? ` (${root[2]})` : "";
    return `Dit bestand is XML met <${root?.[1] ?? "?"}>${namespace}, maar geen CAMT.053- of CAMT.052-afschrift.`;
  }
  if (/^:20:|\n:20:|:61:/.test(text)) {
    return "Dit bestand lijkt op MT940, maar de verplichte velden (:20:, :25:, :60F:, :61:, :62F:) zijn niet compleet.";
  }
  const firstLine = start.split(/\r?\n/, 1)[0] ?? "";
  const separator = [";", "\t", ","].find((candidate) => firstLine.split(candidate).length > 2);
  if (separator) {
    const columns = firstLine.split(separator).map((column) => column.trim().replace(/^"|"$/g, ""));
    const shown = columns.slice(0, 4).join(", ") + (columns.length > 4 ? ", …" : "");
    const name = separator === "\t" ? "een tab-gescheiden bestand" : "een CSV-bestand";
    return (
      `Dit bestand is ${name} met ${columns.length} kolommen (${shown}), maar geen export van een bank ` +
      "die Balans kent. Een eigen CSV importeer je bij Transacties."
    );
  }
  return "Dit bestand is geen bankafschrift dat Balans herkent.";
}

/** Text files hold no control characters other than tab, line feed, form feed and carriage return. */
function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) return true;
  }
  return false;
}
