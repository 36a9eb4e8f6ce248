import { describe, expect, it } from "vitest";
import { checkSuspiciousPatterns } from "./suspicious-patterns";

const honest = {
  name: "Sanne de Vries",
  email: "sanne@example.nl",
  subject: "Vraag over de btw-aangifte",
  message:
    "Hallo, ik wil weten of ik mijn btw-aangifte over het derde kwartaal via Balans kan voorbereiden. Zie ook https://example.nl/vraag voor mijn eerdere vraag.",
};

describe("checkSuspiciousPatterns", () => {
  it("lets an ordinary question with one link through", () => {
    expect(checkSuspiciousPatterns(honest)).toEqual({ patterns: [], blocked: false });
  });

  it.each([
    ["script-markup", { message: 'Hallo <script>alert("x")</script> daar' }, true],
    ["script-markup", { message: "Klik <img src=x onerror=alert(1)> hier" }, true],
    ["header-injection", { subject: "Vraag\nBcc: iedereen@example.com" }, true],
    ["header-injection", { email: "a@example.nl\r\nCc: b@example.nl" }, true],
    [
      "many-links",
      {
        message: "Zie https://a.example en https://b.example en www.c.example voor meer informatie hierover.",
      },
      false,
    ],
    ["link-markup", { message: "Goede site [url=https://spam.example]klik[/url] bezoek hem" }, false],
    ["link-in-name", { name: "www.goedkope-links.com" }, false],
    [
      "spam-words",
      { message: "Wij bieden SEO services en backlinks voor uw website tegen lage prijs" },
      false,
    ],
    ["foreign-script", { message: "Здравствуйте, предлагаем вам выгодное сотрудничество сегодня" }, false],
    ["gibberish", { message: "Hallo aaaaaaaaaaaaaaaaaaaaaaaa wat is dit" }, false],
    ["all-capitals", { message: "IK WIL NU METEEN MIJN GELD TERUG VAN JULLIE BEDRIJF" }, false],
  ])("%s trips on its trait (severe: %s)", (rule, fields, severe) => {
    const verdict = checkSuspiciousPatterns({ ...honest, ...fields });
    expect(verdict.patterns).toEqual([rule]);
    // One mild trait alone is not enough to refuse a message; a severe one is.
    expect(verdict.blocked).toBe(severe);
  });

  it("blocks two mild traits together", () => {
    const verdict = checkSuspiciousPatterns({
      ...honest,
      name: "http://spam.example",
      message: "Cheap viagra and casino bonus today only for you, my friend",
    });
    expect(verdict.patterns).toEqual(["link-in-name", "spam-words"]);
    expect(verdict.blocked).toBe(true);
  });

  it("does not mistake Dutch words or ordinary punctuation for spam", () => {
    const verdict = checkSuspiciousPatterns({
      ...honest,
      subject: "Kosten, BTW en de KOR",
      message:
        "Beste Balans, mijn boekhouder (Casimir) vraagt of de export ook 'xxxx xxxx'-KvK-nummers bevat. Groet!",
    });
    expect(verdict).toEqual({ patterns: [], blocked: false });
  });
});
