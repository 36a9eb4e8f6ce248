/**
 * The VAT return (aangifte omzetbelasting, domain.md §1) read from the books: the sums per rubriek from the journal
 * lines that carry one, the filings and their corrections, the opgaaf ICP and the state of each period. One
 * computation for the return, the periods list, the dashboard and the bell.
 */
import { sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { korAppliesOn, korCovers, type KorDates } from "../../../shared/kor";
import { parseCents } from "../../../shared/money";
import {
  parseVatPeriod,
  vatPeriodsOfYear,
  vatPeriodState,
  type VatPeriod,
  type VatPeriodFrequency,
  type VatPeriodState,
} from "../../../shared/vat-periods";
import type { Database } from "../../db/client";
import type { LedgerAccountKind } from "../ledger/chart";
import { rowsOf } from "../ledger/posting";
import { cents, journalAmounts, SUM_CENTS } from "../ledger/queries";
import { administrationStartOf } from "./years";

type Range = { from: string; to: string };

export type VatRubriekCode =
  | "1a"
  | "1b"
  | "1c"
  | "1d"
  | "1e"
  | "2a"
  | "3a"
  | "3b"
  | "3c"
  | "4a"
  | "4b"
  | "5a"
  | "5b"
  | "5c"
  | "5d"
  | "5e"
  | "5f"
  | "5g";

export type VatRubriek = {
  code: VatRubriekCode;
  label: string;
  /** Null where the rubriek has no column for it. */
  turnoverCents: number | null;
  vatCents: number | null;
  /** Whole euros as filed: VAT payable rounded down, voorbelasting (5b) up — in the taxpayer's favour. */
  turnoverEuros: number | null;
  vatEuros: number | null;
};

/** One line of the opgaaf ICP: a client elsewhere in the EU and the services invoiced to it in the period. */
export type IcpLine = {
  country: string;
  vatNumber: string;
  clientName: string;
  amountCents: number;
};

export type VatReturn = {
  period: VatPeriod & { state: VatPeriodState; filedOn: string | null; reference: string | null };
  /** The KOR applies on every day of the period: no return is due (shifted VAT excepted). */
  isKorApplied: boolean;
  rubrieken: VatRubriek[];
  /** 5g in whole euros: positive is to pay, negative to reclaim. */
  totalEuros: number;
  /** 5g exact, in cents, before rounding. */
  totalCents: number;
};

export type VatPeriodSummary = VatPeriod & {
  state: VatPeriodState;
  filedOn: string | null;
  reference: string | null;
  totalEuros: number;
};

export const VAT_RUBRIEK_LABELS: Readonly<Record<VatRubriekCode, string>> = {
  "1a": "Leveringen/diensten belast met hoog tarief",
  "1b": "Leveringen/diensten belast met laag tarief",
  "1c": "Leveringen/diensten belast met overige tarieven, behalve 0%",
  "1d": "Privégebruik",
  "1e": "Leveringen/diensten belast met 0% of niet bij u belast",
  "2a": "Leveringen/diensten waarbij de heffing van omzetbelasting naar u is verlegd",
  "3a": "Leveringen naar landen buiten de EU (uitvoer)",
  "3b": "Leveringen naar of diensten in landen binnen de EU",
  "3c": "Installatie/afstandsverkopen binnen de EU",
  "4a": "Leveringen/diensten uit landen buiten de EU",
  "4b": "Leveringen/diensten uit landen binnen de EU",
  "5a": "Verschuldigde omzetbelasting (rubrieken 1a t/m 4b)",
  "5b": "Voorbelasting",
  "5c": "Subtotaal (rubriek 5a min 5b)",
  "5d": "Vermindering volgens de kleineondernemersregeling",
  "5e": "Schatting vorige aangifte(n)",
  "5f": "Schatting deze aangifte",
  "5g": "Totaal te betalen of terug te vragen",
};

/** Which columns each rubriek of 1–4 has: turnover only, or turnover and VAT. */
const SECTION_1_TO_4: ReadonlyArray<[VatRubriekCode, boolean]> = [
  ["1a", true],
  ["1b", true],
  ["1c", true],
  ["1d", true],
  ["1e", false],
  ["2a", true],
  ["3a", false],
  ["3b", false],
  ["3c", false],
  ["4a", true],
  ["4b", true],
];

/** Whole euros in the taxpayer's favour (Belastingdienst: "dit mag u in uw voordeel doen"). */
export const roundDown = (value: number) => Math.floor(value / 100);
export const roundUp = (value: number) => Math.ceil(value / 100);
/** Turnover has no favourable direction: the euros without the cents. */
export const wholeEuros = (value: number) => Math.trunc(value / 100);

/** The rubrieken from the exact sums per rubriek (cents), rounded as filed. */
export function composeVatReturn(sums: VatSums): {
  rubrieken: VatRubriek[];
  totalEuros: number;
  totalCents: number;
} {
  const rubrieken: VatRubriek[] = [];
  let payableEuros = 0;
  let payableCents = 0;
  for (const [code, hasVat] of SECTION_1_TO_4) {
    const turnover = sums.turnover[code] ?? 0;
    const vat = hasVat ? (sums.vat[code] ?? 0) : null;
    const vatEuros = vat === null ? null : roundDown(vat);
    payableEuros += vatEuros ?? 0;
    payableCents += vat ?? 0;
    rubrieken.push({
      code,
      label: VAT_RUBRIEK_LABELS[code],
      turnoverCents: turnover,
      vatCents: vat,
      turnoverEuros: wholeEuros(turnover),
      vatEuros,
    });
  }
  const deductibleEuros = roundUp(sums.deductible);
  const vatOnly = (code: VatRubriekCode, vatCents: number, vatEuros: number): VatRubriek => ({
    code,
    label: VAT_RUBRIEK_LABELS[code],
    turnoverCents: null,
    vatCents,
    turnoverEuros: null,
    vatEuros,
  });
  const subtotalEuros = payableEuros - deductibleEuros;
  const subtotalCents = payableCents - sums.deductible;
  rubrieken.push(
    vatOnly("5a", payableCents, payableEuros),
    vatOnly("5b", sums.deductible, deductibleEuros),
    vatOnly("5c", subtotalCents, subtotalEuros),
    // The old KOR reduction was abolished in 2020; estimates (5e, 5f) are not used for a regular return.
    vatOnly("5d", 0, 0),
    vatOnly("5e", 0, 0),
    vatOnly("5f", 0, 0),
    vatOnly("5g", subtotalCents, subtotalEuros),
  );
  return { rubrieken, totalEuros: subtotalEuros, totalCents: subtotalCents };
}

/** Exact sums per rubriek, in cents: turnover and VAT of 1a–4b, and the voorbelasting (5b). */
export type VatSums = {
  turnover: Partial<Record<VatRubriekCode, number>>;
  vat: Partial<Record<VatRubriekCode, number>>;
  deductible: number;
};

/** Exact sums per rubriek in the date range from the journal lines that carry one. */
async function vatSums(db: Database, userId: string, range: Range): Promise<VatSums> {
  const result = await db.execute(sql`
    select l.vat_box, a.kind, ${SUM_CENTS} as total
    from (${journalAmounts(userId, range)}) l
    join ledger_accounts a on a.id = l.account_id
    where l.vat_box <> ''
    group by l.vat_box, a.kind`);
  const turnover: Partial<Record<VatRubriekCode, number>> = {};
  const vat: Partial<Record<VatRubriekCode, number>> = {};
  let deductible = 0;
  for (const row of rowsOf<{ vat_box: VatRubriekCode; kind: LedgerAccountKind; total: string }>(result)) {
    const amount = cents(row.total);
    if (row.vat_box === "5b") deductible += amount;
    // Privégebruik (memoriaal): the VAT on Te betalen btw; the value taken out, credited, is the turnover.
    else if (row.vat_box === "1d") {
      if (row.kind === "liability") vat["1d"] = (vat["1d"] ?? 0) - amount;
      else turnover["1d"] = (turnover["1d"] ?? 0) - amount;
    } else if (row.kind === "revenue") turnover[row.vat_box] = (turnover[row.vat_box] ?? 0) - amount;
    else if (row.kind === "liability") vat[row.vat_box] = (vat[row.vat_box] ?? 0) - amount;
    // A purchase with the VAT shifted to the buyer (2a, 4a, 4b): its cost is the rubriek's turnover.
    else if (row.kind === "expense") turnover[row.vat_box] = (turnover[row.vat_box] ?? 0) + amount;
    // An investment bought or sold through a category on Inventaris: its amount is the turnover a cost (2a, 4a,
    // 4b: debit) or a sale (credit) would give.
    else if (row.kind === "asset") {
      const isPurchase = ["2a", "4a", "4b"].includes(row.vat_box);
      turnover[row.vat_box] = (turnover[row.vat_box] ?? 0) + (isPurchase ? amount : -amount);
    }
  }
  return { turnover, vat, deductible };
}

type FilingRow = {
  period: string;
  filed_on: string;
  reference: string;
  start_date: string;
  end_date: string;
  figures: unknown;
  /** The figures of the latest suppletie, which replace the filed ones (vat-corrections.ts). */
  suppletie_figures: unknown;
  /** A correction of the period is under way: its figures are the books' again. */
  correcting: boolean;
};

/** A filing with what its corrections changed: the latest suppletie's figures, and whether one is open. */
const FILING_COLUMNS = sql`f.period, f.filed_on::text as filed_on, f.reference, f.start_date::text as start_date,
  f.end_date::text as end_date, f.figures,
  (select c.figures_after from vat_return_corrections c
   where c.user_id = f.user_id and c.period = f.period and c.status = 'suppletie'
   order by c.resolved_on desc, c.created_at desc limit 1) as suppletie_figures,
  exists (select 1 from vat_return_corrections c
          where c.user_id = f.user_id and c.period = f.period and c.status = 'open') as correcting`;

/** What the Belastingdienst has for a filed period: the filing, or the suppletie that corrected it. */
export const filedFiguresOf = (filing: { figures: unknown; suppletie_figures: unknown }) =>
  asFiled(filing.suppletie_figures ?? filing.figures);

/** The state of a period, with a filing and its corrections. */
function stateOf(
  period: VatPeriod,
  today: string,
  filing: FilingRow | undefined,
  start: string,
  settings: KorDates,
  totalCents: number,
): VatPeriodState {
  if (filing?.correcting) return "correcting";
  const state = vatPeriodState(period, today, filing !== undefined, start, settings);
  // Under the KOR VAT shifted to the user (2a, 4a, 4b) is still declared: then the return is due as usual.
  if (state === "kor" && totalCents !== 0) {
    return vatPeriodState(period, today, false, start, { korStartDate: null, korEndDate: null });
  }
  return state;
}

/** A rubriek or ICP line as the API answers it and as a filing keeps it (vat-filing.ts). */
type AnsweredRubriek = {
  code: VatRubriekCode;
  label: string;
  turnover: string | null;
  vat: string | null;
  turnoverEuros: number | null;
  vatEuros: number | null;
};
type AnsweredIcpLine = { country: string; vatNumber: string; clientName: string; amount: string };

/** A kept decimal amount ("1100.00") in cents. */
const decimalCents = (value: string) => parseCents(value) ?? 0;
const centsOrNull = (value: string | null) => (value === null ? null : decimalCents(value));

/**
 * The return as it was filed: a filing keeps its rubrieken (and, since the opgaaf ICP was added to it, the ICP
 * lines), so a filed period always shows what was sent, whatever happens to the books later. Early filings kept
 * the rubrieken alone, as a list.
 */
export function asFiled(figures: unknown): {
  rubrieken: VatRubriek[];
  totalEuros: number;
  totalCents: number;
  icp: IcpLine[] | null;
} {
  const kept = figures as AnsweredRubriek[] | { rubrieken: AnsweredRubriek[]; icp: AnsweredIcpLine[] };
  const answered = Array.isArray(kept) ? kept : kept.rubrieken;
  const rubrieken = answered.map((rubriek) => ({
    code: rubriek.code,
    label: rubriek.label,
    turnoverCents: centsOrNull(rubriek.turnover),
    vatCents: centsOrNull(rubriek.vat),
    turnoverEuros: rubriek.turnoverEuros,
    vatEuros: rubriek.vatEuros,
  }));
  const total = rubrieken.find((rubriek) => rubriek.code === "5g");
  return {
    rubrieken,
    totalEuros: total?.vatEuros ?? 0,
    totalCents: total?.vatCents ?? 0,
    icp: Array.isArray(kept)
      ? null
      : kept.icp.map((line) => ({
          country: line.country,
          vatNumber: line.vatNumber,
          clientName: line.clientName,
          amountCents: decimalCents(line.amount),
        })),
  };
}

async function filingsOf(db: Database, userId: string, year?: number): Promise<FilingRow[]> {
  const result = await db.execute(sql`
    select ${FILING_COLUMNS}
    from vat_return_filings f
    where f.user_id = ${userId}::uuid
      ${year === undefined ? sql`` : sql`and f.start_date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date`}
    order by f.start_date`);
  return rowsOf<FilingRow>(result);
}

export async function vatSettingsOf(
  db: Database,
  userId: string,
): Promise<{ frequency: VatPeriodFrequency } & KorDates> {
  const result = await db.execute(sql`
    select vat_period_frequency, kor_start_date::text as kor_start_date, kor_end_date::text as kor_end_date
    from company_profiles where user_id = ${userId}::uuid`);
  const row = rowsOf<{
    vat_period_frequency: VatPeriodFrequency;
    kor_start_date: string | null;
    kor_end_date: string | null;
  }>(result)[0];
  return {
    frequency: row?.vat_period_frequency ?? "quarter",
    korStartDate: row?.kor_start_date ?? null,
    korEndDate: row?.kor_end_date ?? null,
  };
}

/**
 * The VAT return of a period ("2026-Q3", "2026-07", "2026" or a parsed period), factuurstelsel: sales by
 * invoice date, costs by booking date. `today` and the administration's start decide the state; filed wins.
 */
export async function vatReturn(
  db: Database,
  userId: string,
  period: string | VatPeriod,
  today: string = businessDate(new Date()),
): Promise<VatReturn | null> {
  const parsed = typeof period === "string" ? parseVatPeriod(period) : period;
  if (!parsed) return null;
  // One after another: `db` may be a transaction, whose one connection takes one query at a time.
  const sums = await returnSums(db, userId, parsed);
  const filings = await db.execute(sql`
    select ${FILING_COLUMNS}
    from vat_return_filings f where f.user_id = ${userId}::uuid and f.period = ${parsed.id}`);
  const settings = await vatSettingsOf(db, userId);
  const start = await administrationStartOf(db, userId);
  const filing = rowsOf<FilingRow>(filings)[0];
  // A filed period shows what was filed (or its suppletie), unless a correction has opened it again.
  const figures = filing && !filing.correcting ? filedFiguresOf(filing) : composeVatReturn(sums);
  return {
    period: {
      ...parsed,
      state: stateOf(parsed, today, filing, start, settings, figures.totalCents),
      filedOn: filing?.filed_on ?? null,
      reference: filing?.reference ?? null,
    },
    isKorApplied: korCovers(settings, parsed.startDate, parsed.endDate),
    ...figures,
  };
}

/** The sums of 1a–5b in cents of a return's figures (as kept, or as the books give them). */
export function sumsOfFigures(rubrieken: readonly VatRubriek[]): VatSums {
  const sums: VatSums = { turnover: {}, vat: {}, deductible: 0 };
  for (const rubriek of rubrieken) {
    if (rubriek.code === "5b") sums.deductible = rubriek.vatCents ?? 0;
    else if (rubriek.code.startsWith("5")) continue;
    else {
      sums.turnover[rubriek.code] = rubriek.turnoverCents ?? 0;
      if (rubriek.vatCents !== null) sums.vat[rubriek.code] = rubriek.vatCents;
    }
  }
  return sums;
}

/** a + sign × b, per rubriek. */
function addSums(a: VatSums, b: VatSums, sign: 1 | -1 = 1): VatSums {
  const add = (x: Partial<Record<VatRubriekCode, number>>, y: Partial<Record<VatRubriekCode, number>>) => {
    const result = { ...x };
    for (const [code, value] of Object.entries(y) as Array<[VatRubriekCode, number]>) {
      result[code] = (result[code] ?? 0) + sign * value;
    }
    return result;
  };
  return {
    turnover: add(a.turnover, b.turnover),
    vat: add(a.vat, b.vat),
    deductible: a.deductible + sign * b.deductible,
  };
}

type FoldedRow = {
  period: string;
  folded_into: string;
  figures_before: unknown;
  figures_after: unknown;
  difference_euros: number;
};

/**
 * The corrections of earlier periods folded into a return (at most € 1,000 each) whose period lies within the
 * days given: one period's return, or a quarter on the dashboard of a monthly filer.
 */
export async function foldedCorrections(
  db: Database,
  userId: string,
  days: { startDate: string; endDate: string },
): Promise<FoldedRow[]> {
  const result = await db.execute(sql`
    select period, folded_into, figures_before, figures_after, difference_euros from vat_return_corrections
    where user_id = ${userId}::uuid and status = 'next_return'
    order by resolved_on, created_at`);
  return rowsOf<FoldedRow>(result).filter((row) => {
    const into = parseVatPeriod(row.folded_into);
    return into !== null && into.startDate >= days.startDate && into.endDate <= days.endDate;
  });
}

/**
 * The exact sums of a period's return: its own bookings plus, per rubriek, the differences of earlier periods'
 * corrections folded into it — one computation for the return, the periods list and the dashboard.
 */
async function returnSums(
  db: Database,
  userId: string,
  period: { startDate: string; endDate: string },
): Promise<VatSums> {
  const own = await vatSums(db, userId, { from: period.startDate, to: period.endDate });
  const folded = await foldedCorrections(db, userId, period);
  return folded.reduce(
    (sums, row) =>
      addSums(
        addSums(sums, sumsOfFigures(asFiled(row.figures_after).rubrieken)),
        sumsOfFigures(asFiled(row.figures_before).rubrieken),
        -1,
      ),
    own,
  );
}

/**
 * Rubriek 5g of a period in whole euros (positive to pay, negative to reclaim), from the same sums as the whole
 * return, for screens that show that figure alone (the dashboard): no filing or settings to read.
 */
export async function vatPayableEuros(db: Database, userId: string, range: Range): Promise<number> {
  const period = { startDate: range.from, endDate: range.to };
  return composeVatReturn(await returnSums(db, userId, period)).totalEuros;
}

/** The return with the opgaaf ICP that goes with rubriek 3b (filed separately), as the taxes screen shows it. */
export type VatReturnWithIcp = VatReturn & { icp: IcpLine[] };

/**
 * The opgaaf ICP of a period: the revenue lines booked in rubriek 3b, per client VAT number as the invoice
 * printed it. Read from the same journal lines as 3b, so the two always agree; a credit note lowers its client's
 * amount. Only the screens that show it ask for it (not the dashboard, which needs 5g alone).
 */
export async function icpLines(
  db: Database,
  userId: string,
  period: { startDate: string; endDate: string },
): Promise<IcpLine[]> {
  const result = await db.execute(sql`
    select i.client_snapshot->>'country' as country, coalesce(i.client_snapshot->>'vatNumber', '') as vat_number,
      max(i.client_snapshot->>'name') as client_name, (-sum(j.amount) * 100)::bigint::text as total
    from journal_lines j
    join invoices i on i.id = j.source_id
    where j.user_id = ${userId}::uuid and j.date between ${period.startDate}::date and ${period.endDate}::date
      -- The EU revenue account first: the index on (user, date, account) finds those few lines without
      -- reading every line of the period.
      and j.account_id = (select a.id from ledger_accounts a
                          where a.user_id = ${userId}::uuid and a.system_key = 'revenue_eu')
      and j.source_type = 'invoice' and j.vat_box = '3b'
    group by 1, 2
    having sum(j.amount) <> 0
    order by 1, 2`);
  return rowsOf<{ country: string; vat_number: string; client_name: string; total: string }>(result).map(
    (row) => ({
      country: row.country,
      vatNumber: row.vat_number,
      clientName: row.client_name,
      amountCents: cents(row.total),
    }),
  );
}

/**
 * The periods of a year in the user's frequency (plus any filed in another), each with its state and 5g; the
 * taxes screen and the bell both read the states from here. With the KOR's dates, and whether it applies today.
 */
export async function vatPeriodsOf(
  db: Database,
  userId: string,
  year: number,
  today: string = businessDate(new Date()),
): Promise<{ frequency: VatPeriodFrequency; isKorApplied: boolean; periods: VatPeriodSummary[] } & KorDates> {
  const settings = await vatSettingsOf(db, userId);
  const filings = await filingsOf(db, userId, year);
  const start = await administrationStartOf(db, userId);
  const filedById = new Map(filings.map((filing) => [filing.period, filing]));
  const periods = vatPeriodsOfYear(year, settings.frequency);
  for (const filing of filings) {
    if (!periods.some((period) => period.id === filing.period)) {
      const parsed = parseVatPeriod(filing.period);
      if (parsed) periods.push(parsed);
    }
  }
  periods.sort((a, b) =>
    a.startDate === b.startDate ? a.endDate.localeCompare(b.endDate) : a.startDate.localeCompare(b.startDate),
  );
  const summaries: VatPeriodSummary[] = [];
  for (const period of periods) {
    const filing = filedById.get(period.id);
    const { totalEuros, totalCents } =
      filing && !filing.correcting
        ? filedFiguresOf(filing)
        : composeVatReturn(await returnSums(db, userId, period));
    summaries.push({
      ...period,
      state: stateOf(period, today, filing, start, settings, totalCents),
      filedOn: filing?.filed_on ?? null,
      reference: filing?.reference ?? null,
      totalEuros,
    });
  }
  return { ...settings, isKorApplied: korAppliesOn(settings, today), periods: summaries };
}
