/**
 * Dutch collection law for overdue invoices (domain.md §9): the statutory interest per day over the open amount
 * and the extrajudicial collection costs. Money in cents; rates in basis points (11,15% -> 1115). Everything is
 * exact integer arithmetic (BigInt), rounded half up to the cent once per capitalisation year.
 */
import { addDays, addYears, daysBetween } from "./dates";
import { percentOf, type Cents } from "./money";

/** Art. 6:119a BW for a business client (handelsrente); art. 6:119 BW for a consumer (wettelijke rente). */
export type InterestKind = "commercial" | "consumer";

export type InterestRate = { from: string; basisPoints: number };

/**
 * The rates in force, each from its start date until the next one, oldest first. Add a row when the
 * government publishes a new rate (for 6:119a every 1 January and 1 July; for 6:119 when changed).
 * Sources: Staatscourant publications as summarised in domain.md §9 (vvoadvocatuur.nl; e-justice.europa.eu;
 * metaalunie.nl) and De Nederlandsche Bank's table "Wettelijke rente". Art. 6:120 lid 2 BW: the commercial rate
 * is the ECB's main refinancing rate on the first day of the half year plus 8 percentage points.
 * The rows up to 1-1-2025 come from those sources (domain.md §9 itself lists the rates from 2024 on); the
 * commercial row from 1-7-2025 is derived (see there). The last row of each kind applies until a newer one is added.
 */
export const STATUTORY_INTEREST_RATES: Readonly<Record<InterestKind, readonly InterestRate[]>> = {
  commercial: [
    { from: "2015-07-01", basisPoints: 805 },
    { from: "2016-01-01", basisPoints: 800 },
    { from: "2023-01-01", basisPoints: 1050 },
    { from: "2023-07-01", basisPoints: 1200 },
    { from: "2024-01-01", basisPoints: 1250 },
    { from: "2024-07-01", basisPoints: 1225 },
    { from: "2025-01-01", basisPoints: 1115 },
    // Derived, not taken from a publication: domain.md §9 lists published rates up to 11,15% from 1-1-2025 and
    // warns that later ones were not verified. This row applies art. 6:120 lid 2 BW itself: the ECB's main
    // refinancing rate in force on 1 July 2025 (2,15%, since 11 June 2025) plus 8 points. Check it against the
    // Staatscourant and correct it if the published figure differs; no later half-year is in the table yet.
    { from: "2025-07-01", basisPoints: 1015 },
  ],
  consumer: [
    { from: "2015-07-01", basisPoints: 200 },
    { from: "2023-01-01", basisPoints: 400 },
    { from: "2023-07-01", basisPoints: 600 },
    { from: "2024-01-01", basisPoints: 700 },
    // 6% from 1-1-2025 (domain.md §9); no later change is recorded here.
    { from: "2025-01-01", basisPoints: 600 },
  ],
};

/** The rate in force on `date` (the oldest row also covers days before it). */
export function statutoryRateOn(kind: InterestKind, date: string): number {
  const rates = STATUTORY_INTEREST_RATES[kind];
  let rate = rates[0]!.basisPoints;
  for (const row of rates) if (row.from <= date) rate = row.basisPoints;
  return rate;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const yearOf = (date: string) => Number(date.slice(0, 4));
/** Days from `from` to `to` inclusive (0 when `to` is before `from`). */
export function daysBetweenInclusive(from: string, to: string): number {
  return Math.max(0, daysBetween(from, to) + 1);
}

/** One stretch at one rate within one calendar year: what the letter's specification lists. */
export type InterestPeriod = {
  from: string;
  to: string;
  days: number;
  basisPoints: number;
  /** The principal the rate ran over (open amount plus interest capitalised before this stretch). */
  principalCents: Cents;
};

/** Both day lengths share this denominator, so a sum over 365- and 366-day years stays exact. */
const DAY_DENOMINATOR = 365n * 366n;

function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * Statutory interest over `openCents` for every day from `firstDay` to `lastDay` inclusive, at the rate in force
 * on each day, a day being 1/365 (1/366 in a leap year) of the yearly rate; simple interest within a year.
 * Art. 6:119 lid 2 and 6:119a lid 3 BW: at the end of each year (counted from `firstDay`) the interest of that
 * year is added to the principal, and the next year's interest runs over both.
 */
export function statutoryInterest(
  openCents: Cents,
  firstDay: string,
  lastDay: string,
  kind: InterestKind,
): { cents: Cents; periods: InterestPeriod[] } {
  const periods: InterestPeriod[] = [];
  if (openCents <= 0 || lastDay < firstDay) return { cents: 0, periods };
  let principal = BigInt(openCents);
  let capitalised = 0n;
  let yearStart = firstDay;
  let yearNumber = 1;
  while (yearStart <= lastDay) {
    // The capitalisation year: from firstDay's date in year n to the day before it in year n + 1.
    const nextYearStart = addYears(firstDay, yearNumber);
    const yearEnd = minDate(addDays(nextYearStart, -1), lastDay);
    let numerator = 0n;
    let cursor = yearStart;
    while (cursor <= yearEnd) {
      const stretchEnd = minDate(yearEnd, dayBeforeNextChange(kind, cursor));
      const days = daysBetweenInclusive(cursor, stretchEnd);
      const basisPoints = statutoryRateOn(kind, cursor);
      const dayWeight = DAY_DENOMINATOR / (isLeapYear(yearOf(cursor)) ? 366n : 365n);
      numerator += principal * BigInt(basisPoints) * BigInt(days) * dayWeight;
      periods.push({ from: cursor, to: stretchEnd, days, basisPoints, principalCents: Number(principal) });
      cursor = addDays(stretchEnd, 1);
    }
    const yearInterest = roundHalfUp(numerator, 10_000n * DAY_DENOMINATOR);
    capitalised += yearInterest;
    principal += yearInterest;
    yearStart = nextYearStart;
    yearNumber += 1;
  }
  return { cents: Number(capitalised), periods };
}

/** The last day before the rate or the calendar year (and so the length of a day) changes after `date`. */
function dayBeforeNextChange(kind: InterestKind, date: string): string {
  const endOfYear = `${date.slice(0, 4)}-12-31`;
  const nextChange = STATUTORY_INTEREST_RATES[kind].find((row) => row.from > date)?.from;
  return nextChange ? minDate(addDays(nextChange, -1), endOfYear) : endOfYear;
}

const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * Besluit vergoeding voor buitengerechtelijke incassokosten (Stb. 2012, 141), art. 2: a percentage per band of
 * the principal (the open amount, interest not included), at least € 40 and at most € 6.775. For consumers this
 * is the maximum (art. 6:96 lid 5 BW); for businesses the default when nothing else was agreed.
 */
export const COLLECTION_COST_BANDS: readonly { uptoCents: Cents; rateHundredths: number }[] = [
  { uptoCents: 250_000, rateHundredths: 1500 },
  { uptoCents: 500_000, rateHundredths: 1000 },
  { uptoCents: 1_000_000, rateHundredths: 500 },
  { uptoCents: 20_000_000, rateHundredths: 100 },
  { uptoCents: Number.MAX_SAFE_INTEGER, rateHundredths: 50 },
];
export const MIN_COLLECTION_COSTS_CENTS = 4_000;
export const MAX_COLLECTION_COSTS_CENTS = 677_500;

/** The collection costs over a principal; 0 when nothing is open. */
export function collectionCosts(principalCents: Cents): Cents {
  if (principalCents <= 0) return 0;
  let costs = 0;
  let lower = 0;
  for (const band of COLLECTION_COST_BANDS) {
    if (principalCents <= lower) break;
    costs += percentOf(Math.min(principalCents, band.uptoCents) - lower, band.rateHundredths);
    lower = band.uptoCents;
  }
  return Math.min(Math.max(costs, MIN_COLLECTION_COSTS_CENTS), MAX_COLLECTION_COSTS_CENTS);
}

/**
 * Art. 6:96 lid 6 BW (veertiendagenbrief): a consumer gets 14 days to pay, counted from the day after the letter
 * is received (HR 25-11-2016, ECLI:NL:HR:2016:2704). An e-mail is taken as received the day after it is sent,
 * so the letter says "within 15 days after it was delivered" and the costs may be charged from the day after.
 */
export const VEERTIENDAGEN_RECEIPT_DAYS = 1;
export const VEERTIENDAGEN_TERM_DAYS = 14;

/** The last day to pay without costs, for a veertiendagenbrief sent on `sentOn`. */
export function veertiendagenDeadline(sentOn: string): string {
  return addDays(sentOn, VEERTIENDAGEN_RECEIPT_DAYS + VEERTIENDAGEN_TERM_DAYS);
}
