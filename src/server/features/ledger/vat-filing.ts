/**
 * 'Markeer als ingediend': records that the VAT return of a period was filed (date and the Belastingdienst's
 * reference) and locks the period (lock.ts). The rubrieken as filed are kept with it.
 */
import { and, eq, sql } from "drizzle-orm";
import { centsToDecimal } from "../../../shared/money";
import {
  ALREADY_FILED_MESSAGE,
  FILED_ON_BEFORE_END_MESSAGE,
  FILED_ON_FUTURE_MESSAGE,
  KOR_NO_RETURN_MESSAGE,
  OVERLAPS_FILED_MESSAGE,
  PERIOD_NOT_FOUND_MESSAGE,
  type VatFilingInput,
  type VatReturnAnswer,
} from "../../../shared/schemas/ledger";
import type { Database } from "../../db/client";
import { vatReturnFilings } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { postVatReturns, rowsOf } from "./posting";
import { asFiled, icpLines, vatReturn, wholeEuros, type VatReturnWithIcp } from "./queries";

/** The return as the API answers it: exact amounts as decimal strings, filed amounts in whole euros. */
export function toVatReturnAnswer(result: VatReturnWithIcp): VatReturnAnswer {
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
    rubrieken: result.rubrieken.map((rubriek) => ({
      code: rubriek.code,
      label: rubriek.label,
      turnover: rubriek.turnoverCents === null ? null : centsToDecimal(rubriek.turnoverCents),
      vat: rubriek.vatCents === null ? null : centsToDecimal(rubriek.vatCents),
      turnoverEuros: rubriek.turnoverEuros,
      vatEuros: rubriek.vatEuros,
    })),
    icp: result.icp.map((line) => ({
      country: line.country,
      vatNumber: line.vatNumber,
      clientName: line.clientName,
      amount: centsToDecimal(line.amountCents),
      amountEuros: wholeEuros(line.amountCents),
    })),
    totalEuros: result.totalEuros,
  };
}

/** The return of a period id with its opgaaf ICP, or 404 for a malformed id. */
export async function getVatReturn(
  db: Database,
  userId: string,
  periodId: string,
  today: string,
): Promise<VatReturnWithIcp> {
  const result = await vatReturn(db, userId, periodId, today);
  if (!result) throw notFound(PERIOD_NOT_FOUND_MESSAGE);
  const [filing] =
    result.period.state === "filed"
      ? await db
          .select({ figures: vatReturnFilings.figures })
          .from(vatReturnFilings)
          .where(and(eq(vatReturnFilings.userId, userId), eq(vatReturnFilings.period, result.period.id)))
      : [];
  // The opgaaf ICP as filed with the return (filings from before it was kept read it from the books).
  const icp = (filing && asFiled(filing.figures).icp) ?? (await icpLines(db, userId, result.period));
  return { ...result, icp };
}

export async function fileVatReturn(
  db: Database,
  userId: string,
  periodId: string,
  input: VatFilingInput,
  today: string,
): Promise<VatReturnWithIcp> {
  return db.transaction(async (tx) => {
    // One filing at a time per user: two concurrent requests cannot both pass the overlap check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:vat-filing:${userId}`}))`);
    const current = await getVatReturn(tx, userId, periodId, today);
    // Under the KOR there is no return, except to declare VAT shifted to the user (verlegd: 2a, 4a, 4b).
    if (current.isKorApplied && current.totalCents === 0) throw new AppError(409, KOR_NO_RETURN_MESSAGE);
    if (current.period.state === "filed") throw new AppError(409, ALREADY_FILED_MESSAGE);
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
