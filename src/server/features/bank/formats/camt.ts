/**
 * ISO 20022 bank-to-customer statements: camt.053 (end of day, BkToCstmrStmt/Stmt) and camt.052 (intraday
 * report, BkToCstmrAcctRpt/Rpt), any 001.xx version; Dutch banks mostly send camt.053.001.02.
 * 1. Validate and read the XML (camt-xml.ts); namespace prefixes do not matter.
 * 2. Per statement: account, balances, and one line per booked Ntry (a batch stays one line).
 * 3. Check that the opening balance plus the booked entries is the closing balance.
 */
import { at, child, childrenNamed, namespaceOf, parseXml, textAt, type XmlElement } from "./camt-xml";
import {
  collapsedOrNull,
  collapseWhitespace,
  endToEndIdOrNull,
  ibanOrNull,
  normaliseIban,
  parseAmountCents,
  withSign,
} from "./common";
import { assertBalancesAddUp, formatMoney } from "./swift";
import {
  StatementFormatError,
  type ParsedFile,
  type ParsedStatement,
  type StatementFormat,
  type StatementLine,
} from "./types";

type CamtKind = "053" | "052";

const NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.(05[23])\.(\d{3}\.\d{2})/;

export const camt053Format: StatementFormat = {
  id: "camt053",
  sniff: (text) => sniffKind(text) === "053",
  parse: (text) => parseCamt(text, "053"),
};

export const camt052Format: StatementFormat = {
  id: "camt052",
  sniff: (text) => sniffKind(text) === "052",
  parse: (text) => parseCamt(text, "052"),
};

/** From the root element's namespace, or without one from the message element itself. */
function sniffKind(text: string): CamtKind | null {
  const head = text.replace(/^\uFEFF/, "").slice(0, 4000);
  const root = /<(?:[\w.-]+:)?Document\b[^>]*>/.exec(head);
  const namespace = root ? NAMESPACE.exec(root[0]) : null;
  if (namespace) return namespace[1] as CamtKind;
  if (/<(?:[\w.-]+:)?BkToCstmrStmt\b/.test(head)) return "053";
  if (/<(?:[\w.-]+:)?BkToCstmrAcctRpt\b/.test(head)) return "052";
  return null;
}

function parseCamt(text: string, kind: CamtKind): ParsedFile {
  const roots = parseXml(text.replace(/^\uFEFF/, ""));
  const root = roots[0];
  const document = root?.name === "Document" ? root : null;
  const message = document ? (child(document, "BkToCstmrStmt") ?? child(document, "BkToCstmrAcctRpt")) : root;
  const messageKind =
    message?.name === "BkToCstmrStmt" ? "053" : message?.name === "BkToCstmrAcctRpt" ? "052" : null;
  if (!message || messageKind !== kind) {
    const expected = kind === "053" ? "BkToCstmrStmt (CAMT.053)" : "BkToCstmrAcctRpt (CAMT.052)";
    throw new StatementFormatError(`Het CAMT-bestand bevat geen ${expected}.`);
  }

  const version = NAMESPACE.exec(namespaceOf(document ?? message) ?? "")?.[2];
  const reports = childrenNamed(message, kind === "053" ? "Stmt" : "Rpt");
  const reader = { entryCount: 0, rowErrors: [] as ParsedFile["rowErrors"] };
  const statements = reports.map((report, index) => readStatement(report, index + 1, kind, reader));

  return {
    format: kind === "053" ? "camt053" : "camt052",
    formatLabel: `CAMT.${kind}${version ? ` (${version})` : ""}`,
    statements,
    rowErrors: reader.rowErrors,
  };
}

type Reader = { entryCount: number; rowErrors: ParsedFile["rowErrors"] };
type Balance = { code: string; cents: number; date: string | null; currency: string | null };

function readStatement(report: XmlElement, number: number, kind: CamtKind, reader: Reader): ParsedStatement {
  const id = textAt(report, "Id") ?? textAt(report, "ElctrncSeqNb") ?? textAt(report, "LglSeqNb");
  const where = `in afschrift ${number}${id ? ` (${id})` : ""}`;
  const balances = childrenNamed(report, "Bal").map((balance) => readBalance(balance, where));
  const find = (code: string) => balances.filter((balance) => balance.code === code);
  const opening = find("OPBD")[0] ?? find("PRCD")[0] ?? null;
  // An intraday report often has no closing booked balance: the last interim booked one is the same
  // figure for the entries so far; the available balance also counts value dating, so it is not checked.
  const closing =
    find("CLBD")[0] ?? (kind === "052" ? (find("ITBD").at(-1) ?? find("CLAV")[0]) : null) ?? null;

  const iban = textAt(report, "Acct/Id/IBAN") ?? ibanOrNull(textAt(report, "Acct/Id/Othr/Id"));
  const currency = textAt(report, "Acct/Ccy") ?? opening?.currency ?? closing?.currency ?? "EUR";
  const lines: StatementLine[] = [];
  const undatedCents: number[] = [];
  for (const entry of childrenNamed(report, "Ntry")) {
    reader.entryCount += 1;
    const row = reader.entryCount;
    // Only booked entries moved money. Pending (PDNG) and information-only (INFO) entries may still change or
    // never happen, and they are not in the closing booked balance.
    if (entryStatus(entry) !== "BOOK") continue;
    const line = readEntry(entry, row, currency, where);
    if (line.bookingDate === "") {
      reader.rowErrors.push({ row, message: "Boeking zonder boek- of valutadatum." });
      undatedCents.push(line.amountCents);
      continue;
    }
    lines.push(line);
  }

  const statement: ParsedStatement = {
    accountIban: normaliseIban(iban),
    currency,
    statementNumber: id,
    openingBalanceCents: opening?.cents ?? null,
    openingDate: opening?.date ?? null,
    closingBalanceCents: closing?.cents ?? null,
    closingDate: closing?.date ?? null,
    lines,
  };
  if (closing && closing.code !== "CLAV") assertBalancesAddUp(statement, "CAMT", where, undatedCents);
  return statement;
}

function readBalance(balance: XmlElement, where: string): Balance {
  const code = textAt(balance, "Tp/CdOrPrtry/Cd") ?? textAt(balance, "Tp/CdOrPrtry/Prtry") ?? "";
  const amount = at(balance, "Amt");
  const cents = parseAmountCents(amount?.text ?? "", ".", "plain");
  if (cents === null) {
    throw new StatementFormatError(
      `Het CAMT-bestand is onleesbaar ${where}: het saldo ${code} "${amount?.text ?? ""}" is geen bedrag.`,
    );
  }
  return {
    code,
    cents: withSign(cents, textAt(balance, "CdtDbtInd") === "DBIT" ? -1 : 1),
    date: dateAt(balance, "Dt"),
    currency: amount?.attributes.Ccy ?? null,
  };
}

/** camt.053.001.02/.04: `<Sts>BOOK</Sts>`; .08 and later: `<Sts><Cd>BOOK</Cd></Sts>`. */
function entryStatus(entry: XmlElement): string {
  return textAt(entry, "Sts/Cd") ?? textAt(entry, "Sts") ?? "";
}

function readEntry(entry: XmlElement, row: number, statementCurrency: string, where: string): StatementLine {
  const amount = at(entry, "Amt");
  const cents = parseAmountCents(amount?.text ?? "", ".", "plain");
  if (cents === null) {
    throw new StatementFormatError(
      `Het CAMT-bestand is onleesbaar ${where}: het bedrag "${amount?.text ?? ""}" van boeking ${row} ` +
        `(de ${row}e <Ntry> in het bestand) is onleesbaar.`,
    );
  }
  const currency = amount?.attributes.Ccy ?? statementCurrency;
  // CdtDbtInd is the direction of this entry, reversal or not. ISO 20022: "If the CreditDebitIndicator is CRDT
  // and ReversalIndicator is Yes, the original operation was a debit entry" — RvslInd flips what the original
  // was (whose party is the counterparty), not the sign.
  const isCredit = textAt(entry, "CdtDbtInd") === "CRDT";
  const isReversal = textAt(entry, "RvslInd") === "true";
  const wasCredit = isReversal ? !isCredit : isCredit;
  const valueDate = dateAt(entry, "ValDt");
  const transactions = childrenNamed(entry, "NtryDtls").flatMap((details) =>
    childrenNamed(details, "TxDtls"),
  );
  const batchSize = Math.max(
    transactions.length,
    ...childrenNamed(entry, "NtryDtls").map((details) => Number(textAt(details, "Btch/NbOfTxs") ?? 0)),
  );
  const entryText = textAt(entry, "AddtlNtryInf");

  const line: StatementLine = {
    row,
    bookingDate: dateAt(entry, "BookgDt") ?? valueDate ?? "",
    valueDate,
    amountCents: withSign(cents, isCredit ? 1 : -1),
    currency,
    counterpartyName: null,
    counterpartyIban: null,
    counterpartyBic: null,
    description: collapseWhitespace(entryText ?? ""),
    reference: null,
    bankReference: textAt(entry, "AcctSvcrRef"),
    endToEndId: null,
    transactionCode: transactionCode(entry),
    balanceAfterCents: null,
  };

  const single = transactions.length === 1 && batchSize <= 1 ? transactions[0] : undefined;
  if (single) {
    const party = readParty(single, wasCredit);
    Object.assign(line, party, {
      description: collapseWhitespace(
        remittanceText(single) ?? textAt(single, "AddtlTxInf") ?? entryText ?? "",
      ),
      reference: textAt(single, "RmtInf/Strd/CdtrRefInf/Ref"),
      endToEndId: endToEndIdOrNull(textAt(single, "Refs/EndToEndId")),
      bankReference: line.bankReference ?? textAt(single, "Refs/AcctSvcrRef"),
    });
  } else if (batchSize > 1) {
    Object.assign(line, describeBatch(transactions, batchSize, wasCredit, currency, entryText));
  }
  return line;
}

type Party = Pick<StatementLine, "counterpartyName" | "counterpartyIban" | "counterpartyBic">;

/** For money in the debtor is the counterparty, for money out the creditor (of the original, for a reversal). */
function readParty(transaction: XmlElement, wasCredit: boolean): Party {
  const role = wasCredit ? "Dbtr" : "Cdtr";
  return {
    // camt.053.001.08 wraps the party: Dbtr/Pty/Nm (or Dbtr/Agt for a bank).
    counterpartyName: collapsedOrNull(
      textAt(transaction, `RltdPties/${role}/Nm`) ?? textAt(transaction, `RltdPties/${role}/Pty/Nm`),
    ),
    counterpartyIban: normaliseIban(textAt(transaction, `RltdPties/${role}Acct/Id/IBAN`)),
    counterpartyBic:
      textAt(transaction, `RltdAgts/${role}Agt/FinInstnId/BIC`) ??
      textAt(transaction, `RltdAgts/${role}Agt/FinInstnId/BICFI`),
  };
}

/** Several Ustrd lines are one text, joined with a space. */
function remittanceText(transaction: XmlElement): string | null {
  const parts = childrenNamed(child(transaction, "RmtInf"), "Ustrd")
    .map((ustrd) => ustrd.text.trim())
    .filter((text) => text !== "");
  return parts.length === 0 ? null : parts.join(" ");
}

/**
 * A batch (a collection run, a salary file) is one amount on the account, so it stays one line; the
 * description lists what is in it, and the counterparty is only filled when all parts share it.
 */
function describeBatch(
  transactions: XmlElement[],
  batchSize: number,
  wasCredit: boolean,
  currency: string,
  entryText: string | null,
): Partial<StatementLine> {
  const parties = transactions.map((transaction) => readParty(transaction, wasCredit));
  const parts = transactions.map((transaction, index) => {
    const party = parties[index];
    const label = party?.counterpartyName ?? party?.counterpartyIban ?? "onbekend";
    const amount = at(transaction, "AmtDtls/TxAmt/Amt") ?? at(transaction, "Amt");
    const cents = parseAmountCents(amount?.text ?? "", ".", "plain");
    const details = [
      cents === null ? null : formatMoney(cents, amount?.attributes.Ccy ?? currency),
      remittanceText(transaction) ?? textAt(transaction, "AddtlTxInf"),
    ].filter((detail): detail is string => detail !== null);
    return details.length === 0 ? label : `${label} (${details.join(", ")})`;
  });
  const listing = parts.length > 0 ? parts.join("; ") : (entryText ?? "");
  const first = parties[0];
  const isShared =
    first !== undefined &&
    parties.length === batchSize &&
    parties.every(
      (party) =>
        party.counterpartyName === first.counterpartyName &&
        party.counterpartyIban === first.counterpartyIban,
    );
  return {
    description: collapseWhitespace(`Batch ${batchSize} transacties: ${listing}`),
    ...(isShared ? first : { counterpartyName: null, counterpartyIban: null, counterpartyBic: null }),
  };
}

/** Domain/family/sub-family ("PMNT/RCDT/ESCT"), else the bank's proprietary code. */
function transactionCode(entry: XmlElement): string | null {
  const domain = textAt(entry, "BkTxCd/Domn/Cd");
  const family = textAt(entry, "BkTxCd/Domn/Fmly/Cd");
  const subFamily = textAt(entry, "BkTxCd/Domn/Fmly/SubFmlyCd");
  if (domain && family && subFamily) return `${domain}/${family}/${subFamily}`;
  return (
    textAt(entry, "BkTxCd/Prtry/Cd") ??
    (domain ? [domain, family, subFamily].filter(Boolean).join("/") : null)
  );
}

/** `<Dt>2024-01-31</Dt>` or `<DtTm>2024-01-31T18:00:00+01:00</DtTm>`: the calendar date as the bank wrote it. */
function dateAt(element: XmlElement, path: string): string | null {
  const date = textAt(element, `${path}/Dt`) ?? textAt(element, `${path}/DtTm`);
  const match = date ? /^(\d{4}-\d{2}-\d{2})/.exec(date) : null;
  return match?.[1] ?? null;
}
