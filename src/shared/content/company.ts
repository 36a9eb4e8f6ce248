/**
 * The company behind Balans as the law asks it to be named (Handelsregisterbesluit art. 41: name, KvK number and
 * address on the website; Wet OB: the btw-id): shown in the public footer and on the legal pages. The values come
 * from configuration (COMPANY_* environment variables, README "Configuration"), read when the public site is
 * built and prerendered. Only the name, city and e-mail address have defaults: an address, KvK number or btw-id is
 * never made up, so the pages show them only once they are configured.
 */
import { MARKETING } from "./marketing";
import { formatKvkNumber, isValidKvkNumber, KVK_MESSAGE } from "../validators/kvk";
import { formatPostcode, isValidPostcode, POSTCODE_MESSAGE } from "../validators/postcode";
import { formatVatNumber, isValidVatNumber, VAT_NUMBER_MESSAGE } from "../validators/btw";

export type CompanyDetails = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** "1234 5678" */
  kvkNumber: string;
  /** "NL 123.456.789.B01" */
  vatId: string;
  email: string;
};

export const DEFAULT_COMPANY_DETAILS: CompanyDetails = {
  name: MARKETING.company.legalName,
  street: "",
  postcode: "",
  city: MARKETING.company.city,
  kvkNumber: "",
  vatId: "",
  email: MARKETING.support.email,
};

/** The environment variable behind each detail. */
export const COMPANY_ENV = {
  name: "COMPANY_NAME",
  street: "COMPANY_STREET",
  postcode: "COMPANY_POSTCODE",
  city: "COMPANY_CITY",
  kvkNumber: "COMPANY_KVK",
  vatId: "COMPANY_VAT_ID",
  email: "COMPANY_EMAIL",
} as const satisfies Record<keyof CompanyDetails, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The company details from the environment, each unset or empty one its default, formatted the Dutch way.
 * Throws with every invalid value named, so a build with a mistyped KvK number or btw-id stops.
 */
export function companyDetailsFrom(env: Record<string, string | undefined>): CompanyDetails {
  const value = (key: keyof CompanyDetails) => env[COMPANY_ENV[key]]?.trim() || DEFAULT_COMPANY_DETAILS[key];
  const problems: string[] = [];
  const check = (key: keyof CompanyDetails, isValid: boolean, message: string) => {
    if (!isValid) problems.push(`${COMPANY_ENV[key]}: ${message}`);
  };
  const details: CompanyDetails = {
    name: value("name"),
    street: value("street"),
    postcode: value("postcode"),
    city: value("city"),
    kvkNumber: value("kvkNumber"),
    vatId: value("vatId"),
    email: value("email"),
  };
  for (const key of ["name", "street", "city"] as const) {
    check(
      key,
      details[key].length <= 120 && !/[\r\n]/.test(details[key]),
      "één regel van hoogstens 120 tekens",
    );
  }
  // Unset stays unset (shown nowhere); what is set must be valid.
  check("postcode", !details.postcode || isValidPostcode(details.postcode), POSTCODE_MESSAGE);
  check("kvkNumber", !details.kvkNumber || isValidKvkNumber(details.kvkNumber), KVK_MESSAGE);
  check("vatId", !details.vatId || isValidVatNumber(details.vatId), VAT_NUMBER_MESSAGE);
  check("email", EMAIL_PATTERN.test(details.email), "Ongeldig e-mailadres");
  if (problems.length > 0) throw new Error(`Ongeldige bedrijfsgegevens:\n${problems.join("\n")}`);
  return {
    ...details,
    postcode: details.postcode && formatPostcode(details.postcode),
    kvkNumber: details.kvkNumber && formatKvkNumber(details.kvkNumber),
    vatId: details.vatId && formatVatNumber(details.vatId),
  };
}
