/** /support/faq: every question, grouped by subject, with a search that filters on the page as you type. */
import { useEffect, useId, useMemo, useState } from "react";
import { Search } from "lucide-react";
import { FAQ_ITEMS, type FaqItem } from "@shared/content/faq";
import { MARKETING } from "@shared/content/marketing";
import type { PageMeta } from "@shared/content/seo";
import { announce } from "@client/lib/announcer";
import { CallToAction, PageHero } from "../components/blocks";
import { FaqAccordion } from "../components/faq-accordion";

const META: PageMeta = {
  title: "Veelgestelde vragen",
  path: "/support/faq",
  description:
    "Antwoorden op de meest gestelde vragen over Balans: de proefperiode, prijzen, bankimport, btw, facturen, uren, bonnetjes en privacy.",
  keywords: ["veelgestelde vragen", "FAQ", "support", "Balans", "boekhouden zzp"],
  structuredData: ["faq"],
};

export const getMeta = () => META;

/** Lower case without accents, so "cafe" finds "café". */
function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Items that contain every word of the query, in their question, answer or category. */
export function searchFaq(items: readonly FaqItem[], query: string): FaqItem[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = normalise(`${item.question} ${item.answer} ${item.category}`);
    return words.every((word) => text.includes(word));
  });
}

export function Page() {
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const results = useMemo(() => searchFaq(FAQ_ITEMS, query), [query]);
  const categories = [...new Set(results.map((item) => item.category))];
  const isSearching = query.trim().length > 0;

  // A link from the site search (/support/faq#<id>) opens that question and brings it into view.
  useEffect(() => {
    const openLinkedQuestion = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!FAQ_ITEMS.some((item) => item.id === id)) return;
      setQuery("");
      setOpenIds((current) => new Set(current).add(id));
      requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: "start" }));
    };
    openLinkedQuestion();
    window.addEventListener("hashchange", openLinkedQuestion);
    return () => window.removeEventListener("hashchange", openLinkedQuestion);
  }, []);

  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHero eyebrow="Support" title="Veelgestelde vragen">
        <p>Staat je vraag er niet bij? Mail ons op {MARKETING.support.email}; we antwoorden op werkdagen.</p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <form role="search" onSubmit={(event) => event.preventDefault()} className="relative">
          <label htmlFor={inputId} className="mb-2 block font-semibold text-foreground">
            Zoek in de veelgestelde vragen
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute bottom-3.5 left-3.5 size-5 text-slate-500"
          />
          <input
            id={inputId}
            type="search"
            value={query}
            onChange={(event) => {
              const next = event.target.value;
              setQuery(next);
              const count = searchFaq(FAQ_ITEMS, next).length;
              if (next.trim()) announce(count === 1 ? "1 vraag gevonden" : `${count} vragen gevonden`);
            }}
            placeholder="Bijvoorbeeld: creditnota, KOR of bankimport"
            className="h-12 w-full rounded-xl border border-input bg-card pr-4 pl-11 text-base text-foreground shadow-xs outline-none placeholder:text-slate-500 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30"
          />
        </form>
        {isSearching && (
          <p className="mt-4 text-sm text-slate-600">
            {results.length === 1 ? "1 vraag gevonden" : `${results.length} vragen gevonden`}
          </p>
        )}
        {results.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center text-slate-700">
            <p className="font-semibold text-foreground">
              Geen vragen gevonden voor &lsquo;{query.trim()}&rsquo;
            </p>
            <p className="mt-2">
              Probeer een ander woord, of mail je vraag naar{" "}
              <a className="font-semibold text-primary underline" href={`mailto:${MARKETING.support.email}`}>
                {MARKETING.support.email}
              </a>
              .
            </p>
          </div>
        ) : (
          <div className="mt-8 flex flex-col gap-10">
            {categories.map((category) => (
              <section key={category} aria-label={category} className="flex flex-col gap-4">
                <h2 className="text-xl font-bold tracking-tight text-foreground">{category}</h2>
                <FaqAccordion
                  items={results.filter((item) => item.category === category)}
                  openIds={openIds}
                  onToggle={toggle}
                />
              </section>
            ))}
          </div>
        )}
      </div>
      <CallToAction />
    </>
  );
}
