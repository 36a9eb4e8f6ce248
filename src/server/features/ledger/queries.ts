/**
 * Reading the books: every figure the reports, the dashboard and the VAT return (vat-returns/queries.ts) show
 * comes from the journal.
 * Money in integer cents; dates 'YYYY-MM-DD', inclusive. Each function filters on the owner first.
 */
import { and, eq, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import { journalLines, ledgerAccounts } from "../../db/schema/index";
import { parseCents } from "../../../shared/money";
import { monthEnd, monthStart, monthsOf, type DateRange } from "../../../shared/periods";
import type { Database } from "../../db/client";
import { addDays } from "../../../shared/dates";
import { rowsOf } from "./posting";
import type { LedgerAccountKind } from "./chart";

export type AccountLine = {
  /** Null on the computed result lines of the balance sheet. */
  accountId: string | null;
  code: string;
  rgsCode: string;
  name: string;
  amountCents: number;
};

export type ProfitAndLoss = {
  revenue: AccountLine[];
  expenses: AccountLine[];
  totalRevenueCents: number;
  totalExpensesCents: number;
  netProfitCents: number;
};

export type BalanceSheet = {
  date: string;
  assets: AccountLine[];
  liabilities: AccountLine[];
  equity: AccountLine[];
  totalAssetsCents: number;
  totalLiabilitiesCents: number;
  totalEquityCents: number;
  /** Profit of the calendar year up to the date (included in equity). */
  resultOfYearCents: number;
  /** Profit of all earlier years not yet moved to capital (included in equity). */
  resultOfPriorYearsCents: number;
};

export type MonthTotals = { month: string; revenueCents: number; expensesCents: number };

export type BankBalance = { bankAccountId: string; name: string; iban: string | null; balanceCents: number };

export type LedgerAccountBalance = {
  id: string;
  code: string;
  rgsCode: string;
  name: string;
  kind: LedgerAccountKind;
  systemKey: string | null;
  bankAccountId: string | null;
  /** Debit minus credit: positive for a debit balance (assets, costs), negative for a credit balance. */
  balanceCents: number;
};

type Range = { from: string; to: string };

/** A sum read as cents (SUM_CENTS) as a number; none is 0. */
export const cents = (text: string | null | undefined) => (text ? Number(text) : 0);

/** Sum of amounts as integer cents, as text (exact; JS numbers are safe far beyond any book's totals). */
export const SUM_CENTS = sql.raw("(coalesce(sum(l.amount), 0) * 100)::bigint::text");

const firstOfNextMonth = (date: string) => addDays(monthEnd(date), 1);

/**
 * The journal amounts of a date range as rows (account_id, vat_box, month, amount): the whole months from the
 * month totals, the days at either edge from the lines themselves. '' is "no rubriek".
 */
export function journalAmounts(userId: string, range: { from?: string | undefined; to: string }): SQL {
  const from = range.from ?? "0001-01-01";
  const to = range.to;
  const firstFull = from.endsWith("-01") ? from : firstOfNextMonth(from);
  const lastFullMonth = addDays(to, 1).endsWith("-01")
    ? monthStart(to)
    : monthStart(addDays(monthStart(to), -1));
  const edges: Array<[string, string]> = [];
  let months: [string, string] | null = null;
  if (firstFull > lastFullMonth) {
    edges.push([from, to]);
  } else {
    months = [firstFull, lastFullMonth];
    if (from < firstFull) edges.push([from, addDays(firstFull, -1)]);
    const lastFullEnd = monthEnd(lastFullMonth);
    if (to > lastFullEnd) edges.push([addDays(lastFullEnd, 1), to]);
  }
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`select t.account_id, t.vat_box, t.month, t.amount from journal_month_totals t
      where t.user_id = ${userId}::uuid and t.month between ${months[0]}::date and ${months[1]}::date`);
  }
  for (const [start, end] of edges) {
    parts.push(sql`select j.account_id, coalesce(j.vat_box, '') as vat_box,
        date_trunc('month', j.date)::date as month, j.amount
      from journal_lines j
      where j.user_id = ${userId}::uuid and j.date between ${start}::date and ${end}::date`);
  }
  return sql.join(parts, sql` union all `);
}

type AccountSumRow = {
  id: string;
  code: string;
  rgs_code: string;
  name: string;
  kind: LedgerAccountKind;
  system_key: string | null;
  bank_account_id: string | null;
  total: string;
};

async function sumsPerAccount(
  db: Database,
  userId: string,
  range: { from?: string; to: string },
  kinds: readonly LedgerAccountKind[],
): Promise<AccountSumRow[]> {
  const kindList = sql`${`{${kinds.join(",")}}`}::ledger_account_kind[]`;
  const result = await db.execute(sql`
    select a.id, a.code, a.rgs_code, a.name, a.kind, a.system_key, a.bank_account_id, s.total
    from (select l.account_id, ${SUM_CENTS} as total
          from (${journalAmounts(userId, range)}) l
          group by l.account_id) s
    join ledger_accounts a on a.id = s.account_id
    where a.kind = any(${kindList})
    order by a.code`);
  return rowsOf<AccountSumRow>(result);
}

const toLine = (row: AccountSumRow, sign: 1 | -1): AccountLine => ({
  accountId: row.id,
  code: row.code,
  rgsCode: row.rgs_code,
  name: row.name,
  amountCents: sign * cents(row.total),
});

const total = (lines: readonly AccountLine[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);

/** Winst & verlies: revenue (credit) and costs (debit) per account in the range. */
export async function profitAndLoss(db: Database, userId: string, range: Range): Promise<ProfitAndLoss> {
  const rows = await sumsPerAccount(db, userId, range, ["revenue", "expense"]);
  const revenue = rows
    .filter((row) => row.kind === "revenue" && row.total !== "0")
    .map((row) => toLine(row, -1));
  const expenses = rows
    .filter((row) => row.kind === "expense" && row.total !== "0")
    .map((row) => toLine(row, 1));
  const totalRevenueCents = total(revenue);
  const totalExpensesCents = total(expenses);
  return {
    revenue,
    expenses,
    totalRevenueCents,
    totalExpensesCents,
    netProfitCents: totalRevenueCents - totalExpensesCents,
  };
}

/** The day before the calendar year of the date starts. */
const endOfPreviousYear = (date: string) => `${Number(date.slice(0, 4)) - 1}-12-31`;

/** Balans at the end of the date: assets = liabilities + equity (with the results), always. */
export async function balanceSheet(
  db: Database,
  userId: string,
  { date }: { date: string },
): Promise<BalanceSheet> {
  const rows = await sumsPerAccount(db, userId, { to: date }, [
    "asset",
    "liability",
    "equity",
    "revenue",
    "expense",
  ]);
  const nonZero = rows.filter((row) => row.total !== "0");
  const assets = nonZero.filter((row) => row.kind === "asset").map((row) => toLine(row, 1));
  const liabilities = nonZero.filter((row) => row.kind === "liability").map((row) => toLine(row, -1));
  // Verwerkte resultaten holds what closed years moved to Eigen vermogen: it is shown within 'Resultaat
  // voorgaande jaren', which then holds only the results of years not yet closed.
  const isClosedResults = (row: AccountSumRow) => row.system_key === "closed_results";
  const equity = nonZero
    .filter((row) => row.kind === "equity" && !isClosedResults(row))
    .map((row) => toLine(row, -1));
  const closedCents = -cents(nonZero.find(isClosedResults)?.total ?? "0");
  const resultToDate = -nonZero
    .filter((row) => row.kind === "revenue" || row.kind === "expense")
    .reduce((sum, row) => sum + cents(row.total), 0);
  const prior = await profitAndLoss(db, userId, { from: "0001-01-01", to: endOfPreviousYear(date) });
  const resultOfYearCents = resultToDate - prior.netProfitCents;
  const resultOfPriorYearsCents = prior.netProfitCents + closedCents;
  if (resultOfPriorYearsCents !== 0) {
    equity.push({
      accountId: null,
      code: "",
      rgsCode: "BEivOvr",
      name: "Resultaat voorgaande jaren",
      amountCents: resultOfPriorYearsCents,
    });
  }
  equity.push({
    accountId: null,
    code: "",
    rgsCode: "BEivWin",
    name: `Resultaat boekjaar ${date.slice(0, 4)}`,
    amountCents: resultOfYearCents,
  });
  return {
    date,
    assets,
    liabilities,
    equity,
    totalAssetsCents: total(assets),
    totalLiabilitiesCents: total(liabilities),
    totalEquityCents: total(equity),
    resultOfYearCents,
    resultOfPriorYearsCents,
  };
}

/** Every month from the month of `from` to the month of `to`: "YYYY-MM". */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) return months;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** Revenue and costs per month in the range (every month, zeros included). */
export async function monthlyRevenueAndExpenses(
  db: Database,
  userId: string,
  range: Range,
): Promise<MonthTotals[]> {
  const result = await db.execute(sql`
    select to_char(l.month, 'YYYY-MM') as month,
      (coalesce(-sum(l.amount) filter (where a.kind = 'revenue'), 0) * 100)::bigint::text as revenue,
      (coalesce(sum(l.amount) filter (where a.kind = 'expense'), 0) * 100)::bigint::text as expenses
    from (${journalAmounts(userId, range)}) l
    join ledger_accounts a on a.id = l.account_id
    where a.kind in ('revenue', 'expense')
    group by 1`);
  const byMonth = new Map(
    rowsOf<{ month: string; revenue: string; expenses: string }>(result).map((row) => [row.month, row]),
  );
  return monthsBetween(range.from, range.to).map((month) => ({
    month,
    revenueCents: cents(byMonth.get(month)?.revenue),
    expensesCents: cents(byMonth.get(month)?.expenses),
  }));
}

/** The balance of every bank account at the end of the date, from the books. */
export async function bankBalances(
  db: Database,
  userId: string,
  { date }: { date: string },
): Promise<BankBalance[]> {
  const result = await db.execute(sql`
    select b.id, b.name, b.iban, coalesce(s.total, '0') as balance
    from bank_accounts b
    join ledger_accounts a on a.bank_account_id = b.id
    left join (select l.account_id, ${SUM_CENTS} as total from (${journalAmounts(userId, { to: date })}) l
               group by l.account_id) s on s.account_id = a.id
    where b.user_id = ${userId}::uuid
    order by b.is_default desc, b.name`);
  return rowsOf<{ id: string; name: string; iban: string | null; balance: string }>(result).map((row) => ({
    bankAccountId: row.id,
    name: row.name,
    iban: row.iban,
    balanceCents: cents(row.balance),
  }));
}

/** The chart of accounts with each account's balance at the end of the date. */
export async function listAccountBalances(
  db: Database,
  userId: string,
  { date }: { date: string },
): Promise<LedgerAccountBalance[]> {
  const result = await db.execute(sql`
    select a.id, a.code, a.rgs_code, a.name, a.kind, a.system_key, a.bank_account_id,
      coalesce(s.total, '0') as total
    from ledger_accounts a
    left join (select l.account_id, ${SUM_CENTS} as total from (${journalAmounts(userId, { to: date })}) l
               group by l.account_id) s
      on s.account_id = a.id
    where a.user_id = ${userId}::uuid
    order by a.code`);
  return rowsOf<AccountSumRow>(result).map((row) => ({
    id: row.id,
    code: row.code,
    rgsCode: row.rgs_code,
    name: row.name,
    kind: row.kind,
    systemKey: row.system_key,
    bankAccountId: row.bank_account_id,
    balanceCents: cents(row.total),
  }));
}

export interface MonthlyCashflow {
  month: string;
  inCents: number;
  outCents: number;
}

/**
 * Money in and out per month of the range, from the books: the journal lines on the bank accounts, Kas and
 * Kruisposten (completed transactions and invoice payments, VAT included), without the opening balances.
 */
export async function cashflowPerMonth(
  db: Database,
  userId: string,
  range: DateRange,
): Promise<MonthlyCashflow[]> {
  const isCash = sql`(${ledgerAccounts.bankAccountId} is not null or ${ledgerAccounts.systemKey} in ('cash', 'suspense'))`;
  const rows = await db
    .select({
      month: sql<string>`to_char(${journalLines.date}, 'YYYY-MM')`,
      in: sql<string>`coalesce(sum(${journalLines.amount}) filter (where ${journalLines.amount} > 0), 0)::text`,
      out: sql<string>`coalesce(-sum(${journalLines.amount}) filter (where ${journalLines.amount} < 0), 0)::text`,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(
      and(
        eq(journalLines.userId, userId),
        gte(journalLines.date, range.from),
        lte(journalLines.date, range.to),
        ne(journalLines.sourceType, "opening_balance"),
        isCash,
      ),
    )
    .groupBy(sql`1`);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return monthsOf(range).map((month) => {
    const row = byMonth.get(month);
    return { month, inCents: row ? parseCents(row.in)! : 0, outCents: row ? parseCents(row.out)! : 0 };
  });
}

/**
 * The Debiteuren balance per sales invoice (its sub-ledger): the invoice's own entry, its credit notes' entries,
 * its payments and the bank transactions that paid it. Invoices with a zero balance are left out. It must
 * equal each invoice's open amount (invoices/settlement.ts).
 */
export async function receivablesByInvoice(db: Database, userId: string): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select coalesce(credit.credit_note_for_id, paid.invoice_id, l.source_id) as invoice_id,
      sum(l.amount)::text as amount
    from journal_lines l
    join ledger_accounts a on a.id = l.account_id and a.system_key = 'receivables'
    left join invoices credit on l.source_type = 'invoice' and credit.id = l.source_id
      and credit.credit_note_for_id is not null
    left join transactions paid on l.source_type = 'transaction' and paid.id = l.source_id
    where l.user_id = ${userId}::uuid
    group by 1
    having sum(l.amount) <> 0`);
  return new Map(
    rowsOf<{ invoice_id: string; amount: string }>(result).map((row) => [
      row.invoice_id,
      parseCents(row.amount)!,
    ]),
  );
}
