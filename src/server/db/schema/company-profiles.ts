import { date, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bytea, timestamps } from "./columns";
import { vatPeriodFrequencyEnum } from "./ledger";
import { users } from "./users";

/**
 * The seller's data printed on every invoice (Wet OB art. 35a: name, address, btw-id; Handelsregisterbesluit
 * art. 20: KvK number), set in Settings. At most one row per user; a user without a row has not filled it in yet.
 */
export const companyProfiles = pgTable("company_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tradeName: text("trade_name"),
  /** Street and house number, one line. */
  address: text("address"),
  postalCode: text("postal_code"),
  city: text("city"),
  country: text("country").notNull().default("NL"),
  kvkNumber: text("kvk_number"),
  /** The btw-identificatienummer that goes on invoices (not the omzetbelastingnummer). */
  vatNumber: text("vat_number"),
  iban: text("iban"),
  bic: text("bic"),
  phone: text("phone"),
  email: text("email"),
  website: text("website"),
  paymentTermsDays: integer("payment_terms_days").notNull().default(30),
  invoiceFooter: text("invoice_footer"),
  /**
   * Kleineondernemersregeling: its first day and (when it ended) last day. From the start sales carry no VAT
   * and invoices state the exemption, purchase VAT is a cost and no return is due; before it all is as normal.
   */
  korStartDate: date("kor_start_date", { mode: "string" }),
  korEndDate: date("kor_end_date", { mode: "string" }),
  /** How often the VAT return is filed: per quarter (default), month or year (domain.md §1). */
  vatPeriodFrequency: vatPeriodFrequencyEnum("vat_period_frequency").notNull().default("quarter"),
  /**
   * The first day the books in Balans cover, as the user set it; NULL: the earlier of the month of registration
   * and the month of the first booking. VAT periods that ended before it are not due here.
   */
  administrationStartDate: date("administration_start_date", { mode: "string" }),
  /**
   * The logo printed on invoices: PNG or JPEG as uploaded, an SVG stored rasterised to PNG (so no script or
   * external reference of it survives). At most 512 KB; kept here because one small image per user does not
   * need a file store.
   */
  logo: bytea("logo"),
  /** image/png or image/jpeg; set together with logo. */
  logoContentType: text("logo_content_type"),
  ...timestamps(),
});
