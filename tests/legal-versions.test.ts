import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRIVACY_VERSION, TERMS_VERSION } from "../src/shared/content/legal-versions";

/** "2026-01-01" → "1 januari 2026", as the texts write their version. */
const dutchDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("nl-NL", {
    day: "numeric",
    month: "long",
    year: "numeric",
  });

describe("the legal texts' versions", () => {
  it.each([
    ["content/legal/algemene-voorwaarden.md", TERMS_VERSION],
    ["content/legal/privacy.md", PRIVACY_VERSION],
  ])("%s states the version that sign-up records", (file, version) => {
    expect(readFileSync(file, "utf8")).toMatch(new RegExp(`[Vv]ersie (van|is van) ${dutchDate(version)}`));
  });
});
