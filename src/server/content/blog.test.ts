import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { relatedArticles, readingMinutes } from "@shared/content/blog";
import { BLOG_ARTICLES } from "@shared/content/blog-index";
import { slugify } from "@shared/content/slug";
import { isClientRoute } from "@shared/routes";
import { renderBlogIndex, BLOG_INDEX_FILE } from "../../../scripts/content/generate-blog-index";
import { loadBlogArticles, parseBlogArticle, renderMarkdown } from "./blog";
import { readFileSync } from "node:fs";

const article = (front: Record<string, string>, body = "Tekst van het artikel.") =>
  [
    "---",
    ...Object.entries({
      title: "Een titel",
      slug: "een-titel",
      date: "2026-03-01",
      author: "Redactie Balans",
      category: "Btw & belastingen",
      excerpt: "Korte samenvatting.",
      image: "/images/blog/een-titel.svg",
      ...front,
    }).map(([key, value]) => `${key}: ${value}`),
    "tags:",
    "  - KOR",
    "  - Eenmanszaak of BV?",
    "---",
    "",
    body,
  ].join("\n");

describe("parseBlogArticle", () => {
  it("reads the front matter, slugs the category and tags, renders the body and its reading time", () => {
    const words = Array.from({ length: 450 }, (_, index) => `woord${index}`).join(" ");
    const parsed = parseBlogArticle("een-titel.md", article({}, `## Kop\n\n${words}`));
    expect(parsed).toMatchObject({
      slug: "een-titel",
      title: "Een titel",
      date: "2026-03-01",
      category: { name: "Btw & belastingen", slug: "btw-belastingen" },
      tags: [
        { name: "KOR", slug: "kor" },
        { name: "Eenmanszaak of BV?", slug: "eenmanszaak-of-bv" },
      ],
      readingMinutes: 2,
    });
    expect(parsed.html).toContain("<h2>Kop</h2>");
  });

  it.each([
    ["no front matter", "een-titel.md", "Alleen tekst", /front matter/],
    ["a slug that is not the file name", "ander.md", article({}), /bestandsnaam/],
    ["an invalid date", "een-titel.md", article({ date: "2026-02-30" }), /date/],
    ["an image outside /images", "een-titel.md", article({ image: "https://cdn.example/x.png" }), /image/],
    ["a slug with capitals", "Een-Titel.md", article({ slug: "Een-Titel" }), /slug/],
  ])("refuses %s", (_case, fileName, source, message) => {
    expect(() => parseBlogArticle(fileName, source)).toThrow(message);
  });

  it("wraps tables so they scroll on a phone", () => {
    expect(renderMarkdown("| a | b |\n| - | - |\n| 1 | 2 |")).toMatch(
      /^<div class="table-scroll"><table>[\s\S]*<\/table><\/div>/,
    );
  });

  it("loads a directory newest first", () => {
    const dir = mkdtempSync(join(tmpdir(), "blog-"));
    writeFileSync(join(dir, "oud.md"), article({ slug: "oud", date: "2025-01-01" }));
    writeFileSync(join(dir, "nieuw.md"), article({ slug: "nieuw", date: "2026-01-01" }));
    writeFileSync(join(dir, "notities.txt"), "geen artikel");
    expect(loadBlogArticles(dir).map((item) => item.slug)).toEqual(["nieuw", "oud"]);
  });
});

describe("the articles in content/blog", () => {
  const articles = loadBlogArticles();

  it("are at least six, each with its own illustration", () => {
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const item of articles) {
      expect(readFileSync(join("src/client/static", item.image)).length).toBeGreaterThan(0);
    }
  });

  it("match the committed blog index (regenerate it after editing an article)", async () => {
    expect(readFileSync(BLOG_INDEX_FILE, "utf8")).toBe(await renderBlogIndex());
  });

  it("are routes of the server, and unknown slugs are not", () => {
    for (const item of BLOG_ARTICLES) {
      expect(isClientRoute(`/blog/${item.slug}`)).toBe(true);
      expect(isClientRoute(`/blog/category/${item.category.slug}`)).toBe(true);
      for (const tag of item.tags) expect(isClientRoute(`/blog/tag/${tag.slug}`)).toBe(true);
    }
    expect(isClientRoute("/blog/bestaat-niet")).toBe(false);
    expect(isClientRoute("/blog/category/bestaat-niet")).toBe(false);
    expect(isClientRoute("/blog/tag/bestaat-niet")).toBe(false);
  });
});

describe("slugify, readingMinutes and relatedArticles", () => {
  it.each([
    ["Btw & belastingen", "btw-belastingen"],
    ["Eenmanszaak of BV?", "eenmanszaak-of-bv"],
    ["Privé-opnamen", "prive-opnamen"],
    ["zzp'ers", "zzpers"],
  ])("slugify(%j) = %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("counts words at 200 a minute, at least one minute", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(Array(600).fill("woord").join(" "))).toBe(3);
    expect(readingMinutes("## Kop\n\n| - | - |")).toBe(1);
  });

  it("prefers the same category, then shared tags, then newer articles", () => {
    const meta = (slug: string, category: string, tags: string[], date: string) => ({
      slug,
      title: slug,
      date,
      author: "x",
      category: { name: category, slug: slugify(category) },
      tags: tags.map((name) => ({ name, slug: slugify(name) })),
      excerpt: "",
      image: "/images/x.svg",
      readingMinutes: 1,
    });
    const current = meta("a", "Btw", ["kor", "btw"], "2026-01-01");
    const all = [
      current,
      meta("same-category", "Btw", [], "2025-01-01"),
      meta("two-tags", "Ondernemen", ["kor", "btw"], "2025-01-01"),
      meta("one-tag-new", "Ondernemen", ["btw"], "2026-02-01"),
      meta("one-tag-old", "Ondernemen", ["btw"], "2024-02-01"),
      meta("nothing", "Ondernemen", [], "2026-03-01"),
    ];
    expect(relatedArticles(current, all, 4).map((item) => item.slug)).toEqual([
      "same-category",
      "two-tags",
      "one-tag-new",
      "one-tag-old",
    ]);
  });
});
