import { z } from "../validation";
import { amountCents } from "./amount";

/** Spec §3: a project is active (shown in the timer's picker) or archived (kept for its hours). */
export const PROJECT_STATUSES = ["active", "archived"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_NAME_MESSAGE = "Projectnaam is verplicht";
export const HOURLY_RATE_MESSAGE = "Voer een geldig uurtarief in, bijvoorbeeld 85,00";
export const PROJECT_CLIENT_MESSAGE = "Kies een klant uit de lijst";
export const PROJECT_STATUS_MESSAGE = "Kies actief of gearchiveerd";

/** Spec §9: rates are decimal(10,2), so at most 99.999.999,99. */
const MAX_RATE_CENTS = 9_999_999_999;

/**
 * An optional euro amount per hour, typed as "85", "85,50" or "85.50" (a form) or sent as a number (the API).
 * Empty means no rate. The output is integer cents.
 */
export const optionalHourlyRate = z
  .union([z.number(), z.string()], { error: HOURLY_RATE_MESSAGE })
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined) return null;
    if (typeof value === "string" && value.trim() === "") return null;
    const cents = amountCents(value, context, HOURLY_RATE_MESSAGE);
    if (cents === null) return z.NEVER;
    if (cents < 0 || cents > MAX_RATE_CENTS) {
      context.addIssue({ code: "custom", message: HOURLY_RATE_MESSAGE });
      return z.NEVER;
    }
    return cents;
  });

const optionalId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.uuid({ error: message }).nullable());

/** The project form (issue 5), used by the React form and by POST/PUT /api/projects. */
export const ProjectInputSchema = z.object({
  name: z
    .string({ error: PROJECT_NAME_MESSAGE })
    .trim()
    .min(1, PROJECT_NAME_MESSAGE)
    .max(200, "Projectnaam mag maximaal 200 tekens zijn"),
  clientId: optionalId(PROJECT_CLIENT_MESSAGE),
  description: z
    .string()
    .trim()
    .max(2000, "Omschrijving mag maximaal 2000 tekens zijn")
    .nullish()
    .transform((value) => value || null),
  hourlyRate: optionalHourlyRate,
  status: z.enum(PROJECT_STATUSES, { error: PROJECT_STATUS_MESSAGE }).default("active"),
});
export type ProjectFormInput = z.input<typeof ProjectInputSchema>;
export type ProjectInput = z.output<typeof ProjectInputSchema>;

/**
 * A project as the API answers it: spec §7 (id, name, clientId, hourlyRate) plus what the form edits, and the
 * client's current name, so that two projects called "Website" can be told apart.
 */
export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  description: z.string().nullable(),
  /** Decimal string, "85.00"; null when the project has no rate. */
  hourlyRate: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const MAX_PROJECT_PAGE_SIZE = 200;

/**
 * GET /api/projects. Without parameters every project comes back (spec §7); a picker asks for the few that match
 * what the user typed (the project's or its client's name), optionally only active ones or one client's.
 */
export const ProjectListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, "Zoekterm mag maximaal 100 tekens zijn")
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(PROJECT_STATUSES, { error: PROJECT_STATUS_MESSAGE }).optional(),
  clientId: z.uuid({ error: PROJECT_CLIENT_MESSAGE }).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PROJECT_PAGE_SIZE).optional(),
});
export type ProjectListQuery = z.input<typeof ProjectListQuerySchema>;
export type ProjectListOptions = z.output<typeof ProjectListQuerySchema>;
