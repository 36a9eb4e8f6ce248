import { sql } from "drizzle-orm";
import { pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { bookingVatTreatmentEnum, transactionTypeEnum } from "./enums";
import { ledgerAccounts } from "./ledger";
import { users } from "./users";

export const DEFAULT_CATEGORY_COLOR = "#2B7CE9";

export const categories = pgTable(
  "categories",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: transactionTypeEnum("type").notNull(),
    color: text("color").notNull().default(DEFAULT_CATEGORY_COLOR),
    /**
     * The revenue or cost account (grootboekrekening) the category books on; NULL means the default: income on
     * Omzet by its VAT rate, expenses on Algemene kosten.
     */
    ledgerAccountId: uuid("ledger_account_id").references(() => ledgerAccounts.id, { onDelete: "set null" }),
    /** The VAT treatment a new booking in this category starts with (Rente: outside the scope of VAT). */
    vatTreatment: bookingVatTreatmentEnum("vat_treatment").notNull().default("taxed"),
    createdAt: createdAt(),
  },
  (table) => [
    // Listing a user's categories, and matching an imported category name case-insensitively; one name per type.
    uniqueIndex("categories_user_type_name_key").on(table.userId, table.type, sql`lower(${table.name})`),
  ],
);
