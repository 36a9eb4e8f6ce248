/**
 * What every bank statement format module produces (ING, Rabobank, ABN AMRO, ASN, bunq, Triodos, Knab, SNS CSV;
 * MT940; CAMT.052/053). The import (../import.ts) works on this shape only, so a new format is one module.
 * Amounts are signed integer cents as the bank moved them (VAT included); dates are ISO `YYYY-MM-DD`.
 */
export type StatementLine = {
  /** Where the line starts in the file (1-based line number; for XML the entry's position), for messages. */
  row: number;
  bookingDate: string;
  valueDate: string | null;
  /** Positive is money in, negative money out. */
  amountCents: number;
  currency: string;
  counterpartyName: string | null;
  /** Upper case without spaces; foreign or invalid-checksum IBANs are kept as the bank wrote them. */
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  /** Remittance information / mededelingen as one line of text, whitespace collapsed. */
  description: string;
  /** A structured payment reference (betalingskenmerk, RF creditor reference) when the bank gives one. */
  reference: string | null;
  /** The bank's own unique reference of the entry (AcctSvcrRef, Volgnr, :61: bank reference); never 'NONREF'. */
  bankReference: string | null;
  endToEndId: string | null;
  /** The bank's transaction code as given (ING 'GT', MT940 'NTRF', CAMT 'PMNT/RCDT/ESCT'). */
  transactionCode: string | null;
  /** The running balance after this line, when the file states it (ING and Rabobank CSV). */
  balanceAfterCents: number | null;
};

export type ParsedStatement = {
  /** The account the statement is of, normalised like counterpartyIban; null when the file does not say. */
  accountIban: string | null;
  currency: string;
  /** The bank's statement number or id (MT940 :28C:, CAMT Stmt/Id or ElctrncSeqNb). */
  statementNumber: string | null;
  openingBalanceCents: number | null;
  openingDate: string | null;
  closingBalanceCents: number | null;
  closingDate: string | null;
  lines: StatementLine[];
};

export type FormatId =
  | "ing-csv"
  | "rabobank-csv"
  | "abnamro-tab"
  | "asn-csv"
  | "bunq-csv"
  | "triodos-csv"
  | "knab-csv"
  | "sns-csv"
  | "mt940"
  | "camt053"
  | "camt052";

export type ParsedFile = {
  format: FormatId;
  /** For people: 'ING (CSV)', 'MT940 (Rabobank)', 'CAMT.053 (001.02)'. */
  formatLabel: string;
  /** CSV exports can mix accounts (ING interleaves them): one statement per account, in file order. */
  statements: ParsedStatement[];
  /** Rows that could not be read; the rest of the file is still in `statements`. */
  rowErrors: Array<{ row: number; message: string }>;
};

export type StatementFormat = {
  id: FormatId;
  /** True when the text is this format, judged from the content only (header, tags, namespace). */
  sniff(text: string): boolean;
  /** Throws StatementFormatError when the file as a whole cannot be read (truncated, corrupt). */
  parse(text: string): ParsedFile;
};

/** A file that cannot be read at all; the message is Dutch and says where it broke. */
export class StatementFormatError extends Error {}
