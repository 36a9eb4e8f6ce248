import { useEffect, useRef } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { PageMeta } from "@shared/content/seo";
import { Link, useSearch } from "wouter";
import { CheckCircle2, MailX, XCircle } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { PageLoader } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { queryClient } from "@client/lib/query-client";
import { useIsHydrated } from "@client/lib/use-is-hydrated";
import { useNewsletterLink } from "./api";

const COPY = {
  confirm: {
    title: "Aanmelding bevestigen",
    busy: "Je aanmelding wordt bevestigd…",
    done: "Aanmelding bevestigd",
  },
  unsubscribe: {
    title: "Afmelden voor de nieuwsbrief",
    busy: "Je wordt afgemeld…",
    done: "Je bent afgemeld",
  },
} as const;

/**
 * /nieuwsbrief/bevestigen and /nieuwsbrief/afmelden: the page the e-mail link opens. The token is sent with a
 * POST once the page runs, so a mail scanner that only fetches the link changes nothing.
 */
function NewsletterLinkPage({ action }: { action: "confirm" | "unsubscribe" }) {
  const copy = COPY[action];
  // The prerendered page has no token; it shows the busy state until the browser has read the link.
  const isHydrated = useIsHydrated();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const link = useNewsletterLink(action);
  const sentFor = useRef<string | null>(null);
  const { mutate } = link;

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
      {!isHydrated ? (
        <>
          <h1 className="sr-only">{copy.title}</h1>
          <PageLoader label={copy.busy} />
        </>
      ) : !token ? (
        <Outcome icon="error" title="Deze link is niet compleet">
          Open de link precies zoals hij in de e-mail staat, of meld je opnieuw aan.
        </Outcome>
      ) : link.isSuccess ? (
        <Outcome icon={action === "confirm" ? "ok" : "unsubscribed"} title={copy.done}>
          {link.data.message}
        </Outcome>
      ) : link.isError ? (
        <Outcome icon="error" title="Dat is niet gelukt">
          {getErrorMessage(link.error)}
        </Outcome>
      ) : (
        <>
          <h1 className="sr-only">{copy.title}</h1>
          <PageLoader label={copy.busy} />
        </>
      )}
    </div>
  );
}

function Outcome({
  icon,
  title,
  children,
}: {
  icon: "ok" | "unsubscribed" | "error";
  title: string;
  children: React.ReactNode;
}) {
  const Icon = icon === "ok" ? CheckCircle2 : icon === "unsubscribed" ? MailX : XCircle;
  return (
    <div role="status" className="flex flex-col items-center gap-4">
      <Icon className={icon === "error" ? "size-12 text-destructive" : "size-12 text-success"} aria-hidden />
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/blog">Naar de blog</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Naar de homepage</Link>
        </Button>
      </div>
    </div>
  );
}

function pageFor(action: "confirm" | "unsubscribe", meta: PageMeta) {
  return {
    getMeta: () => ({ ...meta, noindex: true }),
    Page: () => (
      <QueryClientProvider client={queryClient}>
        <NewsletterLinkPage action={action} />
      </QueryClientProvider>
    ),
  };
}

/** /nieuwsbrief/bevestigen */
export const confirm = pageFor("confirm", {
  title: "Aanmelding bevestigen",
  path: "/nieuwsbrief/bevestigen",
  description: "Bevestig je aanmelding voor de nieuwsbrief van Balans.",
  keywords: ["nieuwsbrief", "bevestigen", "Balans"],
});

/** /nieuwsbrief/afmelden */
export const unsubscribe = pageFor("unsubscribe", {
  title: "Afmelden voor de nieuwsbrief",
  path: "/nieuwsbrief/afmelden",
  description: "Meld je af voor de nieuwsbrief van Balans.",
  keywords: ["nieuwsbrief", "afmelden", "Balans"],
});
