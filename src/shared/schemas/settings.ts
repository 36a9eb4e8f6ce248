import { isIsoDate } from "../dates";
import { korAppliesOn } from "../kor";
import { z } from "../validation";
import { FIRST_VAT_YEAR, VAT_PERIOD_FREQUENCIES } from "../vat-periods";
import { formatIban, IBAN_MESSAGE, isValidIban } from "../validators/iban";
import { formatKvkNumber, isValidKvkNumber, KVK_MESSAGE } from "../validators/kvk";
import { formatPhoneNumber } from "../validators/phone";
import { formatPostcode, isValidPostcode, POSTCODE_MESSAGE } from "../validators/postcode";
import { formatVatNumber, isValidVatNumber, VAT_NUMBER_MESSAGE } from "../validators/btw";
import {
  countryField,
  EMAIL_MESSAGE,
  isEmail,
  optionalChecked,
  optionalLine,
  optionalText,
  paymentTermsField,
} from "./clients";

export { VAT_PERIOD_FREQUENCIES };
export const VAT_PERIOD_FREQUENCY_LABELS: Readonly<Record<(typeof VAT_PERIOD_FREQUENCIES)[number], string>> =
  {
    quarter: "Per kwartaal",
    month: "Per maand",
    year: "Per jaar",
  };
export const VAT_PERIOD_FREQUENCY_MESSAGE = "Kies per kwartaal, per maand of per jaar";
export const BIC_MESSAGE = "Ongeldige BIC. Formaat: 8 of 11 tekens, bijvoorbeeld ABNANL2A";
export const WEBSITE_MESSAGE = "Ongeldig webadres. Bijvoorbeeld www.voorbeeld.nl";
export const ADMINISTRATION_START_DATE_MESSAGE = "Vul een geldige datum in";
export const ADMINISTRATION_START_TOO_EARLY_MESSAGE = "Kies een datum vanaf 1 januari 2000";
export const KOR_END_BEFORE_START_MESSAGE = "De einddatum van de KOR ligt vóór de startdatum";
export const KOR_END_WITHOUT_START_MESSAGE = "Vul ook in vanaf wanneer je de KOR gebruikt";
/** Balans keeps VAT returns from this day on; the administration cannot start before it. */
export const FIRST_ADMINISTRATION_START = `${FIRST_VAT_YEAR}-01-01`;
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Huidig wachtwoord is vereist";
export const CURRENT_PASSWORD_WRONG_MESSAGE = "Huidig wachtwoord is onjuist";
export const NEW_PASSWORD_MESSAGE = "Wachtwoord moet minimaal 6 karakters zijn";
export const PASSWORD_MISMATCH_MESSAGE = "De wachtwoorden komen niet overeen";
export const PASSWORD_UNCHANGED_MESSAGE = "Het nieuwe wachtwoord is gelijk aan het huidige";

/** Settings, logo: what PUT /api/settings/logo accepts; the client checks the same before uploading. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/svg+xml"] as const;
export const LOGO_TYPE_MESSAGE = "Alleen PNG, JPEG of SVG";
export const LOGO_SIZE_MESSAGE = "Het logo mag maximaal 512 KB zijn";
/** The server decodes the image; it reads the size from the file's header first and refuses larger ones. */
export const LOGO_MAX_SIDE_PX = 4000;
export const LOGO_DIMENSIONS_MESSAGE = "Het logo mag maximaal 4000 × 4000 pixels zijn";
export const LOGO_UNREADABLE_MESSAGE =
  "In dit bestand staat geen leesbare afbeelding. Sla het logo opnieuw op als PNG, JPEG of SVG en probeer het nog eens.";

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
export function isValidBic(raw: string): boolean {
  return BIC_PATTERN.test(raw.replace(/\s/g, "").toUpperCase());
}

/** A web address as people type it ('www.voorbeeld.nl', 'https://voorbeeld.nl/over'); only http(s). */
export function isValidWebsite(raw: string): boolean {
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  if (/\s/.test(raw)) return false;
  try {
    const url = new URL(withScheme);
    return (url.protocol === "http:" || url.protocol === "https:") && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** Settings, profile: the name and e-mail address of the account (spec §3 user). */
export const ProfileInputSchema = z.object({
  firstName: optionalText(100, "Voornaam is te lang"),
  lastName: optionalText(100, "Achternaam is te lang"),
  email: optionalChecked(254, isEmail, EMAIL_MESSAGE).transform((value) => value && value.toLowerCase()),
  /** With two-factor sign-in on, a new e-mail address asks for a code from the app (auth/two-factor.ts). */
  twoFactorCode: z.string().trim().max(40).optional(),
});
export type ProfileFormInput = z.input<typeof ProfileInputSchema>;
export type ProfileInput = z.output<typeof ProfileInputSchema>;

/** Settings, password: the current password proves it is the owner at the keyboard (spec §5: minimum 6). */
export const PasswordChangeInputSchema = z
  .object({
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_REQUIRED_MESSAGE })
      .min(1, CURRENT_PASSWORD_REQUIRED_MESSAGE)
      .max(200, CURRENT_PASSWORD_WRONG_MESSAGE),
    newPassword: z
      .string({ error: NEW_PASSWORD_MESSAGE })
      .min(6, NEW_PASSWORD_MESSAGE)
      .max(200, "Wachtwoord mag maximaal 200 karakters zijn"),
    confirmPassword: z.string({ error: PASSWORD_MISMATCH_MESSAGE }),
    /** With two-factor sign-in on, a code from the app too. */
    twoFactorCode: z.string().trim().max(40).optional(),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ["confirmPassword"],
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: PASSWORD_UNCHANGED_MESSAGE,
    path: ["newPassword"],
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInputSchema>;

/** A calendar day from 2000 on, 'YYYY-MM-DD'; empty is null (the administration's start, the KOR's dates). */
const optionalDateField = () =>
  z
    .string({ error: ADMINISTRATION_START_DATE_MESSAGE })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isIsoDate(value), {
      message: ADMINISTRATION_START_DATE_MESSAGE,
      abort: true,
    })
    .refine((value) => value === null || value >= FIRST_ADMINISTRATION_START, {
      message: ADMINISTRATION_START_TOO_EARLY_MESSAGE,
    });

/**
 * Settings, company data: what every invoice prints about the seller (domain.md §8: name, address, btw-id, KvK)
 * and how it is paid (IBAN, BIC, term). Checked with the same validators and messages as the client form.
 */
export const CompanyProfileInputSchema = z
  .object({
    tradeName: optionalLine(200, "Handelsnaam mag maximaal 200 tekens zijn"),
    address: optionalText(200, "Adres mag maximaal 200 tekens zijn"),
    postalCode: optionalText(12, "Postcode mag maximaal 12 tekens zijn"),
    city: optionalText(100, "Plaats mag maximaal 100 tekens zijn"),
    country: countryField(),
    kvkNumber: optionalChecked(20, isValidKvkNumber, KVK_MESSAGE),
    vatNumber: optionalChecked(30, isValidVatNumber, VAT_NUMBER_MESSAGE),
    iban: optionalChecked(50, isValidIban, IBAN_MESSAGE),
    bic: optionalChecked(20, isValidBic, BIC_MESSAGE),
    phone: optionalText(50, "Telefoonnummer mag maximaal 50 tekens zijn"),
    email: optionalChecked(254, isEmail, EMAIL_MESSAGE),
    website: optionalChecked(200, isValidWebsite, WEBSITE_MESSAGE),
    paymentTermsDays: paymentTermsField(),
    invoiceFooter: optionalText(1000, "Voettekst mag maximaal 1000 tekens zijn"),
    /** The KOR's first and (when it ended) last day: shared/kor.ts decides per date from these. */
    korStartDate: optionalDateField(),
    korEndDate: optionalDateField(),
    vatPeriodFrequency: z
      .enum(VAT_PERIOD_FREQUENCIES, { error: VAT_PERIOD_FREQUENCY_MESSAGE })
      .default("quarter"),
    /** VAT periods that ended before it are not due in Balans (vatPeriodState). */
    administrationStartDate: optionalDateField(),
  })
  .refine(
    (company) => !(company.country === "NL" && company.postalCode && !isValidPostcode(company.postalCode)),
    {
      message: POSTCODE_MESSAGE,
      path: ["postalCode"],
      when: ({ value }) => {
        const company = value as { postalCode?: unknown } | null;
        return typeof company === "object" && company !== null && typeof company.postalCode === "string";
      },
    },
  )
  .refine((company) => company.korEndDate === null || company.korStartDate !== null, {
    message: KOR_END_WITHOUT_START_MESSAGE,
    path: ["korStartDate"],
    when: ({ value }) => korDatesValid(value),
  })
  .refine(
    (company) =>
      company.korEndDate === null ||
      company.korStartDate === null ||
      company.korStartDate <= company.korEndDate,
    {
      message: KOR_END_BEFORE_START_MESSAGE,
      path: ["korEndDate"],
      when: ({ value }) => korDatesValid(value),
    },
  );
/** Both KOR dates parsed (a date or empty), so they can be compared even while other fields are wrong. */
function korDatesValid(value: unknown): boolean {
  const company = value as { korStartDate?: unknown; korEndDate?: unknown } | null;
  if (typeof company !== "object" || company === null) return false;
  return [company.korStartDate, company.korEndDate].every(
    (date) =>
      date === null || (typeof date === "string" && isIsoDate(date) && date >= FIRST_ADMINISTRATION_START),
  );
}

export type CompanyProfileFormInput = z.input<typeof CompanyProfileInputSchema>;
export type CompanyProfileInput = z.output<typeof CompanyProfileInputSchema>;

/** Stored the way it is printed: postcode '1234 AB', btw-id 'NL 123.456.789.B01', IBAN in fours, BIC upper case. */
export function normaliseCompanyProfile(input: CompanyProfileInput): CompanyProfileInput {
  return {
    ...input,
    postalCode:
      input.postalCode && input.country === "NL" ? formatPostcode(input.postalCode) : input.postalCode,
    kvkNumber: input.kvkNumber ? formatKvkNumber(input.kvkNumber) : null,
    vatNumber: input.vatNumber ? formatVatNumber(input.vatNumber) : null,
    iban: input.iban ? formatIban(input.iban) : null,
    bic: input.bic ? input.bic.replace(/\s/g, "").toUpperCase() : null,
    phone: input.phone ? formatPhoneNumber(input.phone, input.country) : null,
    email: input.email ? input.email.toLowerCase() : null,
  };
}

/** GET/PUT /api/settings/company. */
export const CompanyProfileSchema = z.object({
  tradeName: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  kvkNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  paymentTermsDays: z.number(),
  invoiceFooter: z.string().nullable(),
  korStartDate: z.string().nullable(),
  korEndDate: z.string().nullable(),
  /** Read only: whether the KOR applies today (korAppliesOn); every rule asks it for its own date. */
  isKorApplied: z.boolean(),
  /** How often the VAT return is filed: quarter (default), month or year. */
  vatPeriodFrequency: z.enum(VAT_PERIOD_FREQUENCIES),
  /** The administration's first day as the user set it; null: the month of sign-up or of the first booking. */
  administrationStartDate: z.string().nullable(),
  /** False until the user has saved company data once; the invoice screens then point to Settings. */
  isSaved: z.boolean(),
  /** Whether a logo is set; the image itself is GET /api/settings/logo. */
  hasLogo: z.boolean(),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

/**
 * Wet OB art. 35a: what every invoice must say about the seller — name, address, KvK number and btw-id (a KOR
 * user charges no VAT and needs no btw-id). Issuing checks it; the dashboard's checklist asks for it.
 */
export const INVOICE_COMPANY_FIELDS = [
  "tradeName",
  "address",
  "postalCode",
  "city",
  "kvkNumber",
  "vatNumber",
] as const satisfies readonly (keyof CompanyProfile)[];
export type InvoiceCompanyField = (typeof INVOICE_COMPANY_FIELDS)[number];

/** The seller's fields an invoice dated `onDate` (default today) needs that are still empty. */
export function missingInvoiceCompanyFields(company: CompanyProfile, onDate?: string): InvoiceCompanyField[] {
  const isKor = onDate === undefined ? company.isKorApplied : korAppliesOn(company, onDate);
  return INVOICE_COMPANY_FIELDS.filter((field) => !company[field] && !(field === "vatNumber" && isKor));
}

/** Whether invoices can be issued with this company data: saved once (not just prefilled) and complete. */
export function isCompanyReadyToInvoice(company: CompanyProfile): boolean {
  return company.isSaved && missingInvoiceCompanyFields(company).length === 0;
}

/** GET and PUT /api/settings/preferences: how the user likes to work, on every device. */
export const PREFERENCE_MESSAGE = "Kies aan of uit";
export const NO_PREFERENCE_MESSAGE = "Geef minstens één voorkeur op";
export const PreferencesSchema = z.object({
  /** Amount fields take the amount including VAT (a receipt), not excluding it. */
  amountsIncludeVat: z.boolean({ error: PREFERENCE_MESSAGE }),
  /** The dashboard's first-steps checklist is put away for good. */
  isOnboardingDismissed: z.boolean({ error: PREFERENCE_MESSAGE }),
});
export type Preferences = z.infer<typeof PreferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = { amountsIncludeVat: false, isOnboardingDismissed: false };

/**
 * PUT /api/settings/preferences changes the preferences it names and keeps the others: a screen sends only
 * what it is about, so two screens (or two devices) never undo each other's choice.
 */
export const PreferencesInputSchema = PreferencesSchema.partial().refine(
  (input) => Object.keys(input).length > 0,
  { message: NO_PREFERENCE_MESSAGE },
);
export type PreferencesInput = z.infer<typeof PreferencesInputSchema>;

/** GET /api/settings/outbox: the user's sent e-mail, newest first (invoices with their PDF). */
export const OutboxEntrySchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** When an SMTP server accepted it; null while it waits in the outbox (or when no SMTP_URL is set). */
  sentAt: z.string().nullable(),
  attachments: z.array(z.object({ id: z.string(), filename: z.string() })),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;
