/**
 * Where the searchable content comes from: the blog's Markdown files, the FAQ items, and the prerendered
 * public pages (their <title>, description and the text of <main>, exactly what a visitor reads).
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SearchDocument } from "./indexer";

/** A blog article's front matter: `key: value` lines, quoted or not, with `[a, b]` or `- a` lists. */
export function parseFrontMatter(source: string): { data: Record<string, string | string[]>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Record<string, string | string[]> = {};
  let listKey: string | null = null;
  for (const line of match[1]!.split(/\r?\n/)) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (data[listKey] as string[]).push(unquote(item[1]!));
      continue;
    }
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) continue;
    const [, key, raw] = pair as unknown as [string, string, string];
    listKey = null;
    if (raw === "") {
      data[key] = [];
      listKey = key;
    } else if (raw.startsWith("[") && raw.endsWith("]")) {
      data[key] = raw
        .slice(1, -1)
        .split(",")
        .map((part) => unquote(part.trim()))
        .filter(Boolean);
    } else {
      data[key] = unquote(raw);
    }
  }
  return { data, body: match[2]! };
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (/^".*"$/.test(trimmed)) return trimmed.slice(1, -1).replace(/\\"/g, '"');
  if (/^'.*'$/.test(trimmed)) return trimmed.slice(1, -1).replace(/''/g, "'");
  return trimmed;
}

/** The readable text of Markdown: no markup, link texts kept, one space between words. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n([\s\S]*?)```/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)/gm, "")
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, "")
    .replace(/[|*_`~]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/** Every `*.md` in the blog folder as an article document (nothing when the folder does not exist). */
export async function loadArticles(directory: string): Promise<SearchDocument[]> {
  if (!existsSync(directory)) return [];
  const files = (await readdir(directory)).filter((file) => file.endsWith(".md")).sort();
  const documents: SearchDocument[] = [];
  for (const file of files) {
    const { data, body } = parseFrontMatter(await readFile(join(directory, file), "utf8"));
    const slug = text(data.slug) ?? file.replace(/\.md$/, "");
    const title = text(data.title);
    if (!title) continue;
    const date = text(data.date);
    const publishedAt = date && !Number.isNaN(Date.parse(date)) ? new Date(date) : undefined;
    documents.push({
      url: `/blog/${slug}`,
      title,
      content: markdownToText(body),
      excerpt: text(data.excerpt),
      contentType: "article",
      slug,
      category: text(data.category),
      tags: Array.isArray(data.tags) ? data.tags : data.tags ? [data.tags] : undefined,
      author: text(data.author),
      publishedAt,
    });
  }
  return documents;
}

export type FaqEntry = { id: string; category: string; question: string; answer: string };

/** FAQ items, each its own result linking to its place on /support/faq. */
export function faqDocuments(items: readonly FaqEntry[]): SearchDocument[] {
  return items.map((item) => ({
    url: `/support/faq#${item.id}`,
    title: item.question,
    content: item.answer.replace(/\s+/g, " ").trim(),
    contentType: "faq",
    slug: item.id,
    category: item.category,
  }));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === "#") {
      const point =
        code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) ? String.fromCodePoint(point) : entity;
    }
    return ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/** Title, description and the visible text of <main> of a prerendered page, or null when it has no <main>. */
export function extractPage(html: string): { title: string; description: string; text: string } | null {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1];
  if (main === undefined) return null;
  const title = decodeEntities(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "").trim();
  const description = decodeEntities(
    /<meta\s+name="description"\s+content="([^"]*)"/i.exec(html)?.[1] ?? "",
  ).trim();
  const body = decodeEntities(
    main.replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
  return { title, description, text: body };
}

/** The file a route was prerendered to: `/` → index.html, `/prijzen` → prijzen/index.html (or prijzen.html). */
function prerenderedFile(clientDir: string, route: string): string | null {
  const candidates =
    route === "/" ? ["index.html"] : [join(route.slice(1), "index.html"), `${route.slice(1)}.html`];
  for (const candidate of candidates) {
    const path = join(clientDir, candidate);
    if (existsSync(path)) return path;
  }
  return null;
}

export const LEGAL_SEARCH_RANK = 0.5;

/** The title without the site name suffix ("Prijzen | Balans" → "Prijzen"). */
function pageTitle(title: string): string {
  return title.replace(/\s+[|–—-]\s+Balans$/, "").trim() || title;
}

/** The prerendered public pages among `routes` (nothing before the client is built). */
export async function loadPrerenderedPages(pagesDir: string | undefined, routes: readonly string[]) {
  if (!pagesDir) return [];
  const documents: SearchDocument[] = [];
  for (const route of routes) {
    const file = prerenderedFile(pagesDir, route);
    if (!file) continue;
    const page = extractPage(await readFile(file, "utf8"));
    if (!page || !page.title || !page.text) continue;
    documents.push({
      url: route,
      title: pageTitle(page.title),
      content: page.text,
      excerpt: page.description || undefined,
      contentType: "page",
      // Legal texts mention nearly every subject; they should not outrank the page about it.
      ...(route.startsWith("/legal/") ? { searchRank: LEGAL_SEARCH_RANK } : {}),
    });
  }
  return documents;
}

/**
 * Public routes that are not pages to find: sign-in, search itself, newsletter links, the blog (articles are
 * indexed from their Markdown) and the FAQ page (each question is its own result).
 */
const NOT_INDEXED =
  /^\/(?:inloggen|aanmelden|wachtwoord-vergeten|wachtwoord-herstellen|e-mail-bevestigen|zoeken|nieuwsbrief\/.*|blog|blog\/.+|support\/faq)$/;

/** Everything the site search covers. */
export async function collectSiteDocuments(options: {
  pagesDir: string | undefined;
  blogDir: string;
  faqItems: readonly FaqEntry[];
  routes: readonly string[];
}): Promise<SearchDocument[]> {
  const pages = await loadPrerenderedPages(
    options.pagesDir,
    options.routes.filter((route) => !NOT_INDEXED.test(route)),
  );
  return [...pages, ...(await loadArticles(options.blogDir)), ...faqDocuments(options.faqItems)];
}
