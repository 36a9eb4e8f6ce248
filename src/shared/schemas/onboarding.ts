import { z } from "../validation";

/** The dashboard's first steps, in the order the checklist shows them. */
export const ONBOARDING_STEPS = ["companyData", "bankAccount", "client", "invoice", "bankImport"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** GET /api/onboarding: which first steps the user has done, and whether they put the checklist away. */
export const OnboardingSchema = z.object({
  steps: z.object({
    /** The company data an invoice needs (Wet OB art. 35a), saved in Settings. */
    companyData: z.boolean(),
    /** A bank account with its IBAN: the default 'Hoofdrekening' every user gets has none. */
    bankAccount: z.boolean(),
    client: z.boolean(),
    /** An issued invoice: a draft has no number and is not in the books yet. */
    invoice: z.boolean(),
    /** A bank statement file imported on the Bank screen. */
    bankImport: z.boolean(),
  } satisfies Record<OnboardingStep, z.ZodBoolean>),
  /** 'Niet meer tonen': a preference (PUT /api/settings/preferences { isOnboardingDismissed }). */
  isDismissed: z.boolean(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;
