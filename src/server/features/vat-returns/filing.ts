/**
 * 'Markeer als ingediend': records that the VAT return of a period was filed (date and the Belastingdienst's
 * reference) and locks the period (lock.ts). The rubrieken as filed are kept with it.
 */
import { sql } from "drizzle-orm";
import {
  ALREADY_FILED_MESSAGE,
  FILED_ON_BEFORE_END_MESSAGE,
  FILED_ON_FUTURE_MESSAGE,
  KOR_NO_RETURN_MESSAGE,
  OVERLAPS_FILED_MESSAGE,
  PERIOD_NOT_FOUND_MESSAGE,
  type VatCorrectionAnswer,
  type VatFilingInput,
  type VatFoldedCorrectionAnswer,
  type VatReturnAnswer,
} from "../../../shared/schemas/vat-returns";
import type { Database } from "../../db/client";
import { vatReturnFilings } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { postVatReturns, rowsOf } from "../ledger/posting";
import { filedFiguresOf, icpLines, vatReturn, type VatReturnWithIcp } from "./queries";
import { correctionsOf, foldedInto, keptFiguresOf } from "./corrections";

/** The return as the API answers it: exact amounts as decimal strings, filed amounts in whole euros. */
export function toVatReturnAnswer(result: VatReturnView): VatReturnAnswer {
  return {
    period: {
      id: result.period.id,
      frequency: result.period.frequency,
      label: result.period.label,
      startDate: result.period.startDate,
      endDate: result.period.endDate,
      deadline: result.period.deadline,
      state: result.period.state,
      filedOn: result.period.filedOn,
      reference: result.period.reference,
    },
    isKorApplied: result.isKorApplied,
    ...keptFiguresOf(result),
    totalEuros: result.totalEuros,
    corrections: result.corrections,
    foldedIn: result.foldedIn,
  };
}

/** A return with its opgaaf ICP, its corrections and the corrections of earlier periods it carries. */
export type VatReturnView = VatReturnWithIcp & {
  corrections: VatCorrectionAnswer[];
  foldedIn: VatFoldedCorrectionAnswer[];
};

/** The return of a period id with its opgaaf ICP, or 404 for a malformed id. */
export async function getVatReturn(
  db: Database,
  userId: string,
  periodId: string,
  today: string,
): Promise<VatReturnView> {
  const result = await vatReturn(db, userId, periodId, today);
  if (!result) throw notFound(PERIOD_NOT_FOUND_MESSAGE);
  const filed = result.period.state === "filed" ? await filedFigures(db, userId, result.period.id) : null;
  // The opgaaf ICP as filed with the return (filings from before it was kept read it from the books).
  const icp = filed?.icp ?? (await icpLines(db, userId, result.period));
  const withIcp = { ...result, icp };
  return {
    ...withIcp,
    corrections: await correctionsOf(db, userId, result.period.id, keptFiguresOf(withIcp)),
    foldedIn: await foldedInto(db, userId, result.period),
  };
}

/** The figures the Belastingdienst has for a filed period: the filing's, or its latest suppletie's. */
async function filedFigures(db: Database, userId: string, periodId: string) {
  const result = await db.execute(sql`
    select f.figures, (select c.figures_after from vat_return_corrections c
                       where c.user_id = f.user_id and c.period = f.period and c.status = 'suppletie'
                       order by c.resolved_on desc, c.created_at desc limit 1) as suppletie_figures
    from vat_return_filings f where f.user_id = ${userId}::uuid and f.period = ${periodId}`);
  const [row] = rowsOf<{ figures: unknown; suppletie_figures: unknown }>(result);
  return row ? filedFiguresOf(row) : null;
}

export async function fileVatReturn(
  db: Database,
  userId: string,
  periodId: string,
  input: VatFilingInput,
  today: string,
): Promise<VatReturnView> {
  return db.transaction(async (tx) => {
    // One filing at a time per user: two concurrent requests cannot both pass the overlap check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:vat-filing:${userId}`}))`);
    const current = await getVatReturn(tx, userId, periodId, today);
    // Under the KOR there is no return, except to declare VAT shifted to the user (verlegd: 2a, 4a, 4b).
    if (current.isKorApplied && current.totalCents === 0) throw new AppError(409, KOR_NO_RETURN_MESSAGE);
    if (current.period.state === "filed" || current.period.state === "correcting") {
      throw new AppError(409, ALREADY_FILED_MESSAGE);
    }
    if (input.filedOn <= current.period.endDate) throw invalidField("filedOn", FILED_ON_BEFORE_END_MESSAGE);
    if (input.filedOn > today) throw invalidField("filedOn", FILED_ON_FUTURE_MESSAGE);
    const overlap = await tx.execute(sql`
      select 1 from vat_return_filings
      where user_id = ${userId}::uuid and start_date <= ${current.period.endDate}::date
        and end_date >= ${current.period.startDate}::date
      limit 1`);
    if (rowsOf(overlap).length > 0) throw new AppError(409, OVERLAPS_FILED_MESSAGE);
    const answer = toVatReturnAnswer(current);
    const [filing] = await tx
      .insert(vatReturnFilings)
      .values({
        userId,
        period: current.period.id,
        startDate: current.period.startDate,
        endDate: current.period.endDate,
        filedOn: input.filedOn,
        reference: input.reference,
        // What is sent is kept: the return shows these figures from now on (queries.ts asFiled).
        figures: { rubrieken: answer.rubrieken, icp: answer.icp },
      })
      .returning({ id: vatReturnFilings.id });
    await postVatReturns(tx, userId, [filing!.id]);
    return getVatReturn(tx, userId, periodId, today);
  });
}
