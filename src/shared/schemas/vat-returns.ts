/** The VAT return (issue 7, 19): the API answers of the periods and a return, the filing form and corrections. */
import { isIsoDate } from "../dates";
import { formatNumber } from "../format";
import { z } from "../validation";
import { VAT_PERIOD_FREQUENCIES, VAT_PERIOD_STATES } from "../vat-periods";

export const FILED_ON_MESSAGE = "Vul een geldige datum in";
export const FILED_ON_BEFORE_END_MESSAGE = "Een aangifte dien je in na afloop van de periode";
export const FILED_ON_FUTURE_MESSAGE = "De datum van indienen kan niet in de toekomst liggen";
export const REFERENCE_REQUIRED_MESSAGE = "Vul het kenmerk van de aangifte in";
export const REFERENCE_TOO_LONG_MESSAGE = "Het kenmerk mag maximaal 100 tekens zijn";
export const PERIOD_NOT_FOUND_MESSAGE = "Aangifteperiode niet gevonden";
export const ALREADY_FILED_MESSAGE = "Deze aangifte is al ingediend";
export const OVERLAPS_FILED_MESSAGE = "Deze periode overlapt met een aangifte die al is ingediend";
export const KOR_NO_RETURN_MESSAGE =
  "In deze periode gebruik je de kleineondernemersregeling (KOR): je hoeft geen btw-aangifte te doen.";
/** A year before the administration began or after next year has no VAT returns. */
export const vatYearRangeMessage = (firstYear: number, lastYear: number) =>
  `Kies een jaar van ${firstYear} tot en met ${lastYear}`;

/** 'Markeer als ingediend': the day it was filed and the Belastingdienst's reference. */
export const VatFilingInputSchema = z.object({
  filedOn: z
    .string({ error: FILED_ON_MESSAGE })
    .trim()
    .refine((value) => isIsoDate(value), FILED_ON_MESSAGE),
  reference: z
    .string({ error: REFERENCE_REQUIRED_MESSAGE })
    .trim()
    .min(1, REFERENCE_REQUIRED_MESSAGE)
    .max(100, REFERENCE_TOO_LONG_MESSAGE),
});
export type VatFilingFormInput = z.input<typeof VatFilingInputSchema>;
export type VatFilingInput = z.output<typeof VatFilingInputSchema>;
export const VatRubriekAnswerSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** Exact, in the books; null where the rubriek has no such column. */
  turnover: z.string().nullable(),
  vat: z.string().nullable(),
  /** Whole euros as filed (VAT payable rounded down, voorbelasting up). */
  turnoverEuros: z.number().nullable(),
  vatEuros: z.number().nullable(),
});
export type VatRubriekAnswer = z.infer<typeof VatRubriekAnswerSchema>;

export const VatPeriodAnswerSchema = z.object({
  id: z.string(),
  frequency: z.enum(VAT_PERIOD_FREQUENCIES),
  label: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  deadline: z.string(),
  state: z.enum(VAT_PERIOD_STATES),
  filedOn: z.string().nullable(),
  reference: z.string().nullable(),
});
export type VatPeriodAnswer = z.infer<typeof VatPeriodAnswerSchema>;

/** A line of the opgaaf ICP: a client elsewhere in the EU and what was invoiced to it in the period. */
export const IcpLineAnswerSchema = z.object({
  country: z.string(),
  vatNumber: z.string(),
  clientName: z.string(),
  amount: z.string(),
  /** Whole euros, as the opgaaf asks. */
  amountEuros: z.number(),
});
export type IcpLineAnswer = z.infer<typeof IcpLineAnswerSchema>;

/**
 * Correcting a filed return (Belastingdienst, "Btw-aangifte corrigeren"): a VAT difference of more than € 1,000
 * needs a suppletie, filed within 8 weeks of finding the error; a smaller one may be corrected in the next return.
 */
export const SUPPLETIE_THRESHOLD_EUROS = 1000;
export const SUPPLETIE_DEADLINE_DAYS = 56;
export const VAT_CORRECTION_METHODS = ["suppletie", "next_return"] as const;
export type VatCorrectionMethod = (typeof VAT_CORRECTION_METHODS)[number];
export const VAT_CORRECTION_STATUSES = ["open", ...VAT_CORRECTION_METHODS, "no_difference"] as const;
export type VatCorrectionStatus = (typeof VAT_CORRECTION_STATUSES)[number];

export const CORRECTION_MESSAGES = {
  notFiled: "Deze aangifte is nog niet ingediend: wijzig de boekingen gewoon en dien de aangifte daarna in.",
  alreadyOpen: "Deze aangifte wordt al gecorrigeerd.",
  noneOpen: "Er loopt geen correctie voor deze aangifte.",
  method: "Kies hoe je corrigeert: met een suppletie of in de volgende aangifte",
  suppletieRequired: `Het verschil is meer dan € ${formatNumber(SUPPLETIE_THRESHOLD_EUROS)} btw: dien een suppletie in.`,
  noNextReturn: "Er is geen volgende aangifte om het verschil in mee te nemen: dien een suppletie in.",
  filedOnBeforeOpened: "Een suppletie dien je in na het begin van de correctie",
  laterPeriodFiled: (label: string) =>
    `De aangifte over ${label} neemt al een correctie van deze periode mee en is ingediend; corrigeer via een suppletie.`,
} as const;

export const VatCorrectionResolveSchema = z
  .object({
    method: z.enum(VAT_CORRECTION_METHODS, { error: CORRECTION_MESSAGES.method }),
    filedOn: z.string({ error: FILED_ON_MESSAGE }).trim().optional(),
    reference: z
      .string({ error: REFERENCE_REQUIRED_MESSAGE })
      .trim()
      .max(100, REFERENCE_TOO_LONG_MESSAGE)
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.method !== "suppletie") return;
    if (!input.filedOn || !isIsoDate(input.filedOn)) {
      context.addIssue({ code: "custom", message: FILED_ON_MESSAGE, path: ["filedOn"] });
    }
    if (!input.reference) {
      context.addIssue({ code: "custom", message: REFERENCE_REQUIRED_MESSAGE, path: ["reference"] });
    }
  });
export type VatCorrectionResolveFormInput = z.input<typeof VatCorrectionResolveSchema>;
export type VatCorrectionResolveInput = z.output<typeof VatCorrectionResolveSchema>;

/** A correction of the period: the figures before and after (while open: as the books stand now). */
export const VatCorrectionAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(VAT_CORRECTION_STATUSES),
  openedOn: z.string(),
  /** The suppletie is due 8 weeks after the error was found. */
  deadline: z.string(),
  resolvedOn: z.string().nullable(),
  filedOn: z.string().nullable(),
  reference: z.string().nullable(),
  /** 5g after minus before, in whole euros. */
  differenceEuros: z.number(),
  /** More than € 1,000: only a suppletie will do. */
  isSuppletieRequired: z.boolean(),
  /** The period whose return carries the difference, when folded into it. */
  foldedInto: z.object({ id: z.string(), label: z.string() }).nullable(),
  before: z.array(VatRubriekAnswerSchema),
  after: z.array(VatRubriekAnswerSchema),
});
export type VatCorrectionAnswer = z.infer<typeof VatCorrectionAnswerSchema>;

/** A correction of an earlier period carried by this return (≤ € 1,000, folded in). */
export const VatFoldedCorrectionAnswerSchema = z.object({
  period: z.string(),
  label: z.string(),
  differenceEuros: z.number(),
});
export type VatFoldedCorrectionAnswer = z.infer<typeof VatFoldedCorrectionAnswerSchema>;

export const VatReturnAnswerSchema = z.object({
  period: VatPeriodAnswerSchema,
  /** The KOR applies on every day of the period: no return is due (unless VAT was shifted to the user). */
  isKorApplied: z.boolean(),
  rubrieken: z.array(VatRubriekAnswerSchema),
  /** The opgaaf ICP of the period, filed separately; empty without services to clients elsewhere in the EU. */
  icp: z.array(IcpLineAnswerSchema),
  /** 5g in whole euros: positive to pay, negative to reclaim. */
  totalEuros: z.number(),
  /** The corrections of this period, newest first; an open one is first. */
  corrections: z.array(VatCorrectionAnswerSchema),
  /** Corrections of earlier periods included in this return's figures. */
  foldedIn: z.array(VatFoldedCorrectionAnswerSchema),
});
export type VatReturnAnswer = z.infer<typeof VatReturnAnswerSchema>;

export const VatPeriodsAnswerSchema = z.object({
  year: z.number(),
  /** The years the administration has returns for: from the year it began up to next year. */
  firstYear: z.number(),
  lastYear: z.number(),
  frequency: z.enum(VAT_PERIOD_FREQUENCIES),
  /** Whether the KOR applies today; its first and last day (null: none, or not ended). */
  isKorApplied: z.boolean(),
  korStartDate: z.string().nullable(),
  korEndDate: z.string().nullable(),
  periods: z.array(VatPeriodAnswerSchema.extend({ totalEuros: z.number() })),
});
export type VatPeriodsAnswer = z.infer<typeof VatPeriodsAnswerSchema>;
