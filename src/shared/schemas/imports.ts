import { z } from "../validation";

/** Where an import came in: 'Importeren' on Transacties (CSV) or 'Afschrift importeren' on Afschriften. */
export const IMPORT_SOURCES = ["transactions", "bank"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * GET /api/import-reports/:id: an import that did not fully succeed, as the bell announces it. `messages` holds
 * why the file was refused, or a 'Rij {n}: {error}' per row left out.
 */
export const ImportReportSchema = z.object({
  id: z.string(),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string().nullable(),
  /** The whole file was refused; otherwise `failed` rows were left out and `imported` rows went in. */
  refused: z.boolean(),
  imported: z.number(),
  failed: z.number(),
  messages: z.array(z.string()),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** A report is announced for this many days, or until it is read. */
export const IMPORT_REPORT_DAYS = 30;

/** The search parameter that opens a report on its screen: the bell's link, `/app/bank?importverslag=<id>`. */
export const IMPORT_REPORT_PARAM = "importverslag";
