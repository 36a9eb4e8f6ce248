import { z } from "../validation";

/** Where an import came in: 'Importeren' on Transacties (CSV) or 'Afschrift importeren' on Afschriften. */
export const IMPORT_SOURCES = ["transactions", "bank"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** A row of an import file that was not imported: its number in the file and why. */
export const ImportRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** A line of an import report: a row left out, or (`row` null) why the whole file was refused. */
export const ImportReportErrorSchema = z.object({ row: z.number().int().nullable(), message: z.string() });
export type ImportReportError = z.infer<typeof ImportReportErrorSchema>;

/** Spec §8: each failed row reads 'Rij {n}: {error}'; a refusal of the whole file is its message alone. */
export function formatRowError(error: ImportReportError): string {
  return error.row === null ? error.message : `Rij ${error.row}: ${error.message}`;
}

/**
 * GET /api/import-reports/:id: an import that did not fully succeed, as the bell announces it. `rowErrors`
 * holds why the file was refused, or the rows left out; `messages` is the same as text (`formatRowError`).
 */
export const ImportReportSchema = z.object({
  id: z.string(),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string().nullable(),
  /** The whole file was refused; otherwise `failed` rows were left out and `imported` rows went in. */
  refused: z.boolean(),
  imported: z.number(),
  failed: z.number(),
  rowErrors: z.array(ImportReportErrorSchema),
  messages: z.array(z.string()),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** A report is announced for this many days, or until it is read. */
export const IMPORT_REPORT_DAYS = 30;

/** The search parameter that opens a report on its screen: the bell's link, `/app/bank?importverslag=<id>`. */
export const IMPORT_REPORT_PARAM = "importverslag";
