/**
 * The operator back office: what the team behind Balans reads and handles — contact messages and their answers,
 * newsletter sign-ups, privacy requests against their deadline, the error log, feature flags and job runs.
 * These tables belong to no customer (architecture "Data rules"); the back office is their only reader besides
 * the feature that writes them.
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { businessDate } from "@shared/dates";
import type {
  ContactAnswerInput,
  ContactMessage,
  ErrorLogRow,
  FeatureFlagRow,
  JobRunRow,
  NewsletterSignupRow,
  OperatorPageQuery,
  PrivacyRequestRow,
} from "@shared/schemas/operator";
import { isUuid } from "@shared/validation";
import type { Database } from "../../db/client";
import {
  contactAnswers,
  contactSubmissions,
  errorLogs,
  featureFlags,
  featureFlagUsage,
  gdprRequests,
  newsletterSignups,
} from "../../db/schema/index";
import { AppError, notFound } from "../../errors";
import { listJobRuns } from "../../jobs/job-runs";
import { sendMail } from "../../mail/outbox";
import { markContactAnswered, referenceOf } from "../public-site/contact";

export type Page<T> = { rows: T[]; total: number };

export const ALREADY_ANSWERED_MESSAGE = "Dit bericht is al beantwoord";

/** Contact messages, the open ones first (new, in progress), then newest first; each with its answers. */
export async function listContactMessages(
  db: Database,
  page: OperatorPageQuery,
): Promise<Page<ContactMessage>> {
  const isOpen = sql`${contactSubmissions.status} in ('new', 'in_progress')`;
  const rows = await db
    .select()
    .from(contactSubmissions)
    .orderBy(desc(isOpen), desc(contactSubmissions.submissionTime), desc(contactSubmissions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contactSubmissions);
  const answers =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(contactAnswers)
          .where(
            inArray(
              contactAnswers.contactSubmissionId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(contactAnswers.answeredAt));
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      reference: referenceOf(row.id),
      name: row.name,
      email: row.email,
      company: row.company,
      phone: row.phone,
      inquiryType: row.inquiryType,
      subject: row.subject,
      message: row.message,
      status: row.status,
      submissionTime: row.submissionTime.toISOString(),
      responseTime: row.responseTime?.toISOString() ?? null,
      answers: answers
        .filter((answer) => answer.contactSubmissionId === row.id)
        .map((answer) => ({
          message: answer.message,
          answeredBy: answer.answeredBy,
          answeredAt: answer.answeredAt.toISOString(),
        })),
    })),
  };
}

/**
 * Answers a contact message: the answer is mailed to the sender, kept with the message, and the message becomes
 * 'answered' with its response time (spec §3: new → answered), all in one transaction. A message is answered
 * once; a follow-up is a new message from the sender.
 */
export async function answerContactMessage(
  db: Database,
  operator: { username: string },
  id: string,
  input: ContactAnswerInput,
  now: Date,
): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for("update");
    if (!message) throw notFound();
    if (message.status === "answered") throw new AppError(409, ALREADY_ANSWERED_MESSAGE);
    const reference = referenceOf(message.id);
    await tx.insert(contactAnswers).values({
      contactSubmissionId: message.id,
      message: input.message,
      answeredBy: operator.username,
      answeredAt: now,
    });
    await markContactAnswered(tx, message.id, now);
    await sendMail(tx, {
      recipient: message.email,
      subject: `Re: ${message.subject} (${reference})`,
      text: [
        input.message,
        "",
        "Met vriendelijke groet,",
        "Team Balans",
        "",
        `Referentie: ${reference}`,
      ].join("\n"),
    });
  });
}

export async function listNewsletterSignups(
  db: Database,
  page: OperatorPageQuery,
): Promise<Page<NewsletterSignupRow>> {
  const rows = await db
    .select()
    .from(newsletterSignups)
    .orderBy(desc(newsletterSignups.createdAt), desc(newsletterSignups.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(newsletterSignups);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      status: row.status,
      source: row.source,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    })),
  };
}

/** Privacy requests, the open ones by due date first (the nearest deadline on top), then the handled ones. */
export async function listPrivacyRequests(
  db: Database,
  page: OperatorPageQuery,
  now: Date,
): Promise<Page<PrivacyRequestRow>> {
  const isOpen = sql`${gdprRequests.status} in ('pending', 'in_progress')`;
  const rows = await db
    .select()
    .from(gdprRequests)
    .orderBy(desc(isOpen), asc(gdprRequests.dueDate), desc(gdprRequests.createdAt), desc(gdprRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(gdprRequests);
  const today = businessDate(now);
  return {
    total,
    rows: rows.map((row) => {
      const open = row.status === "pending" || row.status === "in_progress";
      return {
        id: row.id,
        email: row.email,
        requestType: row.requestType,
        status: row.status,
        identityVerified: row.identityVerified,
        receivedAt: row.createdAt.toISOString(),
        dueDate: row.dueDate,
        completedAt: row.completedAt?.toISOString() ?? null,
        isOverdue: open && row.dueDate < today,
      };
    }),
  };
}

export async function listErrorLogs(db: Database, page: OperatorPageQuery): Promise<Page<ErrorLogRow>> {
  const rows = await db
    .select()
    .from(errorLogs)
    .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(errorLogs);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      severity: row.severity,
      errorType: row.errorType,
      errorCode: row.errorCode,
      message: row.message,
      url: row.url,
      resolved: row.resolved,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

const toFlagRow = (row: typeof featureFlags.$inferSelect): FeatureFlagRow => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  environment: row.environment,
  isEnabled: row.isEnabled,
  rolloutPercentage: row.rolloutPercentage,
  updatedAt: row.updatedAt.toISOString(),
});

/** The feature flags of the spec's data model, archived ones left out, by name. */
export async function listFeatureFlags(db: Database, page: OperatorPageQuery): Promise<Page<FeatureFlagRow>> {
  const active = eq(featureFlags.isArchived, false);
  const rows = await db
    .select()
    .from(featureFlags)
    .where(active)
    .orderBy(asc(featureFlags.name))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(featureFlags).where(active);
  return { total, rows: rows.map(toFlagRow) };
}

/** Switches a flag on or off. */
export async function setFeatureFlag(
  db: Database,
  id: string,
  isEnabled: boolean,
  now: Date,
): Promise<FeatureFlagRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(featureFlags)
    .set({ isEnabled, updatedAt: now })
    .where(and(eq(featureFlags.id, id), eq(featureFlags.isArchived, false)))
    .returning();
  if (!row) throw notFound();
  return toFlagRow(row);
}

export async function listJobRunRows(db: Database): Promise<JobRunRow[]> {
  const rows = await listJobRuns(db);
  return rows.map((row) => ({
    name: row.name,
    lastRunAt: row.lastRunAt.toISOString(),
    lastStatus: row.lastStatus,
    lastDurationMs: row.lastDurationMs,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: row.lastError,
  }));
}

/** Erasure (AVG art. 17): error logs and feature-flag usage stay for the operator, no longer linked to the person. */
export async function unlinkOperatorRecordsOf(tx: Database, userId: string): Promise<void> {
  await tx.update(errorLogs).set({ userId: null }).where(eq(errorLogs.userId, userId));
  await tx.update(featureFlagUsage).set({ userId: null }).where(eq(featureFlagUsage.userId, userId));
}
