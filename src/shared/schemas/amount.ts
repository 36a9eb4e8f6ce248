/**
 * The one reading of an amount field for every schema: what a person types in any locale ("12,50", "12.50",
 * "1.234,56", "€ 1.234,56", "-12,50") and what the API sends ("1234.56", 1234.56) become the same cents, and
 * an amount that can be read two ways is refused with its own message instead of guessed.
 */
import { isAmbiguousAmount, parseAmount, type Cents } from "../money";
import type { z } from "../validation";

export const AMOUNT_AMBIGUOUS_MESSAGE =
  "Onduidelijk bedrag: schrijf de centen na een komma, bijvoorbeeld 1.000,00 of 12,50";
/** The invoice form speaks English (spec §2.15). */
export const AMOUNT_AMBIGUOUS_MESSAGE_EN = "Unclear amount: write it as 1000.00 or 1.000,00";

/**
 * The cents of a filled-in amount, or null after adding `invalidMessage` (or, for "1.000", `ambiguousMessage`)
 * to the schema's issues.
 */
export function amountCents(
  value: string | number,
  context: z.RefinementCtx,
  invalidMessage: string,
  ambiguousMessage = AMOUNT_AMBIGUOUS_MESSAGE,
): Cents | null {
  const cents = parseAmount(value);
  if (cents === null) {
    const ambiguous = typeof value === "string" && isAmbiguousAmount(value);
    context.addIssue({ code: "custom", message: ambiguous ? ambiguousMessage : invalidMessage });
  }
  return cents;
}
