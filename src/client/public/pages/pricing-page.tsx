/** /prijzen: one plan, everything included (spec §1: from 22 EUR a month, 14-day trial without credit card). */
import { FAQ_ITEMS } from "@shared/content/faq";
import { MARKETING, PRICE_PER_MONTH_TEXT } from "@shared/content/marketing";
import type { PageMeta } from "@shared/content/seo";
import { CallToAction, CheckList, PageHero, TrialButton } from "../components/blocks";
import { FaqAccordion } from "../components/faq-accordion";

const META: PageMeta = {
  title: "Prijzen",
  path: "/prijzen",
  description: `Balans kost ${PRICE_PER_MONTH_TEXT} per maand ${MARKETING.price.vatNote}, met alle functies. Probeer ${MARKETING.trialDays} dagen gratis zonder creditcard en zeg maandelijks op.`,
  keywords: ["prijzen", "boekhoudprogramma kosten", "boekhouden zzp prijs", "gratis proberen"],
  structuredData: ["organization", "software"],
};

export const getMeta = () => META;

const INCLUDED = [
  "Onbeperkt transacties, klanten en facturen",
  "Bankafschriften importeren (ING, Rabobank, ABN AMRO)",
  "Terugkerende transacties",
  "Uren met timer en urencriterium",
  "Facturen als PDF met betaal-QR-code",
  "Facturen versturen per e-mail",
  "Creditnota's",
  "Je logo en bedrijfsgegevens op elke factuur",
  "Export van al je gegevens",
  "Support per e-mail op werkdagen",
];

const PRICING_FAQ_IDS = ["proefperiode", "creditcard", "prijs", "opzeggen", "export"];

export function Page() {
  return (
    <>
      <PageHero eyebrow="Prijzen" title="Eén abonnement, alles inbegrepen">
        <p>
          Geen pakketten om uit te kiezen en geen kosten per factuur. Je betaalt één vast bedrag per maand en
          gebruikt alles wat Balans kan.
        </p>
      </PageHero>
      <section aria-labelledby="abonnement-title" className="px-4 py-16 sm:px-6">
        <div className="mx-auto grid max-w-4xl gap-8 rounded-3xl border border-border bg-card p-8 shadow-sm sm:p-10 lg:grid-cols-[1fr_1.2fr]">
          <div className="flex flex-col items-start">
            <h2 id="abonnement-title" className="text-2xl font-bold text-foreground">
              Balans
            </h2>
            <p className="mt-2 text-slate-600">Voor zzp&apos;ers en kleine ondernemers</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="text-5xl font-bold tracking-tight text-foreground">
                {PRICE_PER_MONTH_TEXT}
              </span>
              <span className="text-slate-600">per {MARKETING.price.period}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">{MARKETING.price.vatNote}, maandelijks opzegbaar</p>
            <div className="mt-8">
              <TrialButton />
            </div>
            <p className="mt-3 text-sm text-slate-600">
              {MARKETING.trialDays} dagen gratis, geen creditcard nodig
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-foreground">Dit zit erin</h3>
            <CheckList items={INCLUDED} className="mt-4" />
          </div>
        </div>
      </section>
      <section aria-labelledby="prijzen-faq-title" className="bg-background">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2
            id="prijzen-faq-title"
            className="text-center text-3xl font-bold tracking-tight text-foreground"
          >
            Vragen over de prijs
          </h2>
          <div className="mt-10">
            <FaqAccordion items={FAQ_ITEMS.filter((item) => PRICING_FAQ_IDS.includes(item.id))} />
          </div>
        </div>
      </section>
      <CallToAction />
    </>
  );
}
