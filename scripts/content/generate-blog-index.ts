/**
 * Writes src/shared/content/blog-index.ts: the metadata of every article in content/blog, so that the
 * shared route list, the blog pages and the server know the articles without reading Markdown at run time.
 * `npm run build` runs this first; a unit test fails when the committed file is out of date.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { loadBlogArticles, toArticleMeta } from "../../src/server/content/blog";

export const BLOG_INDEX_FILE = fileURLToPath(
  new URL("../../src/shared/content/blog-index.ts", import.meta.url),
);

export async function renderBlogIndex(dir?: string): Promise<string> {
  const articles = loadBlogArticles(dir).map(toArticleMeta);
  const source = [
    "// Generated from content/blog/*.md by scripts/content/generate-blog-index.ts (run by `npm run build`).",
    "// Do not edit: change the articles and run `npx tsx scripts/content/generate-blog-index.ts`.",
    'import type { BlogArticleMeta } from "./blog";',
    "",
    "/** Every blog article, newest first. */",
    `export const BLOG_ARTICLES: readonly BlogArticleMeta[] = ${JSON.stringify(articles)};`,
    "",
  ].join("\n");
  const options = await resolveConfig(BLOG_INDEX_FILE);
  return format(source, { ...options, filepath: BLOG_INDEX_FILE });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(BLOG_INDEX_FILE, await renderBlogIndex());
  console.info(`Blog index written to ${BLOG_INDEX_FILE}`);
}
