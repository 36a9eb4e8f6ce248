/**
 * Investeringen: the asset register. One schema serves the asset dialog and POST/PUT /api/fixed-assets, one the
 * disposal dialog and POST /api/fixed-assets/:id/dispose. Amounts leave the schemas as decimal strings
 * ("1500.00"), so what the form submits parses the same again on the server.
 */
import { isIsoDate } from "../dates";
import {
  ASSET_STATES,
  DEPRECIATION_FREQUENCIES,
  type AssetState,
  type DepreciationFrequency,
} from "../depreciation";
import { centsToDecimal, parseCents } from "../money";
import { isSingleLine, SINGLE_LINE_MESSAGE, z } from "../validation";
import { amountCents } from "./amount";
import { MAX_AMOUNT_CENTS } from "./transactions";

export const MIN_USEFUL_LIFE_MONTHS = 12;
export const MAX_USEFUL_LIFE_MONTHS = 600;

export const FIXED_ASSET_MESSAGES = {
  nameRequired: "Naam is verplicht",
  nameTooLong: "Naam mag maximaal 200 tekens zijn",
  purchaseDateRequired: "Aanschafdatum is verplicht",
  purchaseDateInvalid: "Vul een geldige aanschafdatum in",
  costInvalid: "Aanschafwaarde moet groter zijn dan 0",
  amountTooLarge: "Dit bedrag is te groot",
  residualNegative: "Restwaarde moet 0 of meer zijn",
  residualTooHigh: "Restwaarde moet lager zijn dan de aanschafwaarde",
  usefulLife: `Levensduur moet tussen ${MIN_USEFUL_LIFE_MONTHS} en ${MAX_USEFUL_LIFE_MONTHS} maanden liggen`,
  frequency: "Kies per maand of per jaar",
  notesTooLong: "Notitie mag maximaal 2000 tekens zijn",
  disposalDateRequired: "Datum van verkoop is verplicht",
  disposalDateInvalid: "Vul een geldige datum van verkoop in",
  disposalBeforePurchase: "De verkoop kan niet vóór de aanschafdatum liggen",
  purchaseAfterDisposal: "De aanschafdatum kan niet na de verkoop liggen",
  disposalAmountNegative: "Opbrengst moet 0 of meer zijn",
  notFound: "Investering niet gevonden",
} as const;

export const DEPRECIATION_FREQUENCY_LABELS: Readonly<Record<DepreciationFrequency, string>> = {
  monthly: "Per maand",
  yearly: "Per jaar",
};

export const ASSET_STATE_LABELS: Readonly<Record<AssetState, string>> = {
  active: "In gebruik",
  depreciated: "Afgeschreven",
  disposed: "Verkocht",
};

const isFilled = (value: string | number | null | undefined) =>
  value !== undefined && value !== null && String(value).trim() !== "";

/**
 * An amount field with at most 2 decimals, out as "1234.50": `required` ones are more than 0, the others may be
 * empty (0) but not negative.
 */
const money = (invalidMessage: string, negativeMessage: string, { required }: { required: boolean }) =>
  z
    .union([z.number(), z.string()], { error: invalidMessage })
    .nullish()
    .transform((value, context) => {
      if (!isFilled(value)) {
        if (required) context.addIssue({ code: "custom", message: invalidMessage });
        return "0.00";
      }
      const cents = amountCents(value!, context, invalidMessage);
      if (cents === null) return "0.00";
      if (required ? cents <= 0 : cents < 0) context.addIssue({ code: "custom", message: negativeMessage });
      else if (cents > MAX_AMOUNT_CENTS)
        context.addIssue({ code: "custom", message: FIXED_ASSET_MESSAGES.amountTooLarge });
      return centsToDecimal(cents);
    });

const date = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => value === "" || isIsoDate(value), invalidMessage);

export const FixedAssetInputSchema = z
  .object({
    name: z
      .string({ error: FIXED_ASSET_MESSAGES.nameRequired })
      .trim()
      .min(1, FIXED_ASSET_MESSAGES.nameRequired)
      .max(200, FIXED_ASSET_MESSAGES.nameTooLong)
      .refine(isSingleLine, SINGLE_LINE_MESSAGE),
    purchaseDate: date(FIXED_ASSET_MESSAGES.purchaseDateRequired, FIXED_ASSET_MESSAGES.purchaseDateInvalid),
    /** Excluding the VAT that is deducted (the investment as the KIA counts it). */
    cost: money(FIXED_ASSET_MESSAGES.costInvalid, FIXED_ASSET_MESSAGES.costInvalid, { required: true }),
    residualValue: money(FIXED_ASSET_MESSAGES.residualNegative, FIXED_ASSET_MESSAGES.residualNegative, {
      required: false,
    }),
    usefulLifeMonths: z
      .union([z.number(), z.string()], { error: FIXED_ASSET_MESSAGES.usefulLife })
      .transform((value, context) => {
        const text = String(value).trim();
        const months = /^\d+$/.test(text) ? Number(text) : Number.NaN;
        if (!(months >= MIN_USEFUL_LIFE_MONTHS && months <= MAX_USEFUL_LIFE_MONTHS)) {
          context.addIssue({ code: "custom", message: FIXED_ASSET_MESSAGES.usefulLife });
          return z.NEVER;
        }
        return months;
      }),
    frequency: z.enum(DEPRECIATION_FREQUENCIES, { error: FIXED_ASSET_MESSAGES.frequency }).default("monthly"),
    notes: z
      .string()
      .trim()
      .max(2000, FIXED_ASSET_MESSAGES.notesTooLong)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((input, context) => {
    const cost = parseCents(input.cost) ?? 0;
    const residual = parseCents(input.residualValue) ?? 0;
    if (cost > 0 && residual >= cost) {
      context.addIssue({
        code: "custom",
        path: ["residualValue"],
        message: FIXED_ASSET_MESSAGES.residualTooHigh,
      });
    }
  });
export type FixedAssetFormInput = z.input<typeof FixedAssetInputSchema>;
export type FixedAssetInput = z.output<typeof FixedAssetInputSchema>;

/** Selling or scrapping the asset: the day it goes and what it brought in excluding VAT (empty: nothing). */
export const DisposeFixedAssetInputSchema = z.object({
  disposalDate: date(FIXED_ASSET_MESSAGES.disposalDateRequired, FIXED_ASSET_MESSAGES.disposalDateInvalid),
  disposalAmount: money(
    FIXED_ASSET_MESSAGES.disposalAmountNegative,
    FIXED_ASSET_MESSAGES.disposalAmountNegative,
    {
      required: false,
    },
  ),
});
export type DisposeFixedAssetFormInput = z.input<typeof DisposeFixedAssetInputSchema>;
export type DisposeFixedAssetInput = z.output<typeof DisposeFixedAssetInputSchema>;

/** An asset as the API answers it: its terms and, on the day asked, what is depreciated and its book value. */
export const FixedAssetSchema = z.object({
  id: z.string(),
  name: z.string(),
  purchaseDate: z.string(),
  cost: z.string(),
  residualValue: z.string(),
  usefulLifeMonths: z.number(),
  frequency: z.enum(DEPRECIATION_FREQUENCIES),
  notes: z.string().nullable(),
  disposalDate: z.string().nullable(),
  disposalAmount: z.string().nullable(),
  /** The depreciation booked up to today. */
  depreciated: z.string(),
  bookValue: z.string(),
  /** What a month takes (the last month of the life takes the remainder). */
  monthlyDepreciation: z.string(),
  state: z.enum(ASSET_STATES),
  /** Book value less proceeds, on Boekresultaat verkoop inventaris: positive a loss, negative a gain. */
  disposalResult: z.string().nullable(),
});
export type FixedAsset = z.infer<typeof FixedAssetSchema>;
