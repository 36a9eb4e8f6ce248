import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_STATUS, IN_DEVELOPMENT_BADGE, type Feature } from "../src/shared/content/feature-status";

/**
 * The public site says of every feature exactly whether it works today (feature-status.ts). A sentence that
 * announces something as still being built must be about a feature that is not live, named in that sentence.
 */
const ANNOUNCES_LATER = /in ontwikkeling|bouwen we|komt eraan|binnenkort/i;

/** The words that name each feature in the copy. */
const NAMED_BY: Record<Feature, RegExp> = {
  vatReturn: /btw-aangifte|aangifteoverzicht|rubrieken/i,
  dashboard: /dashboard/i,
  reports: /rapport|grootboek/i,
  bankImport: /afschrift|bankimport/i,
  receiptScanning: /bonnetje|bonnen|tekstherkenning|scannen|uitlezen/i,
  bankFeed: /psd2|directe koppeling/i,
};

const notLive = (Object.keys(FEATURE_STATUS) as Feature[]).filter(
  (feature) => FEATURE_STATUS[feature] !== "live",
);

const SOURCES = ["src/client/public", "src/shared/content", "src/client/features/auth", "content/blog"];
/** Sentences about the rule itself rather than about a feature. */
const ABOUT_THE_RULE = ["feature-status.ts", "elke functie die nog in ontwikkeling is"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|md)$/.test(entry.name) && !entry.name.includes(".test."))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The copy's sentences: split at sentence ends, so a sentence is judged by its own words. */
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+|\n\s*\n|",\n/);

describe("the public copy", () => {
  const files = SOURCES.flatMap(filesUnder);

  it("announces only features that are not live as coming", () => {
    const wrong: string[] = [];
    for (const file of files) {
      for (const sentence of sentencesOf(readFileSync(file, "utf8"))) {
        if (
          !ANNOUNCES_LATER.test(sentence) ||
          ABOUT_THE_RULE.some((rule) => `${file} ${sentence}`.includes(rule))
        )
          continue;
        if (notLive.some((feature) => NAMED_BY[feature].test(sentence))) continue;
        wrong.push(`${file}: ${sentence.trim().slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("takes every badge of a feature still coming from the feature list", () => {
    const hardCoded = files.filter((file) =>
      new RegExp(`badge: "(${IN_DEVELOPMENT_BADGE}|Binnenkort)"`).test(readFileSync(file, "utf8")),
    );
    expect(hardCoded).toEqual([]);
  });
});
