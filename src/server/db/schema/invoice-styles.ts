import { pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { INVOICE_LAYOUTS } from "../../../shared/schemas/invoice-styles";
import { timestamps } from "./columns";
import { users } from "./users";

export const invoiceLayoutEnum = pgEnum("invoice_layout", INVOICE_LAYOUTS);

/**
 * Settings → Factuuropmaak: the look of the user's documents. No row means the standard look. Kept apart from
 * the company profile, whose row existing means the company data was saved.
 */
export const invoiceStyles = pgTable("invoice_styles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** '#rrggbb' for the title, the table heading and its lines; NULL: black and grey. */
  accentColor: text("accent_color"),
  /** At most 300 characters, at the foot of every page. */
  pageFooter: text("page_footer"),
  /** How invoices, credit notes and quotes are laid out (shared/schemas/invoice-styles.ts). */
  layout: invoiceLayoutEnum("layout").notNull().default("classic"),
  ...timestamps(),
});
