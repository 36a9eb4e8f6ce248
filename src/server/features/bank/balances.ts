/**
 * The bank's word beside the books': per account the latest closing balance a statement stated, Balans's balance
 * on that day, and what is still to handle up to then. When the three do not add up, a statement is missing or
 * something was booked twice — the screen says so.
 */
import { and, count, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type {
  BankAccountReconciliation,
  BankStatementSummary,
} from "../../../shared/schemas/bank-statements";
import type { Database } from "../../db/client";
import { bankAccounts, bankStatementLines, bankStatements } from "../../db/schema/index";
import { bankAccountBalanceAt, listBankAccountRefs } from "./accounts";

/** The imported statements, newest first: the latest 200 for the screen, all of them for the data export. */
export async function listStatements(
  db: Database,
  userId: string,
  limit: number | null = 200,
): Promise<BankStatementSummary[]> {
  const query = db
    .select({ statement: bankStatements, accountName: bankAccounts.name })
    .from(bankStatements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatements.bankAccountId))
    .where(eq(bankStatements.userId, userId))
    .orderBy(desc(bankStatements.createdAt), desc(bankStatements.closingDate));
  const rows = limit === null ? await query : await query.limit(limit);
  const decimal = (value: string | null) => (value === null ? null : centsToDecimal(parseCents(value)!));
  return rows.map(({ statement, accountName }) => ({
    id: statement.id,
    bankAccountId: statement.bankAccountId,
    bankAccountName: accountName,
    formatLabel: statement.format,
    fileName: statement.fileName,
    statementNumber: statement.statementNumber,
    openingBalance: decimal(statement.openingBalance),
    closingBalance: decimal(statement.closingBalance),
    closingDate: statement.closingDate,
    newLines: statement.newLines,
    importedAt: statement.createdAt.toISOString(),
  }));
}

/** How many statements the user has imported. */
export async function countStatements(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(bankStatements)
    .where(eq(bankStatements.userId, userId));
  return row!.count;
}

export async function reconcileAccounts(db: Database, userId: string): Promise<BankAccountReconciliation[]> {
  const accounts = await listBankAccountRefs(db, userId);
  const result: BankAccountReconciliation[] = [];
  for (const account of accounts) {
    const [latest] = await db
      .select({ balance: bankStatements.closingBalance, date: bankStatements.closingDate })
      .from(bankStatements)
      .where(and(eq(bankStatements.bankAccountId, account.id), isNotNull(bankStatements.closingBalance)))
      .orderBy(desc(bankStatements.closingDate), desc(bankStatements.createdAt))
      .limit(1);
    const day = latest?.date ?? null;
    const [open] = await db
      .select({ total: sql<string>`coalesce(sum(${bankStatementLines.amount}), 0)::text` })
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.bankAccountId, account.id),
          isNull(bankStatementLines.booking),
          day ? lte(bankStatementLines.bookingDate, day) : undefined,
        ),
      );
    const unhandled = parseCents(open!.total)!;
    if (!latest || !day) {
      result.push({
        bankAccountId: account.id,
        name: account.name,
        iban: account.iban,
        bankBalance: null,
        bankBalanceDate: null,
        booksBalance: null,
        unhandled: centsToDecimal(unhandled),
        difference: null,
      });
      continue;
    }
    const bank = parseCents(latest.balance!)!;
    const books = await bankAccountBalanceAt(db, userId, account.id, day);
    result.push({
      bankAccountId: account.id,
      name: account.name,
      iban: account.iban,
      bankBalance: centsToDecimal(bank),
      bankBalanceDate: day,
      booksBalance: centsToDecimal(books),
      unhandled: centsToDecimal(unhandled),
      difference: centsToDecimal(bank - books - unhandled),
    });
  }
  return result;
}
