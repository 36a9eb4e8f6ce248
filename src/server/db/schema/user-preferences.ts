import { boolean, pgTable, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { users } from "./users";

/**
 * How a user likes to work, kept with the account so it follows them to every device (and needs no cookie).
 * At most one row per user; without one, the defaults apply (settings/service.ts).
 */
export const userPreferences = pgTable("user_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Amounts are typed including VAT (receipts), instead of excluding VAT as the specification's forms do. */
  amountsIncludeVat: boolean("amounts_include_vat").notNull().default(false),
  /** The dashboard's first-steps checklist was put away for good ('Niet meer tonen'). */
  isOnboardingDismissed: boolean("is_onboarding_dismissed").notNull().default(false),
  ...timestamps(),
});
