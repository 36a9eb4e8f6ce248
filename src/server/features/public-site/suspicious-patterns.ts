/**
 * Content rules for public forms: each names a trait of spam or abuse that people writing to a Dutch
 * bookkeeping product almost never show. A submission is blocked when it shows a severe trait, or two or more
 * of the others (one link or one odd word alone is normal in a real question).
 */

export type PatternRule = {
  id: string;
  /** Severe traits block on their own. */
  severe: boolean;
  test(fields: Readonly<Record<string, string | undefined>>): boolean;
};

const URL_PATTERN = /\b(?:https?:\/\/|www\.)\S+/gi;
const SPAM_WORDS =
  /\b(?:viagra|cialis|casino|porn|xxx|crypto ?currency|bitcoin|forex|payday loan|seo (?:services|ranking)|backlinks?|escort|replica watches|weight ?loss)\b/i;

const text = (fields: Readonly<Record<string, string | undefined>>) =>
  Object.values(fields)
    .filter((value): value is string => typeof value === "string")
    .join("\n");

export const PATTERN_RULES: readonly PatternRule[] = [
  {
    // Script or event-handler markup: an attempt to run code wherever the message is shown.
    id: "script-markup",
    severe: true,
    test: (fields) => /<\s*script\b|javascript:|\bon(?:error|load|click)\s*=/i.test(text(fields)),
  },
  {
    // A line break in a one-line field is how mail header injection is attempted.
    id: "header-injection",
    severe: true,
    test: (fields) =>
      ["name", "email", "subject"].some((key) =>
        /[\r\n]|\b(?:bcc|cc|content-type):/i.test(fields[key] ?? ""),
      ),
  },
  {
    id: "many-links",
    severe: false,
    test: (fields) => (text(fields).match(URL_PATTERN)?.length ?? 0) > 2,
  },
  {
    id: "link-markup",
    severe: false,
    test: (fields) => /\[url=|\[link=|<a\s+href/i.test(text(fields)),
  },
  {
    id: "link-in-name",
    severe: false,
    test: (fields) => /https?:\/\/|www\.|\.(?:com|ru|xyz|top)\b/i.test(fields.name ?? ""),
  },
  {
    id: "spam-words",
    severe: false,
    test: (fields) => SPAM_WORDS.test(text(fields)),
  },
  {
    // Mostly Cyrillic or CJK script in a form for Dutch freelancers.
    id: "foreign-script",
    severe: false,
    test: (fields) => {
      const letters = text(fields).match(/\p{L}/gu) ?? [];
      if (letters.length < 20) return false;
      const foreign = letters.filter((letter) =>
        /[\p{Script=Cyrillic}\p{Script=Han}\p{Script=Hangul}]/u.test(letter),
      );
      return foreign.length / letters.length > 0.3;
    },
  },
  {
    // Long runs of one character or no spaces at all: keyboard mashing or encoded payloads.
    id: "gibberish",
    severe: false,
    test: (fields) => /(.)\1{14,}/u.test(fields.message ?? "") || /\S{80,}/.test(fields.message ?? ""),
  },
  {
    // Shouting: a long message in capitals.
    id: "all-capitals",
    severe: false,
    test: (fields) => {
      const letters = (fields.message ?? "").match(/\p{L}/gu) ?? [];
      return letters.length >= 30 && letters.every((letter) => letter === letter.toUpperCase());
    },
  },
];

export type PatternVerdict = { patterns: string[]; blocked: boolean };

/** The rules a submission trips, and whether that is enough to refuse it. */
export function checkSuspiciousPatterns(
  fields: Readonly<Record<string, string | undefined>>,
): PatternVerdict {
  const tripped = PATTERN_RULES.filter((rule) => rule.test(fields));
  return {
    patterns: tripped.map((rule) => rule.id),
    blocked: tripped.some((rule) => rule.severe) || tripped.length >= 2,
  };
}
