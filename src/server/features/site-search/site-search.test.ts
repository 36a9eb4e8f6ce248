import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchableContent, searchQueries, searchSuggestions } from "../../db/schema/index";
import { buildTestApp, type TestApp } from "../../../../tests/app";
import { indexSiteContent, type SearchDocument } from "./indexer";
import { markCut, splitHighlight, toPrefixQuery } from "./service";
import {
  collectSiteDocuments,
  extractPage,
  faqDocuments,
  loadArticles,
  markdownToText,
  parseFrontMatter,
} from "./sources";

const DOCUMENTS: SearchDocument[] = [
  {
    url: "/blog/btw-aangifte-per-kwartaal",
    title: "Zo doe je de btw-aangifte per kwartaal",
    excerpt: "Stap voor stap door de kwartaalaangifte omzetbelasting.",
    content:
      "Elk kwartaal doe je als zzp'er aangifte omzetbelasting. Je telt de btw op je facturen op en trekt de btw op je bonnetjes af.",
    contentType: "article",
    category: "Btw",
    tags: ["btw", "aangifte"],
  },
  {
    url: "/support/faq#factuur-eisen",
    title: "Wat moet er op een factuur staan?",
    content:
      "Een factuur vermeldt je naam, adres, KvK-nummer, btw-identificatienummer, een uniek factuurnummer en de btw per tarief.",
    contentType: "faq",
    category: "Facturen",
  },
  {
    url: "/prijzen",
    title: "Prijzen",
    content:
      "Eén abonnement met alle functies: facturen, bonnetjes, urenregistratie en de btw-aangifte. Probeer 14 dagen gratis.",
    contentType: "page",
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await indexSiteContent(t.database.db, DOCUMENTS, t.now.value);
});
afterAll(() => t.close());

async function search(q: string, ip = "198.51.100.1") {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/search?q=${encodeURIComponent(q)}`,
    remoteAddress: ip,
  });
  return response;
}

describe("the indexer", () => {
  it("rewrites only changed documents and removes documents that are gone", async () => {
    const db = t.database.db;
    expect(await indexSiteContent(db, DOCUMENTS, t.now.value)).toEqual({
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: 3,
    });
    const changed = [{ ...DOCUMENTS[0]!, title: "Btw-aangifte per kwartaal: zo werkt het" }, DOCUMENTS[1]!];
    expect(await indexSiteContent(db, changed, t.now.value)).toEqual({
      added: 0,
      updated: 1,
      removed: 1,
      unchanged: 1,
    });
    const [row] = await db
      .select({ title: searchableContent.title, vector: searchableContent.searchVector })
      .from(searchableContent)
      .where(eq(searchableContent.url, DOCUMENTS[0]!.url));
    expect(row!.title).toBe("Btw-aangifte per kwartaal: zo werkt het");
    // The Dutch stemmer: "kwartaal" is stored as its stem, weighted as a title word.
    expect(row!.vector).toContain("'kwartal':");
    expect(await indexSiteContent(db, DOCUMENTS, t.now.value)).toMatchObject({ added: 1, updated: 1 });
  });
});

describe("GET /api/search", () => {
  it("ranks a match in the title above the same word in the body", async () => {
    const response = await search("factuur");
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: Array<{ url: string; rank: number }> };
    // "factuur" and "facturen" share the stem "factur": all three are found, the one with it in its title first.
    expect(results[0]!.url).toBe("/support/faq#factuur-eisen");
    expect(results).toHaveLength(3);
    expect(results[0]!.rank).toBeGreaterThan(results[1]!.rank);

    const btw = (await search("btw")).json() as { results: Array<{ url: string; rank: number }> };
    // Title + tags + body beats a body-only match; every item that mentions btw is found.
    expect(btw.results[0]!.url).toBe("/blog/btw-aangifte-per-kwartaal");
    expect(
      btw.results
        .map((result) => result.url)
        .slice(1)
        .sort(),
    ).toEqual(["/prijzen", "/support/faq#factuur-eisen"]);
    expect(btw.results[0]!.rank).toBeGreaterThan(btw.results[1]!.rank);
  });

  it("matches Dutch word forms and the start of a word", async () => {
    // The start of a word finds every form of it.
    const forms = (await search("facturen")).json() as { results: Array<{ url: string }> };
    expect(forms.results.map((result) => result.url)).toContain("/prijzen");
    const prefix = (await search("factu")).json() as { results: Array<{ url: string }> };
    expect(prefix.results.map((result) => result.url).sort()).toEqual(
      ["/blog/btw-aangifte-per-kwartaal", "/prijzen", "/support/faq#factuur-eisen"].sort(),
    );
  });

  it("requires every word", async () => {
    const both = (await search("btw bonnetjes")).json() as { results: Array<{ url: string }> };
    expect(both.results.map((result) => result.url).sort()).toEqual(
      ["/blog/btw-aangifte-per-kwartaal", "/prijzen"].sort(),
    );
  });

  it("returns an excerpt with the matching words marked, as plain text parts", async () => {
    const { results } = (await search("kvk")).json() as {
      results: Array<{
        title: string;
        contentType: string;
        highlight: Array<{ text: string; match: boolean }>;
      }>;
    };
    expect(results).toHaveLength(1);
    expect(results[0]!.contentType).toBe("faq");
    expect(results[0]!.highlight.filter((part) => part.match).map((part) => part.text)).toEqual(["KvK"]);
    expect(results[0]!.highlight.map((part) => part.text).join("")).toContain("adres, KvK-nummer, btw");
  });

  it("logs every search, and counts searches that found something toward the suggestions", async () => {
    const ip = "198.51.100.77";
    await search("Kwartaal", ip);
    await search("kwartaal ", ip);
    await search("zzzonzin", ip);
    const logged = await t.database.db
      .select()
      .from(searchQueries)
      .where(eq(searchQueries.ipAddress, ip))
      .orderBy(desc(searchQueries.createdAt));
    expect(logged.map((row) => [row.query, row.resultsCount, row.hasResults, row.source])).toEqual(
      expect.arrayContaining([
        ["Kwartaal", 1, true, "site"],
        ["kwartaal", 1, true, "site"],
        ["zzzonzin", 0, false, "site"],
      ]),
    );
    expect(logged.every((row) => row.searchTime !== null && row.searchTime >= 0)).toBe(true);
    const [suggestion] = await t.database.db
      .select()
      .from(searchSuggestions)
      .where(eq(searchSuggestions.suggestion, "kwartaal"));
    expect(suggestion!.searchCount).toBe(2);
    expect(await t.database.db.$count(searchSuggestions, eq(searchSuggestions.suggestion, "zzzonzin"))).toBe(
      0,
    );
  });

  it("records which result was opened, once", async () => {
    const answer = (await search("prijzen")).json() as { searchId: string; results: Array<{ id: string }> };
    const click = (position: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/search/click",
        payload: { searchId: answer.searchId, resultId: answer.results[0]!.id, position },
      });
    expect((await click(1)).statusCode).toBe(204);
    expect((await click(3)).statusCode).toBe(204);
    const [row] = await t.database.db
      .select()
      .from(searchQueries)
      .where(eq(searchQueries.id, answer.searchId));
    expect(row).toMatchObject({ clickedResultId: answer.results[0]!.id, clickedPosition: 1 });
  });

  it.each([
    ["", "Vul een zoekterm in"],
    ["   ", "Vul een zoekterm in"],
    ["x".repeat(101), "Een zoekterm mag maximaal 100 karakters zijn"],
  ])("answers 400 for the query %j", async (q, message) => {
    const response = await search(q);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { q: message } });
  });

  it("finds nothing, without an error, for punctuation or stop words only", async () => {
    for (const q of ["?!", "de het een", "' & | !"]) {
      const response = await search(q);
      expect(response.statusCode).toBe(200);
      expect((response.json() as { results: unknown[] }).results).toEqual([]);
    }
  });
});

describe("GET /api/search/suggestions", () => {
  it("suggests popular searches by prefix, most searched first, then matching titles", async () => {
    for (let i = 0; i < 3; i++) await search("btw aangifte", "198.51.100.9");
    await search("btw bonnetjes", "198.51.100.9");
    const response = await t.app.inject({ method: "GET", url: "/api/search/suggestions?q=BTW" });
    expect(response.statusCode).toBe(200);
    const { suggestions } = response.json() as { suggestions: string[] };
    expect(suggestions.slice(0, 2)).toEqual(["btw aangifte", "btw bonnetjes"]);
    expect(suggestions).toContain("Zo doe je de btw-aangifte per kwartaal");

    const empty = (await t.app.inject({ method: "GET", url: "/api/search/suggestions?q=" })).json() as {
      suggestions: string[];
    };
    expect(empty.suggestions[0]).toBe("btw aangifte");
    const wildcard = (await t.app.inject({ method: "GET", url: "/api/search/suggestions?q=%25" })).json() as {
      suggestions: string[];
    };
    expect(wildcard.suggestions).toEqual([]);
  });
});

describe("search helpers", () => {
  it.each([
    ["btw aangifte", "btw:* & aangifte:*"],
    ["  Kwartaal!  ", "kwartaal:*"],
    ["' & | !", null],
    ["zzp'er", "zzp:* & er:*"],
  ])("turns %j into the prefix query %j", (query, expected) => {
    expect(toPrefixQuery(query)).toBe(expected);
  });

  it.each([
    ["ondernemer met btw-plicht", "… ondernemer met btw-plicht …"],
    ["Elk kwartaal doe je aangifte.", "Elk kwartaal doe je aangifte."],
    ["\u27E6btw\u27E7-tarief vast", "… \u27E6btw\u27E7-tarief vast …"],
  ])("marks where the excerpt %j was cut", (excerpt, expected) => {
    expect(markCut(excerpt)).toBe(expected);
  });

  it("splits a headline into plain and marked parts", () => {
    expect(splitHighlight("Doe de \u27E6btw\u27E7-aangifte per \u27E6kwartaal\u27E7.")).toEqual([
      { text: "Doe de ", match: false },
      { text: "btw", match: true },
      { text: "-aangifte per ", match: false },
      { text: "kwartaal", match: true },
      { text: ".", match: false },
    ]);
  });
});

describe("content sources", () => {
  it("reads front matter with quoted values and both list forms", () => {
    const { data, body } = parseFrontMatter(
      '---\ntitle: "De KOR: wel of niet?"\nslug: kor\ntags: [btw, "kleine ondernemers"]\ncategories:\n  - Btw\n  - Fiscaal\n---\n# Kop\nTekst',
    );
    expect(data).toEqual({
      title: "De KOR: wel of niet?",
      slug: "kor",
      tags: ["btw", "kleine ondernemers"],
      categories: ["Btw", "Fiscaal"],
    });
    expect(body).toBe("# Kop\nTekst");
  });

  it("turns Markdown into its readable text", () => {
    expect(
      markdownToText(
        "## De regels\n\n- Bewaar **bonnetjes** [7 jaar](https://www.belastingdienst.nl)\n- ![Foto](/img.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |",
      ),
    ).toBe("De regels Bewaar bonnetjes 7 jaar Foto a b 1 2");
  });

  it("loads blog articles, FAQ items and prerendered pages", async () => {
    const root = mkdtempSync(join(tmpdir(), "balans-search-"));
    const blog = join(root, "blog");
    mkdirSync(blog);
    writeFileSync(
      join(blog, "kor.md"),
      "---\ntitle: De kleineondernemersregeling\nslug: kor-uitgelegd\ndate: 2026-03-01\nauthor: Team Balans\ncategory: Btw\ntags: [btw, kor]\nexcerpt: Wanneer de KOR loont.\n---\nDe **KOR** is een vrijstelling.",
    );
    writeFileSync(join(blog, "notes.txt"), "not an article");
    const client = join(root, "client");
    mkdirSync(join(client, "prijzen"), { recursive: true });
    writeFileSync(
      join(client, "prijzen", "index.html"),
      '<html><head><title>Prijzen | Balans</title><meta name="description" content="Eén prijs &amp; alles erin."></head><body><header>Menu</header><main id="main-content"><h1>Prijzen</h1><p>€ 22 per maand</p><script>var x = 1;</script></main></body></html>',
    );
    writeFileSync(join(client, "index.html"), "<html><body><div id=root></div></body></html>");
    mkdirSync(join(client, "legal", "privacy"), { recursive: true });
    writeFileSync(
      join(client, "legal", "privacy", "index.html"),
      "<html><head><title>Privacyverklaring — Balans</title></head><body><main><p>Welke gegevens</p></main></body></html>",
    );

    const articles = await loadArticles(blog);
    expect(articles).toEqual([
      expect.objectContaining({
        url: "/blog/kor-uitgelegd",
        title: "De kleineondernemersregeling",
        content: "De KOR is een vrijstelling.",
        excerpt: "Wanneer de KOR loont.",
        contentType: "article",
        category: "Btw",
        tags: ["btw", "kor"],
        author: "Team Balans",
      }),
    ]);
    expect(await loadArticles(join(root, "missing"))).toEqual([]);

    const documents = await collectSiteDocuments({
      pagesDir: client,
      blogDir: blog,
      faqItems: [
        { id: "kor", category: "Btw", question: "Wat is de KOR?", answer: "Een regeling.\n\nMeer." },
      ],
      routes: [
        "/",
        "/prijzen",
        "/legal/privacy",
        "/inloggen",
        "/blog",
        "/support/faq",
        "/blog/kor-uitgelegd",
      ],
    });
    expect(documents.map((document) => [document.contentType, document.url, document.title])).toEqual([
      ["page", "/prijzen", "Prijzen"],
      ["page", "/legal/privacy", "Privacyverklaring"],
      ["article", "/blog/kor-uitgelegd", "De kleineondernemersregeling"],
      ["faq", "/support/faq#kor", "Wat is de KOR?"],
    ]);
    expect(documents[0]).toMatchObject({
      content: "Prijzen € 22 per maand",
      excerpt: "Eén prijs & alles erin.",
    });
    // Legal texts rank below the page about a subject.
    expect(documents[1]!.searchRank).toBe(0.5);
    expect(documents[0]!.searchRank).toBeUndefined();
    expect(faqDocuments([{ id: "a", category: "c", question: "q", answer: "x\n\ny" }])[0]!.content).toBe(
      "x y",
    );
    expect(extractPage("<html><body>geen main</body></html>")).toBeNull();
  });
});
