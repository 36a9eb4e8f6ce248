/**
 * Correcting a filed VAT return. 'Corrigeren' opens the filed period again (the filing lock, lock.ts, lets its
 * bookings change while the correction is open); the taxes screen shows the return as filed beside the return
 * as the books now give it. Ending the correction keeps both and records how the difference reached the
 * Belastingdienst (Belastingdienst, "Btw-aangifte corrigeren"):
 * - a suppletie (required for more than € 1,000 of VAT, within 8 weeks of finding the error), with its filing
 *   date and reference: the period then shows the suppletie's figures;
 * - or, for at most € 1,000, folded into the next return that is not filed yet: that return's rubrieken carry
 *   the difference (queries.ts returnSums);
 * - or nothing, when the books came back to what was filed.
 * Then the period is locked again and its VAT settlement re-posted from the corrected books.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { addDays } from "../../../shared/dates";
import { centsToDecimal } from "../../../shared/money";
import {
  CORRECTION_MESSAGES,
  FILED_ON_FUTURE_MESSAGE,
  SUPPLETIE_DEADLINE_DAYS,
  SUPPLETIE_THRESHOLD_EUROS,
  type VatCorrectionAnswer,
  type VatCorrectionResolveInput,
  type VatFoldedCorrectionAnswer,
  type VatRubriekAnswer,
} from "../../../shared/schemas/vat-returns";
import { parseVatPeriod, vatPeriodsOfYear, type VatPeriod } from "../../../shared/vat-periods";
import type { Database } from "../../db/client";
import { vatReturnCorrections, vatReturnFilings } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { assertPeriodsOpen } from "../ledger/lock";
import { postVatReturns } from "../ledger/posting";
import {
  asFiled,
  foldedCorrections,
  icpLines,
  vatReturn,
  vatSettingsOf,
  wholeEuros,
  type VatReturnWithIcp,
} from "./queries";

/** What a return is made of, as a filing keeps it and the API answers it. */
export type KeptFigures = {
  rubrieken: VatRubriekAnswer[];
  icp: Array<{ country: string; vatNumber: string; clientName: string; amount: string; amountEuros: number }>;
};

type CorrectionRow = typeof vatReturnCorrections.$inferSelect;

/** The rubrieken and opgaaf ICP of a return as kept and answered: exact decimal strings and whole euros. */
export function keptFiguresOf(result: VatReturnWithIcp): KeptFigures {
  return {
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
  };
}

/** Filings from before the opgaaf ICP was kept hold the rubrieken alone, as a list. */
const asKept = (figures: unknown): KeptFigures =>
  Array.isArray(figures) ? { rubrieken: figures as VatRubriekAnswer[], icp: [] } : (figures as KeptFigures);

/** The return of a period under correction, as the books now give it. */
async function currentReturn(db: Database, userId: string, periodId: string, today: string) {
  const result = (await vatReturn(db, userId, periodId, today))!;
  return { result, figures: keptFiguresOf({ ...result, icp: await icpLines(db, userId, result.period) }) };
}

const labelOf = (periodId: string) => parseVatPeriod(periodId)?.label ?? periodId;
const totalOf = (figures: unknown) => asFiled(figures).totalEuros;

/** The corrections of a period, newest first, with the figures after an open one read from `current`. */
export async function correctionsOf(
  db: Database,
  userId: string,
  periodId: string,
  current: KeptFigures,
): Promise<VatCorrectionAnswer[]> {
  const rows = await db
    .select()
    .from(vatReturnCorrections)
    .where(and(eq(vatReturnCorrections.userId, userId), eq(vatReturnCorrections.period, periodId)))
    .orderBy(desc(vatReturnCorrections.openedOn), desc(vatReturnCorrections.createdAt));
  return rows.map((row) => {
    const before = row.figuresBefore as KeptFigures;
    const after = row.status === "open" ? current : ((row.figuresAfter as KeptFigures | null) ?? before);
    const differenceEuros = row.differenceEuros ?? totalOf(after) - totalOf(before);
    return {
      id: row.id,
      status: row.status,
      openedOn: row.openedOn,
      deadline: addDays(row.openedOn, SUPPLETIE_DEADLINE_DAYS),
      resolvedOn: row.resolvedOn,
      filedOn: row.filedOn,
      reference: row.reference,
      differenceEuros,
      isSuppletieRequired: Math.abs(differenceEuros) > SUPPLETIE_THRESHOLD_EUROS,
      foldedInto: row.foldedInto ? { id: row.foldedInto, label: labelOf(row.foldedInto) } : null,
      before: before.rubrieken,
      after: after.rubrieken,
    };
  });
}

/** The open corrections of the user, oldest first, with the day their suppletie would be due. */
export async function openVatCorrections(
  db: Database,
  userId: string,
): Promise<Array<{ period: string; label: string; deadline: string }>> {
  const rows = await db
    .select({ period: vatReturnCorrections.period, openedOn: vatReturnCorrections.openedOn })
    .from(vatReturnCorrections)
    .where(and(eq(vatReturnCorrections.userId, userId), eq(vatReturnCorrections.status, "open")))
    .orderBy(vatReturnCorrections.openedOn);
  return rows.map((row) => ({
    period: row.period,
    label: labelOf(row.period),
    deadline: addDays(row.openedOn, SUPPLETIE_DEADLINE_DAYS),
  }));
}

/** The corrections of earlier periods that this period's return carries. */
export async function foldedInto(
  db: Database,
  userId: string,
  period: VatPeriod,
): Promise<VatFoldedCorrectionAnswer[]> {
  const rows = await foldedCorrections(db, userId, period);
  return rows
    .filter((row) => row.folded_into === period.id)
    .map((row) => ({
      period: row.period,
      label: labelOf(row.period),
      differenceEuros: row.difference_euros,
    }));
}

/**
 * What the Belastingdienst has for the period before this correction: the figures after the last correction
 * that changed something (a suppletie, or a difference folded into a later return), else the filing's.
 */
async function declaredFigures(db: Database, userId: string, periodId: string): Promise<unknown> {
  const [last] = await db
    .select({ figures: vatReturnCorrections.figuresAfter })
    .from(vatReturnCorrections)
    .where(
      and(
        eq(vatReturnCorrections.userId, userId),
        eq(vatReturnCorrections.period, periodId),
        sql`${vatReturnCorrections.status} in ('suppletie', 'next_return')`,
      ),
    )
    .orderBy(desc(vatReturnCorrections.resolvedOn), desc(vatReturnCorrections.createdAt))
    .limit(1);
  if (last?.figures) return last.figures;
  const [filing] = await db
    .select({ figures: vatReturnFilings.figures })
    .from(vatReturnFilings)
    .where(and(eq(vatReturnFilings.userId, userId), eq(vatReturnFilings.period, periodId)));
  return filing!.figures;
}

/** 'Corrigeren': opens a filed period for changes; its return is read from the books until it is resolved. */
export async function openVatCorrection(
  db: Database,
  userId: string,
  periodId: string,
  today: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:vat-filing:${userId}`}))`);
    const result = (await vatReturn(tx, userId, periodId, today))!;
    if (result.period.state === "correcting") throw new AppError(409, CORRECTION_MESSAGES.alreadyOpen);
    if (result.period.state !== "filed") throw new AppError(409, CORRECTION_MESSAGES.notFiled);
    // A closed year takes no bookings: reopen it first (its message says so).
    await assertPeriodsOpen(tx, userId, [result.period.startDate, result.period.endDate], {
      yearsOnly: true,
    });
    await tx.insert(vatReturnCorrections).values({
      userId,
      period: periodId,
      openedOn: today,
      figuresBefore: asKept(await declaredFigures(tx, userId, periodId)),
    });
  });
}

/** The first period after `period` whose return is still to be filed, in the user's frequency now. */
async function nextOpenReturn(db: Database, userId: string, period: VatPeriod, today: string) {
  const { frequency } = await vatSettingsOf(db, userId);
  const year = Number(period.endDate.slice(0, 4));
  for (const candidate of [...vatPeriodsOfYear(year, frequency), ...vatPeriodsOfYear(year + 1, frequency)]) {
    if (candidate.startDate <= period.endDate) continue;
    const found = await vatReturn(db, userId, candidate, today);
    if (found && ["open", "due", "late"].includes(found.period.state)) return candidate;
  }
  return null;
}

const sameFigures = (a: KeptFigures, b: KeptFigures) =>
  JSON.stringify(a.rubrieken.map((r) => [r.code, r.turnover, r.vat])) ===
    JSON.stringify(b.rubrieken.map((r) => [r.code, r.turnover, r.vat])) &&
  JSON.stringify(a.icp.map((l) => [l.country, l.vatNumber, l.amount])) ===
    JSON.stringify(b.icp.map((l) => [l.country, l.vatNumber, l.amount]));

/** Ends the open correction of a period: by suppletie, in the next return, or without a difference. */
export async function resolveVatCorrection(
  db: Database,
  userId: string,
  periodId: string,
  input: VatCorrectionResolveInput,
  today: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:vat-filing:${userId}`}))`);
    const [open] = await tx
      .select()
      .from(vatReturnCorrections)
      .where(
        and(
          eq(vatReturnCorrections.userId, userId),
          eq(vatReturnCorrections.period, periodId),
          eq(vatReturnCorrections.status, "open"),
        ),
      );
    if (!open) throw new AppError(409, CORRECTION_MESSAGES.noneOpen);
    const { result, figures: after } = await currentReturn(tx, userId, periodId, today);
    const before = open.figuresBefore as KeptFigures;
    const differenceEuros = totalOf(after) - totalOf(before);
    const resolution = await resolutionOf(tx, userId, result.period, open, input, {
      today,
      differenceEuros,
      unchanged: sameFigures(before, after),
    });
    await tx
      .update(vatReturnCorrections)
      .set({ ...resolution, resolvedOn: today, figuresAfter: after, differenceEuros, updatedAt: new Date() })
      .where(eq(vatReturnCorrections.id, open.id));
    // The period is locked again; its VAT settlement follows the corrected bookings.
    const [filing] = await tx
      .select({ id: vatReturnFilings.id })
      .from(vatReturnFilings)
      .where(and(eq(vatReturnFilings.userId, userId), eq(vatReturnFilings.period, periodId)));
    await postVatReturns(tx, userId, [filing!.id]);
  });
}

async function resolutionOf(
  db: Database,
  userId: string,
  period: VatPeriod,
  open: CorrectionRow,
  input: VatCorrectionResolveInput,
  facts: { today: string; differenceEuros: number; unchanged: boolean },
): Promise<Pick<CorrectionRow, "status" | "filedOn" | "reference" | "foldedInto">> {
  if (facts.unchanged) return { status: "no_difference", filedOn: null, reference: null, foldedInto: null };
  if (input.method === "next_return") {
    if (Math.abs(facts.differenceEuros) > SUPPLETIE_THRESHOLD_EUROS) {
      throw invalidField("method", CORRECTION_MESSAGES.suppletieRequired);
    }
    const next = await nextOpenReturn(db, userId, period, facts.today);
    if (!next) throw invalidField("method", CORRECTION_MESSAGES.noNextReturn);
    return { status: "next_return", filedOn: null, reference: null, foldedInto: next.id };
  }
  const filedOn = input.filedOn!;
  if (filedOn < open.openedOn) throw invalidField("filedOn", CORRECTION_MESSAGES.filedOnBeforeOpened);
  if (filedOn > facts.today) throw invalidField("filedOn", FILED_ON_FUTURE_MESSAGE);
  return { status: "suppletie", filedOn, reference: input.reference!, foldedInto: null };
}
