/**
 * Abonnementen: templates from which one invoice per period is made. Period k starts on the k-th occurrence of
 * the start date (src/shared/recurrence.ts, so 31 January monthly gives 28/29 February and 31 March) and ends the
 * day before the next one.
 *
 * Each period is made exactly once, whatever runs twice (a restart, two app instances, a retry):
 * - the unique index (template_id, period_start) on recurring_invoice_runs: the run row is claimed first, with
 *   ON CONFLICT DO NOTHING, in the same savepoint that makes the invoice, so a second claim finds it and stops;
 * - the template's next_period_index moves forward in the job's transaction, so periods already handled (made,
 *   failed, or skipped by a pause) are not looked at again.
 * The invoice itself is made by the invoices feature's own operations: createInvoice (a draft), then for
 * 'meteen versturen' issueInvoice (number, journal entry) and sendInvoice (PDF and e-mail through the outbox).
 */
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates";
import { computeTotals, parseQuantity } from "../../../shared/invoices/math";
import { centsToDecimal, parseCents } from "../../../shared/money";
import { rangeLabel, type DateRange } from "../../../shared/periods";
import { occurrenceDate } from "../../../shared/recurrence";
import { toLineInput, type InvoiceInput, type InvoiceItemInput } from "../../../shared/schemas/invoices";
import {
  RECURRING_INVOICE_MESSAGES as MESSAGES,
  type RecurringInvoice,
  type RecurringInvoiceInput,
  type RecurringInvoiceRun,
  type RecurringInvoiceStatus,
} from "../../../shared/schemas/recurring-invoices";
import { isUuid } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { recurringInvoiceRuns, recurringInvoices, type RecurringInvoiceLine } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { getClient, getClientNames } from "../clients/service";
import { issueInvoice } from "../invoices/issuing";
import { getInvoiceHeads } from "../invoices/records";
import { sendInvoice, type PaymentLinkSource } from "../invoices/sending";
import { createInvoice } from "../invoices/service";

type TemplateRow = typeof recurringInvoices.$inferSelect;
type RunRow = typeof recurringInvoiceRuns.$inferSelect;

/** Users whose templates are handled per round of the job, so one run never holds a huge batch in memory. */
const USERS_PER_BATCH = 200;

/** Shown when a run fails on something other than a rule of the invoice (the detail goes nowhere else). */
export const UNEXPECTED_FAILURE_MESSAGE =
  "Deze factuur kon door een onverwachte fout niet worden gemaakt. Probeer het opnieuw.";

// --- The schedule ---

/** Period `index` of a template, or null when the end date or the number of invoices is reached. */
export function periodOf(
  template: Pick<TemplateRow, "startDate" | "interval" | "endDate" | "invoiceCount">,
  index: number,
): DateRange | null {
  if (template.invoiceCount !== null && index >= template.invoiceCount) return null;
  const from = occurrenceDate(template.startDate, template.interval, index);
  if (template.endDate !== null && from > template.endDate) return null;
  return { from, to: addDays(occurrenceDate(template.startDate, template.interval, index + 1), -1) };
}

/** The first period index starting on or after `day` (for resuming: what passed while paused is skipped). */
function firstIndexFrom(template: TemplateRow, day: string): number {
  let index = template.nextPeriodIndex;
  while (occurrenceDate(template.startDate, template.interval, index) < day) index++;
  return index;
}

function statusOf(template: TemplateRow): RecurringInvoiceStatus {
  if (template.endedOn !== null || periodOf(template, template.nextPeriodIndex) === null) return "ended";
  return template.isPaused ? "paused" : "active";
}

// --- Reading ---

async function findOwnTemplate(db: Database, userId: string, id: string, lock = false): Promise<TemplateRow> {
  if (!isUuid(id)) throw notFound(MESSAGES.notFound);
  const query = db
    .select()
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.id, id), eq(recurringInvoices.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

async function toAnswers(db: Database, userId: string, rows: TemplateRow[]): Promise<RecurringInvoice[]> {
  const names = await getClientNames(
    db,
    userId,
    rows.flatMap((row) => (row.clientId ? [row.clientId] : [])),
  );
  const counts = await db
    .select({ templateId: recurringInvoiceRuns.templateId, status: recurringInvoiceRuns.status, n: count() })
    .from(recurringInvoiceRuns)
    .where(eq(recurringInvoiceRuns.userId, userId))
    .groupBy(recurringInvoiceRuns.templateId, recurringInvoiceRuns.status);
  const countOf = (templateId: string, status: RunRow["status"]) =>
    counts.find((row) => row.templateId === templateId && row.status === status)?.n ?? 0;
  return rows.map((row) => {
    const totals = computeTotals(row.lines.map((line) => toLineInput(toItem(line))));
    const status = statusOf(row);
    return {
      id: row.id,
      clientId: row.clientId,
      clientName: row.clientId ? (names.get(row.clientId) ?? null) : null,
      description: row.description,
      interval: row.interval,
      startDate: row.startDate,
      endDate: row.endDate,
      invoiceCount: row.invoiceCount,
      paymentTermDays: row.paymentTermDays,
      sendsAtOnce: row.sendsAtOnce,
      notes: row.notes,
      items: row.lines,
      subtotal: centsToDecimal(totals.subtotal),
      taxAmount: centsToDecimal(totals.taxAmount),
      total: centsToDecimal(totals.total),
      status,
      nextDate: status === "active" ? periodOf(row, row.nextPeriodIndex)!.from : null,
      invoicesMade: countOf(row.id, "made"),
      failedRuns: countOf(row.id, "failed"),
      endedOn: row.endedOn,
    };
  });
}

export async function listRecurringInvoices(db: Database, userId: string): Promise<RecurringInvoice[]> {
  const rows = await db
    .select()
    .from(recurringInvoices)
    .where(eq(recurringInvoices.userId, userId))
    .orderBy(asc(recurringInvoices.description), asc(recurringInvoices.id));
  return toAnswers(db, userId, rows);
}

export async function getRecurringInvoice(
  db: Database,
  userId: string,
  id: string,
): Promise<RecurringInvoice> {
  const [answer] = await toAnswers(db, userId, [await findOwnTemplate(db, userId, id)]);
  return answer!;
}

/** The history: every period handled, newest first, with the invoice made or the reason it failed. */
export async function listRecurringInvoiceRuns(
  db: Database,
  userId: string,
  id: string,
): Promise<RecurringInvoiceRun[]> {
  await findOwnTemplate(db, userId, id);
  const runs = await db
    .select()
    .from(recurringInvoiceRuns)
    .where(and(eq(recurringInvoiceRuns.templateId, id), eq(recurringInvoiceRuns.userId, userId)))
    .orderBy(desc(recurringInvoiceRuns.periodStart));
  const heads = await getInvoiceHeads(
    db,
    userId,
    runs.flatMap((run) => (run.invoiceId ? [run.invoiceId] : [])),
  );
  return runs.map((run) => {
    const invoice = run.invoiceId ? heads.get(run.invoiceId) : undefined;
    return {
      id: run.id,
      periodStart: run.periodStart,
      periodEnd: run.periodEnd,
      periodLabel: rangeLabel({ from: run.periodStart, to: run.periodEnd }),
      status: run.status,
      failureReason: run.failureReason,
      invoiceId: invoice?.id ?? null,
      invoiceNumber: invoice?.invoiceNumber ?? null,
      invoiceStatus: invoice?.status ?? null,
      invoiceTotal: invoice?.total ?? null,
      createdAt: run.createdAt.toISOString(),
    };
  });
}

// --- Changing a template ---

const toStoredLine = (item: InvoiceItemInput): RecurringInvoiceLine => ({
  description: item.description,
  quantity: (item.quantity / 100).toFixed(2),
  unitPrice: centsToDecimal(item.unitPrice),
  vatCategory: item.vatCategory,
});

const toItem = (line: RecurringInvoiceLine): InvoiceItemInput => ({
  description: line.description,
  quantity: parseQuantity(line.quantity)!,
  unitPrice: parseCents(line.unitPrice)!,
  vatCategory: line.vatCategory,
});

async function assertOwnClient(db: Database, userId: string, clientId: string): Promise<void> {
  try {
    await getClient(db, userId, clientId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw invalidField("clientId", error.message);
    throw error;
  }
}

function columnsOf(input: RecurringInvoiceInput) {
  return {
    clientId: input.clientId,
    description: input.description,
    interval: input.interval,
    startDate: input.startDate,
    endDate: input.endDate,
    invoiceCount: input.invoiceCount,
    paymentTermDays: input.paymentTermDays,
    sendsAtOnce: input.sendsAtOnce,
    notes: input.notes,
    lines: input.items.map(toStoredLine),
  };
}

export async function createRecurringInvoice(
  db: Database,
  userId: string,
  input: RecurringInvoiceInput,
  now: Date,
  paymentLinks: PaymentLinkSource | null,
): Promise<RecurringInvoice> {
  await assertOwnClient(db, userId, input.clientId);
  // The job makes the periods from the start on: a start in the past would bill those periods afterwards.
  if (input.startDate < businessDate(now)) throw invalidField("startDate", MESSAGES.startInPast);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recurringInvoices)
      .values({ userId, ...columnsOf(input) })
      .returning();
    await makeDueNow(tx, row!.id, { now, paymentLinks });
    return row!.id;
  });
  return getRecurringInvoice(db, userId, id);
}

export async function updateRecurringInvoice(
  db: Database,
  userId: string,
  id: string,
  input: RecurringInvoiceInput,
  now: Date,
  paymentLinks: PaymentLinkSource | null,
): Promise<RecurringInvoice> {
  await findOwnTemplate(db, userId, id);
  await assertOwnClient(db, userId, input.clientId);
  await db.transaction(async (tx) => {
    const existing = await findOwnTemplate(tx, userId, id, true);
    if (existing.endedOn !== null) throw new AppError(409, MESSAGES.ended);
    const isScheduleChanged = input.startDate !== existing.startDate || input.interval !== existing.interval;
    if (isScheduleChanged && existing.nextPeriodIndex > 0) {
      const field = input.startDate !== existing.startDate ? "startDate" : "interval";
      throw invalidField(field, MESSAGES.scheduleFixed);
    }
    if (input.startDate !== existing.startDate && input.startDate < businessDate(now)) {
      throw invalidField("startDate", MESSAGES.startInPast);
    }
    const [made] = await tx
      .select({ n: count() })
      .from(recurringInvoiceRuns)
      .where(eq(recurringInvoiceRuns.templateId, id));
    if (input.invoiceCount !== null && input.invoiceCount < made!.n) {
      throw invalidField("invoiceCount", MESSAGES.countBelowMade(made!.n));
    }
    await tx.update(recurringInvoices).set(columnsOf(input)).where(eq(recurringInvoices.id, id));
    await makeDueNow(tx, id, { now, paymentLinks });
  });
  return getRecurringInvoice(db, userId, id);
}

/** The template and its history go; the invoices it made stay (they are the user's records). */
export async function deleteRecurringInvoice(db: Database, userId: string, id: string): Promise<void> {
  await findOwnTemplate(db, userId, id);
  await db
    .delete(recurringInvoices)
    .where(and(eq(recurringInvoices.id, id), eq(recurringInvoices.userId, userId)));
}

export async function pauseRecurringInvoice(db: Database, userId: string, id: string) {
  await db.transaction(async (tx) => {
    const row = await findOwnTemplate(tx, userId, id, true);
    if (statusOf(row) === "ended") throw new AppError(409, MESSAGES.ended);
    if (row.isPaused) throw new AppError(409, MESSAGES.alreadyPaused);
    await tx.update(recurringInvoices).set({ isPaused: true }).where(eq(recurringInvoices.id, id));
  });
  return getRecurringInvoice(db, userId, id);
}

/** Resuming carries on from today: the periods that started while paused are not billed afterwards. */
export async function resumeRecurringInvoice(
  db: Database,
  userId: string,
  id: string,
  now: Date,
  paymentLinks: PaymentLinkSource | null,
) {
  await db.transaction(async (tx) => {
    const row = await findOwnTemplate(tx, userId, id, true);
    if (row.endedOn !== null) throw new AppError(409, MESSAGES.ended);
    if (!row.isPaused) throw new AppError(409, MESSAGES.notPaused);
    await tx
      .update(recurringInvoices)
      .set({ isPaused: false, nextPeriodIndex: firstIndexFrom(row, businessDate(now)) })
      .where(eq(recurringInvoices.id, id));
    await makeDueNow(tx, id, { now, paymentLinks });
  });
  return getRecurringInvoice(db, userId, id);
}

/** 'Beëindigen': from today no period is billed any more; what was made stays. */
export async function endRecurringInvoice(db: Database, userId: string, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const row = await findOwnTemplate(tx, userId, id, true);
    if (row.endedOn !== null) throw new AppError(409, MESSAGES.ended);
    await tx
      .update(recurringInvoices)
      .set({ endedOn: businessDate(now), isPaused: false })
      .where(eq(recurringInvoices.id, id));
  });
  return getRecurringInvoice(db, userId, id);
}

// --- Making the invoices ---

/** When a period is made, and the 'Betaal online' link its invoice gets when sent (as every sent invoice does). */
type Making = { now: Date; paymentLinks: PaymentLinkSource | null };

/** The draft of one period: the template's lines with the period in their description, dated on its first day. */
function invoiceFor(template: TemplateRow, period: DateRange): InvoiceInput {
  const label = rangeLabel(period);
  const items = template.lines.map((line) => {
    const suffix = ` (${label})`;
    return { ...toItem(line), description: `${line.description.slice(0, 500 - suffix.length)}${suffix}` };
  });
  const totals = computeTotals(items.map(toLineInput));
  return {
    clientId: template.clientId!,
    issueDate: period.from,
    dueDate: addDays(period.from, template.paymentTermDays),
    supplyDate: null,
    subtotal: totals.subtotal,
    taxAmount: totals.taxAmount,
    total: totals.total,
    status: "draft",
    notes: template.notes,
    items,
  };
}

/**
 * Makes the invoice of one period in a savepoint of `db`: the run is claimed first, so a period another run has
 * claimed is left alone. A rule of the invoice that refuses it (no e-mail address, company data incomplete, …)
 * rolls the savepoint back and leaves a failed run with the reason, without touching the other templates.
 * Answers whether this call made or recorded the run.
 */
async function makePeriod(
  db: Database,
  template: TemplateRow,
  index: number,
  period: DateRange,
  { now, paymentLinks }: Making,
): Promise<boolean> {
  const userId = template.userId;
  const run = {
    userId,
    templateId: template.id,
    periodIndex: index,
    periodStart: period.from,
    periodEnd: period.to,
  };
  try {
    return await db.transaction(async (savepoint) => {
      const [claimed] = await savepoint
        .insert(recurringInvoiceRuns)
        .values({ ...run, status: "made" })
        .onConflictDoNothing({ target: [recurringInvoiceRuns.templateId, recurringInvoiceRuns.periodStart] })
        .returning({ id: recurringInvoiceRuns.id });
      if (!claimed) return false;
      if (!template.clientId) throw new AppError(409, MESSAGES.noClient);
      const invoice = await createInvoice(savepoint, userId, invoiceFor(template, period), now);
      if (template.sendsAtOnce) {
        await issueInvoice(savepoint, userId, invoice.id, { now, via: "list" });
        await sendInvoice(
          savepoint,
          userId,
          invoice.id,
          { subject: null, message: null },
          now,
          "no-mail-server",
          paymentLinks,
        );
      }
      await savepoint
        .update(recurringInvoiceRuns)
        .set({ invoiceId: invoice.id })
        .where(eq(recurringInvoiceRuns.id, claimed.id));
      return true;
    });
  } catch (error) {
    const reason =
      error instanceof AppError && error.statusCode < 500 ? error.message : UNEXPECTED_FAILURE_MESSAGE;
    const [recorded] = await db
      .insert(recurringInvoiceRuns)
      .values({ ...run, status: "failed", failureReason: reason })
      .onConflictDoNothing({ target: [recurringInvoiceRuns.templateId, recurringInvoiceRuns.periodStart] })
      .returning({ id: recurringInvoiceRuns.id });
    return recorded !== undefined;
  }
}

type DuePeriod = { template: TemplateRow; index: number; period: DateRange };

/** The periods of one template that have started by `today` and were not handled yet. */
function duePeriodsOf(template: TemplateRow, today: string): DuePeriod[] {
  const due: DuePeriod[] = [];
  for (let index = template.nextPeriodIndex; ; index++) {
    const period = periodOf(template, index);
    if (!period || period.from > today) return due;
    due.push({ template, index, period });
  }
}

/**
 * Makes every period of these templates (all of one user's) that has started by `today`, the oldest first across
 * the templates: invoice numbers and dates go up together (invoices/issuing.ts), so a run catching up on missed
 * days issues 2 April's invoice of one abonnement before 6 April's of another. Answers how many runs it made or
 * recorded.
 */
async function makeDuePeriods(
  db: Database,
  templates: TemplateRow[],
  today: string,
  making: Making,
): Promise<number> {
  const due = templates
    .flatMap((template) => duePeriodsOf(template, today))
    .sort(
      (a, b) =>
        a.period.from.localeCompare(b.period.from) ||
        a.template.id.localeCompare(b.template.id) ||
        a.index - b.index,
    );
  let made = 0;
  for (const { template, index, period } of due) {
    if (await makePeriod(db, template, index, period, making)) made++;
  }
  for (const template of templates) {
    const handled = due.filter((item) => item.template === template).length;
    if (handled === 0) continue;
    await db
      .update(recurringInvoices)
      .set({
        nextPeriodIndex: sql`greatest(${recurringInvoices.nextPeriodIndex}, ${template.nextPeriodIndex + handled})`,
      })
      .where(eq(recurringInvoices.id, template.id));
  }
  return made;
}

/**
 * A template saved or resumed with a period starting today gets that invoice at once, through the job's own
 * steps, rather than at the job's next round.
 */
async function makeDueNow(tx: Database, id: string, making: Making): Promise<void> {
  const [row] = await tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id));
  if (row && !row.isPaused && row.endedOn === null) {
    await makeDuePeriods(tx, [row], businessDate(making.now), making);
  }
}

/**
 * The scheduled job: for every running template, the periods that have started by today in Europe/Amsterdam,
 * including days the job missed, user by user (each user's in date order, see makeDuePeriods). The scheduler
 * runs it in a transaction under an advisory lock; the run's unique key keeps it exact when two runs overlap
 * anyway.
 */
export async function makeDueRecurringInvoices(
  db: Database,
  now: Date,
  paymentLinks: PaymentLinkSource | null,
): Promise<number> {
  const today = businessDate(now);
  const isRunning = and(eq(recurringInvoices.isPaused, false), isNull(recurringInvoices.endedOn));
  let made = 0;
  let lastUserId: string | null = null;
  for (;;) {
    const owners: Array<{ userId: string }> = await db
      .selectDistinct({ userId: recurringInvoices.userId })
      .from(recurringInvoices)
      .where(and(isRunning, lastUserId ? sql`${recurringInvoices.userId} > ${lastUserId}` : undefined))
      .orderBy(asc(recurringInvoices.userId))
      .limit(USERS_PER_BATCH);
    for (const { userId } of owners) {
      const templates = await db
        .select()
        .from(recurringInvoices)
        .where(and(isRunning, eq(recurringInvoices.userId, userId)))
        .orderBy(asc(recurringInvoices.id));
      made += await makeDuePeriods(db, templates, today, { now, paymentLinks });
    }
    if (owners.length < USERS_PER_BATCH) return made;
    lastUserId = owners.at(-1)!.userId;
  }
}

/** 'Opnieuw proberen' on a failed period: the same period, made again through the same steps. */
export async function retryRecurringInvoiceRun(
  db: Database,
  userId: string,
  id: string,
  runId: string,
  now: Date,
  paymentLinks: PaymentLinkSource | null,
): Promise<RecurringInvoiceRun> {
  if (!isUuid(runId)) throw notFound("Niet gevonden");
  const runPeriod = await db.transaction(async (tx) => {
    const template = await findOwnTemplate(tx, userId, id, true);
    const [run] = await tx
      .select()
      .from(recurringInvoiceRuns)
      .where(
        and(
          eq(recurringInvoiceRuns.id, runId),
          eq(recurringInvoiceRuns.templateId, id),
          eq(recurringInvoiceRuns.userId, userId),
        ),
      )
      .for("update");
    if (!run) throw notFound("Niet gevonden");
    if (run.status !== "failed") throw new AppError(409, MESSAGES.retryOnlyFailed);
    await tx.delete(recurringInvoiceRuns).where(eq(recurringInvoiceRuns.id, run.id));
    await makePeriod(
      tx,
      template,
      run.periodIndex,
      { from: run.periodStart, to: run.periodEnd },
      {
        now,
        paymentLinks,
      },
    );
    return run.periodStart;
  });
  const runs = await listRecurringInvoiceRuns(db, userId, id);
  return runs.find((run) => run.periodStart === runPeriod)!;
}

/** Erasure of an account whose books must be kept: it invoices nothing new, so its abonnementen and their history go. */
export async function forgetRecurringInvoices(tx: Database, userId: string): Promise<void> {
  await tx.delete(recurringInvoices).where(eq(recurringInvoices.userId, userId));
}
