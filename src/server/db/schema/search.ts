import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns";
import { users } from "./users";

/** PostgreSQL full-text document; Drizzle has no built-in column for it. Read and written as its text form. */
const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

export const searchableContent = pgTable(
  "searchable_content",
  {
    id: id(),
    title: text("title").notNull(),
    content: text("content"),
    excerpt: text("excerpt"),
    /** What the item is, e.g. page, blog post, FAQ. */
    contentType: text("content_type").notNull(),
    slug: text("slug"),
    url: text("url").notNull(),
    language: text("language").notNull().default("nl"),
    isPublished: boolean("is_published").notNull().default(true),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Filled by the indexer from title, excerpt and content with the item's language configuration. */
    searchVector: tsvector("search_vector"),
    searchRank: real("search_rank").notNull().default(1.0),
    tags: text("tags").array(),
    author: text("author"),
    category: text("category"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    lastIndexed: timestamp("last_indexed", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // Full-text search over published content.
    index("searchable_content_search_vector_idx")
      .using("gin", table.searchVector)
      .where(sql`${table.isPublished}`),
    // Re-indexing a page updates its row, found by URL.
    uniqueIndex("searchable_content_url_key").on(table.url),
  ],
);

export const searchQueries = pgTable(
  "search_queries",
  {
    id: id(),
    query: text("query").notNull(),
    sessionId: text("session_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    resultsCount: integer("results_count"),
    // Removing content keeps the search statistics and drops the link.
    clickedResultId: uuid("clicked_result_id").references(() => searchableContent.id, {
      onDelete: "set null",
    }),
    clickedPosition: integer("clicked_position"),
    /** How long the search took, in milliseconds. */
    searchTime: integer("search_time"),
    hasResults: boolean("has_results").notNull().default(false),
    filters: jsonb("filters").$type<Record<string, unknown>>(),
    source: text("source"),
    createdAt: createdAt(),
  },
  (table) => [
    // Deleting a user sets this link to NULL without a table scan.
    index("search_queries_user_id_idx").on(table.userId),
    // Removing content sets this link to NULL without a table scan.
    index("search_queries_clicked_result_id_idx").on(table.clickedResultId),
  ],
);

export const searchSuggestions = pgTable(
  "search_suggestions",
  {
    id: id(),
    suggestion: text("suggestion").notNull(),
    searchCount: integer("search_count").notNull().default(1),
    language: text("language").notNull().default("nl"),
    category: text("category"),
    isActive: boolean("is_active").notNull().default(true),
    priority: integer("priority").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    // One row per suggestion, case-insensitively; text_pattern_ops also serves the prefix match of autocomplete.
    uniqueIndex("search_suggestions_suggestion_key").on(sql`lower(${table.suggestion}) text_pattern_ops`),
  ],
);
