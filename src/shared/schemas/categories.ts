/** Categories of income and expenses (spec §3 category, §7 GET /api/categories): name, type and colour. */
import { UUID_PATTERN } from "../ids";
import { z } from "../validation";
import {
  BOOKING_VAT_TREATMENTS,
  EXPORT_INCOME_ONLY_MESSAGE,
  TRANSACTION_TYPES,
  VAT_TREATMENT_MESSAGE,
} from "./transactions";

/** Spec §9. */
export const DEFAULT_CATEGORY_COLOR = "#2B7CE9";

export const CATEGORY_NAME_REQUIRED_MESSAGE = "Naam is verplicht";
export const CATEGORY_NAME_TOO_LONG_MESSAGE = "Naam mag maximaal 100 tekens zijn";
export const CATEGORY_COLOR_MESSAGE = "Kies een kleur als #RRGGBB";
export const CATEGORY_TYPE_MESSAGE = "Kies inkomsten of uitgaven";
export const CATEGORY_EXISTS_MESSAGE = "Er bestaat al een categorie met deze naam";
export const CATEGORY_ACCOUNT_MESSAGE =
  "Kies een omzetrekening voor inkomsten of een kostenrekening voor uitgaven";

/** The system account (ledger chart key) of Inventaris, where investments are bought and sold. */
export const FIXED_ASSETS_ACCOUNT_KEY = "fixed_assets";

/**
 * The accounts a category may book on: a revenue account for income, a cost account for expenses, or Inventaris
 * for either: an investment's purchase and its sale are booked there, not as cost or revenue (the asset register
 * books the depreciation).
 */
export function fitsCategory(
  type: (typeof TRANSACTION_TYPES)[number],
  account: { kind: string; systemKey: string | null },
): boolean {
  return (
    account.kind === (type === "income" ? "revenue" : "expense") ||
    account.systemKey === FIXED_ASSETS_ACCOUNT_KEY
  );
}

export const CategoryInputSchema = z
  .object({
    name: z
      .string({ error: CATEGORY_NAME_REQUIRED_MESSAGE })
      .trim()
      .min(1, CATEGORY_NAME_REQUIRED_MESSAGE)
      .max(100, CATEGORY_NAME_TOO_LONG_MESSAGE),
    type: z.enum(TRANSACTION_TYPES, { error: CATEGORY_TYPE_MESSAGE }),
    color: z
      .string({ error: CATEGORY_COLOR_MESSAGE })
      .trim()
      .nullish()
      .transform((value) => (value ? value.toUpperCase() : DEFAULT_CATEGORY_COLOR))
      .pipe(z.string().regex(/^#[0-9A-F]{6}$/, CATEGORY_COLOR_MESSAGE)),
    /**
     * The grootboekrekening the category books on; null for the default (income: Omzet by VAT rate, expenses:
     * Algemene kosten); left out, an edit keeps what it was.
     */
    ledgerAccountId: z
      .string({ error: CATEGORY_ACCOUNT_MESSAGE })
      .regex(UUID_PATTERN, CATEGORY_ACCOUNT_MESSAGE)
      .nullish(),
    /** The VAT treatment a 0% booking in the category gets (Rente: outside the scope); left out, an edit keeps it. */
    vatTreatment: z.enum(BOOKING_VAT_TREATMENTS, { error: VAT_TREATMENT_MESSAGE }).optional(),
  })
  .refine((input) => input.vatTreatment !== "export" || input.type === "income", {
    message: EXPORT_INCOME_ONLY_MESSAGE,
    path: ["vatTreatment"],
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });
export type CategoryFormInput = z.input<typeof CategoryInputSchema>;
export type CategoryInput = z.output<typeof CategoryInputSchema>;

export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  color: z.string(),
  ledgerAccountId: z.string().nullable(),
  vatTreatment: z.enum(BOOKING_VAT_TREATMENTS),
});
export type Category = z.infer<typeof CategorySchema>;
