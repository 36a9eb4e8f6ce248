/**
 * The notification bell (spec §2.10, decisions.md): what needs the user's attention now, computed from the
 * records themselves on every request, so a notification disappears as soon as its cause is resolved.
 * 1. Overdue sales invoices (past their due date, not paid, not credited).
 * 2. A VAT return due within 14 days, or past its deadline and not filed; a correction of a filed return still open.
 * 3. A timer running for more than 12 hours.
 * 4. Bank lines still to handle ('Af te handelen').
 * 5. Imports that failed or left rows out, until their report is read.
 * 6. Quotes a client accepted, until they are turned into an invoice.
 */
import { and, desc, eq, isNull, lt, or, sql, gt } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates";
import { formatDate, formatEuro } from "../../../shared/format";
import { parseCents } from "../../../shared/money";
import {
  TIMER_FORGOTTEN_HOURS,
  VAT_DUE_WARNING_DAYS,
  type Notification,
  type NotificationList,
} from "../../../shared/schemas/notifications";
import { IMPORT_REPORT_PARAM } from "../../../shared/schemas/imports";
import { APP_ROUTES } from "../../../shared/routes";
import type { Database } from "../../db/client";
import { clients, invoices } from "../../db/schema/index";
import { countOpenLines } from "../bank/lines";
import { listUnreadImportReports } from "../imports/service";
import { vatPeriodsOf } from "../vat-returns/queries";
import { openVatCorrections } from "../vat-returns/corrections";
import { openPurchaseInvoices } from "../purchase-invoices/records";
import { acceptedQuotesToInvoice } from "../quotes/service";
import { getTimer } from "../time-tracking/timer";

/** The bell lists this many overdue invoices by name; the count covers them all. */
const LISTED_INVOICES = 10;

async function overdueInvoices(
  db: Database,
  userId: string,
  today: string,
): Promise<{ count: number; items: Notification[] }> {
  const isOverdue = and(
    eq(invoices.userId, userId),
    or(eq(invoices.status, "overdue"), and(eq(invoices.status, "sent"), lt(invoices.dueDate, today))),
    // Something is still open (credit notes never are; a credited or paid invoice is settled).
    isNull(invoices.creditNoteForNumber),
    gt(invoices.openAmount, "0"),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        dueDate: invoices.dueDate,
        total: invoices.openAmount,
        clientName: sql<string | null>`coalesce(${clients.name}, ${invoices.clientSnapshot}->>'name')`,
      })
      .from(invoices)
      .leftJoin(clients, eq(clients.id, invoices.clientId))
      .where(isOverdue)
      .orderBy(invoices.dueDate, desc(invoices.invoiceNumber))
      .limit(LISTED_INVOICES),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(invoices)
      .where(isOverdue),
  ]);
  return {
    count: counted?.count ?? 0,
    items: rows.map((row) => ({
      id: `invoice-${row.id}`,
      kind: "invoice_overdue" as const,
      title: `Factuur ${row.invoiceNumber} is verlopen`,
      description: `${row.clientName ?? "Klant"} · ${formatEuro(parseCents(row.total)!)} · vervallen op ${formatDate(row.dueDate)}`,
      href: APP_ROUTES.invoices,
    })),
  };
}

async function forgottenTimer(db: Database, userId: string, now: Date): Promise<Notification[]> {
  const timer = await getTimer(db, userId, now);
  if (timer.state !== "running" || timer.workedMilliseconds <= TIMER_FORGOTTEN_HOURS * 3_600_000) return [];
  const hours = Math.floor(timer.workedMilliseconds / 3_600_000);
  return [
    {
      id: "timer-running",
      kind: "timer_running",
      title: `De timer loopt al ${hours} uur`,
      description: `${timer.description || "Timer"} · vergeten te stoppen?`,
      href: APP_ROUTES.timeTracking,
    },
  ];
}

/**
 * VAT returns of this year and last (last year's final period is due in January) that are late, or due within
 * 14 days, with the states of the taxes screen: a period before the administration's start is neither, nor is
 * one wholly inside the KOR (state kor).
 */
async function vatReturnsDue(db: Database, userId: string, today: string): Promise<Notification[]> {
  const year = Number(today.slice(0, 4));
  const [lastYear, thisYear] = await Promise.all([
    vatPeriodsOf(db, userId, year - 1, today),
    vatPeriodsOf(db, userId, year, today),
  ]);
  const warnFrom = addDays(today, VAT_DUE_WARNING_DAYS);
  return [...lastYear.periods, ...thisYear.periods]
    .filter((period) => period.state === "late" || (period.state === "due" && period.deadline <= warnFrom))
    .map((period) => ({
      id: `vat-${period.id}`,
      kind: period.state === "late" ? ("vat_late" as const) : ("vat_due" as const),
      title:
        period.state === "late"
          ? `Btw-aangifte ${period.label} is te laat`
          : `Btw-aangifte ${period.label} indienen`,
      description: `Uiterlijk ${formatDate(period.deadline)} · ${
        period.totalEuros < 0
          ? `${formatEuro(-period.totalEuros * 100)} terug te vragen`
          : `${formatEuro(period.totalEuros * 100)} te betalen`
      }`,
      href: APP_ROUTES.vatReturns,
    }));
}

/** A correction of a filed return still open: the period takes bookings until it is resolved. */
async function vatCorrectionsOpen(db: Database, userId: string): Promise<Notification[]> {
  return (await openVatCorrections(db, userId)).map((correction) => ({
    id: `vat-correction-${correction.period}`,
    kind: "vat_correction" as const,
    title: `Correctie btw-aangifte ${correction.label} loopt`,
    description: `Rond hem af; een suppletie dien je uiterlijk ${formatDate(correction.deadline)} in`,
    href: APP_ROUTES.vatReturns,
  }));
}

async function openBankLines(db: Database, userId: string): Promise<Notification[]> {
  const count = await countOpenLines(db, userId);
  if (count === 0) return [];
  return [
    {
      id: "bank-lines-open",
      kind: "bank_lines_open",
      title: count === 1 ? "1 bankregel af te handelen" : `${count} bankregels af te handelen`,
      description: "Koppel ze aan facturen of categorieën",
      href: APP_ROUTES.bank,
    },
  ];
}

async function failedImports(db: Database, userId: string, now: Date): Promise<Notification[]> {
  const reports = await listUnreadImportReports(db, userId, now);
  return reports.map((report) => {
    const file = report.fileName
      ? `'${report.fileName}'`
      : report.source === "bank"
        ? "het afschrift"
        : "het bestand";
    const screen = report.source === "bank" ? APP_ROUTES.bank : APP_ROUTES.transactions;
    return {
      id: `import-${report.id}`,
      kind: "import_failed" as const,
      title: report.refused ? `Import van ${file} mislukt` : `Import van ${file} deels mislukt`,
      description: report.refused
        ? `${report.messages[0] ?? "Het bestand is niet ingelezen"} · ${formatDate(businessDate(new Date(report.createdAt)))}`
        : `${report.failed === 1 ? "1 rij" : `${report.failed} rijen`} niet geïmporteerd, ${report.imported} wel · ${formatDate(businessDate(new Date(report.createdAt)))}`,
      href: `${screen}?${IMPORT_REPORT_PARAM}=${report.id}`,
    };
  });
}

/** Purchase invoices to pay within this many days are in the bell, with the overdue ones. */
const PURCHASE_DUE_DAYS = 3;

/** Booked purchase invoices that are overdue or due within three days: one line with their count and sum. */
async function purchasesDue(db: Database, userId: string, today: string): Promise<Notification[]> {
  const horizon = addDays(today, PURCHASE_DUE_DAYS);
  const due = (await openPurchaseInvoices(db, userId)).filter(
    (invoice) => invoice.dueDate !== null && invoice.dueDate <= horizon && invoice.openCents > 0,
  );
  if (due.length === 0) return [];
  const overdue = due.filter((invoice) => invoice.dueDate! < today).length;
  const first = due[0]!;
  const sum = due.reduce((total, invoice) => total + invoice.openCents, 0);
  return [
    {
      id: "purchase-due",
      kind: "purchase_due",
      title:
        due.length === 1
          ? `Inkoopfactuur ${first.supplierName ?? ""} ${first.dueDate! < today ? "is verlopen" : "moet betaald worden"}`.replace(
              /\s+/g,
              " ",
            )
          : `${due.length} inkoopfacturen te betalen`,
      description: `${formatEuro(sum)} · ${overdue > 0 ? `${overdue} verlopen · ` : ""}uiterlijk ${formatDate(first.dueDate!)}`,
      href: APP_ROUTES.purchaseInvoices,
    },
  ];
}

/** Accepted quotes waiting for their invoice: the next step is the user's. */
async function acceptedQuotes(
  db: Database,
  userId: string,
): Promise<{ count: number; items: Notification[] }> {
  const rows = await acceptedQuotesToInvoice(db, userId);
  return {
    count: rows.length,
    items: rows.slice(0, LISTED_INVOICES).map((row) => ({
      id: `quote-${row.id}`,
      kind: "quote_accepted" as const,
      title: `Offerte ${row.quoteNumber} is geaccepteerd`,
      description: `${row.answeredName ? `${row.answeredName} · ` : ""}${row.clientName ?? "Klant"} · ${formatEuro(parseCents(row.total)!)} · zet haar om naar een factuur`,
      href: APP_ROUTES.quotes,
    })),
  };
}

export async function listNotifications(db: Database, userId: string, now: Date): Promise<NotificationList> {
  const today = businessDate(now);
  const [overdue, timer, vat, corrections, bank, imports, purchases, accepted] = await Promise.all([
    overdueInvoices(db, userId, today),
    forgottenTimer(db, userId, now),
    vatReturnsDue(db, userId, today),
    vatCorrectionsOpen(db, userId),
    openBankLines(db, userId),
    failedImports(db, userId, now),
    purchasesDue(db, userId, today),
    acceptedQuotes(db, userId),
  ]);
  const items = [
    ...vat,
    ...corrections,
    ...imports,
    ...timer,
    ...accepted.items,
    ...overdue.items,
    ...purchases,
    ...bank,
  ];
  return {
    count:
      overdue.count +
      timer.length +
      vat.length +
      corrections.length +
      bank.length +
      imports.length +
      purchases.length +
      accepted.count,
    items,
  };
}
