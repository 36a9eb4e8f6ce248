import { describe, expect, it } from "vitest";
import { companyDetailsFrom, DEFAULT_COMPANY_DETAILS } from "./company";

describe("companyDetailsFrom", () => {
  it("uses the defaults for unset and empty variables", () => {
    expect(companyDetailsFrom({})).toEqual(DEFAULT_COMPANY_DETAILS);
    expect(companyDetailsFrom({ COMPANY_NAME: "  ", COMPANY_KVK: "" })).toEqual(DEFAULT_COMPANY_DETAILS);
  });

  it("takes every detail from its variable and writes numbers the Dutch way", () => {
    expect(
      companyDetailsFrom({
        COMPANY_NAME: "Rekenwerk B.V.",
        COMPANY_STREET: "Stationsplein 1",
        COMPANY_POSTCODE: "1012ab",
        COMPANY_CITY: "Amsterdam",
        COMPANY_KVK: "12345678",
        COMPANY_VAT_ID: "nl859301448b01",
        COMPANY_EMAIL: "info@rekenwerk.nl",
      }),
    ).toEqual({
      name: "Rekenwerk B.V.",
      street: "Stationsplein 1",
      postcode: "1012 AB",
      city: "Amsterdam",
      kvkNumber: "1234 5678",
      vatId: "NL 859.301.448.B01",
      email: "info@rekenwerk.nl",
    });
  });

  it.each([
    [{ COMPANY_KVK: "1234567" }, "COMPANY_KVK: Ongeldig KvK-nummer. Moet 8 cijfers zijn"],
    [{ COMPANY_VAT_ID: "NL859301444B01" }, "COMPANY_VAT_ID: Ongeldig BTW-nummer. Formaat: NL123456789B01"],
    [{ COMPANY_POSTCODE: "0123 AB" }, "COMPANY_POSTCODE: Ongeldige postcode. Formaat: 1234 AB"],
    [{ COMPANY_EMAIL: "geen adres" }, "COMPANY_EMAIL: Ongeldig e-mailadres"],
    [{ COMPANY_NAME: "Twee\nregels" }, "COMPANY_NAME: één regel van hoogstens 120 tekens"],
  ])("refuses %o", (env, message) => {
    expect(() => companyDetailsFrom(env)).toThrow(message);
  });
});
