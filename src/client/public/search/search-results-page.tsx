import { QueryClientProvider } from "@tanstack/react-query";
import type { PageMeta } from "@shared/content/seo";
import { Link, useSearch } from "wouter";
import { FileQuestion, SearchX } from "lucide-react";
import { CONTENT_TYPE_LABELS, type SearchResult } from "@shared/schemas/search";
import { Badge } from "@client/components/ui/badge";
import { EmptyState } from "@client/components/ui/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { queryClient } from "@client/lib/query-client";
import { useIsHydrated } from "@client/lib/use-is-hydrated";
import { recordSearchClick, useSiteSearch } from "./api";
import { SiteSearchBox } from "./search-box";

/** /zoeken?q=: the results of the site search, with the matching words marked in each excerpt. */
function SearchResultsPage() {
  const q = new URLSearchParams(useSearch()).get("q")?.trim() ?? "";
  // The prerendered page knows no query; until hydration is done it shows the loading state, not "no query".
  const isHydrated = useIsHydrated();
  const { data, isPending, isError, error } = useSiteSearch(q);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">Zoeken</h1>
      <p className="mt-2 text-muted-foreground">Zoek in de handleiding, de veelgestelde vragen en de blog.</p>
      <SiteSearchBox initialQuery={q} className="mt-6" />

      <section aria-labelledby="zoekresultaten" className="mt-8">
        <h2 id="zoekresultaten" className="sr-only">
          Zoekresultaten
        </h2>
        {!isHydrated ? (
          <Skeleton className="h-24 w-full" />
        ) : !q ? (
          <EmptyState
            icon={FileQuestion}
            title="Waar ben je naar op zoek?"
            description="Typ een woord of vraag, bijvoorbeeld 'btw-aangifte' of 'factuur maken'."
          />
        ) : isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true" aria-label="Resultaten laden">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-24 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
            Zoeken is niet gelukt. {getErrorMessage(error)}
          </p>
        ) : data.results.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={`Geen resultaten voor '${q}'`}
            description="Probeer een ander of korter woord, of stel je vraag aan ons team."
            action={
              <Link
                href="/support/contact"
                className="text-sm font-medium text-primary underline underline-offset-4 hover:decoration-2"
              >
                Neem contact op
              </Link>
            }
          />
        ) : (
          <>
            <p className="mb-4 text-sm text-muted-foreground" role="status">
              {data.results.length === 1 ? "1 resultaat" : `${data.results.length} resultaten`} voor &lsquo;
              {q}
              &rsquo;
            </p>
            <ol className="flex flex-col gap-3">
              {data.results.map((result, index) => (
                <SearchResultItem
                  key={result.id}
                  result={result}
                  onOpen={() =>
                    recordSearchClick({ searchId: data.searchId, resultId: result.id, position: index + 1 })
                  }
                />
              ))}
            </ol>
          </>
        )}
      </section>
    </div>
  );
}

const resultLinkClass =
  "rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl group-hover:text-primary focus-visible:ring-3 focus-visible:ring-ring/40";

function SearchResultItem({ result, onOpen }: { result: SearchResult; onOpen: () => void }) {
  return (
    <li className="group relative rounded-xl border border-border bg-card p-4 shadow-xs transition-colors hover:border-primary/40 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="muted">{CONTENT_TYPE_LABELS[result.contentType] ?? "Pagina"}</Badge>
        {result.category && <span className="text-xs text-muted-foreground">{result.category}</span>}
      </div>
      <h3 className="mt-2 text-base font-semibold text-foreground">
        {/* The whole card is clickable through the link's ::after; the link text stays the title. A link to a
            place on a page (an FAQ item) loads that page so the browser scrolls to the item. */}
        {result.url.includes("#") ? (
          <a href={result.url} onClick={onOpen} className={resultLinkClass}>
            {result.title}
          </a>
        ) : (
          <Link href={result.url} onClick={onOpen} className={resultLinkClass}>
            {result.title}
          </Link>
        )}
      </h3>
      <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
        {result.highlight.map((part, index) =>
          part.match ? (
            <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-foreground">
              {part.text}
            </mark>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      <p className="mt-2 truncate text-xs text-muted-foreground/90">{result.url.replace(/#.*$/, "")}</p>
    </li>
  );
}

const META: PageMeta = {
  title: "Zoeken",
  path: "/zoeken",
  description: "Zoek in de veelgestelde vragen, de blog en de uitleg over Balans.",
  keywords: ["zoeken", "support", "Balans"],
  noindex: true,
};

export const getMeta = () => META;

export function Page() {
  return (
    <QueryClientProvider client={queryClient}>
      <SearchResultsPage />
    </QueryClientProvider>
  );
}
