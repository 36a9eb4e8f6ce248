import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { id, timestamps } from "./columns";
import { documentLanguageEnum, purchaseVatTreatmentEnum } from "./enums";
import { users } from "./users";

export const DEFAULT_COUNTRY = "NL";
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

export const clients = pgTable(
  "clients",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contactPerson: text("contact_person"),
    email: text("email"),
    phone: text("phone"),
    /** Free-form address; composed from street, house number, postal code and city when left empty (spec §5). */
    address: text("address"),
    street: text("street"),
    houseNumber: text("house_number"),
    city: text("city"),
    postalCode: text("postal_code"),
    country: text("country").notNull().default(DEFAULT_COUNTRY),
    /** BTW number, stored normalised as 'NL 123.456.789.B01' (spec §5). */
    taxNumber: text("tax_number"),
    kvkNumber: text("kvk_number"),
    iban: text("iban"),
    paymentTermsDays: integer("payment_terms_days").notNull().default(DEFAULT_PAYMENT_TERMS_DAYS),
    notes: text("notes"),
    /** A relation is a customer (invoices go to it), a supplier (purchase invoices come from it), or both. */
    isCustomer: boolean("is_customer").notNull().default(true),
    isSupplier: boolean("is_supplier").notNull().default(false),
    /**
     * A consumer (particulier) rather than a business: reminders then follow art. 6:96 lid 6 BW (no collection
     * costs before the veertiendagenbrief) and art. 6:119 BW interest instead of the commercial rate.
     */
    isConsumer: boolean("is_consumer").notNull().default(false),
    /** The language of the client's invoices and quotes (their fixed texts, dates and amounts). */
    documentLanguage: documentLanguageEnum("document_language").notNull().default("nl"),
    /** A supplier's defaults for its next purchase invoice, learnt from the user's corrections. */
    defaultCategoryId: uuid("default_category_id").references(() => categories.id, { onDelete: "set null" }),
    defaultVatTreatment: purchaseVatTreatmentEnum("default_vat_treatment"),
    ...timestamps(),
  },
  (table) => [
    // Listing a user's clients, sorted by creation date (spec §2.16).
    index("clients_user_id_created_at_idx").on(table.userId, table.createdAt),
    // The clients screen's default order: one page by name (case-insensitive) without sorting every client.
    index("clients_user_id_lower_name_idx").on(table.userId, sql`lower(${table.name})`, table.id),
    // Deleting a category clears the suppliers' defaults that point at it.
    index("clients_default_category_id_idx").on(table.defaultCategoryId),
  ],
);
