import { NEWSLETTER_FIELD_MESSAGES } from "../newsletter";
import { z } from "../validation";

/** An optional text field: empty or whitespace-only input means "not given". */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));

const email = z
  .string({ error: NEWSLETTER_FIELD_MESSAGES.emailRequired })
  .trim()
  .min(1, NEWSLETTER_FIELD_MESSAGES.emailRequired)
  .pipe(z.email(NEWSLETTER_FIELD_MESSAGES.emailInvalid).max(254, NEWSLETTER_FIELD_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

/** The kinds of question the contact form offers, with the label the visitor sees. */
export const INQUIRY_TYPES = {
  general: "Algemene vraag",
  support: "Hulp bij Balans",
  sales: "Prijzen en abonnement",
  billing: "Facturatie van mijn abonnement",
  privacy: "Privacy en gegevens",
  partnership: "Samenwerking of koppeling",
} as const;
export type InquiryType = keyof typeof INQUIRY_TYPES;

/** The hidden field that people never see and bots fill in (the honeypot). */
export const HONEYPOT_FIELD = "website";

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** /support/contact: spec §3 contact submission, with the form-security fields. */
export const ContactInputSchema = z.object({
  name: z
    .string({ error: "Naam is verplicht" })
    .trim()
    .min(1, "Naam is verplicht")
    .max(100, "Naam mag maximaal 100 karakters zijn"),
  email,
  subject: z
    .string({ error: "Onderwerp is verplicht" })
    .trim()
    .min(1, "Onderwerp is verplicht")
    .max(150, "Onderwerp mag maximaal 150 karakters zijn"),
  message: z
    .string({ error: "Bericht is verplicht" })
    .trim()
    .min(1, "Bericht is verplicht")
    .min(CONTACT_MESSAGE_MIN, `Bericht moet minimaal ${CONTACT_MESSAGE_MIN} karakters zijn`)
    .max(CONTACT_MESSAGE_MAX, `Bericht mag maximaal ${CONTACT_MESSAGE_MAX} karakters zijn`),
  company: optionalText(150, "Bedrijfsnaam mag maximaal 150 karakters zijn"),
  phone: z
    .string()
    .trim()
    .max(30, "Ongeldig telefoonnummer")
    .regex(/^$|^\+?[0-9][0-9 ()-]{5,}$/, "Ongeldig telefoonnummer")
    .optional()
    .transform((value) => (value ? value : undefined)),
  inquiryType: z
    .enum(Object.keys(INQUIRY_TYPES) as [InquiryType, ...InquiryType[]], { error: "Kies een soort vraag" })
    .default("general"),
  /** The honeypot: always empty for a person. */
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  /** The signed moment the form was shown (GET /api/forms/token), for the too-fast check. */
  formToken: z.string().max(200).optional(),
});
export type ContactInput = z.input<typeof ContactInputSchema>;
export type ContactValues = z.output<typeof ContactInputSchema>;
/** POST /api/contact: the message's reference and the thanks to show. */
export const ContactAnswerSchema = z.object({ reference: z.string(), message: z.string() });
export type ContactAnswer = z.infer<typeof ContactAnswerSchema>;

export const FormTokenSchema = z.object({ token: z.string() });
export type FormToken = z.infer<typeof FormTokenSchema>;

/** Newsletter sign-up (footer): e-mail plus the AVG consent, which must be given. */
export const NewsletterSignupInputSchema = z.object({
  email,
  gdprConsent: z.literal(true, { error: NEWSLETTER_FIELD_MESSAGES.consentRequired }),
  name: optionalText(100, "Naam mag maximaal 100 karakters zijn"),
  /** Where the form was, e.g. "footer" or "support". */
  source: optionalText(40, "Ongeldige bron"),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type NewsletterSignupInput = z.input<typeof NewsletterSignupInputSchema>;

export const NewsletterTokenInputSchema = z.object({
  token: z
    .string({ error: "Deze link is ongeldig" })
    .min(1, "Deze link is ongeldig")
    .max(200, "Deze link is ongeldig"),
});

export const NewsletterAnswerSchema = z.object({
  status: z.enum(["pending", "confirmed", "unsubscribed"]),
  message: z.string(),
});
export type NewsletterAnswer = z.infer<typeof NewsletterAnswerSchema>;

/** A visit to /aanmelden from a campaign or another website (POST /api/leads). */
export const LeadVisitInputSchema = z.object({
  utmSource: optionalText(100, "utm_source is te lang"),
  utmMedium: optionalText(100, "utm_medium is te lang"),
  utmCampaign: optionalText(150, "utm_campaign is te lang"),
  referrer: optionalText(2000, "Verwijzer is te lang"),
});
export type LeadVisitInput = z.input<typeof LeadVisitInputSchema>;

export const LeadAnswerSchema = z.object({ id: z.string().nullable() });
export type LeadAnswer = z.infer<typeof LeadAnswerSchema>;

/** GET /api/health, read by the status page. */
export const HealthAnswerSchema = z.object({
  status: z.enum(["ok", "error"]),
  version: z.string(),
  checkedAt: z.string().optional(),
  database: z.object({ reachable: z.boolean(), latencyMs: z.number().optional() }),
  jobs: z
    .array(
      z.object({
        name: z.string(),
        lastRunAt: z.string(),
        lastStatus: z.enum(["ok", "failed"]),
        lastDurationMs: z.number(),
        lastSuccessAt: z.string().nullable(),
      }),
    )
    .optional(),
});
export type HealthAnswer = z.infer<typeof HealthAnswerSchema>;
