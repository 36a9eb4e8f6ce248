/**
 * Memoriaal: journal entries made by hand. Each operation runs in one database transaction with its posting
 * (ledger/posting.ts `postMemorialEntries`), so the books change with the entry or not at all; the posting's
 * filing lock refuses an entry dated in a filed VAT period like any other booking.
 * - create: numbered 1, 2, 3, … per administration, in order of creation; a deleted entry's number is not given again.
 * - update / delete: only while the entry is not locked.
 * - lock (vastzetten): final; the entry can no longer be changed or deleted.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { korAppliesOn } from "../../../shared/kor";
import { centsToDecimal, parseCents } from "../../../shared/money";
import {
  MEMORIAL_MESSAGES,
  PRIVATE_USE_RUBRIEK,
  type MemorialEntry,
  type MemorialEntryInput,
  type MemorialEntrySummary,
  type MemorialLine,
} from "../../../shared/schemas/memorial";
import { isUuid } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { ledgerAccounts, memorialEntries, memorialLines } from "../../db/schema/index";
import { AppError, invalidField, notFound, type FieldErrors } from "../../errors";
import { postMemorialEntries } from "../ledger/posting";
import { getKorDates } from "../settings/service";

type EntryRow = typeof memorialEntries.$inferSelect;

/** The sum of the debits of each entry: what the list shows as its amount. */
const debitTotal = sql<string>`coalesce((select sum(l.amount) from memorial_lines l
  where l.entry_id = memorial_entries.id and l.amount > 0), 0)::text`;

const toDecimal = (text: string) => centsToDecimal(parseCents(text) ?? 0);

/** The column's check allows only the known rubriek. */
const asVatRubriek = (value: string | null) => (value === PRIVATE_USE_RUBRIEK ? PRIVATE_USE_RUBRIEK : null);

/** The accounts whose lines are 1d's VAT in an entry of privégebruik (chart.ts keys). */
const PRIVATE_USE_VAT_ACCOUNTS: ReadonlySet<string> = new Set([
  "vat_payable_21",
  "vat_payable_9",
  "vat_payable_other",
]);

/** The user's entries, newest first (by date, then number), each with its total. */
export async function listMemorialEntries(db: Database, userId: string): Promise<MemorialEntrySummary[]> {
  const rows = await db
    .select({
      id: memorialEntries.id,
      number: memorialEntries.number,
      date: memorialEntries.date,
      description: memorialEntries.description,
      vatRubriek: memorialEntries.vatRubriek,
      lockedAt: memorialEntries.lockedAt,
      createdAt: memorialEntries.createdAt,
      total: debitTotal,
    })
    .from(memorialEntries)
    .where(eq(memorialEntries.userId, userId))
    .orderBy(desc(memorialEntries.date), desc(memorialEntries.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    date: row.date,
    description: row.description,
    vatRubriek: asVatRubriek(row.vatRubriek),
    total: toDecimal(row.total),
    lockedAt: row.lockedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The entries with their lines (all of the user's, or the given ones), in number order. */
async function entriesWithLines(db: Database, userId: string, ids?: readonly string[]) {
  const entries = await db
    .select()
    .from(memorialEntries)
    .where(and(eq(memorialEntries.userId, userId), ids ? inArray(memorialEntries.id, [...ids]) : undefined))
    .orderBy(asc(memorialEntries.number));
  if (entries.length === 0) return [];
  const lines = await db
    .select({
      entryId: memorialLines.entryId,
      ledgerAccountId: memorialLines.ledgerAccountId,
      accountCode: ledgerAccounts.code,
      accountName: ledgerAccounts.name,
      amount: memorialLines.amount,
      description: memorialLines.description,
    })
    .from(memorialLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, memorialLines.ledgerAccountId))
    .where(
      and(
        eq(memorialLines.userId, userId),
        inArray(
          memorialLines.entryId,
          entries.map((entry) => entry.id),
        ),
      ),
    )
    .orderBy(asc(memorialLines.entryId), asc(memorialLines.position));
  const linesOf = new Map<string, MemorialLine[]>();
  for (const { entryId, amount, ...line } of lines) {
    const list = linesOf.get(entryId) ?? [];
    list.push({ ...line, amount: toDecimal(amount) });
    linesOf.set(entryId, list);
  }
  return entries.map((entry) => toEntry(entry, linesOf.get(entry.id) ?? []));
}

function toEntry(row: EntryRow, lines: MemorialLine[]): MemorialEntry {
  const debits = lines.reduce((sum, line) => sum + Math.max(0, parseCents(line.amount) ?? 0), 0);
  return {
    id: row.id,
    number: row.number,
    date: row.date,
    description: row.description,
    vatRubriek: asVatRubriek(row.vatRubriek),
    total: centsToDecimal(debits),
    lockedAt: row.lockedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lines,
  };
}

/** One entry of the user with its lines; another user's (or a malformed id) is not found. */
export async function getMemorialEntry(db: Database, userId: string, id: string): Promise<MemorialEntry> {
  if (!isUuid(id)) throw notFound(MEMORIAL_MESSAGES.notFound);
  const [entry] = await entriesWithLines(db, userId, [id]);
  if (!entry) throw notFound(MEMORIAL_MESSAGES.notFound);
  return entry;
}

/** Every entry with its lines, for the user's data export (fiscal records). */
export function exportMemorialEntries(db: Database, userId: string): Promise<MemorialEntry[]> {
  return entriesWithLines(db, userId);
}

/** The latest date of an entry: a fiscal year the retention period counts from. */
export async function lastMemorialDate(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ date: sql<string | null>`max(${memorialEntries.date})::text` })
    .from(memorialEntries)
    .where(eq(memorialEntries.userId, userId));
  return row?.date ?? null;
}

/** Whether a line of an entry books on the bank account's ledger account (the account must then stay). */
export async function isBankAccountInMemorial(
  db: Database,
  userId: string,
  bankAccountId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: memorialLines.id })
    .from(memorialLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, memorialLines.ledgerAccountId))
    .where(and(eq(memorialLines.userId, userId), eq(ledgerAccounts.bankAccountId, bankAccountId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Every line's account must be one of the user's own: an unknown or another user's account answers 404 with the
 * line's field, so account ids of other users cannot be told apart from ids that do not exist.
 */
async function assertOwnAccounts(db: Database, userId: string, input: MemorialEntryInput): Promise<void> {
  const wanted = [...new Set(input.lines.map((line) => line.ledgerAccountId))];
  const own = await db
    .select({ id: ledgerAccounts.id, systemKey: ledgerAccounts.systemKey })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.id, wanted)));
  const ownIds = new Set(own.map((row) => row.id));
  const errors: FieldErrors = {};
  input.lines.forEach((line, index) => {
    if (!ownIds.has(line.ledgerAccountId)) {
      errors[`lines.${index}.ledgerAccountId`] = MEMORIAL_MESSAGES.accountNotFound;
    }
  });
  if (Object.keys(errors).length > 0) {
    throw new AppError(404, MEMORIAL_MESSAGES.accountNotFound, { fieldErrors: errors });
  }
  // Verwerkte resultaten mirrors the closed years' results (year-end.ts): only the closing books on it.
  const closing = own.find((row) => row.systemKey === "closed_results");
  const index = input.lines.findIndex((line) => line.ledgerAccountId === closing?.id);
  if (index >= 0) {
    throw invalidField(`lines.${index}.ledgerAccountId`, MEMORIAL_MESSAGES.closingAccount);
  }
  if (input.vatRubriek === PRIVATE_USE_RUBRIEK) {
    // Privégebruik declares VAT: without a line on a Te betalen btw account rubriek 1d would stay empty.
    const vatAccounts = new Set(
      own.filter((row) => PRIVATE_USE_VAT_ACCOUNTS.has(row.systemKey ?? "")).map((row) => row.id),
    );
    if (!input.lines.some((line) => vatAccounts.has(line.ledgerAccountId))) {
      throw invalidField("vatRubriek", MEMORIAL_MESSAGES.privateUseVatLine);
    }
    // Under the KOR the VAT on purchases was never deducted, so there is nothing to correct.
    if (korAppliesOn(await getKorDates(db, userId), input.date)) {
      throw invalidField("vatRubriek", MEMORIAL_MESSAGES.privateUseUnderKor);
    }
  }
}

async function insertLines(db: Database, userId: string, entryId: string, input: MemorialEntryInput) {
  await db.insert(memorialLines).values(
    input.lines.map((line, position) => ({
      userId,
      entryId,
      position,
      ledgerAccountId: line.ledgerAccountId,
      amount: centsToDecimal(line.amount),
      description: line.description,
    })),
  );
}

/** The user's entry, locked for this transaction; 404 when missing or another user's. */
async function lockOwnEntry(db: Database, userId: string, id: string): Promise<EntryRow> {
  if (!isUuid(id)) throw notFound(MEMORIAL_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(memorialEntries)
    .where(and(eq(memorialEntries.id, id), eq(memorialEntries.userId, userId)))
    .for("update");
  if (!row) throw notFound(MEMORIAL_MESSAGES.notFound);
  return row;
}

/** An entry that can still be changed: the user's, and not locked. */
async function lockChangeableEntry(db: Database, userId: string, id: string): Promise<EntryRow> {
  const row = await lockOwnEntry(db, userId, id);
  if (row.lockedAt) throw new AppError(409, MEMORIAL_MESSAGES.locked);
  return row;
}

export async function createMemorialEntry(
  db: Database,
  userId: string,
  input: MemorialEntryInput,
): Promise<MemorialEntry> {
  const id = await db.transaction(async (tx) => {
    await assertOwnAccounts(tx, userId, input);
    // One numbering at a time per user: two entries made at once get consecutive numbers, never the same.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:memorial:${userId}`}))`);
    // The counter remembers the last number given, so deleting the newest entry never frees its number; the
    // entries' highest number starts it for administrations that had entries before the counter.
    const counted = await tx.execute(sql`
      insert into memorial_number_counters (user_id, last_number)
      values (${userId}::uuid, (select coalesce(max(number), 0) + 1 from memorial_entries where user_id = ${userId}::uuid))
      on conflict (user_id) do update set last_number = greatest(memorial_number_counters.last_number,
        (select coalesce(max(number), 0) from memorial_entries where user_id = ${userId}::uuid)) + 1
      returning last_number`);
    const number = Number(
      (counted as unknown as { rows: Array<{ last_number: number }> }).rows[0]!.last_number,
    );
    const [row] = await tx
      .insert(memorialEntries)
      .values({
        userId,
        number,
        date: input.date,
        description: input.description,
        vatRubriek: input.vatRubriek,
      })
      .returning({ id: memorialEntries.id });
    await insertLines(tx, userId, row!.id, input);
    await postMemorialEntries(tx, userId, [row!.id], { isNew: true });
    return row!.id;
  });
  return getMemorialEntry(db, userId, id);
}

export async function updateMemorialEntry(
  db: Database,
  userId: string,
  id: string,
  input: MemorialEntryInput,
  now: Date,
): Promise<MemorialEntry> {
  await db.transaction(async (tx) => {
    await lockChangeableEntry(tx, userId, id);
    await assertOwnAccounts(tx, userId, input);
    await tx
      .update(memorialEntries)
      .set({ date: input.date, description: input.description, vatRubriek: input.vatRubriek, updatedAt: now })
      .where(eq(memorialEntries.id, id));
    await tx.delete(memorialLines).where(eq(memorialLines.entryId, id));
    await insertLines(tx, userId, id, input);
    // The old and the new date both have to lie outside a filed period.
    await postMemorialEntries(tx, userId, [id]);
  });
  return getMemorialEntry(db, userId, id);
}

/** Removes an entry that is not locked, and its lines from the books. */
export async function deleteMemorialEntry(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockChangeableEntry(tx, userId, id);
    await tx.delete(memorialEntries).where(eq(memorialEntries.id, id));
    await postMemorialEntries(tx, userId, [id]);
  });
}

/** Vastzetten: from now on the entry is final. Locking a locked entry keeps its first moment. */
export async function lockMemorialEntry(
  db: Database,
  userId: string,
  id: string,
  now: Date,
): Promise<MemorialEntry> {
  await db.transaction(async (tx) => {
    const row = await lockOwnEntry(tx, userId, id);
    if (row.lockedAt) return;
    await tx.update(memorialEntries).set({ lockedAt: now, updatedAt: now }).where(eq(memorialEntries.id, id));
  });
  return getMemorialEntry(db, userId, id);
}
