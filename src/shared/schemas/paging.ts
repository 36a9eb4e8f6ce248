/**
 * The page window of every list endpoint (README, "Lists and paging"): `limit` rows from `offset`, refused with a
 * message that says what is allowed instead of a bare "too small".
 */
import { z } from "../validation";

/** Rows per page, 1 to `max`; the caller adds `.default(n)` or `.optional()` (then the whole list comes back). */
export function pageLimit(max: number) {
  const message = `Aantal per pagina moet een heel getal van 1 tot en met ${max} zijn`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
}

const OFFSET_MESSAGE = "Begin van de pagina moet een heel getal van 0 of meer zijn";
export const pageOffset = z.coerce
  .number({ error: OFFSET_MESSAGE })
  .int(OFFSET_MESSAGE)
  .min(0, OFFSET_MESSAGE)
  .default(0);
