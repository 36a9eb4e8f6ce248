/** /legal/algemene-voorwaarden and /legal/verwerkersovereenkomst. */
import type { PageMeta } from "@shared/content/seo";
import termsHtml from "../../../../content/legal/algemene-voorwaarden.md";
import processingAgreementHtml from "../../../../content/legal/verwerkersovereenkomst.md";
import { LegalDocument } from "../components/legal-document";
import type { PublicPageModule } from "../public-pages";

function legalPage(meta: PageMeta & { title: string }, html: string): PublicPageModule {
  return {
    getMeta: () => meta,
    Page: () => <LegalDocument title={meta.title} html={html} />,
  };
}

export const terms = legalPage(
  {
    title: "Algemene voorwaarden",
    path: "/legal/algemene-voorwaarden",
    description:
      "De algemene voorwaarden van Balans: account, proefperiode, prijs en betaling, opzeggen, je gegevens, beschikbaarheid en aansprakelijkheid.",
    keywords: ["algemene voorwaarden", "voorwaarden", "abonnement", "opzeggen"],
  },
  termsHtml,
);

export const processingAgreement = legalPage(
  {
    title: "Verwerkersovereenkomst",
    path: "/legal/verwerkersovereenkomst",
    description:
      "De verwerkersovereenkomst van Balans volgens artikel 28 AVG: welke gegevens we voor je verwerken, beveiliging, subverwerkers, datalekken en je rechten.",
    keywords: ["verwerkersovereenkomst", "AVG", "artikel 28", "datalek", "subverwerkers"],
  },
  processingAgreementHtml,
);
