/**
 * The blog's article metadata and the rules that work on it (lists per category and tag, related posts).
 * Isomorphic and light: the article bodies are rendered from Markdown at build time (src/server/content/blog.ts)
 * and never parsed in the browser.
 */
import { slugify } from "./slug";

export interface BlogTerm {
  name: string;
  slug: string;
}

export interface BlogArticleMeta {
  slug: string;
  title: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  author: string;
  category: BlogTerm;
  tags: BlogTerm[];
  excerpt: string;
  /** Path of the illustration under the client's public assets, e.g. /images/blog/<slug>.svg. */
  image: string;
  readingMinutes: number;
}

/** An average adult reads Dutch non-fiction at roughly 200 words per minute. */
export const WORDS_PER_MINUTE = 200;

/** Whole minutes to read `text` (Markdown), at least 1. */
export function readingMinutes(text: string): number {
  const words = text
    .replace(/[#>*_`|[\]()-]/g, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export function toTerm(name: string): BlogTerm {
  return { name, slug: slugify(name) };
}

export interface BlogTermCount extends BlogTerm {
  count: number;
}

/** Every category (or tag) with the number of articles, most used first, then alphabetically. */
export function listTerms(articles: readonly BlogArticleMeta[], kind: "category" | "tags"): BlogTermCount[] {
  const counts = new Map<string, BlogTermCount>();
  for (const article of articles) {
    const terms = kind === "category" ? [article.category] : article.tags;
    for (const term of terms) {
      const entry = counts.get(term.slug) ?? { ...term, count: 0 };
      entry.count += 1;
      counts.set(term.slug, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, "nl"));
}

export function articlesInCategory(articles: readonly BlogArticleMeta[], categorySlug: string) {
  return articles.filter((article) => article.category.slug === categorySlug);
}

export function articlesWithTag(articles: readonly BlogArticleMeta[], tagSlug: string) {
  return articles.filter((article) => article.tags.some((tag) => tag.slug === tagSlug));
}

/**
 * The articles most like `article`: two points for the same category, one per shared tag; ties go to the
 * newer article. Articles with nothing in common are only used to fill up the list.
 */
export function relatedArticles(
  article: BlogArticleMeta,
  articles: readonly BlogArticleMeta[],
  limit = 3,
): BlogArticleMeta[] {
  const tagSlugs = new Set(article.tags.map((tag) => tag.slug));
  return articles
    .filter((other) => other.slug !== article.slug)
    .map((other) => ({
      other,
      score:
        (other.category.slug === article.category.slug ? 2 : 0) +
        other.tags.filter((tag) => tagSlugs.has(tag.slug)).length,
    }))
    .sort((a, b) => b.score - a.score || b.other.date.localeCompare(a.other.date))
    .slice(0, limit)
    .map(({ other }) => other);
}
