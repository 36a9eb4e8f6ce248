import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAIL_TEMPLATES,
  fillMailTemplate,
  MAIL_TEMPLATE_KINDS,
  unknownPlaceholders,
} from "./mail-templates";

describe("fillMailTemplate", () => {
  it.each([
    [
      "fills each placeholder",
      "Factuur {factuurnummer} van {bedrijfsnaam}",
      { factuurnummer: "2026-1", bedrijfsnaam: "Bakker" },
      "Factuur 2026-1 van Bakker",
    ],
    [
      "never fills a value's own braces",
      "Beste {klantnaam}",
      { klantnaam: "{bedrag} BV" },
      "Beste {bedrag} BV",
    ],
    [
      "keeps $-patterns of a value as they are",
      "Beste {klantnaam}",
      { klantnaam: "$& $1 $$" },
      "Beste $& $1 $$",
    ],
  ])("%s", (_, subject, values, expected) => {
    expect(fillMailTemplate({ subject, body: subject }, values)).toEqual({
      subject: expected,
      body: expected,
    });
  });

  it("leaves out a line whose placeholder has no value and folds the blank lines", () => {
    const template = {
      subject: "Factuur",
      body: "Hallo\n\nBetaal online: {betaallink}\n\n{betaalinstructie}\n\nGroet\n",
    };
    expect(fillMailTemplate(template, { betaallink: null, betaalinstructie: "" }).body).toBe(
      "Hallo\n\nGroet\n",
    );
    expect(
      fillMailTemplate(template, { betaallink: "https://pay.example/1", betaalinstructie: "Maak over." })
        .body,
    ).toBe("Hallo\n\nBetaal online: https://pay.example/1\n\nMaak over.\n\nGroet\n");
  });

  it("keeps the subject on one line whatever a value holds", () => {
    expect(
      fillMailTemplate({ subject: "Factuur voor {klantnaam}", body: "x" }, { klantnaam: "A\r\nBcc: x@y" })
        .subject,
    ).toBe("Factuur voor A Bcc: x@y");
  });
});

describe("the standard texts", () => {
  it.each(MAIL_TEMPLATE_KINDS)("of %s name only the kind's own placeholders", (kind) => {
    for (const language of ["nl", "en"] as const) {
      const { subject, body } = DEFAULT_MAIL_TEMPLATES[kind][language];
      expect(unknownPlaceholders(kind, `${subject}\n${body}`)).toEqual([]);
    }
  });
});
