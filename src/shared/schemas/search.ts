import { z } from "../validation";

export const SEARCH_QUERY_MAX = 100;

/** GET /api/search?q= and GET /api/search/suggestions?q= */
export const SearchQuerySchema = z.object({
  q: z
    .string({ error: "Vul een zoekterm in" })
    .trim()
    .min(1, "Vul een zoekterm in")
    .max(SEARCH_QUERY_MAX, `Een zoekterm mag maximaal ${SEARCH_QUERY_MAX} karakters zijn`),
});

export const SuggestionQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX).default(""),
});

/** What a result is; its Dutch label is shown beside it. */
export const CONTENT_TYPE_LABELS: Record<string, string> = {
  page: "Pagina",
  article: "Blog",
  faq: "Veelgestelde vraag",
};

/** A piece of an excerpt: `match` pieces are the words that matched the query (shown marked). */
export const HighlightPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type HighlightPart = z.infer<typeof HighlightPartSchema>;

export const SearchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  contentType: z.string(),
  category: z.string().nullable(),
  /** The excerpt around the matches, split so the client can mark them without parsing HTML. */
  highlight: z.array(HighlightPartSchema),
  rank: z.number(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchAnswerSchema = z.object({
  query: z.string(),
  /** The logged search, to record which result was opened. */
  searchId: z.string(),
  results: z.array(SearchResultSchema),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

export const SuggestionsAnswerSchema = z.object({ suggestions: z.array(z.string()) });
export type SuggestionsAnswer = z.infer<typeof SuggestionsAnswerSchema>;

export const SearchClickInputSchema = z.object({
  searchId: z.uuid("Ongeldige zoekopdracht"),
  resultId: z.uuid("Ongeldig resultaat"),
  position: z.number().int().min(1).max(100),
});
export type SearchClickInput = z.infer<typeof SearchClickInputSchema>;
