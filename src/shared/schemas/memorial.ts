/**
 * Memoriaal: journal entries made by hand, the accountant's tool for corrections and reclassifications. One
 * schema serves the entry dialog and POST/PUT /api/memorial-entries. A line's amount is signed: debit positive,
 * credit negative; money leaves the schema as integer cents.
 */
import { isIsoDate } from "../dates";
import { formatEuro } from "../format";
import type { Cents } from "../money";
import { isUuid, z } from "../validation";
import { amountCents } from "./amount";

/** numeric(14,2) holds more, but no correction of a freelancer's books comes near a billion. */
const MAX_LINE_CENTS = 99_999_999_999;
export const MAX_MEMORIAL_LINES = 100;
export const MAX_MEMORIAL_DESCRIPTION = 500;
export const MAX_MEMORIAL_LINE_DESCRIPTION = 200;

export const MEMORIAL_MESSAGES = {
  dateRequired: "Vul de datum van de boeking in",
  dateInvalid: "Vul een geldige datum in",
  descriptionRequired: "Vul een omschrijving in",
  descriptionTooLong: `De omschrijving mag maximaal ${MAX_MEMORIAL_DESCRIPTION} tekens zijn`,
  lineDescriptionTooLong: `De omschrijving van een regel mag maximaal ${MAX_MEMORIAL_LINE_DESCRIPTION} tekens zijn`,
  accountRequired: "Kies een grootboekrekening",
  accountNotFound: "Grootboekrekening niet gevonden",
  closingAccount: "Op Verwerkte resultaten boekt alleen de jaarafsluiting",
  amountInvalid: "Vul een bedrag in met hoogstens 2 decimalen, bijvoorbeeld 100,00",
  amountZero: "Een regel heeft een bedrag: vul debet of credit in",
  amountTooLarge: "Dit bedrag is te groot",
  linesTooFew: "Een memoriaalboeking heeft minstens twee regels",
  linesTooMany: `Een memoriaalboeking heeft maximaal ${MAX_MEMORIAL_LINES} regels`,
  unbalanced: (differenceCents: Cents) =>
    `Debet en credit zijn niet gelijk: verschil ${formatEuro(Math.abs(differenceCents))}`,
  locked: "Deze memoriaalboeking is vastgezet en kan niet meer worden gewijzigd",
  notFound: "Memoriaalboeking niet gevonden",
  privateUseVatLine:
    "Boek de btw over privégebruik op een rekening Te betalen btw (hoog, laag of overig tarief)",
  privateUseUnderKor: "Onder de KOR betaal je geen btw over privégebruik",
  bankAccountInUse:
    "Deze bankrekening komt voor in een memoriaalboeking en kan daarom niet worden verwijderd. Boek die regels eerst op een andere rekening.",
} as const;

/**
 * Privégebruik (rubriek 1d): the VAT on private use of what the business deducted VAT on, such as the yearly
 * correction for a business car also driven privately, or goods taken from the business. Such an entry puts
 * its lines on the Te betalen btw accounts in 1d's VAT column, and its credits on revenue or cost accounts (the
 * value taken out) in 1d's turnover column.
 */
export const PRIVATE_USE_RUBRIEK = "1d";

const MemorialLineInputSchema = z.object({
  ledgerAccountId: z
    .string({ error: MEMORIAL_MESSAGES.accountRequired })
    .trim()
    .refine((value) => isUuid(value), MEMORIAL_MESSAGES.accountRequired),
  /** Debit positive, credit negative: "-12,50" and -12.5 are a credit of € 12,50. */
  amount: z
    .union([z.number(), z.string()], { error: MEMORIAL_MESSAGES.amountInvalid })
    .transform((value, context) => {
      const cents = amountCents(value, context, MEMORIAL_MESSAGES.amountInvalid);
      if (cents === null) return z.NEVER;
      if (cents === 0) {
        context.addIssue({ code: "custom", message: MEMORIAL_MESSAGES.amountZero });
        return z.NEVER;
      }
      if (Math.abs(cents) > MAX_LINE_CENTS) {
        context.addIssue({ code: "custom", message: MEMORIAL_MESSAGES.amountTooLarge });
        return z.NEVER;
      }
      return cents;
    }),
  description: z
    .string()
    .trim()
    .max(MAX_MEMORIAL_LINE_DESCRIPTION, MEMORIAL_MESSAGES.lineDescriptionTooLong)
    .nullish()
    .transform((value) => value || null),
});
export type MemorialLineInput = z.output<typeof MemorialLineInputSchema>;

export const MemorialEntryInputSchema = z
  .object({
    date: z
      .string({ error: MEMORIAL_MESSAGES.dateRequired })
      .trim()
      .min(1, MEMORIAL_MESSAGES.dateRequired)
      .refine((value) => value === "" || isIsoDate(value), MEMORIAL_MESSAGES.dateInvalid),
    description: z
      .string({ error: MEMORIAL_MESSAGES.descriptionRequired })
      .trim()
      .min(1, MEMORIAL_MESSAGES.descriptionRequired)
      .max(MAX_MEMORIAL_DESCRIPTION, MEMORIAL_MESSAGES.descriptionTooLong),
    /** '1d': the entry declares privégebruik in the VAT return (see PRIVATE_USE_RUBRIEK); null or absent: none. */
    vatRubriek: z
      .enum([PRIVATE_USE_RUBRIEK], { error: "Kies een geldige btw-rubriek" })
      .nullish()
      .transform((value) => value ?? null),
    lines: z
      .array(MemorialLineInputSchema, { error: MEMORIAL_MESSAGES.linesTooFew })
      .min(2, MEMORIAL_MESSAGES.linesTooFew)
      .max(MAX_MEMORIAL_LINES, MEMORIAL_MESSAGES.linesTooMany),
  })
  .superRefine((input, context) => {
    // Double entry: the debits equal the credits, or the books no longer balance.
    const difference = memorialDifference(input.lines.map((line) => line.amount));
    if (difference !== 0) {
      context.addIssue({
        code: "custom",
        path: ["lines"],
        message: MEMORIAL_MESSAGES.unbalanced(difference),
      });
    }
  });
export type MemorialEntryFormInput = z.input<typeof MemorialEntryInputSchema>;
export type MemorialEntryInput = z.output<typeof MemorialEntryInputSchema>;

/** Debit minus credit of signed amounts: 0 when the entry balances. */
export const memorialDifference = (amounts: readonly Cents[]): Cents =>
  amounts.reduce((sum, amount) => sum + amount, 0);

// ---- Answers ------------------------------------------------------------------------------------------------

export const MemorialLineSchema = z.object({
  ledgerAccountId: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  /** Debit positive, credit negative ("-12.50"). */
  amount: z.string(),
  description: z.string().nullable(),
});
export type MemorialLine = z.infer<typeof MemorialLineSchema>;

export const MemorialEntrySummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  date: z.string(),
  description: z.string(),
  /** The VAT rubriek the entry declares ('1d', privégebruik), or null. */
  vatRubriek: z.literal(PRIVATE_USE_RUBRIEK).nullable(),
  /** The sum of the debits (equal to the credits). */
  total: z.string(),
  lockedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemorialEntrySummary = z.infer<typeof MemorialEntrySummarySchema>;

export const MemorialEntrySchema = MemorialEntrySummarySchema.extend({
  lines: z.array(MemorialLineSchema),
  updatedAt: z.string(),
});
export type MemorialEntry = z.infer<typeof MemorialEntrySchema>;
