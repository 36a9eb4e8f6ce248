/**
 * The newsletter sign-up's messages and a light check of its two fields, without zod: the sign-up sits in the
 * footer of every public page, whose script must stay small. The server checks with the full schema
 * (schemas/public-site.ts), which uses the same messages.
 */
export const NEWSLETTER_FIELD_MESSAGES = {
  emailRequired: "E-mailadres is verplicht",
  emailInvalid: "Ongeldig e-mailadres",
  consentRequired: "Geef toestemming om je de nieuwsbrief te mogen sturen",
} as const;

export type NewsletterFieldErrors = { email?: string; gdprConsent?: string };

export function checkNewsletterSignup(email: string, gdprConsent: boolean): NewsletterFieldErrors {
  const errors: NewsletterFieldErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = NEWSLETTER_FIELD_MESSAGES.emailRequired;
  else if (trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
    errors.email = NEWSLETTER_FIELD_MESSAGES.emailInvalid;
  }
  if (!gdprConsent) errors.gdprConsent = NEWSLETTER_FIELD_MESSAGES.consentRequired;
  return errors;
}
