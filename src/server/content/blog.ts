/**
 * Loads the blog articles from content/blog/*.md: YAML front matter checked against one schema, the body
 * rendered to HTML with marked. Used at build time (the blog index, the client bundle, prerendering) and by
 * anything on the server that needs the articles' text.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Marked } from "marked";
import YAML from "yaml";
import { readingMinutes, toTerm, type BlogArticleMeta } from "../../shared/content/blog";
import { z } from "../../shared/validation";

export const BLOG_CONTENT_DIR = fileURLToPath(new URL("../../../content/blog", import.meta.url));

export interface BlogArticle extends BlogArticleMeta {
  /** The Markdown body, without front matter. */
  markdown: string;
  html: string;
}

const FrontMatterSchema = z.object({
  title: z.string().trim().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "alleen kleine letters, cijfers en streepjes"),
  date: z.iso.date(),
  author: z.string().trim().min(1),
  category: z.string().trim().min(1),
  tags: z.array(z.string().trim().min(1)).min(1),
  excerpt: z.string().trim().min(1),
  image: z.string().regex(/^\/images\/[\w./-]+\.(?:svg|webp|png|jpe?g)$/, "een pad onder /images/"),
});

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

const markdown = new Marked({ gfm: true });

/** Markdown to HTML; tables get a scrolling wrapper so they never widen a phone screen. */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  return html
    .replaceAll("<table>", '<div class="table-scroll"><table>')
    .replaceAll("</table>", "</table></div>");
}

/** One article from its file; throws with the file name and the problem when the front matter is wrong. */
export function parseBlogArticle(fileName: string, source: string): BlogArticle {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${fileName}: front matter (--- … ---) ontbreekt`);
  const parsed = FrontMatterSchema.safeParse(YAML.parse(match[1] ?? ""));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`${fileName}: ${problems.join("; ")}`);
  }
  const front = parsed.data;
  const expectedSlug = basename(fileName, ".md");
  if (front.slug !== expectedSlug) {
    throw new Error(
      `${fileName}: slug "${front.slug}" moet gelijk zijn aan de bestandsnaam "${expectedSlug}"`,
    );
  }
  const body = source.slice(match[0].length).trim();
  return {
    slug: front.slug,
    title: front.title,
    date: front.date,
    author: front.author,
    category: toTerm(front.category),
    tags: front.tags.map(toTerm),
    excerpt: front.excerpt,
    image: front.image,
    readingMinutes: readingMinutes(body),
    markdown: body,
    html: renderMarkdown(body),
  };
}

/** All articles, newest first. */
export function loadBlogArticles(dir: string = BLOG_CONTENT_DIR): BlogArticle[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => parseBlogArticle(name, readFileSync(join(dir, name), "utf8")))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** The metadata part of an article (what the blog index and the route list need). */
export function toArticleMeta({ markdown: _markdown, html: _html, ...meta }: BlogArticle): BlogArticleMeta {
  return meta;
}
