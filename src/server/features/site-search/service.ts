/**
 * Site search over the searchable_content table with PostgreSQL's Dutch full-text configuration (PGlite ships
 * the same snowball stemmer, so results are identical on both databases).
 * 1. The query becomes a prefix match on every word ("factu" finds "facturen"), all words required.
 * 2. Ranking: ts_rank over the weighted document (title A, excerpt and tags B, body C), divided by the log of
 *    its length (normalisation 1, so a long text does not win by repetition alone), times the item's own
 *    search_rank: a match in a title beats the same word deep in an article.
 * 3. Excerpts come from ts_headline with sentinel marks, returned as plain parts: no HTML reaches the page.
 * 4. Every search is logged; a search that found something counts toward the suggestions.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { HighlightPart, SearchAnswer, SearchResult, SuggestionsAnswer } from "@shared/schemas/search";
import type { Database } from "../../db/client";
import { startsWithPattern } from "../../db/like";
import { searchQueries, searchSuggestions } from "../../db/schema/index";

const RESULT_LIMIT = 20;
const SUGGESTION_LIMIT = 8;
const MARK_START = "\u27E6";
const MARK_END = "\u27E7";

/** The words of a query as a prefix tsquery source ("btw aangi" → "btw:* & aangi:*"), or null without words. */
export function toPrefixQuery(query: string): string | null {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return words
    .slice(0, 10)
    .map((word) => `${word}:*`)
    .join(" & ");
}

/** Splits a ts_headline excerpt at the sentinel marks into plain and matched parts. */
export function splitHighlight(headline: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  const pattern = new RegExp(`${MARK_START}([^${MARK_END}]*)${MARK_END}`, "g");
  let last = 0;
  for (const found of headline.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: headline.slice(last, found.index), match: false });
    parts.push({ text: found[1]!, match: true });
    last = found.index + found[0].length;
  }
  if (last < headline.length) parts.push({ text: headline.slice(last), match: false });
  // Neighbouring matched words read as one mark.
  return parts.filter((part) => part.text.length > 0);
}

/** An excerpt cut from the middle of a text starts or ends with an ellipsis, so it does not read as whole. */
export function markCut(excerpt: string): string {
  const trimmed = excerpt.trim();
  if (!trimmed) return trimmed;
  const start = /^[\p{Ll}\p{N},;:)]/u.test(trimmed.replace(MARK_START, "")) ? "… " : "";
  const end = /[.!?)"”]$/u.test(trimmed.replace(new RegExp(`${MARK_END}$`), "")) ? "" : " …";
  return `${start}${trimmed}${end}`;
}

/** The published items matching the query, best first. */
export async function searchContent(db: Database, query: string): Promise<SearchResult[]> {
  const prefixQuery = toPrefixQuery(query);
  if (!prefixQuery) return [];
  const rows = (await db.execute(sql`
    with matches as (
      select c.id, c.title, c.url, c.content_type, c.category, c.excerpt, c.content,
             ts_rank('{0.1, 0.2, 0.4, 1.0}', c.search_vector, q.query, 1) * c.search_rank as rank, q.query
      from searchable_content c, to_tsquery('dutch', ${prefixQuery}) as q(query)
      where c.is_published and c.search_vector @@ q.query
      order by rank desc, c.title
      limit ${RESULT_LIMIT}
    )
    select id, title, url, content_type, category, rank,
           ts_headline(
             'dutch',
             translate(coalesce(nullif(content, ''), excerpt, ''), ${MARK_START + MARK_END}, ''),
             query,
             ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}
           ) as headline
    from matches
    order by rank desc, title
  `)) as unknown as {
    rows: Array<{
      id: string;
      title: string;
      url: string;
      content_type: string;
      category: string | null;
      rank: number | string;
      headline: string;
    }>;
  };
  return rows.rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: row.url,
    contentType: row.content_type,
    category: row.category,
    rank: Number(row.rank),
    highlight: splitHighlight(markCut(row.headline)),
  }));
}

export type Searcher = { ipAddress: string | null; userId: string | null };

/** Searches, logs the search and, when it found something, counts the query toward the suggestions. */
export async function searchSite(
  db: Database,
  query: string,
  searcher: Searcher,
  now: Date,
): Promise<SearchAnswer> {
  const started = performance.now();
  const results = await searchContent(db, query);
  const searchTime = Math.round(performance.now() - started);
  const [logged] = await db
    .insert(searchQueries)
    .values({
      query,
      ipAddress: searcher.ipAddress,
      userId: searcher.userId,
      resultsCount: results.length,
      searchTime,
      hasResults: results.length > 0,
      source: "site",
      createdAt: now,
    })
    .returning({ id: searchQueries.id });
  if (results.length > 0) await countSuggestion(db, query, now);
  return { query, searchId: logged!.id, results };
}

/** The normalised form a query is counted under: trimmed, single spaces, lower case. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ").toLowerCase();
}

async function countSuggestion(db: Database, query: string, now: Date): Promise<void> {
  const suggestion = normaliseQuery(query);
  if (suggestion.length < 2) return;
  await db.execute(sql`
    insert into search_suggestions (suggestion, search_count, language, created_at, updated_at)
    values (${suggestion}, 1, 'nl', ${now.toISOString()}, ${now.toISOString()})
    on conflict (lower(suggestion) text_pattern_ops)
    do update set search_count = search_suggestions.search_count + 1, updated_at = excluded.updated_at
  `);
}

/**
 * Suggestions while typing: popular earlier searches starting with what was typed (most searched first), then
 * titles of pages that contain it. With nothing typed, the most popular searches.
 */
export async function suggestSearches(db: Database, typed: string): Promise<SuggestionsAnswer> {
  const prefix = normaliseQuery(typed);
  const pattern = startsWithPattern(prefix);
  const popular = await db
    .select({ suggestion: searchSuggestions.suggestion })
    .from(searchSuggestions)
    .where(
      and(eq(searchSuggestions.isActive, true), sql`lower(${searchSuggestions.suggestion}) like ${pattern}`),
    )
    .orderBy(
      sql`${searchSuggestions.priority} desc`,
      sql`${searchSuggestions.searchCount} desc`,
      searchSuggestions.suggestion,
    )
    .limit(SUGGESTION_LIMIT);
  const suggestions = popular.map((row) => row.suggestion);
  if (prefix.length >= 2 && suggestions.length < SUGGESTION_LIMIT) {
    const titles = (await db.execute(sql`
      select title from searchable_content
      where is_published and title ilike ${`%${pattern}`}
      order by search_rank desc, title
      limit ${SUGGESTION_LIMIT}
    `)) as unknown as { rows: Array<{ title: string }> };
    for (const { title } of titles.rows) {
      if (suggestions.length >= SUGGESTION_LIMIT) break;
      if (!suggestions.some((existing) => existing.toLowerCase() === title.toLowerCase()))
        suggestions.push(title);
    }
  }
  return { suggestions };
}

/** Records which result of a logged search was opened (once per search). */
export async function recordSearchClick(
  db: Database,
  click: { searchId: string; resultId: string; position: number },
): Promise<void> {
  await db
    .update(searchQueries)
    .set({ clickedResultId: click.resultId, clickedPosition: click.position })
    .where(
      and(
        eq(searchQueries.id, click.searchId),
        isNull(searchQueries.clickedResultId),
        // A result id that is not (or no longer) indexed is ignored rather than breaking the link.
        sql`exists (select 1 from searchable_content where id = ${click.resultId})`,
      ),
    );
}

/** Erasure (AVG art. 17): the searches stay for the search statistics, no longer linked to the person. */
export async function unlinkSearchQueriesOf(tx: Database, userId: string): Promise<void> {
  await tx.update(searchQueries).set({ userId: null }).where(eq(searchQueries.userId, userId));
}
