import { describe, expect, it } from "vitest";
import { addressLines } from "./address";

describe("addressLines", () => {
  it("prints the country of an address abroad, and leaves the Netherlands and empty parts out", () => {
    expect(
      addressLines({ address: "Grote Markt 1", postalCode: "1000", city: "Brussel", country: "BE" }),
    ).toEqual(["Grote Markt 1", "1000  Brussel", "België"]);
    expect(addressLines({ address: null, postalCode: "1015 CJ", city: "Amsterdam", country: "NL" })).toEqual([
      "1015 CJ  Amsterdam",
    ]);
    expect(addressLines({ address: null, postalCode: null, city: null, country: "XX" })).toEqual(["XX"]);
  });
});
