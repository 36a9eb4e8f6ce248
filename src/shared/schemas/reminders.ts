/**
 * Payment reminders: the user's sequence (Settings → Herinneringen), the timeline of one invoice, and the pause
 * switches per invoice and per client. One schema per input, used by the forms and the routes alike.
 */
import { z } from "../validation";

export const REMINDER_STEPS = ["friendly", "second", "final", "collection"] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

export const MAX_REMINDER_DAYS = 365;
export const DEFAULT_REMINDER_SETTINGS = {
  isEnabled: false,
  friendlyAfterDays: 7,
  secondAfterDays: 21,
  finalAfterDays: 35,
} as const;

export const REMINDER_MESSAGES = {
  daysInvalid: `Vul een heel aantal dagen in, van 1 tot en met ${MAX_REMINDER_DAYS}`,
  secondAfterFriendly: "De tweede herinnering komt later dan de vriendelijke herinnering",
  finalAfterSecond: "De laatste stap komt later dan de tweede herinnering",
  enabledInvalid: "Kies of herinneringen automatisch worden verstuurd",
  pausedInvalid: "Kies of herinneringen gepauzeerd zijn",
  notFound: "Factuur niet gevonden",
  clientNotFound: "Klant niet gevonden",
  draft: "Verstuur de factuur eerst; een concept krijgt geen herinneringen.",
  creditNote: "Een creditnota krijgt geen herinneringen.",
  settled: "Deze factuur is betaald of gecrediteerd; een herinnering is niet nodig.",
  notDue: "Deze factuur is nog niet vervallen.",
  allSent: "Alle herinneringen voor deze factuur zijn al verstuurd.",
  noEmail: "Deze klant heeft geen e-mailadres. Vul het in bij de klant om herinneringen te sturen.",
  waitForTerm: (date: string) =>
    `De veertiendagenbrief geeft de klant tot en met ${date} om te betalen; pas daarna mogen kosten worden gerekend.`,
} as const;

const daysField = () =>
  z
    .union([z.number(), z.string()], { error: REMINDER_MESSAGES.daysInvalid })
    .transform((value) =>
      typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN,
    )
    .pipe(
      z
        .number({ error: REMINDER_MESSAGES.daysInvalid })
        .int(REMINDER_MESSAGES.daysInvalid)
        .min(1, REMINDER_MESSAGES.daysInvalid)
        .max(MAX_REMINDER_DAYS, REMINDER_MESSAGES.daysInvalid),
    );

/** PUT /api/settings/reminders and the Herinneringen form. Days count from the invoice's due date. */
export const ReminderSettingsInputSchema = z
  .object({
    isEnabled: z.boolean({ error: REMINDER_MESSAGES.enabledInvalid }),
    friendlyAfterDays: daysField(),
    secondAfterDays: daysField(),
    finalAfterDays: daysField(),
  })
  .refine((input) => input.secondAfterDays > input.friendlyAfterDays, {
    message: REMINDER_MESSAGES.secondAfterFriendly,
    path: ["secondAfterDays"],
    when: ({ value }) => bothNumbers(value, "friendlyAfterDays", "secondAfterDays"),
  })
  .refine((input) => input.finalAfterDays > input.secondAfterDays, {
    message: REMINDER_MESSAGES.finalAfterSecond,
    path: ["finalAfterDays"],
    when: ({ value }) => bothNumbers(value, "secondAfterDays", "finalAfterDays"),
  });
export type ReminderSettingsFormInput = z.input<typeof ReminderSettingsInputSchema>;
export type ReminderSettingsInput = z.output<typeof ReminderSettingsInputSchema>;
/** GET and PUT /api/settings/reminders: the sequence as saved. */
export const ReminderSettingsSchema = z.object({
  isEnabled: z.boolean(),
  friendlyAfterDays: z.number(),
  secondAfterDays: z.number(),
  finalAfterDays: z.number(),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

/** A check across fields also runs when another field failed, so all messages show at once. */
function bothNumbers(value: unknown, a: string, b: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record[a] === "number" && typeof record[b] === "number";
}

/** PUT /api/invoices/{id}/reminders/pause and PUT /api/clients/{id}/reminders/pause. */
export const ReminderPauseInputSchema = z.object({
  isPaused: z.boolean({ error: REMINDER_MESSAGES.pausedInvalid }),
});
export type ReminderPauseInput = z.infer<typeof ReminderPauseInputSchema>;

export const SentReminderSchema = z.object({
  id: z.string(),
  step: z.enum(REMINDER_STEPS),
  sentOn: z.string(),
  isConsumer: z.boolean(),
  openAmount: z.string(),
  interest: z.string(),
  costs: z.string(),
  announcedCosts: z.string(),
  /** The e-mail it went in: the outbox message id (its PDF is attached there). */
  outboxMessageId: z.string().nullable(),
});
export type SentReminder = z.infer<typeof SentReminderSchema>;

export const ReminderFailureSchema = z.object({
  step: z.enum(REMINDER_STEPS),
  reason: z.string(),
  attempts: z.number(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
});
export type ReminderFailure = z.infer<typeof ReminderFailureSchema>;

/** GET /api/invoices/{id}/reminders: what went out, what comes next, and why nothing comes. */
export const ReminderTimelineSchema = z.object({
  isEnabled: z.boolean(),
  isConsumer: z.boolean(),
  isInvoicePaused: z.boolean(),
  isClientPaused: z.boolean(),
  sent: z.array(SentReminderSchema),
  /** The next step and the day the daily run sends it (today or later); null when none is planned. */
  next: z.object({ step: z.enum(REMINDER_STEPS), date: z.string() }).nullable(),
  /** Why no reminder is planned or can be sent ('settled', 'draft', …), null when one is. */
  stoppedBecause: z.enum(["draft", "credit_note", "settled", "all_sent", "no_email"]).nullable(),
  /** The daily run's last failed attempt at a step, retried on its next run; null when none failed. */
  failure: ReminderFailureSchema.nullable(),
});
export type ReminderTimeline = z.infer<typeof ReminderTimelineSchema>;

export const ClientReminderPauseSchema = z.object({ isPaused: z.boolean() });
export type ClientReminderPause = z.infer<typeof ClientReminderPauseSchema>;

/** How the invoice's timeline names the steps; the last one differs for a consumer. */
export function reminderStepLabel(step: ReminderStep, isConsumer: boolean): string {
  switch (step) {
    case "friendly":
      return "Vriendelijke herinnering";
    case "second":
      return "Tweede herinnering";
    case "final":
      return isConsumer ? "Veertiendagenbrief" : "Aanmaning met rente en incassokosten";
    case "collection":
      return "Aanmaning met incassokosten";
  }
}
