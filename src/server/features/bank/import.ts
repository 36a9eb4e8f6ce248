/**
 * Importing a bank statement file: the format is recognised from the content, every statement goes to the
 * user's account with its IBAN, and the whole file is stored in ONE database transaction. A line already known
 * (by the bank's reference, else by its content) is not stored again, so an overlapping or repeated file adds
 * only what is new. The new lines are matched at once: the certain proposals (rules, exact invoice payments,
 * transactions already booked by hand) are booked, the rest waits in 'Af te handelen'.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, lte, Param, sql } from "drizzle-orm";
import { formatEuro, formatNumber } from "../../../shared/format";
import { centsToDecimal, parseCents } from "../../../shared/money";
import { BANK_MESSAGES, type BankImportAnswer } from "../../../shared/schemas/bank-statements";
import type { ImportRowError } from "../../../shared/schemas/imports";
import type { Database } from "../../db/client";
import { bankStatementLines, bankStatements } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { listBankAccountRefs, type BankAccountRef } from "./accounts";
import { withImportReport } from "../imports/service";
import { bookCertainProposals } from "./booking";
import { decodeBankFile } from "./decode";
import { parseBankFile } from "./formats/index";
import {
  StatementFormatError,
  type ParsedFile,
  type ParsedStatement,
  type StatementLine,
} from "./formats/types";
import type { LineRow } from "./lines";

/** More lines than this in one file is no bank statement a freelancer has. */
export const MAX_STATEMENT_LINES = 50_000;
/** Lines per INSERT statement; each statement sends 14 array parameters whatever the number of lines. */
const INSERT_CHUNK = 5000;

export type ImportOptions = {
  fileName: string | null;
  bankAccountId: string | null;
  skipBadRows: boolean;
};

/**
 * POST /api/bank-statements/import. A refused file, or one imported without its unreadable rows, leaves a report
 * the bell announces until it is read.
 */
export async function importStatementFile(
  db: Database,
  userId: string,
  bytes: Uint8Array,
  options: ImportOptions,
  now: Date,
): Promise<BankImportAnswer> {
  return withImportReport(
    db,
    userId,
    { source: "bank", fileName: options.fileName },
    () => importFile(db, userId, bytes, options, now),
    (answer) =>
      answer.status === "imported"
        ? {
            imported: answer.new,
            failed: answer.rowErrors.length,
            rowErrors: answer.rowErrors,
          }
        : null,
  );
}

async function importFile(
  db: Database,
  userId: string,
  bytes: Uint8Array,
  options: ImportOptions,
  now: Date,
): Promise<BankImportAnswer> {
  if (bytes.length === 0) throw new AppError(400, BANK_MESSAGES.emptyFile);
  const parsed = readFile(bytes);
  const read = parsed.statements.reduce((sum, statement) => sum + statement.lines.length, 0);
  if (read > MAX_STATEMENT_LINES) {
    throw new AppError(400, `Een afschrift mag hooguit ${formatNumber(MAX_STATEMENT_LINES)} regels hebben`);
  }
  const rowErrors: ImportRowError[] = [...parsed.rowErrors].sort((a, b) => a.row - b.row);
  if (rowErrors.length > 0 && !options.skipBadRows) {
    return { status: "needs-choice", formatLabel: parsed.formatLabel, readable: read, rowErrors };
  }
  if (read === 0 && rowErrors.length === 0) throw new AppError(400, "Het bestand bevat geen bankregels.");

  const accounts = await listBankAccountRefs(db, userId);
  const targets = accountsFor(accounts, parsed, options.bankAccountId);
  if ("unknown" in targets) {
    return { status: "unknown-account", formatLabel: parsed.formatLabel, ibans: targets.unknown };
  }

  return db.transaction(async (tx) => {
    // Two imports of one user at once would both miss each other's lines in the duplicate check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:bank-import:${userId}`}))`);
    const warnings: string[] = [];
    const newRows: LineRow[] = [];
    for (const [index, statement] of parsed.statements.entries()) {
      const account = targets.accounts[index]!;
      const inserted = await storeStatement(tx, userId, account, statement, parsed, options.fileName);
      newRows.push(...inserted.rows);
      if (inserted.warning) warnings.push(inserted.warning);
    }
    const { booked } = await bookCertainProposals(tx, userId, newRows, now);
    const used = new Map(targets.accounts.map((account) => [account.id, account]));
    return {
      status: "imported",
      formatLabel: parsed.formatLabel,
      accounts: [...used.values()].map((account) => ({ bankAccountId: account.id, name: account.name })),
      read,
      new: newRows.length,
      known: read - newRows.length,
      matched: booked,
      toHandle: newRows.length - booked,
      rowErrors,
      warnings,
    } satisfies BankImportAnswer;
  });
}

/** The parsed file; a file that cannot be read is refused with the parser's Dutch message (where it broke). */
function readFile(bytes: Uint8Array): ParsedFile {
  try {
    return parseBankFile(decodeBankFile(bytes));
  } catch (error) {
    if (error instanceof StatementFormatError) throw new AppError(400, error.message);
    throw error;
  }
}

/**
 * The user's account of each statement: by the IBAN in the file; a file that names none goes to the chosen
 * account, else the default one. IBANs that are not the user's are answered, so the screen can add them.
 */
function accountsFor(
  accounts: readonly BankAccountRef[],
  parsed: ParsedFile,
  chosenId: string | null,
): { accounts: BankAccountRef[] } | { unknown: string[] } {
  const byIban = new Map(
    accounts.flatMap((account) => (account.iban ? [[account.iban, account] as const] : [])),
  );
  const chosen = chosenId ? accounts.find((account) => account.id === chosenId) : undefined;
  if (chosenId && !chosen) throw invalidField("bankAccountId", "Bankrekening niet gevonden");
  const fallback = chosen ?? accounts.find((account) => account.isDefault) ?? accounts[0];
  const unknown = new Set<string>();
  const result: BankAccountRef[] = [];
  for (const statement of parsed.statements) {
    const iban = statement.accountIban;
    const own = iban ? byIban.get(iban) : fallback;
    if (!own) {
      if (iban) unknown.add(iban);
      else throw new AppError(400, "Voeg eerst een bankrekening toe om een afschrift te importeren.");
      continue;
    }
    result.push(own);
  }
  return unknown.size > 0 ? { unknown: [...unknown] } : { accounts: result };
}

/**
 * The content key of each line: date, amount, counterparty and how many such lines came before it in the
 * statement — the same line has the same key in any export that covers its day, whatever the format.
 */
function contentKeys(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = `${line.bookingDate}|${line.amountCents}|${line.counterpartyIban ?? ""}`;
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return `${base}|${occurrence}`;
  });
}

async function storeStatement(
  tx: Database,
  userId: string,
  account: BankAccountRef,
  statement: ParsedStatement,
  parsed: ParsedFile,
  fileName: string | null,
): Promise<{ rows: LineRow[]; warning: string | null }> {
  const warning = await continuityWarning(tx, account, statement);
  const [stored] = await tx
    .insert(bankStatements)
    .values({
      userId,
      bankAccountId: account.id,
      format: parsed.formatLabel,
      fileName,
      statementNumber: statement.statementNumber,
      openingBalance:
        statement.openingBalanceCents === null ? null : centsToDecimal(statement.openingBalanceCents),
      openingDate: statement.openingDate,
      closingBalance:
        statement.closingBalanceCents === null ? null : centsToDecimal(statement.closingBalanceCents),
      closingDate: statement.closingDate,
    })
    .returning({ id: bankStatements.id });
  const keys = contentKeys(statement.lines);
  const createdAt = new Date();
  // The rows as they will be stored (ids made here), so the new ones need not be read back for matching.
  const candidates: LineRow[] = statement.lines.map((line, index) => ({
    id: randomUUID(),
    userId,
    bankAccountId: account.id,
    statementId: stored!.id,
    bookingDate: line.bookingDate,
    valueDate: line.valueDate,
    amount: centsToDecimal(line.amountCents),
    currency: line.currency,
    counterpartyName: clean(line.counterpartyName),
    counterpartyIban: clean(line.counterpartyIban),
    counterpartyBic: clean(line.counterpartyBic),
    description: clean(line.description) ?? "",
    reference: clean(line.reference),
    bankReference: clean(line.bankReference),
    endToEndId: clean(line.endToEndId),
    transactionCode: clean(line.transactionCode),
    contentKey: keys[index]!,
    booking: null,
    ruleId: null,
    bookedAt: null,
    createdAt,
  }));
  const inserted = new Set<string>();
  for (let start = 0; start < candidates.length; start += INSERT_CHUNK) {
    for (const id of await insertLines(tx, candidates.slice(start, start + INSERT_CHUNK))) inserted.add(id);
  }
  const rows = candidates.filter((row) => inserted.has(row.id));
  if (rows.length === 0) {
    // Nothing new: the statement was imported before.
    await tx.delete(bankStatements).where(eq(bankStatements.id, stored!.id));
    return { rows, warning: null };
  }
  await tx.update(bankStatements).set({ newLines: rows.length }).where(eq(bankStatements.id, stored!.id));
  return { rows, warning };
}

/**
 * One INSERT … SELECT FROM unnest(arrays): a column per parameter, so thousands of lines go in one statement.
 * A line known by its content key or the bank's reference is not stored again (ON CONFLICT DO NOTHING).
 */
async function insertLines(tx: Database, rows: readonly LineRow[]): Promise<string[]> {
  // One statement, one account, one owner: those go in once.
  const first = rows[0]!;
  const column = <T>(pick: (row: LineRow) => T) => new Param(rows.map(pick));
  const result = await tx.execute<{ id: string }>(sql`
    insert into ${bankStatementLines} (id, user_id, bank_account_id, statement_id, booking_date, value_date,
      amount, currency, counterparty_name, counterparty_iban, counterparty_bic, description, reference,
      bank_reference, end_to_end_id, transaction_code, content_key)
    select line.id, ${first.userId}::uuid, ${first.bankAccountId}::uuid, ${first.statementId}::uuid, line.booking_date,
      line.value_date, line.amount, line.currency, line.counterparty_name, line.counterparty_iban,
      line.counterparty_bic, line.description, line.reference, line.bank_reference, line.end_to_end_id,
      line.transaction_code, line.content_key
    from unnest(
      ${column((row) => row.id)}::uuid[],
      ${column((row) => row.bookingDate)}::date[],
      ${column((row) => row.valueDate)}::date[],
      ${column((row) => row.amount)}::numeric[],
      ${column((row) => row.currency)}::text[],
      ${column((row) => row.counterpartyName)}::text[],
      ${column((row) => row.counterpartyIban)}::text[],
      ${column((row) => row.counterpartyBic)}::text[],
      ${column((row) => row.description)}::text[],
      ${column((row) => row.reference)}::text[],
      ${column((row) => row.bankReference)}::text[],
      ${column((row) => row.endToEndId)}::text[],
      ${column((row) => row.transactionCode)}::text[],
      ${column((row) => row.contentKey)}::text[]
    ) as line(id, booking_date, value_date, amount, currency, counterparty_name, counterparty_iban,
      counterparty_bic, description, reference, bank_reference, end_to_end_id, transaction_code, content_key)
    on conflict do nothing
    returning id`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

/** PostgreSQL text cannot hold NUL; banks' free text sometimes does. */
const clean = (value: string | null) =>
  value === null ? null : value.replaceAll("\u0000", "").trim() || null;

/**
 * MT940 and CAMT state the opening balance: it must continue the previous statement's closing balance. When it
 * does not, a statement is missing (or the file is of another account) — the import goes on and says so.
 */
async function continuityWarning(
  tx: Database,
  account: BankAccountRef,
  statement: ParsedStatement,
): Promise<string | null> {
  if (statement.openingBalanceCents === null || statement.openingDate === null) return null;
  const [previous] = await tx
    .select({
      closingBalance: bankStatements.closingBalance,
      closingDate: bankStatements.closingDate,
      statementNumber: bankStatements.statementNumber,
    })
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.bankAccountId, account.id),
        isNotNull(bankStatements.closingBalance),
        lte(bankStatements.closingDate, statement.openingDate),
      ),
    )
    .orderBy(desc(bankStatements.closingDate), desc(bankStatements.createdAt))
    .limit(1);
  if (!previous) return null;
  const closing = parseCents(previous.closingBalance!)!;
  if (closing === statement.openingBalanceCents) return null;
  const name = statement.statementNumber ? `Afschrift ${statement.statementNumber}` : "Het afschrift";
  return (
    `${name} (${account.name}): het beginsaldo ${formatEuro(statement.openingBalanceCents)} sluit niet aan op ` +
    `het eindsaldo ${formatEuro(closing)} van het vorige afschrift; verschil ` +
    `${formatEuro(statement.openingBalanceCents - closing)}. Mist er een afschrift?`
  );
}
