/**
 * Settings → Factuuropmaak → E-mailteksten: the subject and text of every e-mail Balans sends on the user's
 * behalf (an invoice, a credit note, each reminder step, a quote), per kind and per document language.
 * - One syntax: a placeholder is a word in curly braces, `{factuurnummer}`; each kind has its own list, and a
 *   template naming anything else between braces is refused, naming it.
 * - The standard texts live here, once: the sending paths and the settings screen both read them, and a user
 *   without a saved template gets them.
 * - `fillMailTemplate` is the one renderer: values go in as plain text in a single pass (a value that itself
 *   contains `{…}` is never expanded), a line whose placeholder has no value (no payment link, nothing left to
 *   pay) is left out, and the subject is kept on one line.
 */
import type { DocumentLanguage } from "../invoices/document-texts";
import { z } from "../validation";

export const MAIL_TEMPLATE_KINDS = [
  "invoice",
  "credit_note",
  "reminder_friendly",
  "reminder_second",
  "reminder_final",
  "reminder_collection",
  "quote",
] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

export const MAIL_TEMPLATE_KIND_LABELS: Readonly<Record<MailTemplateKind, string>> = {
  invoice: "Factuur",
  credit_note: "Creditnota",
  reminder_friendly: "Herinnering",
  reminder_second: "Tweede herinnering",
  reminder_final: "Laatste herinnering / aanmaning",
  reminder_collection: "Aanmaning met kosten (particulier)",
  quote: "Offerte",
};

export const MAIL_SUBJECT_MAX_LENGTH = 200;
export const MAIL_BODY_MAX_LENGTH = 5000;

export const MAIL_TEMPLATE_MESSAGES = {
  subjectRequired: "Vul een onderwerp in",
  subjectTooLong: `Onderwerp mag maximaal ${MAIL_SUBJECT_MAX_LENGTH} tekens zijn`,
  subjectOneLine: "Gebruik voor het onderwerp één regel, zonder regeleinde",
  bodyRequired: "Vul een tekst in",
  bodyTooLong: `Tekst mag maximaal ${MAIL_BODY_MAX_LENGTH} tekens zijn`,
  unknownPlaceholders: (names: string[]) =>
    `${names.length === 1 ? "Dit invulveld bestaat" : "Deze invulvelden bestaan"} niet: ${names
      .map((name) => `{${name}}`)
      .join(", ")}. Gebruik alleen de invulvelden uit de lijst.`,
  notFound: "Deze e-mailtekst bestaat niet.",
} as const;

/** Every placeholder, with what it becomes; which kind offers which is in PLACEHOLDERS_BY_KIND. */
export const MAIL_PLACEHOLDERS = {
  klantnaam: "De contactpersoon van de klant, anders de naam van de klant",
  bedrijfsnaam: "Je handelsnaam",
  factuurnummer: "Het factuurnummer (bij een creditnota: het creditnotanummer)",
  factuurdatum: "De factuurdatum",
  vervaldatum: "De vervaldatum van de factuur",
  bedrag: "Het totaalbedrag",
  openstaand_bedrag: "Wat nog openstaat",
  betaalinstructie: "Bedrag, IBAN en kenmerk om over te maken (leeg als er niets te betalen is)",
  betaallink: "De link om online te betalen (de regel vervalt zonder betaallink)",
  titel: "De titel van de brief, bijvoorbeeld 'Herinnering' of 'Aanmaning'",
  brief: "De tekst van de brief met het gevorderde bedrag en de betaalgegevens",
  offertenummer: "Het offertenummer",
  offertedatum: "De offertedatum",
  geldig_tot: "De laatste dag dat de offerte geldig is",
  offertelink: "De link waarmee de klant de offerte accepteert of afwijst",
} as const;
export type MailPlaceholder = keyof typeof MAIL_PLACEHOLDERS;

const INVOICE_PLACEHOLDERS: readonly MailPlaceholder[] = [
  "klantnaam",
  "bedrijfsnaam",
  "factuurnummer",
  "factuurdatum",
  "vervaldatum",
  "bedrag",
  "openstaand_bedrag",
  "betaalinstructie",
  "betaallink",
];
const REMINDER_PLACEHOLDERS: readonly MailPlaceholder[] = [
  "klantnaam",
  "bedrijfsnaam",
  "factuurnummer",
  "factuurdatum",
  "vervaldatum",
  "bedrag",
  "openstaand_bedrag",
  "titel",
  "brief",
  "betaallink",
];

export const PLACEHOLDERS_BY_KIND: Readonly<Record<MailTemplateKind, readonly MailPlaceholder[]>> = {
  invoice: INVOICE_PLACEHOLDERS,
  credit_note: INVOICE_PLACEHOLDERS,
  reminder_friendly: REMINDER_PLACEHOLDERS,
  reminder_second: REMINDER_PLACEHOLDERS,
  reminder_final: REMINDER_PLACEHOLDERS,
  reminder_collection: REMINDER_PLACEHOLDERS,
  quote: [
    "klantnaam",
    "bedrijfsnaam",
    "offertenummer",
    "offertedatum",
    "bedrag",
    "geldig_tot",
    "offertelink",
  ],
};

export type MailTemplateText = { subject: string; body: string };

const REMINDER_NL: MailTemplateText = {
  subject: "{titel} factuur {factuurnummer} van {bedrijfsnaam}",
  body:
    "{brief}\n\nBetaal online: {betaallink}\n\n" +
    "In de bijlage vind je deze brief als PDF, met een QR-code waarmee je met je bankapp betaalt.\n\n" +
    "Met vriendelijke groet,\n{bedrijfsnaam}\n",
};
const REMINDER_EN: MailTemplateText = {
  subject: "{titel} for invoice {factuurnummer} from {bedrijfsnaam}",
  body:
    "{brief}\n\nPay online: {betaallink}\n\n" +
    "Attached is this letter as a PDF, with a QR code you can scan with your banking app to pay.\n\n" +
    "Kind regards,\n{bedrijfsnaam}\n",
};

/** The standard texts: what Balans sends when the user has not written their own. */
export const DEFAULT_MAIL_TEMPLATES: Readonly<
  Record<MailTemplateKind, Readonly<Record<DocumentLanguage, MailTemplateText>>>
> = {
  invoice: {
    nl: {
      subject: "Factuur {factuurnummer} van {bedrijfsnaam}",
      body:
        "Beste {klantnaam},\n\nIn de bijlage vind je factuur {factuurnummer} van {factuurdatum} voor {bedrag}.\n\n" +
        "{betaalinstructie}\n\nBetaal online: {betaallink}\n\nMet vriendelijke groet,\n{bedrijfsnaam}\n",
    },
    en: {
      subject: "Invoice {factuurnummer} from {bedrijfsnaam}",
      body:
        "Dear {klantnaam},\n\nPlease find attached invoice {factuurnummer} of {factuurdatum} for {bedrag}.\n\n" +
        "{betaalinstructie}\n\nPay online: {betaallink}\n\nKind regards,\n{bedrijfsnaam}\n",
    },
  },
  credit_note: {
    nl: {
      subject: "Creditnota {factuurnummer} van {bedrijfsnaam}",
      body:
        "Beste {klantnaam},\n\nIn de bijlage vind je creditnota {factuurnummer} van {factuurdatum} voor {bedrag}.\n\n" +
        "{betaalinstructie}\n\nMet vriendelijke groet,\n{bedrijfsnaam}\n",
    },
    en: {
      subject: "Credit note {factuurnummer} from {bedrijfsnaam}",
      body:
        "Dear {klantnaam},\n\nPlease find attached credit note {factuurnummer} of {factuurdatum} for {bedrag}.\n\n" +
        "{betaalinstructie}\n\nKind regards,\n{bedrijfsnaam}\n",
    },
  },
  reminder_friendly: { nl: REMINDER_NL, en: REMINDER_EN },
  reminder_second: { nl: REMINDER_NL, en: REMINDER_EN },
  reminder_final: { nl: REMINDER_NL, en: REMINDER_EN },
  reminder_collection: { nl: REMINDER_NL, en: REMINDER_EN },
  quote: {
    nl: {
      subject: "Offerte {offertenummer} van {bedrijfsnaam}",
      body:
        "Beste {klantnaam},\n\nIn de bijlage vind je offerte {offertenummer} van {offertedatum} voor {bedrag}, " +
        "geldig tot en met {geldig_tot}.\n\n" +
        "Via deze link bekijk je de offerte en accepteer je haar of wijs je haar af:\n{offertelink}\n\n" +
        "Met vriendelijke groet,\n{bedrijfsnaam}\n",
    },
    en: {
      subject: "Quote {offertenummer} from {bedrijfsnaam}",
      body:
        "Dear {klantnaam},\n\nPlease find attached quote {offertenummer} of {offertedatum} for {bedrag}, " +
        "valid until {geldig_tot}.\n\n" +
        "Through this link you can view the quote and accept or decline it:\n{offertelink}\n\n" +
        "Kind regards,\n{bedrijfsnaam}\n",
    },
  },
};

/** Anything between braces without spaces counts as a placeholder, so a typo is caught rather than sent. */
const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The names between braces in `text` that the kind does not offer, each once, in order of appearance. */
export function unknownPlaceholders(kind: MailTemplateKind, text: string): string[] {
  const offered = new Set<string>(PLACEHOLDERS_BY_KIND[kind]);
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) if (!offered.has(match[1]!)) unknown.add(match[1]!);
  return [...unknown];
}

export type MailTemplateValues = Partial<Record<MailPlaceholder, string | null>>;

/**
 * Fills a template with plain-text values. A line holding a placeholder without a value is left out entirely
 * ('Betaal online: {betaallink}' without a link), and the blank lines around it fold into one.
 */
export function fillMailTemplate(template: MailTemplateText, values: MailTemplateValues): MailTemplateText {
  const valueOf = (name: string) => values[name as MailPlaceholder] ?? "";
  const fill = (line: string) => line.replace(PLACEHOLDER, (_, name: string) => valueOf(name));
  const lines = template.body
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .filter((line) => [...line.matchAll(PLACEHOLDER)].every((match) => valueOf(match[1]!) !== ""))
    .map(fill);
  const body = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+/, "");
  // A value may hold a line break (a client name typed with one); the subject is one header line.
  const subject = fill(template.subject)
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .trim();
  return { subject, body };
}

/** Values that show what a template becomes, for the preview beside the editor. */
export const SAMPLE_MAIL_VALUES: Readonly<Record<DocumentLanguage, MailTemplateValues>> = {
  nl: {
    klantnaam: "Jan Jansen",
    bedrijfsnaam: "De Vries Advies",
    factuurnummer: "2026-0042",
    factuurdatum: "20-11-2026",
    vervaldatum: "04-12-2026",
    bedrag: "€ 1.210,00",
    openstaand_bedrag: "€ 1.210,00",
    betaalinstructie:
      "Wil je € 1.210,00 vóór 04-12-2026 overmaken naar NL91ABNA0417164300 t.n.v. De Vries Advies, onder vermelding van 2026-0042? In de PDF staat ook een QR-code waarmee je met je bankapp betaalt.",
    betaallink: "https://betalen.voorbeeld.nl/2026-0042",
    titel: "Herinnering",
    brief:
      "Beste Jan Jansen,\n\nVolgens onze administratie is factuur 2026-0042 van 20-11-2026 nog niet (helemaal) betaald. De betaaltermijn liep af op 04-12-2026; er staat nog € 1.210,00 open.\n\nOpenstaand factuurbedrag: € 1.210,00",
    offertenummer: "O-2026-0007",
    offertedatum: "20-11-2026",
    geldig_tot: "20-12-2026",
    offertelink: "https://balans.voorbeeld.nl/offerte?token=voorbeeld",
  },
  en: {
    klantnaam: "Jane Smith",
    bedrijfsnaam: "De Vries Advies",
    factuurnummer: "2026-0042",
    factuurdatum: "20 November 2026",
    vervaldatum: "4 December 2026",
    bedrag: "€1,210.00",
    openstaand_bedrag: "€1,210.00",
    betaalinstructie:
      "Please transfer €1,210.00 by 4 December 2026 to NL91ABNA0417164300 in the name of De Vries Advies, quoting 2026-0042. The PDF also has a QR code you can scan with your banking app to pay.",
    betaallink: "https://betalen.voorbeeld.nl/2026-0042",
    titel: "Reminder",
    brief:
      "Dear Jane Smith,\n\nAccording to our records, invoice 2026-0042 of 20 November 2026 has not been paid (in full). The payment term ended on 4 December 2026; €1,210.00 is still outstanding.\n\nOutstanding invoice amount: €1,210.00",
    offertenummer: "O-2026-0007",
    offertedatum: "20 November 2026",
    geldig_tot: "20 December 2026",
    offertelink: "https://balans.voorbeeld.nl/offerte?token=example",
  },
};

export const MailTemplateKindSchema = z.enum(MAIL_TEMPLATE_KINDS);

/** The route's `:kind/:language`; anything else answers 404 (MAIL_TEMPLATE_MESSAGES.notFound). */
export const MailTemplateParamsSchema = z.object({ kind: z.string(), language: z.string() });

/**
 * PUT /api/settings/mail-templates/{kind}/{language}. The placeholders depend on the kind, which comes from the
 * address: `mailTemplateInputSchema(kind)` adds that check to the same field rules for form and route.
 */
export const MailTemplateInputSchema = z.object({
  subject: z
    .string({ error: MAIL_TEMPLATE_MESSAGES.subjectRequired })
    .trim()
    .min(1, MAIL_TEMPLATE_MESSAGES.subjectRequired)
    .max(MAIL_SUBJECT_MAX_LENGTH, MAIL_TEMPLATE_MESSAGES.subjectTooLong)
    .refine((value) => !/[\r\n\u2028\u2029]/.test(value), MAIL_TEMPLATE_MESSAGES.subjectOneLine),
  body: z
    .string({ error: MAIL_TEMPLATE_MESSAGES.bodyRequired })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, MAIL_TEMPLATE_MESSAGES.bodyRequired)
        .max(MAIL_BODY_MAX_LENGTH, MAIL_TEMPLATE_MESSAGES.bodyTooLong),
    )
    .transform((value) => `${value}\n`),
});
export type MailTemplateFormInput = z.input<typeof MailTemplateInputSchema>;
export type MailTemplateInput = z.output<typeof MailTemplateInputSchema>;

export function mailTemplateInputSchema(kind: MailTemplateKind) {
  return MailTemplateInputSchema.superRefine((value, context) => {
    for (const field of ["subject", "body"] as const) {
      const unknown = unknownPlaceholders(kind, value[field]);
      if (unknown.length > 0)
        context.addIssue({
          code: "custom",
          path: [field],
          message: MAIL_TEMPLATE_MESSAGES.unknownPlaceholders(unknown),
        });
    }
  });
}

/** One template as the settings screen shows it: the saved text, or the standard one. */
export const MailTemplateSchema = z.object({
  kind: MailTemplateKindSchema,
  language: z.enum(["nl", "en"]),
  subject: z.string(),
  body: z.string(),
  isCustom: z.boolean(),
});
export type MailTemplate = z.infer<typeof MailTemplateSchema>;
