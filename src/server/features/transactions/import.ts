/**
 * CSV import (spec §2.13, §5 CSV import; decisions.md): one upload, every row validated here, all valid rows
 * stored in ONE database transaction (a crash mid-import leaves nothing half-imported), each invalid row
 * reported as 'Rij {n}: {error}' (spec §8). Rows already booked (same date, type, amount, description and
 * account) are skipped and reported, so importing the same file twice does not double anything.
 */
import { and, eq, gte, lte, Param, sql } from "drizzle-orm";
import { parseTransactionsCsv, type CsvTransaction } from "../../../shared/csv-import";
import { chargesVatUnderKor, KOR_INCOME_VAT_MESSAGE } from "../../../shared/kor";
import { centsToDecimal, parseCents } from "../../../shared/money";
import { formatRowError, type ImportRowError } from "../../../shared/schemas/imports";
import {
  MAX_IMPORT_ROWS,
  type BookingVatTreatment,
  type ImportResult,
} from "../../../shared/schemas/transactions";
import type { Database } from "../../db/client";
import { transactions } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { findDefaultBankAccountId, isOwnBankAccount } from "../bank/accounts";
import { categoryVatTreatments, defaultVatTreatment, resolveCategoryNames } from "../categories/service";
import { withImportReport } from "../imports/service";
import { lockedRangesOf } from "../ledger/lock";
import { postTransactions } from "../ledger/posting";
import { getKorDates } from "../settings/service";
import { formatNumber } from "../../../shared/format";

/** Rows per INSERT statement; each statement sends 11 array parameters whatever the number of rows. */
const INSERT_CHUNK = 5000;

export const DUPLICATE_MESSAGE = "Bestaat al (zelfde datum, bedrag, beschrijving en rekening), overgeslagen";

const duplicateKey = (date: string, type: string, amount: number, description: string) =>
  `${date}|${type}|${amount}|${description.trim().toLowerCase()}`;

export async function importTransactions(
  db: Database,
  userId: string,
  csvText: string,
  options: { bankAccountId?: string | undefined; fileName?: string | undefined },
): Promise<ImportResult> {
  return withImportReport(
    db,
    userId,
    { source: "transactions", fileName: options.fileName ?? null },
    () => importRows(db, userId, csvText, options),
    // Duplicates are rows already booked, not failures: the report lists only the rows that failed.
    (result) => ({
      imported: result.imported,
      failed: result.failed,
      rowErrors: result.rowErrors.filter((error) => error.message !== DUPLICATE_MESSAGE),
    }),
  );
}

async function importRows(
  db: Database,
  userId: string,
  csvText: string,
  options: { bankAccountId?: string | undefined },
): Promise<ImportResult> {
  const parsed = parseTransactionsCsv(csvText);
  if (!parsed.ok) throw new AppError(400, parsed.error);
  if (parsed.rows.length === 0) throw new AppError(400, "Het bestand bevat geen transacties");
  if (parsed.rows.length > MAX_IMPORT_ROWS) {
    throw new AppError(400, `Een import mag maximaal ${formatNumber(MAX_IMPORT_ROWS)} rijen hebben`);
  }

  const rowErrors: ImportRowError[] = [];
  const valid: Array<{ row: number; value: CsvTransaction }> = [];
  const kor = await getKorDates(db, userId);
  for (const row of parsed.rows) {
    if (!row.ok) {
      rowErrors.push({ row: row.row, message: row.error });
    } else if (chargesVatUnderKor(kor, row.value)) {
      rowErrors.push({ row: row.row, message: KOR_INCOME_VAT_MESSAGE });
    } else {
      valid.push({ row: row.row, value: row.value });
    }
  }
  const failed = rowErrors.length;

  return db.transaction(async (tx) => {
    // Two imports of the same user at once would both miss each other's rows in the duplicate check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:import:${userId}`}))`);
    let bankAccountId: string | null;
    if (options.bankAccountId) {
      if (!(await isOwnBankAccount(tx, userId, options.bankAccountId))) {
        throw invalidField("bankAccountId", "Bankrekening niet gevonden");
      }
      bankAccountId = options.bankAccountId;
    } else {
      bankAccountId = await findDefaultBankAccountId(tx, userId);
    }

    const unlocked = await skipFiledPeriods(tx, userId, valid, rowErrors);
    const toInsert = await skipDuplicates(tx, userId, bankAccountId, unlocked, rowErrors);

    const named = toInsert.filter((item) => item.value.categoryName);
    const { ids: categoryIds, created: createdCategories } = await resolveCategoryNames(
      tx,
      userId,
      named.map((item) => ({ name: item.value.categoryName!, type: item.value.type })),
    );

    const linked = toInsert.map(({ value }) => ({
      ...value,
      categoryId: value.categoryName
        ? (categoryIds.get(`${value.type}:${value.categoryName.toLowerCase()}`) ?? null)
        : null,
    }));
    const treatments = await categoryVatTreatments(
      tx,
      userId,
      linked.flatMap((row) => row.categoryId ?? []),
    );
    const rows = linked.map((row) => ({
      ...row,
      vatTreatment: defaultVatTreatment(
        row.categoryId ? (treatments.get(row.categoryId) ?? null) : null,
        row.vatRateHundredths,
      ),
    }));
    const ids: string[] = [];
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      ids.push(...(await insertRows(tx, userId, bankAccountId, rows.slice(start, start + INSERT_CHUNK))));
    }
    // Booked in bulk; rows in filed periods were already left out above.
    await postTransactions(tx, userId, ids, {
      checkLock: false,
      isNew: true,
      dates: [...new Set(rows.map((row) => row.date))],
    });
    // Each check added its rows in turn (unreadable, filed period, duplicate): back in the file's order.
    rowErrors.sort((a, b) => a.row - b.row);
    return {
      imported: rows.length,
      failed: failed + (valid.length - unlocked.length),
      duplicates: unlocked.length - rows.length,
      rowErrors,
      errors: rowErrors.map(formatRowError),
      createdCategories,
    };
  });
}

type ImportedRow = CsvTransaction & { categoryId: string | null; vatTreatment: BookingVatTreatment };

/**
 * One INSERT … SELECT FROM unnest(arrays): a column of values per parameter instead of a parameter per value, so
 * thousands of rows go in one statement, parsed and planned once.
 */
async function insertRows(
  db: Database,
  userId: string,
  bankAccountId: string | null,
  rows: ImportedRow[],
): Promise<string[]> {
  const column = <T>(pick: (row: ImportedRow) => T) => new Param(rows.map(pick));
  // Arrays of built-in types only: PGlite cannot serialise an array of an enum created in the same process
  // (a fresh database), so the type goes in as text and is cast per row.
  const result = await db.execute<{ id: string }>(sql`
    insert into ${transactions} (user_id, bank_account_id, status, date, type, description, amount, vat_rate,
      vat_amount, amount_including_vat, category_id, vat_treatment)
    -- Spec §4: quick add and CSV import always create completed transactions.
    select ${userId}::uuid, ${bankAccountId}::uuid, 'completed'::transaction_status,
      row.date, row.type::transaction_type, row.description, row.amount, row.vat_rate, row.vat_amount,
      row.amount_including_vat, row.category_id, row.vat_treatment::booking_vat_treatment
    from unnest(
      ${column((row) => row.date)}::date[],
      ${column((row) => row.type)}::text[],
      ${column((row) => row.description)}::text[],
      ${column((row) => centsToDecimal(row.amount))}::numeric[],
      ${column((row) => centsToDecimal(row.vatRateHundredths))}::numeric[],
      ${column((row) => centsToDecimal(row.vatAmount))}::numeric[],
      ${column((row) => centsToDecimal(row.amountIncludingVat))}::numeric[],
      ${column((row) => row.categoryId)}::uuid[],
      ${column((row) => row.vatTreatment)}::text[]
    ) as row(date, type, description, amount, vat_rate, vat_amount, amount_including_vat, category_id,
      vat_treatment)
    returning id`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

/** Rows dated in a filed VAT period or a closed year are refused like any other change there (the locks). */
async function skipFiledPeriods(
  db: Database,
  userId: string,
  valid: Array<{ row: number; value: CsvTransaction }>,
  rowErrors: ImportRowError[],
) {
  const locked = await lockedRangesOf(db, userId);
  if (locked.length === 0) return valid;
  return valid.filter(({ row, value }) => {
    const range = locked.find((item) => item.startDate <= value.date && value.date <= item.endDate);
    if (!range) return true;
    rowErrors.push({ row, message: range.message });
    return false;
  });
}

/**
 * Counts what is already booked per key in the file's date range; the first that many rows with the key are
 * duplicates, the rest are new. Two identical coffees on one day in one file both import; importing that
 * file again skips both.
 */
async function skipDuplicates(
  db: Database,
  userId: string,
  bankAccountId: string | null,
  valid: Array<{ row: number; value: CsvTransaction }>,
  rowErrors: ImportRowError[],
) {
  if (valid.length === 0) return valid;
  let first = valid[0]!.value.date;
  let last = first;
  for (const { value } of valid) {
    if (value.date < first) first = value.date;
    if (value.date > last) last = value.date;
  }
  const existing = await db
    .select({
      date: transactions.date,
      type: transactions.type,
      amount: transactions.amount,
      description: transactions.description,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        bankAccountId
          ? eq(transactions.bankAccountId, bankAccountId)
          : sql`${transactions.bankAccountId} is null`,
        gte(transactions.date, first),
        lte(transactions.date, last),
      ),
    )
    .groupBy(transactions.date, transactions.type, transactions.amount, transactions.description);
  const booked = new Map<string, number>();
  for (const row of existing) {
    const key = duplicateKey(row.date, row.type, parseCents(row.amount)!, row.description);
    booked.set(key, (booked.get(key) ?? 0) + row.count);
  }
  return valid.filter(({ row, value }) => {
    const key = duplicateKey(value.date, value.type, value.amount, value.description);
    const left = booked.get(key) ?? 0;
    if (left === 0) return true;
    booked.set(key, left - 1);
    rowErrors.push({ row, message: DUPLICATE_MESSAGE });
    return false;
  });
}
