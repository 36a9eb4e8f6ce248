/**
 * Payment reminders after an invoice's due date (domain.md §9). One operation sends a reminder — `sendReminder`,
 * called by the daily job and by 'Send reminder' alike — and in one transaction it records the step (unique per
 * invoice and step, so it goes out once however often or wherever the job runs), renders the letter with a fresh
 * EPC QR code for the open amount and puts the e-mail with the PDF in the outbox. A crash rolls all three back,
 * so a run that fails halfway sends the rest on the next run and nothing twice.
 * - Sequence: friendly → second → final. For a consumer the final step is the veertiendagenbrief (art. 6:96 lid 6
 *   BW) and costs follow only in a fourth step, after its term; for a business the final step claims the
 *   commercial interest (art. 6:119a BW) and the costs of the Besluit.
 * - Nothing goes to an invoice that is paid or credited (open amount 0, kept by invoices/settlement.ts), paused,
 *   or whose client is paused; the automatic run only for users who switched reminders on.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  collectionCosts,
  statutoryInterest,
  veertiendagenDeadline,
  type InterestPeriod,
} from "../../../shared/collection-law";
import { addDays, businessDate } from "../../../shared/dates";
import { formatDate } from "../../../shared/format";
import { epcPayload } from "../../../shared/invoices/epc-qr";
import { formatDocumentDate, formatDocumentEuro } from "../../../shared/invoices/document-texts";
import type { MailTemplateKind } from "../../../shared/schemas/mail-templates";
import { centsToDecimal, parseCents, type Cents } from "../../../shared/money";
import {
  DEFAULT_REMINDER_SETTINGS,
  REMINDER_MESSAGES,
  type ClientReminderPause,
  type ReminderFailure,
  type ReminderSettings,
  type ReminderSettingsInput,
  type ReminderStep,
  type ReminderTimeline,
  type SentReminder,
} from "../../../shared/schemas/reminders";
import type { Database } from "../../db/client";
import { invoiceReminders, reminderFailures, reminderPauses, reminderSettings } from "../../db/schema/index";
import { AppError, notFound } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { getClient, getClientConsumerFlags } from "../clients/service";
import { renderMailTemplate } from "../invoice-styles/service";
import { buildInvoiceDocument } from "../invoices/document";
import type { PaymentLinkSource } from "../invoices/sending";
import { listOpenOverdueInvoices } from "../invoices/overdue";
import { findOwnRow, type InvoiceRow } from "../invoices/records";
import { renderReminderPdf } from "./letter-pdf";

/** How a reminder's letter is drawn; the tests replace `render` to make one invoice's letter fail. */
export const reminderLetters = { render: renderReminderPdf };
import { buildReminderLetter, reminderLetterText, type ReminderFigures } from "./letter-text";

const BUSINESS_SEQUENCE: readonly ReminderStep[] = ["friendly", "second", "final"];
const CONSUMER_SEQUENCE: readonly ReminderStep[] = ["friendly", "second", "final", "collection"];
export const sequenceFor = (isConsumer: boolean) => (isConsumer ? CONSUMER_SEQUENCE : BUSINESS_SEQUENCE);

/** The e-mail text (Settings → Factuuropmaak) of each step. */
const REMINDER_TEMPLATES: Readonly<Record<ReminderStep, MailTemplateKind>> = {
  friendly: "reminder_friendly",
  second: "reminder_second",
  final: "reminder_final",
  collection: "reminder_collection",
};

/** How the outbox knows the mail of an invoice's reminders. */
export const reminderMailReference = (invoiceId: string) => `reminder:${invoiceId}`;

export async function getReminderSettings(db: Database, userId: string): Promise<ReminderSettings> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS };
  return {
    isEnabled: row.isEnabled,
    friendlyAfterDays: row.friendlyAfterDays,
    secondAfterDays: row.secondAfterDays,
    finalAfterDays: row.finalAfterDays,
  };
}

export async function saveReminderSettings(
  db: Database,
  userId: string,
  input: ReminderSettingsInput,
): Promise<ReminderSettings> {
  await db
    .insert(reminderSettings)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...input } });
  return getReminderSettings(db, userId);
}

type SentStep = { step: ReminderStep; sentOn: string };
type Sequence = Pick<ReminderSettings, "friendlyAfterDays" | "secondAfterDays" | "finalAfterDays">;

/**
 * The next step and the day it is due. Each step waits for its number of days after the due date and keeps the
 * chosen spacing after the previous step (a late start does not send two letters in a row); the consumer's
 * collection step waits for the veertiendagenbrief's term: the day after its deadline.
 */
export function planNextReminder(
  settings: Sequence,
  dueDate: string,
  isConsumer: boolean,
  sent: readonly SentStep[],
): { step: ReminderStep; date: string } | null {
  const sentOn = new Map(sent.map((row) => [row.step, row.sentOn]));
  const step = sequenceFor(isConsumer).find((candidate) => !sentOn.has(candidate));
  if (!step) return null;
  const latest = (a: string, b: string) => (a > b ? a : b);
  switch (step) {
    case "friendly":
      return { step, date: addDays(dueDate, settings.friendlyAfterDays) };
    case "second":
      return {
        step,
        date: latest(
          addDays(dueDate, settings.secondAfterDays),
          addDays(sentOn.get("friendly")!, settings.secondAfterDays - settings.friendlyAfterDays),
        ),
      };
    case "final":
      return {
        step,
        date: latest(
          addDays(dueDate, settings.finalAfterDays),
          addDays(sentOn.get("second")!, settings.finalAfterDays - settings.secondAfterDays),
        ),
      };
    case "collection":
      return { step, date: addDays(veertiendagenDeadline(sentOn.get("final")!), 1) };
  }
}

/** What a step claims on `today`: interest and costs only where the law allows them yet. */
export function reminderFigures(
  step: ReminderStep,
  isConsumer: boolean,
  openCents: Cents,
  dueDate: string,
  today: string,
): ReminderFigures {
  const claimsInterest = step === "collection" || (step === "final" && !isConsumer);
  const interest = claimsInterest
    ? statutoryInterest(openCents, addDays(dueDate, 1), today, isConsumer ? "consumer" : "commercial")
    : { cents: 0, periods: [] as InterestPeriod[] };
  // Art. 6:96 lid 6 BW: a consumer owes costs only after the veertiendagenbrief's term; the letter names them.
  const costsCents = claimsInterest ? collectionCosts(openCents) : 0;
  const announcedCostsCents = step === "final" && isConsumer ? collectionCosts(openCents) : 0;
  return {
    openCents,
    interestCents: interest.cents,
    interestPeriods: interest.periods,
    costsCents,
    announcedCostsCents,
  };
}

/** Why an invoice gets no reminder at all, whatever the date; null when it can get one. */
function stopReason(row: InvoiceRow): ReminderTimeline["stoppedBecause"] {
  if (row.status === "draft") return "draft";
  if (row.creditNoteForNumber !== null) return "credit_note";
  if ((parseCents(row.openAmount) ?? 0) <= 0) return "settled";
  if (!row.clientSnapshot?.email) return "no_email";
  return null;
}

async function sentStepsOf(db: Database, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoiceReminders)
    .where(inArray(invoiceReminders.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoiceReminders.sentOn), asc(invoiceReminders.createdAt));
}

/**
 * Sends one step of one invoice, once: false when that step had already gone out. Call inside a transaction
 * (the record, the PDF's mail and the link between them commit together). With `paymentLinks` the letter and
 * the mail carry 'Betaal online' for the open amount, as the invoice's own mail does.
 */
async function sendReminder(
  tx: Database,
  row: InvoiceRow,
  step: ReminderStep,
  isConsumer: boolean,
  today: string,
  finalSentOn: string | null,
  paymentLinks: PaymentLinkSource | null,
): Promise<boolean> {
  const figures = reminderFigures(step, isConsumer, parseCents(row.openAmount)!, row.dueDate, today);
  const [recorded] = await tx
    .insert(invoiceReminders)
    .values({
      userId: row.userId,
      invoiceId: row.id,
      step,
      sentOn: today,
      isConsumer,
      openAmount: centsToDecimal(figures.openCents),
      interest: centsToDecimal(figures.interestCents),
      costs: centsToDecimal(figures.costsCents),
      announcedCosts: centsToDecimal(figures.announcedCostsCents),
    })
    .onConflictDoNothing({ target: [invoiceReminders.invoiceId, invoiceReminders.step] })
    .returning({ id: invoiceReminders.id });
  if (!recorded) return false;

  const { document } = await buildInvoiceDocument(tx, row.userId, row.id, { withImages: false });
  const letter = buildReminderLetter({ step, isConsumer, date: today, document, figures, finalSentOn });
  const qrPayload = document.seller.iban
    ? epcPayload({
        name: document.seller.name,
        iban: document.seller.iban,
        bic: document.seller.bic,
        amountCents: figures.openCents,
        text: document.invoiceNumber,
      })
    : null;
  const paymentUrl = paymentLinks ? await paymentLinks(tx, row.userId, row.id) : null;
  const pdf = await reminderLetters.render(letter, qrPayload, paymentUrl);
  const { language } = letter;
  const text = await renderMailTemplate(tx, row.userId, REMINDER_TEMPLATES[step], language, {
    klantnaam: document.client?.contactPerson || document.client?.name || null,
    bedrijfsnaam: document.seller.name,
    factuurnummer: document.invoiceNumber,
    factuurdatum: formatDocumentDate(document.issueDate, language),
    vervaldatum: formatDocumentDate(document.dueDate, language),
    bedrag: formatDocumentEuro(parseCents(document.total) ?? 0, language),
    openstaand_bedrag: formatDocumentEuro(figures.openCents, language),
    titel: letter.title,
    brief: reminderLetterText(letter),
    betaallink: paymentUrl,
  });
  const mail = await sendMail(tx, {
    userId: row.userId,
    reference: reminderMailReference(row.id),
    recipient: row.clientSnapshot!.email!,
    subject: text.subject,
    text: text.body,
    attachments: [
      {
        filename: `${letter.title.replace(/\s+/g, "-")}-${document.invoiceNumber}.pdf`,
        contentType: "application/pdf",
        content: pdf,
      },
    ],
  });
  await tx
    .update(invoiceReminders)
    .set({ outboxMessageId: mail.id })
    .where(eq(invoiceReminders.id, recorded.id));
  // A step that went out ends any failure the timeline showed.
  await tx.delete(reminderFailures).where(eq(reminderFailures.invoiceId, row.id));
  return true;
}

/** What the timeline says when a letter failed for a reason that is not one of the app's own messages. */
export const UNEXPECTED_REMINDER_FAILURE = "Onverwachte fout bij het maken of versturen van de herinnering";

/** Users handled per round of the job: each round reads their invoices, pauses and clients in a few queries. */
const USERS_PER_BATCH = 500;

/**
 * Scheduled daily: every step that is due today or earlier for every open, overdue invoice of every user with
 * reminders switched on, unless the invoice or its client is paused. Each invoice's step runs in its own
 * transaction (a savepoint inside the scheduler's): one that fails rolls back alone, is recorded in
 * reminder_failures (shown on its timeline) and is tried again on the next run, while the others go out.
 * Answers how many reminders were sent.
 */
export async function sendDueReminders(
  db: Database,
  now: Date,
  paymentLinks: PaymentLinkSource | null = null,
): Promise<number> {
  const today = businessDate(now);
  // Erasure removes a closed account's settings in the same transaction, so no erased account is read here.
  const enabled = await db
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.isEnabled, true))
    .orderBy(asc(reminderSettings.userId));
  let count = 0;
  for (let start = 0; start < enabled.length; start += USERS_PER_BATCH) {
    const batch = enabled.slice(start, start + USERS_PER_BATCH);
    const settingsOf = new Map(batch.map((row) => [row.userId, row]));
    const overdue = await listOpenOverdueInvoices(db, [...settingsOf.keys()], today);
    if (overdue.length === 0) continue;
    const pauses = await db
      .select({ invoiceId: reminderPauses.invoiceId, clientId: reminderPauses.clientId })
      .from(reminderPauses)
      .where(inArray(reminderPauses.userId, [...new Set(overdue.map((row) => row.userId))]));
    const pausedInvoices = new Set(pauses.map((row) => row.invoiceId).filter((id) => id !== null));
    const pausedClients = new Set(pauses.map((row) => row.clientId).filter((id) => id !== null));
    const candidates = overdue.filter(
      (row) =>
        stopReason(row) === null &&
        !pausedInvoices.has(row.id) &&
        !(row.clientId !== null && pausedClients.has(row.clientId)),
    );
    const sent = await sentStepsOf(
      db,
      candidates.map((row) => row.id),
    );
    const consumerFlags = new Map<string, Map<string, boolean>>();
    for (const userId of new Set(candidates.map((row) => row.userId))) {
      const clientIds = candidates
        .filter((row) => row.userId === userId && row.clientId !== null)
        .map((row) => row.clientId!);
      consumerFlags.set(userId, await getClientConsumerFlags(db, userId, clientIds));
    }
    for (const invoice of candidates) {
      // An invoice whose client was deleted is treated as a consumer's (safer), as isConsumerClient does.
      const isConsumer =
        invoice.clientId === null ? true : (consumerFlags.get(invoice.userId)!.get(invoice.clientId) ?? true);
      const steps = sent.filter((row) => row.invoiceId === invoice.id);
      const next = planNextReminder(settingsOf.get(invoice.userId)!, invoice.dueDate, isConsumer, steps);
      if (!next || next.date > today) continue;
      const finalSentOn = steps.find((row) => row.step === "final")?.sentOn ?? null;
      try {
        const didSend = await db.transaction((tx) =>
          sendReminder(tx, invoice, next.step, isConsumer, today, finalSentOn, paymentLinks),
        );
        if (didSend) count++;
      } catch (error) {
        await recordReminderFailure(db, invoice, next.step, error, now);
      }
    }
  }
  return count;
}

/** Keeps the last failure of an invoice's step, counting the attempts; the savepoint has rolled back its work. */
async function recordReminderFailure(
  db: Database,
  invoice: InvoiceRow,
  step: ReminderStep,
  error: unknown,
  now: Date,
): Promise<void> {
  const reason =
    error instanceof AppError && error.statusCode < 500 ? error.message : UNEXPECTED_REMINDER_FAILURE;
  await db
    .insert(reminderFailures)
    .values({
      userId: invoice.userId,
      invoiceId: invoice.id,
      step,
      reason,
      firstFailedAt: now,
      lastFailedAt: now,
    })
    .onConflictDoUpdate({
      target: reminderFailures.invoiceId,
      set: {
        step,
        reason,
        lastFailedAt: now,
        // A failure of a later step starts a new count.
        attempts: sql`case when ${reminderFailures.step} = ${step} then ${reminderFailures.attempts} + 1 else 1 end`,
        firstFailedAt: sql`case when ${reminderFailures.step} = ${step} then ${reminderFailures.firstFailedAt} else ${now.toISOString()}::timestamptz end`,
      },
    });
}

/** Whether the invoice's client is a consumer; an invoice whose client was deleted is treated as one (safer). */
async function isConsumerClient(db: Database, userId: string, clientId: string | null): Promise<boolean> {
  if (!clientId) return true;
  const client = await getClient(db, userId, clientId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  return client ? client.isConsumer : true;
}

async function pausesOf(db: Database, userId: string, invoiceId: string, clientId: string | null) {
  const rows = await db
    .select({ invoiceId: reminderPauses.invoiceId, clientId: reminderPauses.clientId })
    .from(reminderPauses)
    .where(
      and(
        eq(reminderPauses.userId, userId),
        clientId
          ? sql`(${reminderPauses.invoiceId} = ${invoiceId} or ${reminderPauses.clientId} = ${clientId})`
          : eq(reminderPauses.invoiceId, invoiceId),
      ),
    );
  return {
    isInvoicePaused: rows.some((row) => row.invoiceId === invoiceId),
    isClientPaused: rows.some((row) => row.clientId !== null),
  };
}

function toSentReminder(row: typeof invoiceReminders.$inferSelect): SentReminder {
  return {
    id: row.id,
    step: row.step,
    sentOn: row.sentOn,
    isConsumer: row.isConsumer,
    openAmount: row.openAmount,
    interest: row.interest,
    costs: row.costs,
    announcedCosts: row.announcedCosts,
    outboxMessageId: row.outboxMessageId,
  };
}

function toReminderFailure(row: typeof reminderFailures.$inferSelect): ReminderFailure {
  return {
    step: row.step,
    reason: row.reason,
    attempts: row.attempts,
    firstFailedAt: row.firstFailedAt.toISOString(),
    lastFailedAt: row.lastFailedAt.toISOString(),
  };
}

/** GET /api/invoices/{id}/reminders. */
export async function getReminderTimeline(
  db: Database,
  userId: string,
  invoiceId: string,
  now: Date,
): Promise<ReminderTimeline> {
  const row = await findOwnRow(db, userId, invoiceId);
  const [settings, isConsumer, pauses, sent, [failure]] = await Promise.all([
    getReminderSettings(db, userId),
    isConsumerClient(db, userId, row.clientId),
    pausesOf(db, userId, row.id, row.clientId),
    sentStepsOf(db, [row.id]),
    db
      .select()
      .from(reminderFailures)
      .where(and(eq(reminderFailures.userId, userId), eq(reminderFailures.invoiceId, row.id))),
  ]);
  const stopped = stopReason(row);
  const planned = stopped ? null : planNextReminder(settings, row.dueDate, isConsumer, sent);
  const today = businessDate(now);
  return {
    isEnabled: settings.isEnabled,
    isConsumer,
    ...pauses,
    sent: sent.map(toSentReminder),
    // A step already due goes out with the next daily run: today.
    next: planned ? { step: planned.step, date: planned.date < today ? today : planned.date } : null,
    stoppedBecause: stopped ?? (planned ? null : "all_sent"),
    failure: failure ? toReminderFailure(failure) : null,
  };
}

/** 'Send reminder': the next step now, whatever its planned day, within what the law allows. */
export async function sendReminderNow(
  db: Database,
  userId: string,
  invoiceId: string,
  now: Date,
  paymentLinks: PaymentLinkSource | null = null,
): Promise<ReminderTimeline> {
  const today = businessDate(now);
  const isConsumer = await isConsumerClient(db, userId, (await findOwnRow(db, userId, invoiceId)).clientId);
  await db.transaction(async (tx) => {
    // The lock makes two clicks (or a click during the job's run) wait for each other.
    const row = await findOwnRow(tx, userId, invoiceId, true);
    const stopped = stopReason(row);
    if (stopped === "draft") throw new AppError(409, REMINDER_MESSAGES.draft);
    if (stopped === "credit_note") throw new AppError(409, REMINDER_MESSAGES.creditNote);
    if (stopped === "settled") throw new AppError(409, REMINDER_MESSAGES.settled);
    if (stopped === "no_email") throw new AppError(409, REMINDER_MESSAGES.noEmail);
    if (row.dueDate >= today) throw new AppError(409, REMINDER_MESSAGES.notDue);
    const sent = await sentStepsOf(tx, [row.id]);
    const settings = await getReminderSettings(tx, userId);
    const next = planNextReminder(settings, row.dueDate, isConsumer, sent);
    if (!next) throw new AppError(409, REMINDER_MESSAGES.allSent);
    if (next.step === "collection" && next.date > today) {
      throw new AppError(409, REMINDER_MESSAGES.waitForTerm(formatDate(addDays(next.date, -1))));
    }
    const finalSentOn = sent.find((step) => step.step === "final")?.sentOn ?? null;
    if (!(await sendReminder(tx, row, next.step, isConsumer, today, finalSentOn, paymentLinks))) {
      throw new AppError(409, REMINDER_MESSAGES.allSent);
    }
  });
  return getReminderTimeline(db, userId, invoiceId, now);
}

/** PUT /api/invoices/{id}/reminders/pause. */
export async function setInvoiceReminderPause(
  db: Database,
  userId: string,
  invoiceId: string,
  isPaused: boolean,
  now: Date,
): Promise<ReminderTimeline> {
  const row = await findOwnRow(db, userId, invoiceId);
  if (isPaused) {
    await db.insert(reminderPauses).values({ userId, invoiceId: row.id }).onConflictDoNothing();
  } else {
    await db
      .delete(reminderPauses)
      .where(and(eq(reminderPauses.userId, userId), eq(reminderPauses.invoiceId, row.id)));
  }
  return getReminderTimeline(db, userId, invoiceId, now);
}

async function ownClientId(db: Database, userId: string, clientId: string): Promise<string> {
  const client = await getClient(db, userId, clientId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404)
      throw notFound(REMINDER_MESSAGES.clientNotFound);
    throw error;
  });
  return client.id;
}

export async function getClientReminderPause(
  db: Database,
  userId: string,
  clientId: string,
): Promise<ClientReminderPause> {
  const id = await ownClientId(db, userId, clientId);
  const rows = await db
    .select({ id: reminderPauses.id })
    .from(reminderPauses)
    .where(and(eq(reminderPauses.userId, userId), eq(reminderPauses.clientId, id)));
  return { isPaused: rows.length > 0 };
}

/** PUT /api/clients/{id}/reminders/pause: no automatic reminder for any invoice of this client. */
export async function setClientReminderPause(
  db: Database,
  userId: string,
  clientId: string,
  isPaused: boolean,
): Promise<ClientReminderPause> {
  const id = await ownClientId(db, userId, clientId);
  if (isPaused) {
    await db.insert(reminderPauses).values({ userId, clientId: id }).onConflictDoNothing();
  } else {
    await db
      .delete(reminderPauses)
      .where(and(eq(reminderPauses.userId, userId), eq(reminderPauses.clientId, id)));
  }
  return { isPaused };
}

/** For erasure: a closed account sends no reminders and keeps no settings, pauses or failed attempts. */
export async function forgetReminderSettings(tx: Database, userId: string): Promise<void> {
  await tx.delete(reminderSettings).where(eq(reminderSettings.userId, userId));
  await tx.delete(reminderPauses).where(eq(reminderPauses.userId, userId));
  await tx.delete(reminderFailures).where(eq(reminderFailures.userId, userId));
}

/**
 * The user's reminders for the data export (AVG art. 15 and 20): the sequence, the pauses, every reminder sent
 * (with the id of the outbox message that carried its letter) and the failed attempts still to be retried.
 */
export async function exportReminders(db: Database, userId: string) {
  const [settings, pauses, sent, failures] = await Promise.all([
    getReminderSettings(db, userId),
    db
      .select({
        invoiceId: reminderPauses.invoiceId,
        clientId: reminderPauses.clientId,
        createdAt: reminderPauses.createdAt,
      })
      .from(reminderPauses)
      .where(eq(reminderPauses.userId, userId))
      .orderBy(asc(reminderPauses.createdAt)),
    db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.userId, userId))
      .orderBy(asc(invoiceReminders.sentOn), asc(invoiceReminders.createdAt)),
    db
      .select()
      .from(reminderFailures)
      .where(eq(reminderFailures.userId, userId))
      .orderBy(asc(reminderFailures.lastFailedAt)),
  ]);
  return {
    settings,
    pauses: pauses.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    sent: sent.map((row) => ({ invoiceId: row.invoiceId, ...toSentReminder(row) })),
    failures: failures.map((row) => ({ invoiceId: row.invoiceId, ...toReminderFailure(row) })),
  };
}
