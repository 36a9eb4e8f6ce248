import { describe, expect, it } from "vitest";
import {
  ClientInputSchema,
  composeAddress,
  normaliseClientInput,
  type ClientFormInput,
  type ClientInput,
} from "./clients";
import { MESSY_CLIENT, NORMALISED_CLIENT } from "../../../tests/clients";

const parse = (input: Partial<ClientFormInput>) =>
  ClientInputSchema.safeParse({ name: "Bakkerij De Korenschoof", ...input });

/** Field path -> message, as the server's 400 answer and the form show them. */
const fieldErrors = (input: Partial<ClientFormInput>) => {
  const result = parse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("ClientInputSchema", () => {
  it("needs only a name; the rest is optional and empty means null", () => {
    const result = ClientInputSchema.parse({
      name: "  Studio Noord  ",
      contactPerson: "",
      email: "",
      phone: "   ",
      address: "",
      street: "",
      houseNumber: "",
      postalCode: "",
      city: "",
      country: "",
      taxNumber: "",
      kvkNumber: "",
      iban: "",
      paymentTermsDays: "",
      notes: "",
    });
    expect(result).toEqual({
      name: "Studio Noord",
      contactPerson: null,
      email: null,
      phone: null,
      address: null,
      street: null,
      houseNumber: null,
      postalCode: null,
      city: null,
      country: "NL",
      taxNumber: null,
      kvkNumber: null,
      iban: null,
      paymentTermsDays: 30,
      notes: null,
    });
    expect(ClientInputSchema.parse({ name: "Alleen naam" })).toMatchObject({
      country: "NL",
      paymentTermsDays: 30,
    });
  });

  it.each([
    [{ name: "" }, "name", "Naam is verplicht"],
    [{ name: "   " }, "name", "Naam is verplicht"],
    [{ name: undefined }, "name", "Naam is verplicht"],
    [{ email: "geen-adres" }, "email", "Ongeldig e-mailadres"],
    [{ email: "jan@" }, "email", "Ongeldig e-mailadres"],
    [{ taxNumber: "NL123456788B01" }, "taxNumber", "Ongeldig BTW-nummer. Formaat: NL123456789B01"],
    [{ taxNumber: "BE0123456789" }, "taxNumber", "Ongeldig BTW-nummer. Formaat: NL123456789B01"],
    [{ kvkNumber: "1234567" }, "kvkNumber", "Ongeldig KvK-nummer. Moet 8 cijfers zijn"],
    [{ kvkNumber: "123456789" }, "kvkNumber", "Ongeldig KvK-nummer. Moet 8 cijfers zijn"],
    [{ iban: "NL91ABNA0417164301" }, "iban", "Ongeldig IBAN"],
    [{ iban: "NL9112340417164300" }, "iban", "Ongeldig IBAN"],
    [{ postalCode: "12345" }, "postalCode", "Ongeldige postcode. Formaat: 1234 AB"],
    [{ postalCode: "1234 A", country: "NL" }, "postalCode", "Ongeldige postcode. Formaat: 1234 AB"],
    [
      { paymentTermsDays: -1 },
      "paymentTermsDays",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ],
    [
      { paymentTermsDays: 366 },
      "paymentTermsDays",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ],
    [
      { paymentTermsDays: 14.5 },
      "paymentTermsDays",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ],
    [
      { paymentTermsDays: "abc" },
      "paymentTermsDays",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ],
    [
      { paymentTermsDays: "1e2" },
      "paymentTermsDays",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ],
    [{ country: "JP" }, "country", "Kies een land uit de lijst"],
  ])("rejects %j on %s with %j", (input, field, message) => {
    expect(fieldErrors(input as Partial<ClientFormInput>)).toEqual({ [field]: message });
  });

  it("reports every invalid field at once, the postcode too", () => {
    expect(fieldErrors({ name: "", email: "x", postalCode: "abc", iban: "NL00", kvkNumber: "1" })).toEqual({
      name: "Naam is verplicht",
      email: "Ongeldig e-mailadres",
      postalCode: "Ongeldige postcode. Formaat: 1234 AB",
      iban: "Ongeldig IBAN",
      kvkNumber: "Ongeldig KvK-nummer. Moet 8 cijfers zijn",
    });
  });

  it.each([
    [{ paymentTermsDays: 0 }, 0],
    [{ paymentTermsDays: 365 }, 365],
    [{ paymentTermsDays: "14" }, 14],
    [{ paymentTermsDays: " 60 " }, 60],
    [{ paymentTermsDays: null }, 30],
  ])("accepts payment term %j as %i", (input, expected) => {
    expect(parse(input as Partial<ClientFormInput>).data?.paymentTermsDays).toBe(expected);
  });

  it.each([
    [{ postalCode: "10115", country: "DE" }],
    [{ postalCode: "1000", country: "BE" }],
    [{ postalCode: "SW1A 1AA", country: "GB" }],
    [{ postalCode: "1234ab" }],
    [{ country: "be" }],
    [{ taxNumber: "nl 123.456.789.b01", kvkNumber: "1234 5678", iban: "nl91 abna 0417 1643 00" }],
    [{ email: "Info@Korenschoof.NL" }],
  ])("accepts %j", (input) => {
    expect(parse(input as Partial<ClientFormInput>).success).toBe(true);
  });
});

// As the form sends it: the payment term as typed.
const messy: ClientFormInput = { ...MESSY_CLIENT, paymentTermsDays: "14" };

describe("normaliseClientInput", () => {
  it("normalises exactly as spec §5 lists", () => {
    expect(normaliseClientInput(ClientInputSchema.parse(messy))).toEqual(NORMALISED_CLIENT);
  });

  it("keeps an address that was filled in", () => {
    const client = normaliseClientInput(
      ClientInputSchema.parse({ ...messy, address: "Postbus 10, 1234 AB Oudewater" }),
    );
    expect(client.address).toBe("Postbus 10, 1234 AB Oudewater");
  });

  it("reads a phone number without country code as one of the client's country", () => {
    const client = normaliseClientInput(
      ClientInputSchema.parse({ name: "Brussel BV", phone: "02 123 45 67", country: "BE" }),
    );
    expect(client.phone).toBe("+32 2 123 45 67");
  });

  it("leaves a foreign postcode as typed", () => {
    const client = normaliseClientInput(
      ClientInputSchema.parse({ name: "Berlin GmbH", postalCode: "10115", country: "DE" }),
    );
    expect(client.postalCode).toBe("10115");
  });

  it("is idempotent: the normalised client passes the schema and normalises to itself", () => {
    const inputs: ClientFormInput[] = [
      messy,
      { name: "Alleen naam" },
      { ...messy, country: "BE", postalCode: "1000", phone: "02 123 45 67", taxNumber: "be 0403.019.261" },
      { ...messy, phone: "bel receptie", street: "", houseNumber: "", postalCode: "", city: "Utrecht" },
    ];
    for (const input of inputs) {
      const once = normaliseClientInput(ClientInputSchema.parse(input));
      const twice = normaliseClientInput(ClientInputSchema.parse(once));
      expect(twice).toEqual(once);
    }
  });
});

describe("composeAddress", () => {
  const parts = (overrides: Partial<ClientInput>) => ({
    street: null,
    houseNumber: null,
    postalCode: null,
    city: null,
    ...overrides,
  });
  it.each([
    [
      parts({ street: "Dorpsstraat", houseNumber: "12", postalCode: "1234 AB", city: "Oudewater" }),
      "Dorpsstraat 12, 1234 AB Oudewater",
    ],
    [parts({ street: "Dorpsstraat", houseNumber: "12" }), "Dorpsstraat 12"],
    [parts({ city: "Oudewater" }), "Oudewater"],
    [parts({ postalCode: "1234 AB", city: "Oudewater" }), "1234 AB Oudewater"],
    [parts({ street: "Dorpsstraat", city: "Oudewater" }), "Dorpsstraat, Oudewater"],
    [parts({}), null],
  ])("%j -> %j", (input, expected) => {
    expect(composeAddress(input)).toBe(expected);
  });
});
