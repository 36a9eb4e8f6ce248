import { describe, expect, it } from "vitest";
import { DESCRIPTION_MAX_LENGTH, documentTitle, renderHeadTags, shortenDescription } from "./seo";

const sentence = (length: number, end = ".") => `${"a".repeat(length - 1)}${end}`;

describe("shortenDescription (spec §9)", () => {
  it.each([
    ["a short description", "Korte tekst.", "Korte tekst."],
    ["exactly 160 characters", sentence(160), sentence(160)],
    ["collapsed whitespace", "  Twee   spaties.\n Nieuwe regel.  ", "Twee spaties. Nieuwe regel."],
  ])("keeps %s", (_case, input, expected) => {
    expect(shortenDescription(input)).toBe(expected);
  });

  it("cuts a long description at the last whole sentence that fits", () => {
    const first = sentence(100);
    const second = sentence(50, "!");
    const third = sentence(40, "?");
    const result = shortenDescription(`${first} ${second} ${third}`);
    expect(result).toBe(`${first} ${second}`);
    expect(result.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
  });

  it("uses the first 157 characters and an ellipsis when the sentences that fit are under 120", () => {
    const first = sentence(80);
    const second = sentence(100);
    const text = `${first} ${second}`;
    expect(shortenDescription(text)).toBe(`${text.slice(0, 157)}...`);
    expect(shortenDescription(text)).toHaveLength(160);
  });

  it("uses the 157 characters when not even the first sentence fits", () => {
    const text = sentence(200);
    expect(shortenDescription(text)).toBe(`${text.slice(0, 157)}...`);
  });

  it("does not split on a decimal point or an abbreviation without a space", () => {
    const text = `Balans kost € 22.00 per maand en werkt met ING, Rabobank en ABN AMRO. ${sentence(70)} ${sentence(60)}`;
    expect(shortenDescription(text)).toBe(
      `Balans kost € 22.00 per maand en werkt met ING, Rabobank en ABN AMRO. ${sentence(70)}`,
    );
  });
});

describe("renderHeadTags", () => {
  const head = renderHeadTags(
    {
      title: 'Prijzen & "abonnement"',
      description: sentence(200),
      keywords: ["prijzen", "zzp"],
      path: "/prijzen",
    },
    [{ "@type": "Thing", name: "</script><script>alert(1)</script>" }],
  );

  it("has the title, shortened description, keywords, canonical URL and social tags", () => {
    expect(head).toContain(`<title>${documentTitle("Prijzen &amp; &quot;abonnement&quot;")}</title>`);
    expect(head).toContain(`<meta name="description" content="${sentence(200).slice(0, 157)}..." />`);
    expect(head).toContain('<meta name="keywords" content="prijzen, zzp" />');
    expect(head).toContain('<link rel="canonical" href="https://balans.nl/prijzen" />');
    expect(head).toContain('<meta property="og:image" content="https://balans.nl/og/balans.png" />');
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta property="og:image:height" content="630" />');
    expect(head).toContain('<meta property="og:locale" content="nl_NL" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("keeps JSON-LD from closing its script element", () => {
    expect(head).toContain('<script type="application/ld+json">');
    expect(head).not.toContain("</script><script>alert(1)");
    expect(head).toContain("\\u003c/script>");
  });

  it("gives the home page the product's own title", () => {
    expect(documentTitle()).toBe("Balans — Eenvoudig boekhouden voor iedereen");
    expect(documentTitle("Blog")).toBe("Blog — Balans");
  });
});
