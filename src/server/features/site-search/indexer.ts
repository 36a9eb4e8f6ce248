/**
 * Puts the public site's content into searchable_content: articles, FAQ items and pages. Runs at start-up.
 * 1. Each document carries a hash of its fields; a row whose hash is unchanged is left alone, so a restart
 *    without content changes writes nothing.
 * 2. New and changed documents are upserted by URL and their search vector recomputed with the Dutch
 *    configuration: title weight A, excerpt, category and tags B, body C.
 * 3. Rows of the indexed kinds whose URL no longer exists are removed.
 * An advisory lock keeps two instances starting at once from indexing at the same time.
 */
import { createHash } from "node:crypto";
import { and, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { searchableContent } from "../../db/schema/index";

export type SearchDocument = {
  url: string;
  title: string;
  content: string;
  excerpt?: string | undefined;
  contentType: "page" | "article" | "faq";
  slug?: string | undefined;
  category?: string | undefined;
  tags?: string[] | undefined;
  author?: string | undefined;
  publishedAt?: Date | undefined;
  /** A multiplier on the text rank (default 1). */
  searchRank?: number | undefined;
};

export type IndexOutcome = { added: number; updated: number; removed: number; unchanged: number };

export function documentHash(document: SearchDocument): string {
  return createHash("sha256")
    .update(JSON.stringify({ ...document, publishedAt: document.publishedAt?.toISOString() ?? null }))
    .digest("hex");
}

export async function indexSiteContent(
  db: Database,
  documents: readonly SearchDocument[],
  now: Date,
): Promise<IndexOutcome> {
  const kinds = [
    ...new Set<SearchDocument["contentType"]>([
      "page",
      "article",
      "faq",
      ...documents.map((d) => d.contentType),
    ]),
  ];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('balans:search-index'))`);
    const existing = await tx
      .select({ url: searchableContent.url, metadata: searchableContent.metadata })
      .from(searchableContent)
      .where(inArray(searchableContent.contentType, kinds));
    const hashes = new Map(existing.map((row) => [row.url, row.metadata?.contentHash]));

    const outcome: IndexOutcome = { added: 0, updated: 0, removed: 0, unchanged: 0 };
    const changedUrls: string[] = [];
    for (const document of documents) {
      const hash = documentHash(document);
      const known = hashes.get(document.url);
      if (known === hash) {
        outcome.unchanged++;
        continue;
      }
      if (hashes.has(document.url)) outcome.updated++;
      else outcome.added++;
      changedUrls.push(document.url);
      const values = {
        title: document.title,
        content: document.content,
        excerpt: document.excerpt ?? null,
        contentType: document.contentType,
        slug: document.slug ?? null,
        url: document.url,
        language: "nl",
        isPublished: true,
        publishedAt: document.publishedAt ?? null,
        searchRank: document.searchRank ?? 1,
        tags: document.tags ?? null,
        author: document.author ?? null,
        category: document.category ?? null,
        metadata: { contentHash: hash },
        lastIndexed: now,
      };
      await tx
        .insert(searchableContent)
        .values(values)
        .onConflictDoUpdate({ target: searchableContent.url, set: { ...values, updatedAt: now } });
    }

    if (changedUrls.length > 0) {
      await tx.execute(sql`
        update searchable_content set search_vector =
          setweight(to_tsvector('dutch', title), 'A') ||
          setweight(to_tsvector('dutch', coalesce(excerpt, '') || ' ' || coalesce(category, '') || ' ' ||
            coalesce(array_to_string(tags, ' '), '')), 'B') ||
          setweight(to_tsvector('dutch', coalesce(content, '')), 'C')
        where ${inArray(searchableContent.url, changedUrls)}
      `);
    }

    const currentUrls = documents.map((document) => document.url);
    const removed = await tx
      .delete(searchableContent)
      .where(
        and(
          inArray(searchableContent.contentType, kinds),
          currentUrls.length > 0 ? notInArray(searchableContent.url, currentUrls) : sql`true`,
        ),
      )
      .returning({ url: searchableContent.url });
    outcome.removed = removed.length;
    return outcome;
  });
}
