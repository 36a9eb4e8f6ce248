import { sql } from "drizzle-orm";
import { boolean, date, index, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/** A user's bank accounts; balance = opening balance + the transactions booked on the account (decisions.md). */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    iban: text("iban"),
    openingBalance: numeric("opening_balance", { precision: 12, scale: 2 }).notNull().default("0"),
    openingDate: date("opening_date", { mode: "string" }),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    // Listing a user's accounts.
    index("bank_accounts_user_id_idx").on(table.userId),
    // At most one default account per user.
    uniqueIndex("bank_accounts_one_default_key")
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);
