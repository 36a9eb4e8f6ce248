/**
 * Phone numbers to international format (spec §5: "+31 ..."). A number without a country code is read as a
 * number of the client's country, so a Dutch '06-12345678' becomes '+31 6 12345678' and a Belgian
 * '02 123 45 67' becomes '+32 2 123 45 67'. What cannot be read as a phone number is kept as typed.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

export function formatPhoneNumber(raw: string, defaultCountry = "NL"): string {
  const trimmed = raw.trim();
  const parsed = parsePhoneNumberFromString(trimmed, defaultCountry as CountryCode);
  return parsed?.isValid() ? parsed.formatInternational() : trimmed;
}
