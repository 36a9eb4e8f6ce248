/**
 * The kleineondernemersregeling (KOR, Wet OB art. 25) over time, from its first day up to and including its
 * last (domain.md §1): on those days sales carry no VAT, purchase VAT is a cost and no VAT return is due. Before
 * the start and after the end everything is as normal. Every rule about the KOR asks these functions; the
 * journal postings (server ledger/kor.ts) say the same in SQL.
 */
export type KorDates = {
  /** The KOR's first day, 'YYYY-MM-DD'; null: not in the KOR. */
  korStartDate: string | null;
  /** Its last day when it ended; null: it still applies. */
  korEndDate: string | null;
};

export const NO_KOR: KorDates = { korStartDate: null, korEndDate: null };

export const KOR_INCOME_VAT_MESSAGE = "Onder de KOR breng je geen btw in rekening: kies 0%";

/** Whether the KOR applies on the date. */
export function korAppliesOn(kor: KorDates, date: string): boolean {
  return (
    kor.korStartDate !== null &&
    kor.korStartDate <= date &&
    (kor.korEndDate === null || date <= kor.korEndDate)
  );
}

/** Whether the KOR applies on every day of [from, to]: a VAT period wholly inside it has no return. */
export function korCovers(kor: KorDates, from: string, to: string): boolean {
  return korAppliesOn(kor, from) && korAppliesOn(kor, to);
}

/** Whether the KOR applies on some day of [from, to]. */
export function korOverlaps(kor: KorDates, from: string, to: string): boolean {
  return (
    kor.korStartDate !== null && kor.korStartDate <= to && (kor.korEndDate === null || from <= kor.korEndDate)
  );
}

/** A booking that would charge VAT under the KOR: income with a rate above 0% dated in it. */
export function chargesVatUnderKor(
  kor: KorDates,
  booking: { type: string; date: string; vatRateHundredths: number },
): boolean {
  return booking.type === "income" && booking.vatRateHundredths > 0 && korAppliesOn(kor, booking.date);
}
