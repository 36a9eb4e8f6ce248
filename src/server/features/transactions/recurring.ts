/**
 * Recurring transactions (spec §2.12, §4 Recurring). The template is an ordinary transaction with
 * isRecurring; each later occurrence is a copy with its own date and `recurring_template_id` pointing back.
 *
 * Idempotent by construction:
 * - the unique index (recurring_template_id, date) means an occurrence exists at most once, whatever runs
 *   twice (a restart, two app instances) — inserts use ON CONFLICT DO NOTHING;
 * - the template's `recurring_generated_until` moves forward in the same database transaction, so an occurrence
 *   the user deleted is not created again.
 */
import { and, asc, eq, gte, isNotNull, lt, or, isNull, sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates";
import { chargesVatUnderKor, NO_KOR } from "../../../shared/kor";
import { parseCents, type Cents } from "../../../shared/money";
import { occurrencesBetween } from "../../../shared/recurrence";
import type { Database } from "../../db/client";
import { postTransactions, type PostOptions } from "../ledger/posting";
import { transactions } from "../../db/schema/index";
import { getKorDates } from "../settings/service";

type TransactionRow = typeof transactions.$inferSelect;

/** Templates handled per round of the job, so one run never holds a huge batch in memory. */
const TEMPLATES_PER_BATCH = 500;

/** Creates the occurrences of one template that are due up to `today`; returns how many were created. */
export async function generateOccurrencesOf(
  db: Database,
  template: TransactionRow,
  today: string,
  postOptions: PostOptions = {},
): Promise<number> {
  if (!template.isRecurring || !template.recurringInterval) return 0;
  const after = template.recurringGeneratedUntil ?? template.date;
  const until =
    template.recurringEndDate && template.recurringEndDate < today ? template.recurringEndDate : today;
  if (until <= after) return 0;
  const dates = occurrencesBetween({
    start: template.date,
    interval: template.recurringInterval,
    endDate: template.recurringEndDate,
    after,
    until,
  });
  let created = 0;
  if (dates.length > 0) {
    const vatRateHundredths = parseCents(template.vatRate)!;
    const kor =
      template.type === "income" && vatRateHundredths > 0 ? await getKorDates(db, template.userId) : NO_KOR;
    // Under the KOR no VAT is charged: income dated in it repeats at 0%, for its amount excluding VAT.
    const isWithoutVat = (date: string) =>
      chargesVatUnderKor(kor, { type: template.type, date, vatRateHundredths });
    const inserted = await db
      .insert(transactions)
      .values(
        dates.map((date) => ({
          userId: template.userId,
          recurringTemplateId: template.id,
          date,
          type: template.type,
          description: template.description,
          amount: template.amount,
          vatRate: isWithoutVat(date) ? "0" : template.vatRate,
          vatTreatment: template.vatTreatment,
          vatAmount: isWithoutVat(date) ? "0" : template.vatAmount,
          amountIncludingVat: isWithoutVat(date) ? template.amount : template.amountIncludingVat,
          status: template.status,
          categoryId: template.categoryId,
          clientId: template.clientId,
          projectId: template.projectId,
          bankAccountId: template.bankAccountId,
          notes: template.notes,
        })),
      )
      .onConflictDoNothing({ target: [transactions.recurringTemplateId, transactions.date] })
      .returning({ id: transactions.id });
    created = inserted.length;
    await postTransactions(
      db,
      template.userId,
      inserted.map((row) => row.id),
      postOptions,
    );
  }
  // When more than the batch limit of dates was due, continue from the last one next time.
  const reached = dates.length > 0 && dates.length >= 1000 ? dates.at(-1)! : until;
  await db
    .update(transactions)
    .set({ recurringGeneratedUntil: reached })
    .where(eq(transactions.id, template.id));
  return created;
}

/**
 * The scheduled job: every template with occurrences due up to today (Europe/Amsterdam), all users.
 * The scheduler runs it inside a transaction under an advisory lock.
 */
export async function generateDueRecurringTransactions(db: Database, now: Date): Promise<number> {
  const today = businessDate(now);
  let created = 0;
  let lastId: string | null = null;
  for (;;) {
    const templates: TransactionRow[] = await db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.isRecurring, true),
          isNotNull(transactions.recurringInterval),
          lt(sql`coalesce(${transactions.recurringGeneratedUntil}, ${transactions.date})`, today),
          or(
            isNull(transactions.recurringEndDate),
            lt(
              sql`coalesce(${transactions.recurringGeneratedUntil}, ${transactions.date})`,
              transactions.recurringEndDate,
            ),
          ),
          lastId ? sql`${transactions.id} > ${lastId}` : undefined,
        ),
      )
      .orderBy(asc(transactions.id))
      .limit(TEMPLATES_PER_BATCH);
    // The job books what the user scheduled; the filing lock guards the user's own changes.
    for (const template of templates) {
      created += await generateOccurrencesOf(db, template, today, { checkLock: false });
    }
    if (templates.length < TEMPLATES_PER_BATCH) return created;
    lastId = templates.at(-1)!.id;
  }
}

export interface UpcomingOccurrence {
  date: string;
  type: "income" | "expense";
  amountIncludingVatCents: Cents;
}

/**
 * The occurrences of the user's active recurring transactions from today to `until` that have not been booked
 * yet: what the job has booked is real already, so only what is still to come counts (the cashflow forecast).
 */
export async function listUpcomingOccurrences(
  db: Database,
  userId: string,
  today: string,
  until: string,
): Promise<UpcomingOccurrence[]> {
  const templates = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.isRecurring, true),
        isNotNull(transactions.recurringInterval),
        or(isNull(transactions.recurringEndDate), gte(transactions.recurringEndDate, today)),
      ),
    );
  return templates.flatMap((template) => {
    const generatedUntil = template.recurringGeneratedUntil ?? template.date;
    const dates = occurrencesBetween({
      start: template.date,
      interval: template.recurringInterval!,
      endDate: template.recurringEndDate,
      after: generatedUntil >= today ? generatedUntil : addDays(today, -1),
      until,
    });
    const amountIncludingVatCents = parseCents(template.amountIncludingVat)!;
    return dates.map((date) => ({ date, type: template.type, amountIncludingVatCents }));
  });
}
