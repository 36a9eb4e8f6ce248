import { describe, expect, it } from "vitest";
import { EPC_MAX_BYTES, epcPayload } from "./epc-qr";

const PAYMENT = {
  name: "Eva Ontwerp",
  iban: "NL91 ABNA 0417 1643 00",
  bic: "abnanl2a",
  amountCents: 22287,
  text: "INV-000001",
};

describe("epcPayload (EPC069-12)", () => {
  it("writes the lines in the order of the standard", () => {
    const lines = epcPayload(PAYMENT)!.split("\n");
    expect(lines).toEqual([
      "BCD", // service tag
      "002", // version
      "1", // character set: UTF-8
      "SCT", // SEPA credit transfer
      "ABNANL2A", // BIC, spaces removed, upper case
      "Eva Ontwerp", // beneficiary name
      "NL91ABNA0417164300", // IBAN without spaces
      "EUR222.87", // amount with a decimal point
      "", // purpose (none)
      "", // structured RF reference (none: the invoice number is not an RF reference)
      "INV-000001", // unstructured remittance text
    ]);
  });

  it("leaves the BIC line empty when there is none (allowed in version 002 within the EEA)", () => {
    expect(epcPayload({ ...PAYMENT, bic: null })!.split("\n")[4]).toBe("");
  });

  it.each([
    [1, "EUR0.01"],
    [500, "EUR5.00"],
    [123456, "EUR1234.56"],
    [999_999_999_99, "EUR999999999.99"],
  ])("writes %i cents as %s", (amountCents, expected) => {
    expect(epcPayload({ ...PAYMENT, amountCents })!.split("\n")[7]).toBe(expected);
  });

  it.each([
    ["nothing due", { amountCents: 0 }],
    ["a credit note", { amountCents: -22287 }],
    ["more than the standard allows", { amountCents: 1_000_000_000_00 }],
    ["no IBAN", { iban: "" }],
  ])("gives no payload for %s", (_, overrides) => {
    expect(epcPayload({ ...PAYMENT, ...overrides })).toBeNull();
  });

  it("clips the name to 70 and the text to 140 characters, on one line each, within 331 bytes", () => {
    const payload = epcPayload({
      ...PAYMENT,
      name: `Een\nheel ${"lange ".repeat(20)}naam`,
      text: "x".repeat(200),
    })!;
    const lines = payload.split("\n");
    expect(lines).toHaveLength(11);
    expect(Array.from(lines[5]!)).toHaveLength(70);
    expect(lines[5]!.startsWith("Een heel lange")).toBe(true);
    expect(lines[10]).toBe("x".repeat(140));
    expect(new TextEncoder().encode(payload).length).toBeLessThanOrEqual(EPC_MAX_BYTES);
  });

  it("refuses a payload over 331 bytes rather than produce one a bank rejects", () => {
    // 70 three-byte characters (210) + 140 three-byte characters (420) is far over the limit.
    expect(epcPayload({ ...PAYMENT, name: "€".repeat(70), text: "€".repeat(140) })).toBeNull();
  });
});
