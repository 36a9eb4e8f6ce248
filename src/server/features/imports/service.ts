/**
 * Import reports: what became of an import that did not fully succeed — a refused file, or rows left out — kept
 * until the user has read it, so closing the import dialog (or the tab, during a long upload) loses nothing.
 * The transactions and bank imports record through here; the bell and the report dialog read through here.
 */
import { and, desc, eq, gte, isNull } from "drizzle-orm";
import {
  formatRowError,
  IMPORT_REPORT_DAYS,
  type ImportReport,
  type ImportReportError,
  type ImportSource,
} from "../../../shared/schemas/imports";
import { isUuid } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { importReports } from "../../db/schema/index";
import { AppError, notFound } from "../../errors";

const REPORT_NOT_FOUND = "Importverslag niet gevonden";
/** A file can fail on every one of its 20,000 rows; the report keeps the first of them and the count. */
const KEPT_ROW_ERRORS = 500;

type ReportRow = typeof importReports.$inferSelect;

/**
 * A stored row error. Reports written before they were kept as {row, message} were converted by migration 0047;
 * one written as text by a server still running the older code during a deploy is read the same way here.
 */
function readRowError(entry: ImportReportError | string): ImportReportError {
  if (typeof entry !== "string") return entry;
  const match = /^Rij (\d{1,9}): /.exec(entry);
  return match
    ? { row: Number(match[1]), message: entry.slice(match[0].length) }
    : { row: null, message: entry };
}

function toImportReport(row: ReportRow): ImportReport {
  const rowErrors = (row.messages as Array<ImportReportError | string>).map(readRowError);
  return {
    id: row.id,
    source: row.source,
    fileName: row.fileName,
    refused: row.refused,
    imported: row.imported,
    failed: row.failed,
    rowErrors,
    messages: rowErrors.map(formatRowError),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export interface ImportOutcome {
  source: ImportSource;
  fileName: string | null;
  refused: boolean;
  imported: number;
  failed: number;
  rowErrors: ImportReportError[];
}

/** Keeps the outcome of an import when something in it failed; a clean import leaves nothing to report. */
export async function recordImportOutcome(
  db: Database,
  userId: string,
  outcome: ImportOutcome,
): Promise<void> {
  if (!outcome.refused && outcome.failed === 0) return;
  await db.insert(importReports).values({
    userId,
    source: outcome.source,
    fileName: outcome.fileName?.slice(0, 255) ?? null,
    refused: outcome.refused,
    imported: outcome.imported,
    failed: outcome.failed,
    messages: outcome.rowErrors.slice(0, KEPT_ROW_ERRORS),
  });
}

/** Reports not read yet from the last 30 days, newest first: what the bell announces. */
export async function listUnreadImportReports(
  db: Database,
  userId: string,
  now: Date,
): Promise<ImportReport[]> {
  const since = new Date(now.getTime() - IMPORT_REPORT_DAYS * 86_400_000);
  const rows = await db
    .select()
    .from(importReports)
    .where(
      and(
        eq(importReports.userId, userId),
        isNull(importReports.readAt),
        gte(importReports.createdAt, since),
      ),
    )
    .orderBy(desc(importReports.createdAt), desc(importReports.id));
  return rows.map(toImportReport);
}

export async function getImportReport(db: Database, userId: string, reportId: string): Promise<ImportReport> {
  if (!isUuid(reportId)) throw notFound(REPORT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(importReports)
    .where(and(eq(importReports.id, reportId), eq(importReports.userId, userId)));
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return toImportReport(row);
}

/** 'Gelezen': the bell stops announcing it; reading it again keeps the first time. */
export async function markImportReportRead(
  db: Database,
  userId: string,
  reportId: string,
  now: Date,
): Promise<ImportReport> {
  const report = await getImportReport(db, userId, reportId);
  if (report.readAt) return report;
  const [row] = await db
    .update(importReports)
    .set({ readAt: now })
    .where(and(eq(importReports.id, reportId), eq(importReports.userId, userId)))
    .returning();
  return toImportReport(row!);
}

/** Every report of the user, oldest first, for the data export. */
export async function exportImportReports(db: Database, userId: string): Promise<ImportReport[]> {
  const rows = await db
    .select()
    .from(importReports)
    .where(eq(importReports.userId, userId))
    .orderBy(importReports.createdAt, importReports.id);
  return rows.map(toImportReport);
}

/**
 * Runs an import and records its outcome: the report of `imported` when rows were left out, or the reason when
 * the file itself was refused (a 4xx about the file; a wrong form field is answered on the form alone).
 */
export async function withImportReport<T>(
  db: Database,
  userId: string,
  file: { source: ImportSource; fileName: string | null },
  run: () => Promise<T>,
  outcomeOf: (result: T) => { imported: number; failed: number; rowErrors: ImportReportError[] } | null,
): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500 && !error.fieldErrors) {
      await recordImportOutcome(db, userId, {
        ...file,
        refused: true,
        imported: 0,
        failed: 0,
        rowErrors: [{ row: null, message: error.message }],
      });
    }
    throw error;
  }
  const outcome = outcomeOf(result);
  if (outcome) await recordImportOutcome(db, userId, { ...file, refused: false, ...outcome });
  return result;
}

/** Erasure: the reports quote the user's files, so they go with the rest that is not a fiscal record. */
export async function forgetImportReports(db: Database, userId: string): Promise<void> {
  await db.delete(importReports).where(eq(importReports.userId, userId));
}
