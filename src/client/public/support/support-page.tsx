import { QueryClientProvider } from "@tanstack/react-query";
import type { PageMeta } from "@shared/content/seo";
import { Link } from "wouter";
import { Activity, ArrowRight, BookOpen, HelpCircle, MessageSquare, type LucideIcon } from "lucide-react";
import { queryClient } from "@client/lib/query-client";
import { SiteSearchBox } from "../search/search-box";

const ROUTES: { href: string; icon: LucideIcon; title: string; text: string }[] = [
  {
    href: "/support/faq",
    icon: HelpCircle,
    title: "Veelgestelde vragen",
    text: "Antwoorden over je account, facturen, btw, bonnetjes en je gegevens.",
  },
  {
    href: "/support/contact",
    icon: MessageSquare,
    title: "Contact",
    text: "Stel je vraag aan ons team. Je krijgt binnen twee werkdagen antwoord.",
  },
  {
    href: "/support/status",
    icon: Activity,
    title: "Status",
    text: "Zie direct of Balans en alle onderdelen normaal werken.",
  },
  {
    href: "/blog",
    icon: BookOpen,
    title: "Blog",
    text: "Uitleg over de btw-aangifte, de KOR, het urencriterium en meer.",
  },
];

const POPULAR = ["btw-aangifte", "factuur maken", "bonnetjes bewaren", "proefperiode"];

/** /support: the support hub with the site search, the ways to get help and the newsletter. */
function SupportPage() {
  return (
    <>
      <section
        aria-labelledby="support-title"
        className="border-b border-border bg-gradient-to-b from-brand-50 to-card"
      >
        <div className="mx-auto max-w-3xl px-4 pt-12 pb-14 text-center sm:px-6 sm:pt-16 sm:pb-20">
          <h1 id="support-title" className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
            Hoe kunnen we je helpen?
          </h1>
          <p className="mt-3 text-pretty text-muted-foreground sm:text-lg">
            Zoek in de veelgestelde vragen, de blog en de uitleg over Balans.
          </p>
          <SiteSearchBox size="lg" className="mt-8 text-left" />
          <p className="mt-4 flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
            <span>Veel gezocht:</span>
            {POPULAR.map((term) => (
              <Link
                key={term}
                href={`/zoeken?${new URLSearchParams({ q: term })}`}
                className="rounded-full border border-border bg-card px-3 py-1 text-foreground hover:border-primary/40 hover:text-primary"
              >
                {term}
              </Link>
            ))}
          </p>
        </div>
      </section>

      <section aria-labelledby="support-routes" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="support-routes" className="text-xl font-semibold tracking-tight text-foreground">
          Andere manieren om verder te komen
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ROUTES.map(({ href, icon: Icon, title, text }) => (
            <li
              key={href}
              className="group relative flex flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-xs transition-colors hover:border-primary/40"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="font-semibold text-foreground">
                <Link
                  href={href}
                  className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl group-hover:text-primary focus-visible:ring-3 focus-visible:ring-ring/40"
                >
                  {title}
                </Link>
              </h3>
              <p className="text-sm text-muted-foreground">{text}</p>
              <ArrowRight
                className="mt-auto size-4 text-muted-foreground group-hover:text-primary"
                aria-hidden
              />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

const META: PageMeta = {
  title: "Support",
  path: "/support",
  description:
    "Hulp bij Balans: zoek in de veelgestelde vragen en de blog, stel je vraag aan ons team of bekijk de status van de dienst.",
  keywords: ["support", "hulp", "Balans", "veelgestelde vragen", "contact", "status"],
};

export const getMeta = () => META;

export function Page() {
  return (
    <QueryClientProvider client={queryClient}>
      <SupportPage />
    </QueryClientProvider>
  );
}
