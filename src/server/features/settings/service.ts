import { eq } from "drizzle-orm";
import {
  normaliseCompanyProfile,
  type CompanyProfile,
  type CompanyProfileInput,
} from "../../../shared/schemas/settings";
import { DEFAULT_CLIENT_COUNTRY, DEFAULT_PAYMENT_TERMS_DAYS } from "../../../shared/schemas/clients";
import type { Database } from "../../db/client";
import { companyProfiles, users } from "../../db/schema/index";

type CompanyProfileRow = typeof companyProfiles.$inferSelect;

function toCompanyProfile(row: CompanyProfileRow): CompanyProfile {
  return {
    tradeName: row.tradeName,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    kvkNumber: row.kvkNumber,
    vatNumber: row.vatNumber,
    iban: row.iban,
    bic: row.bic,
    phone: row.phone,
    email: row.email,
    website: row.website,
    paymentTermsDays: row.paymentTermsDays,
    invoiceFooter: row.invoiceFooter,
    isKorApplied: row.isKorApplied,
    isSaved: true,
  };
}

/**
 * The seller's data for invoices. Before the first save the form starts from what registration asked for
 * (company name and e-mail address), so the user does not type them twice.
 */
export async function getCompanyProfile(db: Database, userId: string): Promise<CompanyProfile> {
  const [row] = await db.select().from(companyProfiles).where(eq(companyProfiles.userId, userId));
  if (row) return toCompanyProfile(row);
  const [user] = await db
    .select({ companyName: users.companyName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return {
    tradeName: user?.companyName ?? null,
    address: null,
    postalCode: null,
    city: null,
    country: DEFAULT_CLIENT_COUNTRY,
    kvkNumber: null,
    vatNumber: null,
    iban: null,
    bic: null,
    phone: null,
    email: user?.email ?? null,
    website: null,
    paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS,
    invoiceFooter: null,
    isKorApplied: false,
    isSaved: false,
  };
}

/** Creates or replaces the user's one company profile, stored normalised. */
export async function saveCompanyProfile(
  db: Database,
  userId: string,
  input: CompanyProfileInput,
): Promise<CompanyProfile> {
  const values = normaliseCompanyProfile(input);
  const [row] = await db
    .insert(companyProfiles)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: companyProfiles.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return toCompanyProfile(row!);
}
