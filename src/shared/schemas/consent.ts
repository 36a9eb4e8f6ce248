import {
  CONSENT_METHODS,
  CONSENT_POLICY_VERSION,
  COOKIE_CATEGORIES,
  type CookieDescriptor,
} from "../consent";
import { z } from "../validation";

/** The locally generated session id (spec §9): a random uuid, so it cannot be guessed. */
export const ConsentSessionIdSchema = z.uuid("Ongeldige sessie-id");

export const ConsentQuerySchema = z.object({ sessionId: ConsentSessionIdSchema });

const category = (name: string) => z.boolean({ error: `${name} moet waar of onwaar zijn` });

/**
 * Spec §7 POST /api/consent. `userId` is accepted for compatibility with the specified payload but never
 * trusted: the server attaches the signed-in user of the session cookie.
 */
export const ConsentInputSchema = z.object({
  sessionId: ConsentSessionIdSchema,
  userId: z.string().nullish(),
  essential: z.literal(true, { error: "Essentiële cookies kunnen niet worden uitgeschakeld" }),
  functional: category("functional"),
  analytics: category("analytics"),
  marketing: category("marketing"),
  consentMethod: z.enum(CONSENT_METHODS, { error: "Ongeldige toestemmingsmethode" }),
  policyVersion: z
    .string({ error: "Ongeldige beleidsversie" })
    .max(20, "Ongeldige beleidsversie")
    .default(CONSENT_POLICY_VERSION),
  pageUrl: z.string().max(2000, "Pagina-adres is te lang").nullish(),
});
export type ConsentInput = z.input<typeof ConsentInputSchema>;

/** Spec §7 GET /api/consent answer. */
export const ConsentAnswerSchema = z.object({
  essential: z.boolean(),
  functional: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  consentGivenAt: z.string(),
  consentWithdrawnAt: z.string().nullable(),
  policyVersion: z.string(),
  consentMethod: z.enum(CONSENT_METHODS),
  userAgent: z.string().nullable(),
});
export type ConsentAnswer = z.infer<typeof ConsentAnswerSchema>;

/** One line of the cookie audit log as the history tab shows it. */
export const ConsentAuditLineSchema = z.object({
  action: z.string(),
  categoryChanged: z.string().nullable(),
  previousValue: z.boolean().nullable(),
  newValue: z.boolean().nullable(),
  legalBasis: z.string(),
  processingPurpose: z.string().nullable(),
  dataRetentionPeriod: z.string().nullable(),
  consentInterface: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsentAuditLine = z.infer<typeof ConsentAuditLineSchema>;

export const GDPR_REQUEST_TYPES = ["access", "erasure"] as const;
export type GdprRequestType = (typeof GDPR_REQUEST_TYPES)[number];

export const GDPR_REQUEST_TYPE_LABELS: Record<GdprRequestType, string> = {
  access: "Inzage in mijn gegevens",
  erasure: "Verwijdering van mijn gegevens",
};

/** A data subject request (AVG art. 15 and 17) from the privacy dialog or the privacy page. */
export const GdprRequestInputSchema = z.object({
  email: z
    .string({ error: "E-mailadres is vereist" })
    .trim()
    .min(1, "E-mailadres is vereist")
    .pipe(z.email("Ongeldig e-mailadres").max(254, "Ongeldig e-mailadres")),
  requestType: z.enum(GDPR_REQUEST_TYPES, { error: "Kies het soort verzoek" }),
  details: z.string().trim().max(2000, "Toelichting mag maximaal 2000 tekens zijn").optional(),
});
export type GdprRequestInput = z.input<typeof GdprRequestInputSchema>;

export const GdprRequestAnswerSchema = z.object({
  id: z.string(),
  requestType: z.enum(GDPR_REQUEST_TYPES),
  status: z.string(),
  dueDate: z.string(),
});
export type GdprRequestAnswer = z.infer<typeof GdprRequestAnswerSchema>;

const CookieDescriptorSchema = z.object({
  name: z.string(),
  category: z.enum(COOKIE_CATEGORIES),
  description: z.string(),
  duration: z.string(),
  domain: z.string().optional(),
  path: z.string().optional(),
  secure: z.boolean().optional(),
  sameSite: z.enum(["Strict", "Lax", "None"]).optional(),
  storage: z.enum(["cookie", "localStorage"]).optional(),
  provider: z.string().optional(),
  maxAgeSeconds: z.number().optional(),
}) satisfies z.ZodType<CookieDescriptor>;

/** GET /api/cookie-policy: the active policy version with the inventory its cookie table is rendered from. */
export const CookiePolicySchema = z.object({
  version: z.string(),
  effectiveDate: z.string().nullable(),
  description: z.string().nullable(),
  policyContent: z.string(),
  cookieInventory: z.array(CookieDescriptorSchema),
});
export type CookiePolicy = z.infer<typeof CookiePolicySchema>;
