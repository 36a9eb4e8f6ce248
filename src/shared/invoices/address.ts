import { CLIENT_COUNTRY_NAMES, type ClientCountry } from "../schemas/clients";

/**
 * A party's address as an invoice prints it, on paper and on screen alike: street, postcode and city, and the
 * country when it is not the Netherlands (an address abroad is incomplete without it).
 */
export function addressLines(party: {
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
}): string[] {
  const cityLine = [party.postalCode, party.city].filter(Boolean).join("  ");
  const country =
    party.country !== "NL" ? (CLIENT_COUNTRY_NAMES[party.country as ClientCountry] ?? party.country) : null;
  return [party.address, cityLine, country].filter((line): line is string => Boolean(line));
}
