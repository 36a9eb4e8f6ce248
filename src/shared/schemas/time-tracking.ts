import { businessMoment, isIsoDate } from "../dates";
import { z } from "../validation";
import { pageLimit, pageOffset } from "./paging";
import { optionalHourlyRate } from "./projects";

/** Spec §5 Time tracking: the one message for a start without project or description. */
export const TIMER_START_MESSAGE = "Selecteer een project en voer een beschrijving in";
export const PROJECT_REQUIRED_MESSAGE = "Selecteer een project";
export const DESCRIPTION_REQUIRED_MESSAGE = "Beschrijving is verplicht";
export const DESCRIPTION_TOO_LONG_MESSAGE = "Beschrijving mag maximaal 500 tekens zijn";
export const START_TIME_MESSAGE = "Begintijd is verplicht";
export const END_OR_DURATION_MESSAGE = "Vul een eindtijd of een duur in";
export const END_AFTER_START_MESSAGE = "Eindtijd moet na de begintijd liggen";
export const DURATION_MESSAGE = "Duur moet een heel aantal minuten zijn";
export const DURATION_FITS_MESSAGE = "De duur is langer dan de tijd tussen begin en eind";
export const MAX_ENTRY_MESSAGE = "Een registratie mag maximaal 24 uur duren";
export const DATE_MESSAGE = "Datum is verplicht";
export const CLOCK_TIME_MESSAGE = "Voer een tijd in als 09:30";
export const DURATION_TEXT_MESSAGE = "Voer de duur in als 1:30 of in minuten";

const MAX_ENTRY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;

const description = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(500, DESCRIPTION_TOO_LONG_MESSAGE);

/** POST /api/timer/start. Both fields carry the spec's single message, so the form marks what is missing. */
export const TimerStartInputSchema = z.object({
  projectId: z
    .string({ error: TIMER_START_MESSAGE })
    .trim()
    .pipe(z.uuid({ error: TIMER_START_MESSAGE })),
  description: description(TIMER_START_MESSAGE),
});
export type TimerStartInput = z.infer<typeof TimerStartInputSchema>;

/** POST /api/timer/stop: `confirm` says yes to saving a timer that ran over midnight or longer than 12 hours. */
/** 'Stop & Opslaan' within the first minute of work: the timer stops and no entry is saved. */
export const TIMER_UNDER_A_MINUTE_MESSAGE =
  "Minder dan een minuut gewerkt: er is geen tijdregistratie opgeslagen.";

export const TimerStopInputSchema = z
  .object({ confirm: z.boolean({ error: "Ongeldige bevestiging" }).optional() })
  .nullish()
  .transform((body) => ({ confirm: body?.confirm ?? false }));

export const TIMER_STATES = ["stopped", "running", "paused"] as const;
export type TimerState = (typeof TIMER_STATES)[number];

/** GET /api/timer and every timer action's answer: the one timer of this user, as the server keeps it. */
export const TimerSchema = z.object({
  state: z.enum(TIMER_STATES),
  projectId: z.string().nullable(),
  description: z.string().nullable(),
  startedAt: z.string().nullable(),
  pausedAt: z.string().nullable(),
  pausedMilliseconds: z.number(),
  /** Worked time at `serverTime`; the browser counts on from there with its own clock. */
  workedMilliseconds: z.number(),
  serverTime: z.string(),
});
export type Timer = z.infer<typeof TimerSchema>;

const isoMoment = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value), message)
    .transform((value) => new Date(value));

/**
 * POST /api/time-entries (spec §7) and PUT /api/time-entries/{id}. The server checks a sent duration against
 * start and end: it may be shorter (a break in between), never longer. Without a duration it is end − start;
 * without an end, the end is start + duration. A missing rate or client is taken from the project.
 */
export const TimeEntryInputSchema = z
  .object({
    projectId: z
      .string({ error: PROJECT_REQUIRED_MESSAGE })
      .trim()
      .pipe(z.uuid({ error: PROJECT_REQUIRED_MESSAGE })),
    clientId: z
      .string()
      .nullish()
      .transform((value) => value || null),
    description: description(DESCRIPTION_REQUIRED_MESSAGE),
    startTime: isoMoment(START_TIME_MESSAGE),
    endTime: z
      .union([z.string(), z.null()])
      .optional()
      .transform((value) => (value ? value : null))
      .pipe(isoMoment(END_AFTER_START_MESSAGE).nullable()),
    duration: z
      .number({ error: DURATION_MESSAGE })
      .int(DURATION_MESSAGE)
      .min(0, DURATION_MESSAGE)
      .max(MAX_ENTRY_MINUTES, MAX_ENTRY_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
    hourlyRate: optionalHourlyRate.optional(),
    isBillable: z.boolean().default(true),
  })
  .superRefine((entry, context) => {
    // Also runs when a field failed above; then its value may still be unparsed.
    if (!(entry.startTime instanceof Date) || !(entry.endTime === null || entry.endTime instanceof Date))
      return;
    if (entry.endTime === null && entry.duration === null) {
      context.addIssue({ code: "custom", path: ["endTime"], message: END_OR_DURATION_MESSAGE });
      return;
    }
    if (entry.endTime === null) return;
    const span = entry.endTime.getTime() - entry.startTime.getTime();
    if (span <= 0) {
      context.addIssue({ code: "custom", path: ["endTime"], message: END_AFTER_START_MESSAGE });
    } else if (span > MAX_ENTRY_MINUTES * MINUTE_MS) {
      context.addIssue({ code: "custom", path: ["endTime"], message: MAX_ENTRY_MESSAGE });
    } else if (entry.duration !== null && entry.duration > Math.floor(span / MINUTE_MS)) {
      context.addIssue({ code: "custom", path: ["duration"], message: DURATION_FITS_MESSAGE });
    }
  })
  .transform((entry) => {
    const endTime = entry.endTime ?? new Date(entry.startTime.getTime() + entry.duration! * MINUTE_MS);
    const duration =
      entry.duration ?? Math.floor((endTime.getTime() - entry.startTime.getTime()) / MINUTE_MS);
    return { ...entry, endTime, duration };
  });
export type TimeEntryApiInput = z.input<typeof TimeEntryInputSchema>;
export type TimeEntryInput = z.output<typeof TimeEntryInputSchema>;

/** A saved entry as the API answers it: spec §7's fields plus id, client, end, invoiced flag and amount. */
export const TimeEntrySchema = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  clientId: z.string().nullable(),
  description: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** Whole minutes. */
  duration: z.number(),
  hourlyRate: z.string().nullable(),
  /** duration × hourlyRate, rounded to cents, as a decimal string. */
  amount: z.string(),
  isBillable: z.boolean(),
  isInvoiced: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TimeEntry = z.infer<typeof TimeEntrySchema>;

/** POST /api/timer/stop: the stopped timer and the entry it saved (null when nothing was saved). */
export const TimerStopAnswerSchema = z.object({ timer: TimerSchema, entry: TimeEntrySchema.nullable() });
export type TimerStopAnswer = z.infer<typeof TimerStopAnswerSchema>;

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isIsoDate(value), "Ongeldige datum");

/** A period of calendar days (Amsterdam) and a project. */
const entrySelection = z.object({
  from: optionalDate,
  to: optionalDate,
  projectId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.uuid({ error: "Onbekend project" }).optional()),
});
const PERIOD_ORDER = {
  check: (query: { from?: string | undefined; to?: string | undefined }) =>
    !query.from || !query.to || query.from <= query.to,
  message: "De einddatum ligt voor de begindatum",
};

export const MAX_TIME_ENTRY_PAGE_SIZE = 500;

/** GET /api/time-entries: the selection, all of it or, with `limit`, one page. */
export const TimeEntryListQuerySchema = entrySelection
  .extend({
    limit: pageLimit(MAX_TIME_ENTRY_PAGE_SIZE).optional(),
    offset: pageOffset,
  })
  .refine(PERIOD_ORDER.check, { message: PERIOD_ORDER.message, path: ["to"] });
export type TimeEntryListQuery = z.input<typeof TimeEntryListQuerySchema>;

/** GET /api/time-entries/export: everything the selection holds. */
export const TimeEntryExportQuerySchema = entrySelection.refine(PERIOD_ORDER.check, {
  message: PERIOD_ORDER.message,
  path: ["to"],
});

/** GET /api/time-entries/hours-criterion: the urencriterium card. */
export const HoursCriterionSchema = z.object({
  year: z.number(),
  bookedMinutes: z.number(),
  goalMinutes: z.number(),
  remainingMinutes: z.number(),
  weeksLeft: z.number(),
  minutesPerWeekNeeded: z.number(),
  expectedMinutesByNow: z.number(),
  isOnTrack: z.boolean(),
  isReached: z.boolean(),
  isReachable: z.boolean(),
});
export type HoursCriterion = z.infer<typeof HoursCriterionSchema>;

const CLOCK_PATTERN = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/;

/** "9:30", "09.30" -> "09:30"; null when it is no time of day. */
export function parseClockTime(value: string): string | null {
  const match = CLOCK_PATTERN.exec(value.trim());
  return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : null;
}

/** "1:30" -> 90, "90" -> 90, "1,5" -> 90, "1.5u" -> 90; null when it is no duration. */
export function parseDurationText(value: string): number | null {
  const text = value.trim().toLowerCase().replace(/\s+/g, "");
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const hours = /^(\d{1,2})[,.](\d{1,2})u?$/.exec(text);
  if (hours) return Math.round(Number(`${hours[1]}.${hours[2]}`) * 60);
  const hoursOnly = /^(\d{1,2})u$/.exec(text);
  if (hoursOnly) return Number(hoursOnly[1]) * 60;
  const minutes = /^(\d{1,4})m?$/.exec(text);
  if (minutes) return Number(minutes[1]);
  return null;
}

/**
 * The manual-entry form (issue 5): a date, a start time and an end time or a duration, in Amsterdam's wall
 * clock. Its output is the API input above, which the server checks again.
 */
export const TimeEntryFormSchema = z
  .object({
    date: z.string().trim().refine(isIsoDate, DATE_MESSAGE),
    start: z
      .string()
      .trim()
      .min(1, START_TIME_MESSAGE)
      .refine((value) => parseClockTime(value) !== null, CLOCK_TIME_MESSAGE),
    end: z
      .string()
      .trim()
      .refine((value) => value === "" || parseClockTime(value) !== null, CLOCK_TIME_MESSAGE),
    duration: z
      .string()
      .trim()
      .refine((value) => value === "" || parseDurationText(value) !== null, DURATION_TEXT_MESSAGE),
    projectId: z.string().trim().min(1, PROJECT_REQUIRED_MESSAGE),
    description: description(DESCRIPTION_REQUIRED_MESSAGE),
    isBillable: z.boolean(),
  })
  .superRefine((form, context) => {
    const start = parseClockTime(form.start);
    const end = form.end ? parseClockTime(form.end) : null;
    const duration = form.duration ? parseDurationText(form.duration) : null;
    if (!start || !isIsoDate(form.date)) return;
    if (!form.end && !form.duration) {
      context.addIssue({ code: "custom", path: ["end"], message: END_OR_DURATION_MESSAGE });
      return;
    }
    if (duration !== null && duration > MAX_ENTRY_MINUTES) {
      context.addIssue({ code: "custom", path: ["duration"], message: MAX_ENTRY_MESSAGE });
    }
    if (end === null) return;
    const span =
      (businessMoment(form.date, end).getTime() - businessMoment(form.date, start).getTime()) / MINUTE_MS;
    if (span <= 0) {
      context.addIssue({ code: "custom", path: ["end"], message: END_AFTER_START_MESSAGE });
    } else if (duration !== null && duration > span) {
      context.addIssue({ code: "custom", path: ["duration"], message: DURATION_FITS_MESSAGE });
    }
  })
  .transform((form): TimeEntryApiInput => {
    const startTime = businessMoment(form.date, parseClockTime(form.start)!);
    const end = form.end ? parseClockTime(form.end) : null;
    return {
      projectId: form.projectId,
      description: form.description,
      startTime: startTime.toISOString(),
      endTime: end ? businessMoment(form.date, end).toISOString() : null,
      duration: form.duration ? parseDurationText(form.duration) : null,
      isBillable: form.isBillable,
    };
  });
export type TimeEntryFormValues = z.input<typeof TimeEntryFormSchema>;
