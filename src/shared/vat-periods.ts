/**
 * VAT return periods (domain.md §1): a quarter by default, a month or a year on request.
 * Ids: "2026-Q3", "2026-07", "2026". Deadline: the last day of the month after the period; a yearly return
 * by 31 March of the next year.
 */
import { korCovers, type KorDates } from "./kor";
import { longMonthLabel, monthEnd } from "./periods";

export const VAT_PERIOD_FREQUENCIES = ["quarter", "month", "year"] as const;
export type VatPeriodFrequency = (typeof VAT_PERIOD_FREQUENCIES)[number];
/** 'correcting': a filed period whose correction is under way (its bookings can change until it is resolved). */
export const VAT_PERIOD_STATES = [
  "open",
  "due",
  "late",
  "filed",
  "correcting",
  "before_start",
  "kor",
] as const;
export type VatPeriodState = (typeof VAT_PERIOD_STATES)[number];

export type VatPeriod = {
  id: string;
  frequency: VatPeriodFrequency;
  label: string;
  startDate: string;
  endDate: string;
  deadline: string;
};

const pad = (value: number) => String(value).padStart(2, "0");

const lastDayOfMonth = (year: number, month: number) => monthEnd(`${year}-${pad(month)}-01`);

/** The period of months [first, last] of a year (1-based, inclusive). */
function monthsPeriod(
  id: string,
  frequency: VatPeriodFrequency,
  label: string,
  year: number,
  first: number,
  last: number,
): VatPeriod {
  const deadline =
    frequency === "year"
      ? `${year + 1}-03-31`
      : last === 12
        ? lastDayOfMonth(year + 1, 1)
        : lastDayOfMonth(year, last + 1);
  return {
    id,
    frequency,
    label,
    startDate: `${year}-${pad(first)}-01`,
    endDate: lastDayOfMonth(year, last),
    deadline,
  };
}

/** The years Balans keeps VAT returns for; a period outside them is no period (year 1 cannot be filed). */
export const FIRST_VAT_YEAR = 2000;
export const LAST_VAT_YEAR = 2100;

/** "2026-Q3" | "2026-07" | "2026" → the period; null when the id is not a period. */
export function parseVatPeriod(id: string): VatPeriod | null {
  const year = Number(id.slice(0, 4));
  if (!(year >= FIRST_VAT_YEAR && year <= LAST_VAT_YEAR)) return null;
  return parsePeriodId(id);
}

function parsePeriodId(id: string): VatPeriod | null {
  let match = /^(\d{4})-Q([1-4])$/.exec(id);
  if (match) {
    const year = Number(match[1]);
    const quarter = Number(match[2]);
    return monthsPeriod(id, "quarter", `Q${quarter} ${year}`, year, quarter * 3 - 2, quarter * 3);
  }
  match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(id);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    return monthsPeriod(id, "month", longMonthLabel(`${year}-${pad(month)}`), year, month, month);
  }
  match = /^(\d{4})$/.exec(id);
  if (match) {
    const year = Number(match[1]);
    return monthsPeriod(id, "year", `${year}`, year, 1, 12);
  }
  return null;
}

/** Every period of a year in the given frequency, in order; none in a year Balans keeps no VAT returns for. */
export function vatPeriodsOfYear(year: number, frequency: VatPeriodFrequency): VatPeriod[] {
  if (!(year >= FIRST_VAT_YEAR && year <= LAST_VAT_YEAR)) return [];
  if (frequency === "year") return [parseVatPeriod(String(year))!];
  if (frequency === "month") {
    return Array.from({ length: 12 }, (_, index) => parseVatPeriod(`${year}-${pad(index + 1)}`)!);
  }
  return [1, 2, 3, 4].map((quarter) => parseVatPeriod(`${year}-Q${quarter}`)!);
}

/** The period (of the frequency) that contains the date. */
export function vatPeriodContaining(date: string, frequency: VatPeriodFrequency): VatPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (frequency === "year") return parseVatPeriod(String(year))!;
  if (frequency === "month") return parseVatPeriod(`${year}-${pad(month)}`)!;
  return parseVatPeriod(`${year}-Q${Math.ceil(month / 3)}`)!;
}

/**
 * Open while the period runs, due after it until the deadline, late after the deadline; filed when filed. A
 * period that ended before the administration's start (its first day in Balans) is not this administration's to
 * file: before_start, never due or late, though it can still be filed. A period wholly inside the KOR has no
 * return (kor); one the KOR starts or ends in is due as usual for its days outside it.
 */
export function vatPeriodState(
  period: VatPeriod,
  today: string,
  isFiled: boolean,
  administrationStart: string,
  kor: KorDates,
): VatPeriodState {
  if (isFiled) return "filed";
  if (korCovers(kor, period.startDate, period.endDate)) return "kor";
  if (period.endDate < administrationStart) return "before_start";
  if (today <= period.endDate) return "open";
  if (today <= period.deadline) return "due";
  return "late";
}

export const VAT_PERIOD_STATE_LABELS: Readonly<Record<VatPeriodState, string>> = {
  open: "Lopend",
  due: "In te dienen",
  late: "Te laat",
  filed: "Ingediend",
  correcting: "Correctie",
  before_start: "Vóór de start",
  kor: "KOR: geen aangifte",
};
