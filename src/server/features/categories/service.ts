import { and, asc, eq, inArray } from "drizzle-orm";
import {
  CATEGORY_ACCOUNT_MESSAGE,
  CATEGORY_EXISTS_MESSAGE,
  type Category,
  type CategoryInput,
} from "../../../shared/schemas/categories";
import type { BookingVatTreatment } from "../../../shared/schemas/transactions";
import type { Database } from "../../db/client";
import { categories } from "../../db/schema/index";
import { AppError, invalidField, notFound, uniqueViolation } from "../../errors";
import { isCategoryAccount } from "../ledger/accounts";
import { bookingsOfCategory, repostCategoryBookings } from "../ledger/posting";
import { isUuid } from "../../../shared/validation";

type TransactionType = (typeof categories.$inferInsert)["type"];

/** The categories a new Dutch freelancer starts with; each can be renamed, recoloured or removed. */
export const STARTER_CATEGORIES: ReadonlyArray<{
  name: string;
  type: TransactionType;
  color: string;
  vatTreatment?: BookingVatTreatment;
}> = [
  { name: "Omzet", type: "income", color: "#16A34A" },
  { name: "Overige inkomsten", type: "income", color: "#0D9488" },
  // Interest received is no supply (outside the scope of VAT); banks and insurers charge no VAT (exempt).
  { name: "Rente", type: "income", color: "#0891B2", vatTreatment: "outside_scope" },
  { name: "Kantoorkosten", type: "expense", color: "#2B7CE9" },
  { name: "Software en abonnementen", type: "expense", color: "#6366F1" },
  { name: "Telefoon en internet", type: "expense", color: "#8B5CF6" },
  { name: "Reiskosten", type: "expense", color: "#EC4899" },
  { name: "Auto en vervoer", type: "expense", color: "#F43F5E" },
  { name: "Marketing en reclame", type: "expense", color: "#F97316" },
  { name: "Opleiding", type: "expense", color: "#EAB308" },
  { name: "Representatie", type: "expense", color: "#84CC16" },
  { name: "Bankkosten", type: "expense", color: "#64748B", vatTreatment: "exempt" },
  { name: "Verzekeringen", type: "expense", color: "#0EA5E9", vatTreatment: "exempt" },
  { name: "Huisvesting", type: "expense", color: "#A16207" },
  { name: "Inkoop", type: "expense", color: "#B45309" },
  { name: "Overige kosten", type: "expense", color: "#78716C" },
];

export async function createStarterCategories(db: Database, userId: string): Promise<void> {
  await db.insert(categories).values(STARTER_CATEGORIES.map((category) => ({ ...category, userId })));
}

export function listCategories(db: Database, userId: string): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      type: categories.type,
      color: categories.color,
      ledgerAccountId: categories.ledgerAccountId,
      vatTreatment: categories.vatTreatment,
    })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.type), asc(categories.name));
}

const CATEGORY_NOT_FOUND = "Categorie niet gevonden";
const categoryColumns = {
  id: categories.id,
  name: categories.name,
  type: categories.type,
  color: categories.color,
  ledgerAccountId: categories.ledgerAccountId,
  vatTreatment: categories.vatTreatment,
};

/** The account must be the user's own revenue account (income) or cost account (expense). */
async function checkAccount(db: Database, userId: string, input: CategoryInput): Promise<void> {
  if (!input.ledgerAccountId) return;
  if (!(await isCategoryAccount(db, userId, input.ledgerAccountId, input.type))) {
    throw invalidField("ledgerAccountId", CATEGORY_ACCOUNT_MESSAGE);
  }
}

/** A unique-name clash (same user, type and name in any case) as the Dutch field message. */
function rethrowNameClash(error: unknown): never {
  if (uniqueViolation(error) === "categories_user_type_name_key") {
    throw new AppError(409, CATEGORY_EXISTS_MESSAGE, { fieldErrors: { name: CATEGORY_EXISTS_MESSAGE } });
  }
  throw error;
}

export async function createCategory(db: Database, userId: string, input: CategoryInput): Promise<Category> {
  await checkAccount(db, userId, input);
  try {
    const [row] = await db
      .insert(categories)
      .values({ ...input, ledgerAccountId: input.ledgerAccountId ?? null, userId })
      .returning(categoryColumns);
    return row!;
  } catch (error) {
    rethrowNameClash(error);
  }
}

/** Rename, recolour or move to the other type. */
export async function updateCategory(
  db: Database,
  userId: string,
  categoryId: string,
  input: CategoryInput,
): Promise<Category> {
  if (!isUuid(categoryId)) throw notFound(CATEGORY_NOT_FOUND);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ ledgerAccountId: categories.ledgerAccountId })
        .from(categories)
        .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)))
        .for("update");
      if (!existing) throw notFound(CATEGORY_NOT_FOUND);
      // Without the field the account stays, unless it no longer fits the category's type.
      const wanted = input.ledgerAccountId === undefined ? existing.ledgerAccountId : input.ledgerAccountId;
      const ledgerAccountId =
        wanted &&
        input.ledgerAccountId === undefined &&
        !(await isCategoryAccount(tx, userId, wanted, input.type))
          ? null
          : wanted;
      await checkAccount(tx, userId, { ...input, ledgerAccountId });
      const [row] = await tx
        .update(categories)
        .set({ ...input, ledgerAccountId })
        .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)))
        .returning(categoryColumns);
      await repostCategoryBookings(tx, userId, await bookingsOfCategory(tx, userId, categoryId));
      return row!;
    });
  } catch (error) {
    rethrowNameClash(error);
  }
}

/**
 * Makes sure a category of each wanted type books on the account, creating the named one where none does (a
 * category already taking the name is left as it is). The asset register uses it for Inventaris.
 */
export async function ensureCategoriesOnAccount(
  db: Database,
  userId: string,
  ledgerAccountId: string,
  wanted: ReadonlyArray<{ name: string; type: TransactionType; color: string }>,
): Promise<void> {
  const existing = await db
    .select({ type: categories.type })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.ledgerAccountId, ledgerAccountId)));
  const missing = wanted.filter((category) => !existing.some((row) => row.type === category.type));
  if (missing.length === 0) return;
  await db
    .insert(categories)
    .values(missing.map((category) => ({ ...category, userId, ledgerAccountId })))
    .onConflictDoNothing();
}

/** The transactions and purchase lines on it are kept and lose the link (ON DELETE SET NULL, same statement). */
export async function deleteCategory(db: Database, userId: string, categoryId: string): Promise<void> {
  if (!isUuid(categoryId)) throw notFound(CATEGORY_NOT_FOUND);
  await db.transaction(async (tx) => {
    const booked = await bookingsOfCategory(tx, userId, categoryId);
    const deleted = await tx
      .delete(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)))
      .returning({ id: categories.id });
    if (deleted.length === 0) throw notFound(CATEGORY_NOT_FOUND);
    // What was booked on it now books on the default account.
    await repostCategoryBookings(tx, userId, booked);
  });
}

/**
 * The user's category with what a booking in it takes from it, or null (another user's category is not found
 * either: a transaction may only link its owner's category).
 */
export async function findOwnCategory(
  db: Database,
  userId: string,
  categoryId: string,
): Promise<{ type: TransactionType; vatTreatment: BookingVatTreatment } | null> {
  const [row] = await db
    .select({ type: categories.type, vatTreatment: categories.vatTreatment })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)));
  return row ?? null;
}

/** The VAT treatment of each of the user's categories among the ids (a bulk import's defaults). */
export async function categoryVatTreatments(
  db: Database,
  userId: string,
  categoryIds: readonly string[],
): Promise<Map<string, { vatTreatment: BookingVatTreatment }>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, vatTreatment: categories.vatTreatment })
    .from(categories)
    .where(and(eq(categories.userId, userId), inArray(categories.id, [...new Set(categoryIds)])));
  return new Map(rows.map((row) => [row.id, { vatTreatment: row.vatTreatment }]));
}

/**
 * A booking's VAT treatment when none was chosen: a 0% booking takes its category's (interest is outside the
 * scope of VAT), one with VAT is taxed.
 */
export function defaultVatTreatment(
  category: { vatTreatment: BookingVatTreatment } | null,
  vatRateHundredths: number,
): BookingVatTreatment {
  return vatRateHundredths === 0 && category ? category.vatTreatment : "taxed";
}

/** Which of the ids are the user's expense categories (a purchase invoice's lines may only use those). */
export async function ownExpenseCategoryIds(
  db: Database,
  userId: string,
  categoryIds: readonly string[],
): Promise<Set<string>> {
  if (categoryIds.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.userId, userId),
        eq(categories.type, "expense"),
        inArray(categories.id, [...new Set(categoryIds)]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * The ids of the named categories for an import (spec §2.13: matched by name case-insensitively, else created),
 * keyed by `${type}:${lower(name)}`. Missing ones are created in one statement; `created` lists their names.
 */
export async function resolveCategoryNames(
  db: Database,
  userId: string,
  wanted: ReadonlyArray<{ name: string; type: CategoryInput["type"] }>,
): Promise<{ ids: Map<string, string>; created: string[] }> {
  const key = (type: string, name: string) => `${type}:${name.toLowerCase()}`;
  const ids = new Map<string, string>();
  if (wanted.length === 0) return { ids, created: [] };
  const existing = await db
    .select({ id: categories.id, name: categories.name, type: categories.type })
    .from(categories)
    .where(eq(categories.userId, userId));
  for (const row of existing) ids.set(key(row.type, row.name), row.id);
  const missing = new Map<string, { name: string; type: CategoryInput["type"] }>();
  for (const item of wanted) {
    const itemKey = key(item.type, item.name);
    if (!ids.has(itemKey) && !missing.has(itemKey)) missing.set(itemKey, item);
  }
  if (missing.size === 0) return { ids, created: [] };
  const inserted = await db
    .insert(categories)
    .values([...missing.values()].map((item) => ({ ...item, userId })))
    .returning({ id: categories.id, name: categories.name, type: categories.type });
  for (const row of inserted) ids.set(key(row.type, row.name), row.id);
  return { ids, created: inserted.map((row) => row.name) };
}
