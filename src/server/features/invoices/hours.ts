import { addDays, businessDate } from "../../../shared/dates";
import { formatDate } from "../../../shared/format";
import { hoursToLines, type BillableEntryInput } from "../../../shared/invoices/hours";
import { computeTotals } from "../../../shared/invoices/math";
import { korAppliesOn } from "../../../shared/kor";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type {
  BillableEntry,
  BillableHoursQuery,
  HoursInvoiceInput,
  InvoiceDetail,
} from "../../../shared/schemas/invoices";
import type { TimeEntry } from "../../../shared/schemas/time-tracking";
import type { Database } from "../../db/client";
import { invoices, invoiceTimeEntries } from "../../db/schema/index";
import { listProjects } from "../projects/service";
import { getKorDates } from "../settings/service";
import { listUninvoicedBillableEntries, markEntriesInvoiced } from "../time-tracking/service";
import { clientForInvoice, getInvoice, insertItems } from "./records";

async function toBillable(db: Database, userId: string, entries: TimeEntry[]): Promise<BillableEntryInput[]> {
  const projectNames = new Map((await listProjects(db, userId)).map((project) => [project.id, project.name]));
  return entries.map((entry) => ({
    id: entry.id,
    date: businessDate(new Date(entry.startTime)),
    projectId: entry.projectId,
    projectName: entry.projectId ? (projectNames.get(entry.projectId) ?? null) : null,
    description: entry.description,
    minutes: entry.duration,
    rateCents: entry.hourlyRate === null ? 0 : parseCents(entry.hourlyRate)!,
  }));
}

/** 'Uren factureren': the client's billable hours that are on no invoice yet. */
export async function listBillableHours(
  db: Database,
  userId: string,
  query: BillableHoursQuery,
): Promise<BillableEntry[]> {
  const entries = await listUninvoicedBillableEntries(db, userId, {
    clientId: query.clientId,
    projectId: query.projectId,
    from: query.from,
    to: query.to,
  });
  const billable = await toBillable(db, userId, entries);
  return billable.map((entry, index) => ({
    id: entry.id,
    date: entry.date,
    projectId: entry.projectId,
    projectName: entry.projectName,
    description: entry.description,
    minutes: entry.minutes,
    hourlyRate: centsToDecimal(entry.rateCents),
    amount: entries[index]!.amount,
  }));
}

/**
 * Turns the chosen entries into a draft invoice in one transaction: the entries are marked invoiced (refused
 * if any was taken meanwhile), linked to the invoice, and the lines are hours × rate. The supply period is the
 * span of the entries (Wet OB art. 35a: supply date or period).
 */
export async function createInvoiceFromHours(
  db: Database,
  userId: string,
  input: HoursInvoiceInput,
  now: Date,
): Promise<InvoiceDetail> {
  const client = await clientForInvoice(db, userId, input.clientId);
  const issueDate = businessDate(now);
  const vatCategory = korAppliesOn(await getKorDates(db, userId), issueDate) ? "exempt" : "21";
  const id = await db.transaction(async (tx) => {
    const entries = await markEntriesInvoiced(tx, userId, client.id, input.entryIds);
    const billable = await toBillable(tx, userId, entries);
    const lines = hoursToLines(billable, input.grouping, vatCategory);
    const totals = computeTotals(lines);
    const dates = billable.map((entry) => entry.date).sort();
    const period =
      dates[0] === dates.at(-1) ? null : `Periode: ${formatDate(dates[0]!)} t/m ${formatDate(dates.at(-1)!)}`;
    const [row] = await tx
      .insert(invoices)
      .values({
        userId,
        clientId: client.id,
        issueDate,
        dueDate: addDays(issueDate, client.paymentTermsDays),
        supplyDate: dates.at(-1)!,
        subtotal: centsToDecimal(totals.subtotal),
        taxAmount: centsToDecimal(totals.taxAmount),
        total: centsToDecimal(totals.total),
        status: "draft",
        notes: period,
      })
      .returning({ id: invoices.id });
    await insertItems(tx, userId, row!.id, lines);
    await tx
      .insert(invoiceTimeEntries)
      .values(entries.map((entry) => ({ invoiceId: row!.id, timeEntryId: entry.id, userId })));
    return row!.id;
  });
  return getInvoice(db, userId, id);
}
