import { and, eq, getTableColumns, isNotNull, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { korAppliesOn, NO_KOR, type KorDates } from "../../../shared/kor";
import {
  DEFAULT_PREFERENCES,
  normaliseCompanyProfile,
  type CompanyProfile,
  type CompanyProfileInput,
  type Preferences,
  type PreferencesInput,
} from "../../../shared/schemas/settings";
import { DEFAULT_CLIENT_COUNTRY, DEFAULT_PAYMENT_TERMS_DAYS } from "../../../shared/schemas/clients";
import type { Database } from "../../db/client";
import { companyProfiles, userPreferences, users } from "../../db/schema/index";
import { AppError } from "../../errors";
import { applyKorChange } from "../ledger/kor";
import { toUsableLogo, type StoredLogo } from "./logo";

export const LOGO_NEEDS_PROFILE_MESSAGE =
  "Sla eerst de bedrijfsgegevens op, daarna kun je een logo toevoegen.";

// Every column but the logo bytes, which only the logo routes and documents read.
const { logo: _logo, ...profileColumns } = getTableColumns(companyProfiles);
const profileSelection = { ...profileColumns, hasLogo: sql<boolean>`${companyProfiles.logo} is not null` };
type CompanyProfileRow = Omit<typeof companyProfiles.$inferSelect, "logo"> & {
  hasLogo: boolean;
};

function toCompanyProfile(row: CompanyProfileRow, today: string): CompanyProfile {
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
    korStartDate: row.korStartDate,
    korEndDate: row.korEndDate,
    isKorApplied: korAppliesOn(row, today),
    vatPeriodFrequency: row.vatPeriodFrequency,
    administrationStartDate: row.administrationStartDate,
    isSaved: true,
    hasLogo: row.hasLogo,
  };
}

/**
 * The seller's data for invoices. Before the first save the form starts from what registration asked for
 * (company name and e-mail address), so the user does not type them twice. `today` decides isKorApplied.
 */
export async function getCompanyProfile(
  db: Database,
  userId: string,
  today: string = businessDate(new Date()),
): Promise<CompanyProfile> {
  const [row] = await db
    .select(profileSelection)
    .from(companyProfiles)
    .where(eq(companyProfiles.userId, userId));
  if (row) return toCompanyProfile(row, today);
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
    korStartDate: null,
    korEndDate: null,
    isKorApplied: false,
    vatPeriodFrequency: "quarter",
    administrationStartDate: null,
    isSaved: false,
    hasLogo: false,
  };
}

/** The administration's first day as the user set it in the company data, or null when not set. */
export async function getAdministrationStartDate(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ date: companyProfiles.administrationStartDate })
    .from(companyProfiles)
    .where(eq(companyProfiles.userId, userId));
  return row?.date ?? null;
}

/** The KOR's first and last day (both null without the KOR), for the rules that ask korAppliesOn. */
export async function getKorDates(db: Database, userId: string): Promise<KorDates> {
  const [row] = await db
    .select({ korStartDate: companyProfiles.korStartDate, korEndDate: companyProfiles.korEndDate })
    .from(companyProfiles)
    .where(eq(companyProfiles.userId, userId));
  return row ?? NO_KOR;
}

/**
 * Creates or replaces the user's one company profile, stored normalised. New KOR dates change how costs
 * between the old and new dates are booked, in the same transaction (ledger/kor.ts).
 */
export async function saveCompanyProfile(
  db: Database,
  userId: string,
  input: CompanyProfileInput,
  today: string = businessDate(new Date()),
): Promise<CompanyProfile> {
  const values = normaliseCompanyProfile(input);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ korStartDate: companyProfiles.korStartDate, korEndDate: companyProfiles.korEndDate })
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, userId))
      .for("update");
    const [row] = await tx
      .insert(companyProfiles)
      .values({ ...values, userId })
      .onConflictDoUpdate({ target: companyProfiles.userId, set: { ...values, updatedAt: new Date() } })
      .returning(profileSelection);
    await applyKorChange(tx, userId, before ?? NO_KOR, values);
    return toCompanyProfile(row!, today);
  });
}

/** Where a logo that cannot be used is reported; a request's logger when the caller has one. */
export type LogoWarningLog = { warn(details: Record<string, unknown>, message: string): void };

const consoleLog: LogoWarningLog = { warn: (details, message) => console.warn(message, details) };

/**
 * The user's logo as documents and the settings page show it, or null when none is set. The stored image is
 * checked and re-encoded first (toUsableLogo); one that cannot be used is left out with a warning, so an invoice
 * never fails, let alone takes the process down, because of its decoration.
 */
export async function getLogo(
  db: Database,
  userId: string,
  log: LogoWarningLog = consoleLog,
): Promise<StoredLogo | null> {
  const [row] = await db
    .select({ data: companyProfiles.logo, contentType: companyProfiles.logoContentType })
    .from(companyProfiles)
    .where(and(eq(companyProfiles.userId, userId), isNotNull(companyProfiles.logo)));
  if (!row?.data || !row.contentType) return null;
  try {
    return await toUsableLogo({ data: row.data, contentType: row.contentType as StoredLogo["contentType"] });
  } catch (error) {
    log.warn({ err: error, userId, bytes: row.data.length }, "stored logo left out: not a usable image");
    return null;
  }
}

/**
 * Sets the logo. It belongs to the saved company data: creating the row here would mark company data as saved
 * that the user never saw, so without it the answer says to save that first.
 */
export async function saveLogo(db: Database, userId: string, logo: StoredLogo): Promise<void> {
  const updated = await db
    .update(companyProfiles)
    .set({ logo: logo.data, logoContentType: logo.contentType, updatedAt: new Date() })
    .where(eq(companyProfiles.userId, userId))
    .returning({ userId: companyProfiles.userId });
  if (updated.length === 0) throw new AppError(409, LOGO_NEEDS_PROFILE_MESSAGE);
}

export async function deleteLogo(db: Database, userId: string): Promise<void> {
  await db
    .update(companyProfiles)
    .set({ logo: null, logoContentType: null, updatedAt: new Date() })
    .where(eq(companyProfiles.userId, userId));
}

const preferenceColumns = {
  amountsIncludeVat: userPreferences.amountsIncludeVat,
  isOnboardingDismissed: userPreferences.isOnboardingDismissed,
};

/** The user's preferences, or the defaults before they changed any. */
export async function getPreferences(db: Database, userId: string): Promise<Preferences> {
  const [row] = await db
    .select(preferenceColumns)
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row ?? DEFAULT_PREFERENCES;
}

/** Changes the preferences in `input`; the others keep their value (or default). */
export async function savePreferences(
  db: Database,
  userId: string,
  input: PreferencesInput,
): Promise<Preferences> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...input, updatedAt: new Date() } })
    .returning(preferenceColumns);
  return row!;
}

/** Erasure of an account whose books must be kept: its preferences go with the rest of its personal data. */
export async function forgetPreferences(db: Database, userId: string): Promise<void> {
  await db.delete(userPreferences).where(eq(userPreferences.userId, userId));
}
