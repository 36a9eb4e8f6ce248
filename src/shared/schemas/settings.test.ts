import { describe, expect, it } from "vitest";
import { isValidBic, isValidWebsite, PasswordChangeInputSchema } from "./settings";

describe("isValidBic", () => {
  it.each([
    ["ABNANL2A", true],
    ["abnanl2a", true],
    ["RABONL2UXXX", true],
    ["INGB NL 2A", true],
    ["ABNANL2", false],
    ["ABNANL2AX", false],
    ["1BNANL2A", false],
  ])("%s → %s", (bic, expected) => expect(isValidBic(bic)).toBe(expected));
});

describe("isValidWebsite", () => {
  it.each([
    ["www.vries.nl", true],
    ["https://vries.nl/over-ons", true],
    ["http://vries.nl", true],
    ["vries", false],
    ["geen site", false],
    ["ftp://vries.nl", false],
    ["javascript:alert(1)", false],
  ])("%s → %s", (site, expected) => expect(isValidWebsite(site)).toBe(expected));
});

describe("PasswordChangeInputSchema", () => {
  const errorsOf = (input: object) =>
    PasswordChangeInputSchema.safeParse(input).error?.issues.map((issue) => [
      issue.path.join("."),
      issue.message,
    ]);

  it("accepts a new password of at least 6 characters, typed twice", () => {
    expect(
      errorsOf({ currentPassword: "oud-geheim", newPassword: "nieuw1", confirmPassword: "nieuw1" }),
    ).toBe(undefined);
  });

  it.each([
    [
      { currentPassword: "", newPassword: "nieuw-geheim", confirmPassword: "nieuw-geheim" },
      "currentPassword",
      "Huidig wachtwoord is vereist",
    ],
    [
      { currentPassword: "oud", newPassword: "kort", confirmPassword: "kort" },
      "newPassword",
      "Wachtwoord moet minimaal 6 karakters zijn",
    ],
    [
      { currentPassword: "oud", newPassword: "nieuw-geheim", confirmPassword: "nieuw-gehiem" },
      "confirmPassword",
      "De wachtwoorden komen niet overeen",
    ],
    [
      { currentPassword: "zelfde-geheim", newPassword: "zelfde-geheim", confirmPassword: "zelfde-geheim" },
      "newPassword",
      "Het nieuwe wachtwoord is gelijk aan het huidige",
    ],
  ])("%j → %s: %s", (input, field, message) => {
    expect(errorsOf(input)).toEqual([[field, message]]);
  });
});
