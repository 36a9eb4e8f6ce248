/**
 * Relations as suppliers: finding the supplier a purchase document names, adding one the user has not got yet,
 * and learning a supplier's defaults from what the user books. The clients table is written only here and in
 * service.ts; purchase invoices call these.
 */
import { and, eq, sql } from "drizzle-orm";
import type { PurchaseVatTreatment } from "../../../shared/schemas/purchase-invoices";
import { CLIENT_COUNTRIES, type ClientCountry } from "../../../shared/schemas/clients";
import { compactVatNumber, formatVatNumber, isValidVatNumber } from "../../../shared/validators/btw";
import { compactIban, formatIban, isValidIban } from "../../../shared/validators/iban";
import { formatKvkNumber, isValidKvkNumber } from "../../../shared/validators/kvk";
import type { Database } from "../../db/client";
import { clients } from "../../db/schema/index";

/** What a document says about its sender. */
export type SupplierIdentity = {
  name: string | null;
  vatNumber: string | null;
  kvkNumber: string | null;
  iban: string | null;
  country: string | null;
};

export type SupplierMatch = {
  id: string;
  name: string;
  defaultCategoryId: string | null;
  defaultVatTreatment: PurchaseVatTreatment | null;
};

const matchColumns = {
  id: clients.id,
  name: clients.name,
  defaultCategoryId: clients.defaultCategoryId,
  defaultVatTreatment: clients.defaultVatTreatment,
};

const digits = (value: string) => value.replace(/\D/g, "");

/**
 * The user's relation the document is from: by btw-id, then KvK number, then IBAN (each compared without
 * spaces and dots), then by name (case-insensitive). A relation that is only a customer matches too: the same
 * company may both buy and sell.
 */
export async function matchSupplier(
  db: Database,
  userId: string,
  identity: SupplierIdentity,
): Promise<SupplierMatch | null> {
  const mine = eq(clients.userId, userId);
  const attempts = [
    identity.vatNumber &&
      sql`upper(replace(replace(replace(${clients.taxNumber}, ' ', ''), '.', ''), '-', '')) = ${compactVatNumber(identity.vatNumber)}`,
    identity.kvkNumber &&
      digits(identity.kvkNumber).length === 8 &&
      sql`replace(${clients.kvkNumber}, ' ', '') = ${digits(identity.kvkNumber)}`,
    identity.iban && sql`upper(replace(${clients.iban}, ' ', '')) = ${compactIban(identity.iban)}`,
    identity.name?.trim() && sql`lower(${clients.name}) = ${identity.name.trim().toLowerCase()}`,
  ];
  for (const condition of attempts) {
    if (!condition) continue;
    // Suppliers before customers-only, then the oldest: the same answer every time.
    const [row] = await db
      .select(matchColumns)
      .from(clients)
      .where(and(mine, condition))
      .orderBy(sql`${clients.isSupplier} desc`, clients.createdAt, clients.id)
      .limit(1);
    if (row) return row;
  }
  return null;
}

const countryOf = (country: string | null): ClientCountry =>
  (CLIENT_COUNTRIES as readonly string[]).includes(country ?? "") ? (country as ClientCountry) : "NL";

/** Only details that pass the same checks as the relation form are kept; the rest is left for the user. */
function checkedDetails(identity: SupplierIdentity, country: ClientCountry) {
  return {
    taxNumber:
      identity.vatNumber && isValidVatNumber(identity.vatNumber, country)
        ? formatVatNumber(identity.vatNumber, country)
        : null,
    kvkNumber:
      identity.kvkNumber && isValidKvkNumber(identity.kvkNumber) ? formatKvkNumber(identity.kvkNumber) : null,
    iban: identity.iban && isValidIban(identity.iban) ? formatIban(identity.iban) : null,
  };
}

/** A new relation that is a supplier only, from what the document said. */
export async function createSupplier(
  db: Database,
  userId: string,
  identity: SupplierIdentity & { name: string },
): Promise<SupplierMatch> {
  const country = countryOf(identity.country);
  const [row] = await db
    .insert(clients)
    .values({
      userId,
      name: identity.name.trim().slice(0, 200),
      country,
      ...checkedDetails(identity, country),
      isCustomer: false,
      isSupplier: true,
    })
    .returning(matchColumns);
  return row!;
}

/**
 * After a booking: the relation is a supplier; the category and VAT treatment the user chose become its
 * defaults for the next invoice; details it lacked (btw-id, KvK, IBAN) are filled in from the document. What the
 * user entered on the relation is never overwritten.
 */
export async function learnFromPurchase(
  db: Database,
  userId: string,
  supplierId: string,
  learnt: { categoryId: string | null; vatTreatment: PurchaseVatTreatment; identity: SupplierIdentity },
): Promise<void> {
  const [row] = await db
    .select({ country: clients.country })
    .from(clients)
    .where(and(eq(clients.id, supplierId), eq(clients.userId, userId)));
  if (!row) return;
  const details = checkedDetails(learnt.identity, countryOf(row.country));
  await db
    .update(clients)
    .set({
      isSupplier: true,
      defaultCategoryId: learnt.categoryId,
      defaultVatTreatment: learnt.vatTreatment,
      taxNumber: sql`coalesce(${clients.taxNumber}, ${details.taxNumber})`,
      kvkNumber: sql`coalesce(${clients.kvkNumber}, ${details.kvkNumber})`,
      iban: sql`coalesce(${clients.iban}, ${details.iban})`,
    })
    .where(and(eq(clients.id, supplierId), eq(clients.userId, userId)));
}

/** The user's relation, when it exists: its name and defaults (a purchase invoice's chosen supplier). */
export async function findSupplier(
  db: Database,
  userId: string,
  supplierId: string,
): Promise<SupplierMatch | null> {
  const [row] = await db
    .select(matchColumns)
    .from(clients)
    .where(and(eq(clients.id, supplierId), eq(clients.userId, userId)));
  return row ?? null;
}
