/** /legal/privacy: the privacy statement under the AVG, with the form for access and erasure requests. */
import { QueryClientProvider } from "@tanstack/react-query";
import type { PageMeta } from "@shared/content/seo";
import { GdprRequestForm } from "@client/features/consent/gdpr-request-form";
import { announce } from "@client/lib/announcer";
import { queryClient } from "@client/lib/query-client";
import privacyHtml from "../../../../content/legal/privacy.md";
import { LegalDocument } from "../components/legal-document";

const META: PageMeta = {
  title: "Privacyverklaring",
  path: "/legal/privacy",
  description:
    "Hoe Balans met je persoonsgegevens omgaat volgens de AVG: welke gegevens, waarvoor, op welke grondslag, hoe lang (fiscale bewaarplicht van zeven jaar) en je rechten.",
  keywords: ["privacyverklaring", "AVG", "persoonsgegevens", "bewaartermijn", "Autoriteit Persoonsgegevens"],
};

export const getMeta = () => META;

export function Page() {
  return (
    <LegalDocument title={META.title!} html={privacyHtml}>
      <section
        aria-labelledby="verzoek-title"
        className="mt-12 rounded-2xl border border-border bg-background p-6"
      >
        <h2 id="verzoek-title" className="text-xl font-semibold text-foreground">
          Inzage of verwijdering aanvragen
        </h2>
        <p className="mt-2 text-slate-700">
          Vul het e-mailadres van je account in en kies wat je wilt. Je ontvangt een bevestiging per e-mail.
        </p>
        <div className="mt-5">
          <QueryClientProvider client={queryClient}>
            <GdprRequestForm defaultEmail="" onAnnounce={announce} />
          </QueryClientProvider>
        </div>
      </section>
    </LegalDocument>
  );
}
