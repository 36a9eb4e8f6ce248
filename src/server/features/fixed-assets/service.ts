/**
 * Investeringen: the asset register and its depreciation.
 * 1. Every change books the asset's entries again in the same transaction, up to today (ledger/posting.ts
 *    `postDepreciation`); the daily job adds the periods that fall due later. The ledger applies the locks:
 *    a closed year refuses a change; a filed VAT period does not (depreciation has no VAT).
 * 2. The purchase and the sale are the user's own bookings (bank or purchase invoice) on the categories on
 *    Inventaris made here, so the VAT on them goes into the return and every euro is booked once
 *    (shared/depreciation.ts, 5).
 */
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { assetEntries, assetPosition, disposalFigures, type AssetTerms } from "../../../shared/depreciation";
import { centsToDecimal, parseCents } from "../../../shared/money";
import { FIXED_ASSETS_ACCOUNT_KEY } from "../../../shared/schemas/categories";
import {
  FIXED_ASSET_MESSAGES,
  type DisposeFixedAssetInput,
  type FixedAsset,
  type FixedAssetInput,
} from "../../../shared/schemas/fixed-assets";
import type { Database } from "../../db/client";
import { fixedAssets, users } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { ensureCategoriesOnAccount } from "../categories/service";
import { systemAccountId } from "../ledger/accounts";
import { depreciationBookedUntil, postDepreciation } from "../ledger/posting";
import { isUuid } from "../../../shared/validation";

type FixedAssetRow = typeof fixedAssets.$inferSelect;

/** The categories the user books an investment's purchase and sale on; both book on Inventaris. */
export const ASSET_CATEGORIES = [
  { name: "Investeringen", type: "expense", color: "#0F766E" },
  { name: "Verkoop investeringen", type: "income", color: "#15803D" },
] as const;

function termsOf(row: FixedAssetRow): AssetTerms {
  return {
    purchaseDate: row.purchaseDate,
    costCents: parseCents(row.cost)!,
    residualValueCents: parseCents(row.residualValue)!,
    usefulLifeMonths: row.usefulLifeMonths,
    frequency: row.frequency,
    disposalDate: row.disposalDate,
    disposalAmountCents: row.disposalAmount === null ? null : parseCents(row.disposalAmount),
  };
}

/** The asset as the API answers it, with what is booked on `today`. */
export function toFixedAsset(row: FixedAssetRow, today: string): FixedAsset {
  const terms = termsOf(row);
  const position = assetPosition(terms, today);
  const disposal = position.state === "disposed" ? disposalFigures(terms) : null;
  return {
    id: row.id,
    name: row.name,
    purchaseDate: row.purchaseDate,
    cost: centsToDecimal(terms.costCents),
    residualValue: centsToDecimal(terms.residualValueCents),
    usefulLifeMonths: row.usefulLifeMonths,
    frequency: row.frequency,
    notes: row.notes,
    disposalDate: row.disposalDate,
    disposalAmount: terms.disposalAmountCents === null ? null : centsToDecimal(terms.disposalAmountCents),
    depreciated: centsToDecimal(position.depreciatedCents),
    bookValue: centsToDecimal(position.bookValueCents),
    monthlyDepreciation: centsToDecimal(position.monthlyCents),
    state: position.state,
    disposalResult: disposal ? centsToDecimal(disposal.resultCents) : null,
  };
}

/** The user's assets, newest purchase first. */
/**
 * The last day an asset of the user was bought or disposed of (its depreciation runs until then or later): the
 * erasure keeps the register for the retention period counted from that year.
 */
export async function lastAssetDate(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({
      date: sql<string | null>`max(greatest(${fixedAssets.purchaseDate}, ${fixedAssets.disposalDate}))::text`,
    })
    .from(fixedAssets)
    .where(eq(fixedAssets.userId, userId));
  return row?.date ?? null;
}

export async function listFixedAssets(db: Database, userId: string, today: string): Promise<FixedAsset[]> {
  const rows = await db
    .select()
    .from(fixedAssets)
    .where(eq(fixedAssets.userId, userId))
    .orderBy(
      sql`${fixedAssets.purchaseDate} desc`,
      asc(sql`lower(${fixedAssets.name})`),
      asc(fixedAssets.id),
    );
  return rows.map((row) => toFixedAsset(row, today));
}

/** The user's asset, locked for the change that follows; another user's is not found either. */
async function findOwn(
  db: Database,
  userId: string,
  assetId: string,
  forUpdate = false,
): Promise<FixedAssetRow> {
  if (!isUuid(assetId)) throw notFound(FIXED_ASSET_MESSAGES.notFound);
  const query = db
    .select()
    .from(fixedAssets)
    .where(and(eq(fixedAssets.id, assetId), eq(fixedAssets.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(FIXED_ASSET_MESSAGES.notFound);
  return row;
}

export async function getFixedAsset(
  db: Database,
  userId: string,
  assetId: string,
  today: string,
): Promise<FixedAsset> {
  return toFixedAsset(await findOwn(db, userId, assetId), today);
}

const columnsOf = (input: FixedAssetInput) => ({
  name: input.name,
  purchaseDate: input.purchaseDate,
  cost: input.cost,
  residualValue: input.residualValue,
  usefulLifeMonths: input.usefulLifeMonths,
  frequency: input.frequency,
  notes: input.notes,
});

/** The categories on Inventaris, so the purchase and the sale can be booked as the screen says. */
async function ensureAssetCategories(db: Database, userId: string): Promise<void> {
  const accountId = await systemAccountId(db, userId, FIXED_ASSETS_ACCOUNT_KEY);
  if (accountId) await ensureCategoriesOnAccount(db, userId, accountId, ASSET_CATEGORIES);
}

export async function createFixedAsset(
  db: Database,
  userId: string,
  input: FixedAssetInput,
  today: string,
): Promise<FixedAsset> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fixedAssets)
      .values({ userId, ...columnsOf(input) })
      .returning();
    await ensureAssetCategories(tx, userId);
    await postDepreciation(tx, userId, [row!.id], { today });
    return toFixedAsset(row!, today);
  });
}

/** Changes the terms; the asset's entries are booked again (a closed year refuses it). */
export async function updateFixedAsset(
  db: Database,
  userId: string,
  assetId: string,
  input: FixedAssetInput,
  today: string,
): Promise<FixedAsset> {
  return db.transaction(async (tx) => {
    const existing = await findOwn(tx, userId, assetId, true);
    if (existing.disposalDate !== null && input.purchaseDate > existing.disposalDate) {
      throw invalidField("purchaseDate", FIXED_ASSET_MESSAGES.purchaseAfterDisposal);
    }
    const [row] = await tx
      .update(fixedAssets)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(and(eq(fixedAssets.id, assetId), eq(fixedAssets.userId, userId)))
      .returning();
    await postDepreciation(tx, userId, [assetId], { today });
    return toFixedAsset(row!, today);
  });
}

/** Sold or scrapped: the asset is written off on the date, its proceeds against its book value. */
export async function disposeFixedAsset(
  db: Database,
  userId: string,
  assetId: string,
  input: DisposeFixedAssetInput | null,
  today: string,
): Promise<FixedAsset> {
  return db.transaction(async (tx) => {
    const existing = await findOwn(tx, userId, assetId, true);
    if (input && input.disposalDate < existing.purchaseDate) {
      throw invalidField("disposalDate", FIXED_ASSET_MESSAGES.disposalBeforePurchase);
    }
    const [row] = await tx
      .update(fixedAssets)
      .set({
        disposalDate: input?.disposalDate ?? null,
        disposalAmount: input?.disposalAmount ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(fixedAssets.id, assetId), eq(fixedAssets.userId, userId)))
      .returning();
    await postDepreciation(tx, userId, [assetId], { today });
    return toFixedAsset(row!, today);
  });
}

/** Removes the asset and its entries (a closed year refuses it). */
export async function deleteFixedAsset(db: Database, userId: string, assetId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findOwn(tx, userId, assetId, true);
    await tx.delete(fixedAssets).where(and(eq(fixedAssets.id, assetId), eq(fixedAssets.userId, userId)));
    await postDepreciation(tx, userId, [assetId]);
  });
}

/** Assets handled per round of the job, so one run never holds a huge batch in memory. */
const ASSETS_PER_BATCH = 500;

/**
 * The daily job: books the depreciation (and disposals) that fell due since each asset was last booked, for
 * every account still in use. Only the new entries are added, so booked periods are never touched; an entry in a
 * closed year is left for the user (reopening and saving the asset books it). Returns the assets booked.
 */
export async function postDueDepreciation(db: Database, now: Date): Promise<number> {
  const today = businessDate(now);
  let booked = 0;
  let lastId: string | null = null;
  for (;;) {
    const rows: FixedAssetRow[] = await db
      .select({ asset: fixedAssets })
      .from(fixedAssets)
      // An erased account books nothing new (privacy/erasure.ts).
      .innerJoin(users, and(eq(users.id, fixedAssets.userId), isNull(users.erasedAt)))
      .where(and(lte(fixedAssets.purchaseDate, today), lastId ? gt(fixedAssets.id, lastId) : undefined))
      .orderBy(asc(fixedAssets.id))
      .limit(ASSETS_PER_BATCH)
      .then((found) => found.map((row) => row.asset));
    const until = await depreciationBookedUntil(db, rows);
    for (const row of rows) {
      const since = until.get(row.id) ?? null;
      const isDue = assetEntries(termsOf(row), today).some((entry) => since === null || entry.date > since);
      if (!isDue) continue;
      try {
        await db.transaction((tx) => postDepreciation(tx, row.userId, [row.id], { today, since }));
        booked += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      }
    }
    if (rows.length < ASSETS_PER_BATCH) return booked;
    lastId = rows.at(-1)!.id;
  }
}

/** Takes a disposal back: the asset is in use again and depreciates on. */
export const undoDisposal = (db: Database, userId: string, assetId: string, today: string) =>
  disposeFixedAsset(db, userId, assetId, null, today);
