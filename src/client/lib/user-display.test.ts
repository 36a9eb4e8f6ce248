import { describe, expect, it } from "vitest";
import type { User } from "@shared/schemas/auth";
import { getCompanyLabel, getDisplayName, getFirstNameOrUsername, getInitials } from "./user-display";

const user = (overrides: Partial<User> = {}): User => ({
  id: "u1",
  username: "jdevries",
  email: "jan@example.nl",
  firstName: "Jan",
  lastName: "de Vries",
  profileImageUrl: null,
  companyName: "De Vries Advies",
  isEmailVerified: true,
  isTwoFactorEnabled: false,
  isDemo: false,
  ...overrides,
});

describe("getDisplayName (spec §2.10)", () => {
  it.each([
    { name: "full name", input: user(), expected: "Jan de Vries" },
    { name: "first name only", input: user({ lastName: null }), expected: "Jan" },
    { name: "username", input: user({ firstName: null, lastName: " " }), expected: "jdevries" },
    {
      name: "e-mail before @",
      input: user({ firstName: null, lastName: null, username: "" }),
      expected: "jan",
    },
    {
      name: "'Gebruiker'",
      input: user({ firstName: null, lastName: null, username: "", email: null }),
      expected: "Gebruiker",
    },
  ])("falls back to $name", ({ input, expected }) => {
    expect(getDisplayName(input)).toBe(expected);
  });
});

describe("getCompanyLabel (spec §2.10)", () => {
  it("is 'Demo Bedrijf' for demo accounts, else the company name, else 'Ondernemer'", () => {
    expect(getCompanyLabel(user({ isDemo: true }))).toBe("Demo Bedrijf");
    expect(getCompanyLabel(user())).toBe("De Vries Advies");
    expect(getCompanyLabel(user({ companyName: null }))).toBe("Ondernemer");
  });
});

describe("getInitials", () => {
  it("skips Dutch tussenvoegsels and falls back to one letter", () => {
    expect(getInitials(user())).toBe("JV");
    expect(getInitials(user({ lastName: null }))).toBe("J");
    expect(getInitials(user({ firstName: null, lastName: null }))).toBe("J");
    expect(getInitials(user({ firstName: null, lastName: null, username: "", email: null }))).toBe("G");
  });
});

describe("getFirstNameOrUsername", () => {
  it("greets by first name, else username", () => {
    expect(getFirstNameOrUsername(user())).toBe("Jan");
    expect(getFirstNameOrUsername(user({ firstName: "  " }))).toBe("jdevries");
  });
});
