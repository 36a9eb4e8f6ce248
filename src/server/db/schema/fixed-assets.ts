import { date, index, integer, numeric, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/** How often depreciation is booked: at the end of each month, or once at the end of each year. */
export const depreciationFrequencyEnum = pgEnum("depreciation_frequency", ["monthly", "yearly"]);

/**
 * The asset register (investments): a business asset bought for more than a year's use, depreciated straight
 * line from its cost down to its residual value over its useful life, until it is disposed of.
 */
export const fixedAssets = pgTable(
  "fixed_assets",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    purchaseDate: date("purchase_date", { mode: "string" }).notNull(),
    /** Excluding deductible VAT. */
    cost: numeric("cost", { precision: 12, scale: 2 }).notNull(),
    residualValue: numeric("residual_value", { precision: 12, scale: 2 }).notNull().default("0"),
    usefulLifeMonths: integer("useful_life_months").notNull(),
    frequency: depreciationFrequencyEnum("frequency").notNull().default("monthly"),
    disposalDate: date("disposal_date", { mode: "string" }),
    /** What the asset brought in when sold (excluding VAT); 0 when scrapped. */
    disposalAmount: numeric("disposal_amount", { precision: 12, scale: 2 }),
    notes: text("notes"),
    ...timestamps(),
  },
  (table) => [index("fixed_assets_user_id_idx").on(table.userId, table.purchaseDate)],
);
