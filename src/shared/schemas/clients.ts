import { isSingleLine, SINGLE_LINE_MESSAGE, z } from "../validation";
import { pageLimit, pageOffset } from "./paging";
import { isValidIban, IBAN_MESSAGE, formatIban } from "../validators/iban";
import { isValidKvkNumber, KVK_MESSAGE, formatKvkNumber } from "../validators/kvk";
import { formatPhoneNumber } from "../validators/phone";
import { formatPostcode, isValidPostcode, POSTCODE_MESSAGE } from "../validators/postcode";
import { formatVatNumber, isValidVatNumber, VAT_NUMBER_MESSAGE, vatNumberMessage } from "../validators/btw";
import { DOCUMENT_LANGUAGES } from "../invoices/document-texts";

/**
 * Spec §2.16: the country options of the client form, with Dutch names for the screen; Ireland, Luxembourg and
 * the United States added for suppliers (software, hosting and advertising invoice from there).
 */
export const CLIENT_COUNTRIES = ["NL", "BE", "DE", "FR", "GB", "ES", "IT", "IE", "LU", "US"] as const;
export type ClientCountry = (typeof CLIENT_COUNTRIES)[number];

export const CLIENT_COUNTRY_NAMES: Readonly<Record<ClientCountry, string>> = {
  NL: "Nederland",
  BE: "België",
  DE: "Duitsland",
  FR: "Frankrijk",
  GB: "Verenigd Koninkrijk",
  ES: "Spanje",
  IT: "Italië",
  IE: "Ierland",
  LU: "Luxemburg",
  US: "Verenigde Staten",
};

/** Spec §3 and §9. */
export const DEFAULT_CLIENT_COUNTRY: ClientCountry = "NL";
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const MAX_PAYMENT_TERMS_DAYS = 365;

export const NAME_REQUIRED_MESSAGE = "Naam is verplicht";
export const EMAIL_MESSAGE = "Ongeldig e-mailadres";
export const PAYMENT_TERMS_MESSAGE = "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn";
export const COUNTRY_MESSAGE = "Kies een land uit de lijst";
export const ROLES_MESSAGE = "Kies klant, leverancier of beide";
export const CONSUMER_MESSAGE = "Kies of de klant een particulier of een bedrijf is";
export const DOCUMENT_LANGUAGE_MESSAGE = "Kies Nederlands of Engels als taal van facturen en offertes";
export { IBAN_MESSAGE, KVK_MESSAGE, POSTCODE_MESSAGE, VAT_NUMBER_MESSAGE };

/**
 * Spec §5: "every field except name is optional when empty". Empty or whitespace-only input means "no value" and
 * is stored as NULL, so clearing a field in the form clears it in the database.
 */
export const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional one-line field (a name, a city): refuses a line break. */
export const optionalLine = (max: number, tooLong: string) =>
  optionalText(max, tooLong).refine(isSingleLine, SINGLE_LINE_MESSAGE);

/** An optional field with its own rule: checked only when filled in, with the one message of spec §5. */
export const optionalChecked = (max: number, isValid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((value) => value === "" || isValid(value), message)
    .nullish()
    .transform((value) => (value ? value : null));

/** A country of the list (ISO code, any case); empty means the Netherlands. */
export const countryField = () =>
  z
    .string({ error: COUNTRY_MESSAGE })
    .trim()
    .toUpperCase()
    .nullish()
    .transform((value) => value || DEFAULT_CLIENT_COUNTRY)
    .pipe(z.enum(CLIENT_COUNTRIES, { error: COUNTRY_MESSAGE }));

export const isEmail = (value: string) => z.email().safeParse(value).success;

/** A number from the API, a string from a form field; empty means the default term of spec §3. */
export const paymentTermsField = () =>
  z
    .union([z.number(), z.string()], { error: PAYMENT_TERMS_MESSAGE })
    .nullish()
    .transform((value) => {
      if (typeof value === "number") return value;
      const trimmed = value?.trim() ?? "";
      if (trimmed === "") return DEFAULT_PAYMENT_TERMS_DAYS;
      return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    })
    .pipe(
      z
        .number({ error: PAYMENT_TERMS_MESSAGE })
        .int(PAYMENT_TERMS_MESSAGE)
        .min(0, PAYMENT_TERMS_MESSAGE)
        .max(MAX_PAYMENT_TERMS_DAYS, PAYMENT_TERMS_MESSAGE),
    );

/**
 * The client form (spec §5 Client form), used by the React form through zodResolver and by POST/PUT /api/clients.
 * The output is validated but not yet normalised: the server applies `normaliseClientInput` when it saves.
 */
export const ClientInputSchema = z
  .object({
    name: z
      .string({ error: NAME_REQUIRED_MESSAGE })
      .trim()
      .min(1, NAME_REQUIRED_MESSAGE)
      .max(200, "Naam mag maximaal 200 tekens zijn")
      .refine(isSingleLine, SINGLE_LINE_MESSAGE),
    contactPerson: optionalLine(200, "Contactpersoon mag maximaal 200 tekens zijn"),
    email: optionalChecked(254, isEmail, EMAIL_MESSAGE),
    phone: optionalText(50, "Telefoonnummer mag maximaal 50 tekens zijn"),
    address: optionalText(500, "Adres mag maximaal 500 tekens zijn"),
    street: optionalText(200, "Straat mag maximaal 200 tekens zijn"),
    houseNumber: optionalText(20, "Huisnummer mag maximaal 20 tekens zijn"),
    // The Dutch format is checked below, where the country is known; foreign postcodes have other shapes.
    postalCode: optionalText(12, "Postcode mag maximaal 12 tekens zijn"),
    city: optionalText(100, "Plaats mag maximaal 100 tekens zijn"),
    country: countryField(),
    // Checked below, by the rules of the client's country.
    taxNumber: optionalText(30, "BTW-nummer mag maximaal 30 tekens zijn"),
    kvkNumber: optionalChecked(20, isValidKvkNumber, KVK_MESSAGE),
    iban: optionalChecked(50, isValidIban, IBAN_MESSAGE),
    paymentTermsDays: paymentTermsField(),
    notes: optionalText(5000, "Notities mogen maximaal 5000 tekens zijn"),
    /** Left out: a new relation is a customer; an existing one keeps its roles. */
    isCustomer: z.boolean({ error: ROLES_MESSAGE }).optional(),
    isSupplier: z.boolean({ error: ROLES_MESSAGE }).optional(),
    /** A consumer (particulier) rather than a business; left out: a new client is a business, an existing one keeps it. */
    isConsumer: z.boolean({ error: CONSUMER_MESSAGE }).optional(),
    /** The language of the client's invoices and quotes; left out: a new client gets Dutch, an existing one keeps its. */
    documentLanguage: z.enum(DOCUMENT_LANGUAGES, { error: DOCUMENT_LANGUAGE_MESSAGE }).optional(),
  })
  .refine((client) => client.isCustomer !== false || client.isSupplier === true, {
    message: ROLES_MESSAGE,
    path: ["isCustomer"],
  })
  .refine(
    (client) => !(client.country === "NL" && client.postalCode && !isValidPostcode(client.postalCode)),
    { message: POSTCODE_MESSAGE, path: ["postalCode"], when: hasText("postalCode") },
  )
  .refine((client) => !client.taxNumber || isValidVatNumber(client.taxNumber, client.country), {
    error: ({ input }) => vatNumberMessage((input as { country?: unknown }).country),
    path: ["taxNumber"],
    when: hasText("taxNumber"),
  });

/**
 * A check across fields runs also when another field failed, so that every message shows at once. The value
 * may then be partly unparsed, hence the type checks.
 */
function hasText(field: "postalCode" | "taxNumber") {
  return ({ value }: { value: unknown }) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>)[field] === "string";
}

/** What the form holds (strings, possibly empty) — the schema's input. */
export type ClientFormInput = z.input<typeof ClientInputSchema>;
/** What the schema lets through: trimmed, empty values as null, the term as a number. */
export type ClientInput = z.output<typeof ClientInputSchema>;

/**
 * Spec §5 Client normalisation on save: phone to international format, postcode '1234 AB', VAT number
 * 'NL 123.456.789.B01', KvK 'xxxx xxxx', IBAN in groups of four, and an empty address composed from street,
 * house number, postal code and city. Idempotent: normalising a normalised client changes nothing.
 */
export function normaliseClientInput(input: ClientInput): ClientInput {
  const postalCode =
    input.postalCode && input.country === "NL" ? formatPostcode(input.postalCode) : input.postalCode;
  const normalised: ClientInput = {
    ...input,
    phone: input.phone ? formatPhoneNumber(input.phone, input.country) : null,
    postalCode,
    taxNumber: input.taxNumber ? formatVatNumber(input.taxNumber, input.country) : null,
    kvkNumber: input.kvkNumber ? formatKvkNumber(input.kvkNumber) : null,
    iban: input.iban ? formatIban(input.iban) : null,
  };
  normalised.address = input.address ?? composeAddress(normalised);
  return normalised;
}

/** "Keizersgracht 12, 1015 CJ Amsterdam"; null when none of the parts is filled in. */
export function composeAddress(parts: {
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
}): string | null {
  const streetLine = [parts.street, parts.houseNumber].filter(Boolean).join(" ");
  const cityLine = [parts.postalCode, parts.city].filter(Boolean).join(" ");
  return [streetLine, cityLine].filter(Boolean).join(", ") || null;
}

/** A saved client as the API answers it (spec §7 GET /api/clients, plus updatedAt); timestamps as ISO strings. */
export const ClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  taxNumber: z.string().nullable(),
  kvkNumber: z.string().nullable(),
  iban: z.string().nullable(),
  paymentTermsDays: z.number(),
  notes: z.string().nullable(),
  isCustomer: z.boolean(),
  isSupplier: z.boolean(),
  /** A consumer (particulier): reminders follow the consumer rules (art. 6:96 lid 6 and 6:119 BW). */
  isConsumer: z.boolean(),
  /** The language of the client's invoices and quotes. */
  documentLanguage: z.enum(DOCUMENT_LANGUAGES),
  /** A supplier's defaults for its next purchase invoice (learnt when one is booked). */
  defaultCategoryId: z.string().nullable(),
  defaultVatTreatment: z.enum(["domestic", "reverse_charge", "eu", "non_eu", "none"]).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

export const CLIENT_ROLES = ["customer", "supplier"] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

/** Spec §2.16: sort by name or creation date, ascending or descending. */
export const CLIENT_SORT_FIELDS = ["name", "createdAt"] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The clients screen loads this many rows at a time, so 5,000 clients stay as fast as 50. */
export const CLIENT_PAGE_SIZE = 50;
export const MAX_CLIENT_PAGE_SIZE = 200;

/**
 * GET /api/clients. Without `limit` the whole list comes back (the pickers of other screens, spec §7); the clients
 * screen asks for one page at a time.
 */
export const ClientListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, "Zoekterm mag maximaal 100 tekens zijn")
    .optional()
    .transform((value) => value || undefined),
  /** Only customers or only suppliers (Relaties' filter; the invoice form's picker asks for customers). */
  role: z.enum(CLIENT_ROLES).optional(),
  sort: z.enum(CLIENT_SORT_FIELDS).default("name"),
  order: z.enum(SORT_ORDERS).default("asc"),
  limit: pageLimit(MAX_CLIENT_PAGE_SIZE).optional(),
  offset: pageOffset,
});
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;

/** GET /api/clients/summary: the stat cards for Relaties' filter (everyone without a role). */
export const ClientSummaryQuerySchema = z.object({ role: z.enum(CLIENT_ROLES).optional() });

/** The stat cards of spec §2.16, counted over the user's relations of one role or all of them. */
export const ClientSummarySchema = z.object({
  total: z.number(),
  withVatNumber: z.number(),
  withKvkNumber: z.number(),
  foreign: z.number(),
});
export type ClientSummary = z.infer<typeof ClientSummarySchema>;
