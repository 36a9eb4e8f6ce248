/**
 * The dashboard (spec §2.11, made real by decisions.md). Every figure comes from the user's own records:
 * 1. Revenue, expenses and profit of the chosen period and the chart per month: from the ledger.
 * 2. 'Te ontvangen': open sales invoices now, against the open amount at the end of last month.
 * 3. 'Te betalen': the open amounts of the booked purchase invoices (their sum is Crediteuren).
 * 4. The VAT card: 5g of this quarter's VAT return (the ledger's), against last quarter's.
 * 5. 'Gefactureerde uren': billable hours this month, against last month.
 * 6. Bank accounts with their balances in the books, and the five latest transactions with their clients.
 */
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
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
import { receivablesAt } from "../invoices/service";
import { bankBalances, monthlyRevenueAndExpenses } from "../ledger/queries";
import { vatPayableEuros } from "../vat-returns/queries";
import { countOpenLines } from "../bank/lines";
import { openPurchaseInvoices } from "../purchase-invoices/records";

/** 5g of a quarter's VAT return in cents (whole euros, as filed): positive to pay, negative to reclaim. */
async function vatPayable(db: Database, userId: string, quarter: Quarter): Promise<number> {
  return (await vatPayableEuros(db, userId, quarter)) * 100;
}

const RECENT_TRANSACTIONS = 5;

/** 'Te ontvangen' now and at the end of last month: the open amounts as the invoices compute them. */
async function receivables(db: Database, userId: string, today: string) {
  const lastMonthEnd = addDays(monthStart(today), -1);
  const [now, before] = await Promise.all([
    receivablesAt(db, userId, null),
    receivablesAt(db, userId, lastMonthEnd),
  ]);
  return {
    amount: centsToDecimal(now.amountCents),
    count: now.count,
    previous: centsToDecimal(before.amountCents),
    changePercent: changePercent(now.amountCents, before.amountCents),
  };
}

/** Billable minutes of this month and of last month, in one query. */
async function billableMinutes(db: Database, userId: string, thisMonth: DateRange, lastMonth: DateRange) {
  const startOfThisMonth = businessMoment(thisMonth.from);
  const [row] = await db
    .select({
      now: sql<number>`coalesce(sum(${timeEntries.duration}) filter (where ${timeEntries.startTime} >= ${startOfThisMonth}), 0)`.mapWith(
        Number,
      ),
      before:
        sql<number>`coalesce(sum(${timeEntries.duration}) filter (where ${timeEntries.startTime} < ${startOfThisMonth}), 0)`.mapWith(
          Number,
        ),
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.userId, userId),
        eq(timeEntries.isBillable, true),
        gte(timeEntries.startTime, businessMoment(lastMonth.from)),
        lt(timeEntries.startTime, businessMoment(addDays(thisMonth.to, 1))),
      ),
    );
  return { now: row?.now ?? 0, before: row?.before ?? 0 };
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

/** Any invoice or time entry (called only when there is no transaction, which says enough). */
async function hasInvoicesOrHours(db: Database, userId: string): Promise<boolean> {
  const found = await Promise.all([
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

  const [monthly, open, vatNow, vatBefore, minutes, accounts, recent, bankLinesToHandle, toPay] =
    await Promise.all([
      monthlyRevenueAndExpenses(db, userId, range),
      receivables(db, userId, today),
      vatPayable(db, userId, quarter),
      vatPayable(db, userId, previousQuarter),
      billableMinutes(db, userId, thisMonth, lastMonth),
      bankBalances(db, userId, { date: today }),
      recentTransactions(db, userId),
      countOpenLines(db, userId),
      openPurchaseInvoices(db, userId),
    ]);
  const hasRecords = recent.length > 0 || (await hasInvoicesOrHours(db, userId));
  const minutesNow = minutes.now;
  const minutesBefore = minutes.before;
  // The range is whole months, so the period's profit and loss is the sum of the chart's months.
  const totalRevenueCents = monthly.reduce((sum, month) => sum + month.revenueCents, 0);
  const totalExpensesCents = monthly.reduce((sum, month) => sum + month.expensesCents, 0);

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
    totalRevenue: centsToDecimal(totalRevenueCents),
    totalExpenses: centsToDecimal(totalExpensesCents),
    netProfit: centsToDecimal(totalRevenueCents - totalExpensesCents),
    billableHours: toHours(minutesNow),
    receivables: open,
    payables: {
      amount: centsToDecimal(toPay.reduce((sum, invoice) => sum + invoice.openCents, 0)),
      count: toPay.length,
    },
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
    bankLinesToHandle,
    recentTransactions: recent,
    isEmpty: !hasRecords,
  };
}
