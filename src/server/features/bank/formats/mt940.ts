// Own tokenizer: mt940js 1.3.5 throws on an :86: line starting ":30:00", crashes on Rabobank's ":940:" and ABN AMRO's header lines, and books entry date 1231 under value date 240102 in 2024.
/**
 * SWIFT MT940 customer statements as ING, Rabobank (MT940S) and ABN AMRO export them.
 * 1. Split the file into tagged fields (a tag only at the start of a line, and only a known one).
 * 2. Group the fields into statements, :20: … :62F:/:62M:, and read balances and :61: entries.
 * 3. Read each entry's :86: (mt940-details.ts) and check that the balances add up.
 */
import {
  compactDateToIso,
  ibanOrNull,
  isoDateFromParts,
  normaliseIban,
  parseAmountCents,
  withSign,
} from "./common";
import { parseMt940Details } from "./mt940-details";
import { assertBalancesAddUp, dutchIbanFromAccount } from "./swift";
import {
  StatementFormatError,
  type ParsedStatement,
  type StatementFormat,
  type StatementLine,
} from "./types";

type Dialect = "ING" | "Rabobank" | "ABN AMRO" | null;

type TaggedField = {
  tag: string;
  /** The field's lines, the first without its tag, as in the file (trailing spaces kept). */
  lines: string[];
  /** 1-based line number of the tag. */
  lineNumber: number;
};

/** MT940 and MT942 tags. Anything else that looks like ":30:" at the start of a line is text. */
const KNOWN_TAG = /^:(20|21|25|28C?|60[FM]|61|62[FM]|64|65|86|NS|13D?|34F|90[CD]):/;
/** Only these fields run over several lines; other lines after a balance are headers or noise. */
const MULTI_LINE_TAGS = new Set(["61", "86", "NS"]);

export const mt940Format: StatementFormat = {
  id: "mt940",
  sniff(text) {
    const content = text.replace(/^\uFEFF/, "");
    if (/^(\{1:F01|:940:\s*$|ABNANL2A\s*$)/m.test(content.slice(0, 200)) && /^:20:/m.test(content)) {
      return true;
    }
    return /^:20:/m.test(content) && /^:25:/m.test(content) && /^:(61|60[FM]):/m.test(content);
  },
  parse(text) {
    const content = text.replace(/^\uFEFF/, "");
    const { fields, lastLineNumber } = tokenize(content);
    const dialect = detectDialect(content, fields);
    const statements = readStatements(fields, dialect, lastLineNumber);
    if (statements.length === 0) {
      throw new StatementFormatError("Het MT940-bestand bevat geen afschriften (geen :20:-regel gevonden).");
    }
    return {
      format: "mt940",
      formatLabel: dialect ? `MT940 (${dialect})` : "MT940",
      statements,
      rowErrors: [],
    };
  },
};

/** The tagged fields, and the number of the file's last non-empty line (where a cut-off file ends). */
function tokenize(content: string): { fields: TaggedField[]; lastLineNumber: number } {
  const fields: TaggedField[] = [];
  let current: TaggedField | null = null;
  let lastLineNumber = 0;
  content.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const lineNumber = index + 1;
    let line = rawLine;
    if (line.trim() !== "") lastLineNumber = lineNumber;
    // ING opens each message with "{1:…}{2:…}{4:"; some writers put the first tag on that same line.
    if (/^\{\d:/.test(line)) {
      const body = /\{4:(.*)$/.exec(line)?.[1] ?? "";
      current = null;
      if (!KNOWN_TAG.test(body)) return;
      line = body;
    }
    // "-}", "}", "-": end of a message; ":940:" opens a Rabobank file.
    if (line === "-" || line.startsWith("-}") || line === "}" || line.trim() === ":940:") {
      current = null;
      return;
    }
    const tag = KNOWN_TAG.exec(line);
    if (tag) {
      current = { tag: tag[1] ?? "", lines: [line.slice(tag[0].length)], lineNumber };
      fields.push(current);
      return;
    }
    if (line.trim() === "") return;
    if (current && MULTI_LINE_TAGS.has(current.tag)) current.lines.push(line);
  });
  return { fields, lastLineNumber };
}

function detectDialect(content: string, fields: TaggedField[]): Dialect {
  const head = content.slice(0, 200);
  const account = fields.find((field) => field.tag === "25")?.lines[0]?.replace(/\s+/g, "") ?? "";
  const reference = fields.find((field) => field.tag === "20")?.lines[0] ?? "";
  if (/INGBNL2A/.test(head) || /^[A-Z]{2}\d{2}INGB/.test(account)) return "ING";
  if (/^:940:/.test(head) || /^940S/.test(reference) || /^[A-Z]{2}\d{2}RABO/.test(account)) return "Rabobank";
  if (/^ABNANL2A/m.test(head) || /^ABN AMRO/.test(reference) || /^[A-Z]{2}\d{2}ABNA/.test(account)) {
    return "ABN AMRO";
  }
  return null;
}

type Balance = { cents: number; date: string; currency: string };

type OpenStatement = {
  number: number;
  lineNumber: number;
  account: string | null;
  statementNumber: string | null;
  opening: Balance | null;
  closing: Balance | null;
  lines: StatementLine[];
  /** The :61: just read, so that the :86: right after it can be attached. */
  lastEntry: StatementLine | null;
};

function readStatements(fields: TaggedField[], dialect: Dialect, lastLineNumber: number): ParsedStatement[] {
  const statements: ParsedStatement[] = [];
  let open: OpenStatement | null = null;
  let previousTag = "";

  const finish = (statement: OpenStatement, brokenAt: number) => {
    if (!statement.opening) {
      throw broken(statement, brokenAt, "het beginsaldo (:60F:) ontbreekt");
    }
    if (!statement.closing) {
      throw broken(statement, brokenAt, "het eindsaldo (:62F:) ontbreekt");
    }
    const parsed = toParsedStatement(statement, dialect);
    assertBalancesAddUp(parsed, "MT940", `in afschrift ${statement.number} (regel ${statement.lineNumber})`);
    statements.push(parsed);
  };

  for (const field of fields) {
    const value = field.lines[0]?.trim() ?? "";
    if (field.tag === "20") {
      if (open) finish(open, field.lineNumber);
      open = {
        number: statements.length + 1,
        lineNumber: field.lineNumber,
        account: null,
        statementNumber: null,
        opening: null,
        closing: null,
        lines: [],
        lastEntry: null,
      };
    } else if (!open) {
      if (["25", "28", "28C", "60F", "60M", "61", "62F", "62M"].includes(field.tag)) {
        throw new StatementFormatError(
          `Het MT940-bestand is onleesbaar (regel ${field.lineNumber}): :${field.tag}: staat buiten een afschrift (er gaat geen :20: aan vooraf).`,
        );
      }
    } else if (field.tag === "25") {
      open.account = value;
    } else if (field.tag === "28" || field.tag === "28C") {
      open.statementNumber = value === "" ? null : value;
    } else if (field.tag === "60F" || field.tag === "60M") {
      open.opening ??= readBalance(value, open, field);
    } else if (field.tag === "61") {
      if (open.closing) {
        throw broken(open, field.lineNumber, "er staat een boeking (:61:) na het eindsaldo");
      }
      if (!open.opening) throw broken(open, field.lineNumber, "het beginsaldo (:60F:) ontbreekt");
      const entry = readEntry(field, open);
      open.lines.push(entry);
      open.lastEntry = entry;
    } else if (field.tag === "86") {
      if (previousTag === "61" && open.lastEntry) attachDetails(open.lastEntry, field.lines);
      // An :86: after the closing balance is information about the whole statement (ING's totals).
    } else if (field.tag === "62F" || field.tag === "62M") {
      open.closing = readBalance(value, open, field);
      open.lastEntry = null;
    }
    // Non-SWIFT (:NS:) lines some banks put between an entry and its :86: do not separate them.
    if (field.tag !== "NS") previousTag = field.tag;
  }
  if (open) finish(open, lastLineNumber);
  return statements;
}

function broken(statement: OpenStatement, lineNumber: number, what: string): StatementFormatError {
  return new StatementFormatError(
    `Het MT940-bestand is afgebroken in afschrift ${statement.number} (regel ${lineNumber}): ${what}.`,
  );
}

/** "C231231EUR1250,00": credit/debit mark, YYMMDD, currency, amount with its (mandatory) decimal comma. */
function readBalance(value: string, statement: OpenStatement, field: TaggedField): Balance {
  const match = /^([CD])(\d{6})([A-Z]{3})(\d+,\d*)$/.exec(value.replace(/\s+/g, ""));
  const date = match ? swiftDate(match[2] ?? "") : null;
  const cents = match ? parseAmountCents(match[4] ?? "", ",", "plain") : null;
  if (!match || !date || cents === null) {
    throw new StatementFormatError(
      `Het MT940-bestand is onleesbaar in afschrift ${statement.number} (regel ${field.lineNumber}): ` +
        `het saldo (:${field.tag}:) "${value}" is geen geldig saldo.`,
    );
  }
  return { cents: withSign(cents, match[1] === "D" ? -1 : 1), date, currency: match[3] ?? "" };
}

/**
 * :61: value date YYMMDD, entry date MMDD, mark, funds code, amount, type, reference//bank reference, and on
 * the next line supplementary details (ING "/TRCD/00100/", Rabobank the counter IBAN).
 */
const ENTRY_PATTERN = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(.*)$/;

function readEntry(field: TaggedField, statement: OpenStatement): StatementLine {
  const first = (field.lines[0] ?? "").trimEnd();
  const where = `Het MT940-bestand is onleesbaar in afschrift ${statement.number} (regel ${field.lineNumber})`;
  const match = ENTRY_PATTERN.exec(first);
  const valueDate = match ? swiftDate(match[1] ?? "") : null;
  if (!match || !valueDate) {
    throw new StatementFormatError(
      `${where}: de boeking (:61:) "${first}" heeft geen geldige datum en af/bij-code.`,
    );
  }
  const amountMatch = /^(\d+,\d*)(.*)$/.exec(match[5] ?? "");
  const cents = amountMatch ? parseAmountCents(amountMatch[1] ?? "", ",", "plain") : null;
  if (!amountMatch || cents === null) {
    throw new StatementFormatError(`${where}: het bedrag van de boeking (:61:) "${first}" is onleesbaar.`);
  }
  const bookingDate = match[2] ? entryDate(valueDate, match[2]) : valueDate;
  if (!bookingDate) {
    throw new StatementFormatError(`${where}: de boekdatum van de boeking (:61:) "${first}" is ongeldig.`);
  }

  // SWIFT: RC is the reversal of a credit (money out), RD the reversal of a debit (money in).
  const mark = match[3];
  const isMoneyIn = mark === "C" || mark === "RD";

  const rest = amountMatch[2] ?? "";
  const type = /^([NFS][A-Z0-9 ]{3})(.*)$/.exec(rest);
  const references = type ? (type[2] ?? "") : rest;
  const bankReference = (references.split("//")[1] ?? "").trim();
  const supplementary = field.lines.slice(1).join("").trim();

  return {
    row: field.lineNumber,
    bookingDate,
    valueDate,
    amountCents: withSign(cents, isMoneyIn ? 1 : -1),
    currency: statement.opening?.currency ?? "EUR",
    counterpartyName: null,
    counterpartyIban: ibanOrNull(supplementary),
    counterpartyBic: null,
    description: "",
    reference: null,
    bankReference: bankReference === "" || bankReference === "NONREF" ? null : bankReference,
    endToEndId: null,
    transactionCode: type ? (type[1] ?? "").trim() : null,
    balanceAfterCents: null,
  };
}

/** Rabobank gives the counter IBAN on the :61:'s second line only; the :86: wins when it has one too. */
function attachDetails(entry: StatementLine, lines: string[]) {
  const details = parseMt940Details(lines);
  Object.assign(entry, {
    counterpartyName: details.counterpartyName,
    counterpartyIban: details.counterpartyIban ?? entry.counterpartyIban,
    counterpartyBic: details.counterpartyBic,
    description: details.description,
    reference: details.reference,
    endToEndId: details.endToEndId,
  });
}

function toParsedStatement(statement: OpenStatement, dialect: Dialect): ParsedStatement {
  const opening = statement.opening as Balance;
  const closing = statement.closing as Balance;
  if (opening.currency !== closing.currency) {
    throw broken(statement, statement.lineNumber, `het begin- en eindsaldo hebben een andere munt`);
  }
  return {
    accountIban: accountIban(statement.account, opening.currency, dialect),
    currency: opening.currency,
    statementNumber: statement.statementNumber,
    openingBalanceCents: opening.cents,
    openingDate: opening.date,
    closingBalanceCents: closing.cents,
    closingDate: closing.date,
    lines: statement.lines,
  };
}

/**
 * :25: "NL20INGB0001234567EUR" (ING, Rabobank: IBAN + currency), "417164300" (ABN AMRO: the bare account,
 * whose IBAN is NL..ABNA0417164300), "ABNANL2A/NL91ABNA0417164300" (BIC/IBAN).
 */
function accountIban(account: string | null, currency: string, dialect: Dialect): string | null {
  if (!account) return null;
  const value = normaliseIban(account.split("/").pop()) ?? "";
  const iban = ibanOrNull(value.endsWith(currency) ? value.slice(0, -currency.length) : value);
  if (iban !== null) return iban;
  if (dialect === "ABN AMRO" && /^\d{9,10}$/.test(value)) return dutchIbanFromAccount("ABNA", value);
  return null;
}

/** YYMMDD → YYYY-MM-DD. MT940 has two-digit years; bank exports are all from 2000 on. */
function swiftDate(yymmdd: string): string | null {
  return compactDateToIso(`20${yymmdd}`);
}

/**
 * The entry date (MMDD) has no year: it is the value date's year, except across New Year, where value date
 * 240102 with entry date 1231 was booked on 2023-12-31, and value date 231231 with entry date 0102 on
 * 2024-01-02.
 */
function entryDate(valueDate: string, mmdd: string): string | null {
  const valueYear = Number(valueDate.slice(0, 4));
  const valueMonth = Number(valueDate.slice(5, 7));
  const month = Number(mmdd.slice(0, 2));
  let year = valueYear;
  if (month - valueMonth > 6) year -= 1;
  else if (valueMonth - month > 6) year += 1;
  return isoDateFromParts(String(year), mmdd.slice(0, 2), mmdd.slice(2, 4));
}
