/**
 * The dashboard (spec §2.11, made real by decisions.md). Every figure comes from the user's own records:
 * 1. Revenue, expenses and profit of the chosen period and the chart per month: from the ledger.
 * 2. 'Te ontvangen': open sales invoices now, against the open amount at the end of last month.
 * 3. 'Te betalen': open purchase invoices (none can be booked yet, so zero, and the card says so).
 * 4. The VAT card: 5g of this quarter's VAT return (the ledger's), against last quarter's.
 * 5. 'Gefactureerde uren': billable hours this month, against last month.
 * 6. Bank accounts with their balances in the books, and the five latest transactions with their clients.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { addDays, businessDate, businessMoment } from "../../../shared/dates";
import { centsToDecimal, parseCents } from "../../../shared/money";
import {
  changePercent,
  dashboardRange,
  monthEnd,
  monthLabel,
  monthStart,
  monthsOf,
  previousQuarterOf,
  quarterOf,
  type DashboardPeriod,
  type DateRange,
  type Quarter,
} from "../../../shared/periods";
import type { DashboardMetrics } from "../../../shared/schemas/dashboard";
import type { Database } from "../../db/client";
import { clients, invoices, timeEntries, transactions } from "../../db/schema/index";
import { bankBalances, monthlyRevenueAndExpenses, profitAndLoss, vatReturn } from "../ledger/queries";

/** 5g of a quarter's VAT return in cents (whole euros, as filed): positive to pay, negative to reclaim. */
async function vatPayable(db: Database, userId: string, quarter: Quarter, today: string): Promise<number> {
  const vat = await vatReturn(db, userId, `${quarter.year}-Q${quarter.quarter}`, today);
  return (vat?.totalEuros ?? 0) * 100;
}

const RECENT_TRANSACTIONS = 5;

/** An open sales invoice: issued, not paid, not a credit note and not credited (as the overdue job decides). */
function openInvoiceConditions(userId: string): SQL {
  const credit = sql.raw('"credit"');
  return sql`${invoices.userId} = ${userId} and ${invoices.status} in ('sent', 'overdue')
    and ${invoices.creditNoteForNumber} is null
    and not exists (select 1 from ${invoices} as ${credit} where ${credit}.credit_note_for_id = ${invoices.id})`;
}

/** What was open at the end of `day`: issued by then, and paid (if at all) after it, and not credited by then. */
function openOnConditions(userId: string, day: string): SQL {
  const credit = sql.raw('"credit"');
  return sql`${invoices.userId} = ${userId} and ${invoices.status} <> 'draft'
    and ${invoices.issueDate} <= ${day}
    and ${invoices.creditNoteForNumber} is null
    and (${invoices.status} in ('sent', 'overdue') or ${invoices.paidDate} > ${day})
    and not exists (select 1 from ${invoices} as ${credit}
      where ${credit}.credit_note_for_id = ${invoices.id} and ${credit}.issue_date <= ${day})`;
}

async function receivables(db: Database, userId: string, today: string) {
  const lastMonthEnd = addDays(monthStart(today), -1);
  const [row] = await db
    .select({
      amount: sql<string>`coalesce(sum(${invoices.total}) filter (where ${openInvoiceConditions(userId)}), 0)::text`,
      count: sql<number>`count(*) filter (where ${openInvoiceConditions(userId)})`.mapWith(Number),
      previous: sql<string>`coalesce(sum(${invoices.total}) filter (where ${openOnConditions(userId, lastMonthEnd)}), 0)::text`,
    })
    .from(invoices)
    .where(eq(invoices.userId, userId));
  const amount = parseCents(row!.amount)!;
  const previous = parseCents(row!.previous)!;
  return {
    amount: centsToDecimal(amount),
    count: row!.count,
    previous: centsToDecimal(previous),
    changePercent: changePercent(amount, previous),
  };
}

async function billableMinutes(db: Database, userId: string, range: DateRange): Promise<number> {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${timeEntries.duration}), 0)`.mapWith(Number) })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.userId, userId),
        eq(timeEntries.isBillable, true),
        gte(timeEntries.startTime, businessMoment(range.from)),
        lt(timeEntries.startTime, businessMoment(addDays(range.to, 1))),
      ),
    );
  return row?.minutes ?? 0;
}

const toHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

async function recentTransactions(db: Database, userId: string) {
  const rows = await db
    .select({
      id: transactions.id,
      date: transactions.date,
      description: transactions.description,
      type: transactions.type,
      amountIncludingVat: transactions.amountIncludingVat,
      clientName: clients.name,
    })
    .from(transactions)
    .leftJoin(clients, eq(clients.id, transactions.clientId))
    .where(and(eq(transactions.userId, userId), eq(transactions.isRecurring, false)))
    .orderBy(desc(transactions.date), desc(transactions.id))
    .limit(RECENT_TRANSACTIONS);
  return rows.map((row) => ({
    ...row,
    amountIncludingVat: centsToDecimal(parseCents(row.amountIncludingVat)!),
  }));
}

async function hasAnyRecords(db: Database, userId: string): Promise<boolean> {
  const found = await Promise.all([
    db.select({ id: transactions.id }).from(transactions).where(eq(transactions.userId, userId)).limit(1),
    db.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, userId)).limit(1),
    db.select({ id: timeEntries.id }).from(timeEntries).where(eq(timeEntries.userId, userId)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

export async function getDashboardMetrics(
  db: Database,
  userId: string,
  period: DashboardPeriod,
  now: Date,
): Promise<DashboardMetrics> {
  const today = businessDate(now);
  const range = dashboardRange(period, today);
  const thisMonth = { from: monthStart(today), to: monthEnd(today) };
  const lastMonthDay = addDays(thisMonth.from, -1);
  const lastMonth = { from: monthStart(lastMonthDay), to: lastMonthDay };
  const quarter = quarterOf(today);
  const previousQuarter = previousQuarterOf(today);

  const [pnl, monthly, open, vatNow, vatBefore, minutesNow, minutesBefore, accounts, recent, hasRecords] =
    await Promise.all([
      profitAndLoss(db, userId, range),
      monthlyRevenueAndExpenses(db, userId, range),
      receivables(db, userId, today),
      vatPayable(db, userId, quarter, today),
      vatPayable(db, userId, previousQuarter, today),
      billableMinutes(db, userId, thisMonth),
      billableMinutes(db, userId, lastMonth),
      bankBalances(db, userId, { date: today }),
      recentTransactions(db, userId),
      hasAnyRecords(db, userId),
    ]);

  const byMonth = new Map(monthly.map((entry) => [entry.month, entry]));
  const chart = monthsOf(range).map((month) => {
    const entry = byMonth.get(month);
    // Whole euros with cents as a decimal fraction, for the chart's axis only; labels use the cents.
    return {
      month,
      label: monthLabel(month),
      omzet: (entry?.revenueCents ?? 0) / 100,
      uitgaven: (entry?.expensesCents ?? 0) / 100,
    };
  });
  const accountsTotal = accounts.reduce((sum, account) => sum + account.balanceCents, 0);

  return {
    period,
    from: range.from,
    to: range.to,
    totalRevenue: centsToDecimal(pnl.totalRevenueCents),
    totalExpenses: centsToDecimal(pnl.totalExpensesCents),
    netProfit: centsToDecimal(pnl.netProfitCents),
    billableHours: toHours(minutesNow),
    receivables: open,
    payables: { amount: "0.00", count: 0, isAvailable: false },
    vat: {
      amount: centsToDecimal(vatNow),
      label: quarter.label,
      previous: centsToDecimal(vatBefore),
      previousLabel: previousQuarter.label,
      changePercent: changePercent(vatNow, vatBefore),
    },
    hours: {
      hours: toHours(minutesNow),
      previousHours: toHours(minutesBefore),
      changePercent: changePercent(minutesNow, minutesBefore),
    },
    chart,
    accounts: accounts.map((account) => ({
      id: account.bankAccountId,
      name: account.name,
      iban: account.iban,
      balance: centsToDecimal(account.balanceCents),
    })),
    accountsTotal: centsToDecimal(accountsTotal),
    recentTransactions: recent,
    isEmpty: !hasRecords,
  };
}
