/**
 * The four solution pages of the 'Oplossingen' menu, one template: what you get, how it works, the questions
 * people ask about it and the articles that explain the rules.
 */
import { badgeOf } from "@shared/content/feature-status";
import type { ReactNode } from "react";
import { Link } from "wouter";
import {
  Archive,
  BarChart3,
  Calculator,
  CalendarClock,
  FileMinus,
  FileText,
  Landmark,
  Mail,
  QrCode,
  Receipt,
  Repeat,
  ScanLine,
  Timer,
  Users,
} from "lucide-react";
import { BLOG_ARTICLES } from "@shared/content/blog-index";
import { FAQ_ITEMS } from "@shared/content/faq";
import { MARKETING } from "@shared/content/marketing";
import type { PageMeta } from "@shared/content/seo";
import {
  CallToAction,
  FeatureGrid,
  PageHero,
  Section,
  TrialButton,
  type FeatureCardData,
} from "../components/blocks";
import { FaqAccordion } from "../components/faq-accordion";
import type { PublicPageModule } from "../public-pages";

interface SolutionContent {
  meta: PageMeta & { title: string };
  eyebrow: string;
  heading: string;
  intro: ReactNode;
  notice?: ReactNode;
  featuresTitle: string;
  features: FeatureCardData[];
  steps: string[];
  faqIds: string[];
  articleSlugs: string[];
}

function solutionPage(content: SolutionContent): PublicPageModule {
  const faq = content.faqIds.map((id) => FAQ_ITEMS.find((item) => item.id === id)!);
  const articles = content.articleSlugs.map((slug) =>
    BLOG_ARTICLES.find((article) => article.slug === slug)!,
  );
  function Page() {
    return (
      <>
        <PageHero eyebrow={content.eyebrow} title={content.heading} actions={<TrialButton />}>
          {content.intro}
        </PageHero>
        {content.notice && (
          <div className="mx-auto mt-10 max-w-3xl px-4 sm:px-6">
            <div
              role="note"
              className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-pretty text-amber-950"
            >
              {content.notice}
            </div>
          </div>
        )}
        <Section id="wat-title" title={content.featuresTitle}>
          <FeatureGrid items={content.features} />
        </Section>
        <Section id="hoe-title" title="Zo werkt het" muted>
          <ol className="mx-auto grid max-w-4xl gap-5 sm:grid-cols-2">
            {content.steps.map((step, index) => (
              <li key={step} className="flex gap-4 rounded-2xl border border-border bg-card p-5">
                <span
                  aria-hidden
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
                >
                  {index + 1}
                </span>
                <span className="text-pretty text-slate-700">{step}</span>
              </li>
            ))}
          </ol>
        </Section>
        <section aria-labelledby="vragen-title" className="px-4 py-16 sm:px-6">
          <div className="mx-auto max-w-3xl">
            <h2 id="vragen-title" className="text-center text-3xl font-bold tracking-tight text-foreground">
              Veelgestelde vragen
            </h2>
            <div className="mt-10">
              <FaqAccordion items={faq} />
            </div>
          </div>
        </section>
        <section aria-labelledby="lezen-title" className="bg-background px-4 py-16 sm:px-6">
          <div className="mx-auto max-w-5xl">
            <h2 id="lezen-title" className="text-center text-3xl font-bold tracking-tight text-foreground">
              Meer weten?
            </h2>
            <ul className="mt-10 grid gap-5 md:grid-cols-2">
              {articles.map((article) => (
                <li key={article.slug} className="rounded-2xl border border-border bg-card p-6">
                  <p className="text-sm font-medium text-brand-700">{article.category.name}</p>
                  <h3 className="mt-2 text-lg font-semibold text-foreground">
                    <Link
                      href={`/blog/${article.slug}`}
                      className="rounded-sm outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/40"
                    >
                      {article.title}
                    </Link>
                  </h3>
                  <p className="mt-2 text-pretty text-slate-600">{article.excerpt}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <CallToAction />
      </>
    );
  }
  return { Page, getMeta: () => content.meta };
}

const bankList = MARKETING.banks.join(", ").replace(/, ([^,]+)$/, " en $1");

export const bookkeeping = solutionPage({
  meta: {
    title: "Online boekhouden voor zzp'ers",
    path: "/online-boekhouden-zzp",
    description: `Online boekhouden voor zzp'ers: inkomsten en uitgaven met btw, bankimport van ${bankList}, uren, facturen en klanten in één app. ${MARKETING.trialDays} dagen gratis.`,
    keywords: ["online boekhouden zzp", "boekhouding zzp", "administratie zzp", "boekhoudprogramma"],
  },
  eyebrow: "Online boekhouden",
  heading: "Online boekhouden voor zzp'ers",
  intro: (
    <p>
      Je inkomsten, uitgaven, uren en facturen op één plek, met de btw al uitgerekend. Zonder boekhoudkennis
      en overal te gebruiken, op je laptop en je telefoon.
    </p>
  ),
  featuresTitle: "Je hele administratie in één app",
  features: [
    {
      icon: <Receipt />,
      title: "Inkomsten en uitgaven",
      text: "Boek elke transactie met categorie en btw-tarief. Zoeken en filteren op periode, categorie of type.",
    },
    {
      icon: <Landmark />,
      title: "Bankimport",
      text: `Het CSV-afschrift van ${bankList} staat er in één keer in, ook als het honderden regels zijn.`,
    },
    {
      icon: <Repeat />,
      title: "Vaste lasten automatisch",
      text: "Terugkerende transacties boekt Balans zelf op de juiste dag.",
    },
    {
      icon: <Timer />,
      title: "Uren en urencriterium",
      text: "Timer per project en je voortgang naar de 1.225 uur die je voor de zelfstandigenaftrek nodig hebt.",
    },
    {
      icon: <FileText />,
      title: "Facturen",
      text: "Facturen volgens de regels, met betaal-QR-code en verzending per e-mail.",
    },
    {
      icon: <BarChart3 />,
      title: "Overzicht",
      text: "Dashboard, rapporten en grootboek: per maand, kwartaal of jaar je resultaat, je balans en je cashflow.",
      badge: badgeOf("reports"),
    },
  ],
  steps: [
    "Maak een account aan en vul je bedrijfsgegevens in: handelsnaam, adres, KvK-nummer, btw-id en IBAN.",
    "Importeer je bankafschrift of boek je eerste transacties met de hand.",
    "Voeg je klanten toe en maak je eerste factuur, of zet geschreven uren om in factuurregels.",
    "Bekijk per kwartaal je btw en exporteer je gegevens voor je boekhouder of je archief.",
  ],
  faqIds: ["proefperiode", "bankkoppeling", "terugkerend", "export"],
  articleSlugs: ["bonnetjes-bewaren-bewaarplicht", "eenmanszaak-of-bv"],
});

export const invoicing = solutionPage({
  meta: {
    title: "Facturatie voor zzp'ers",
    path: "/facturatie-zzp",
    description:
      "Maak facturen die voldoen aan de Nederlandse factuureisen, met opvolgende nummers, btw per tarief en een betaal-QR-code. Verstuur ze per e-mail en corrigeer met een creditnota.",
    keywords: ["facturatie zzp", "factuur maken", "factuur programma", "creditnota", "betaal QR factuur"],
  },
  eyebrow: "Facturatie",
  heading: "Facturen maken en versturen in een paar klikken",
  intro: (
    <p>
      Balans zorgt dat elke factuur klopt: alle verplichte gegevens, een uniek opvolgend nummer, de juiste btw
      en een QR-code waarmee je klant direct betaalt.
    </p>
  ),
  featuresTitle: "Alles wat een goede factuur nodig heeft",
  features: [
    {
      icon: <FileText />,
      title: "Volgens de factuureisen",
      text: "Je naam, adres, btw-id en KvK-nummer, die van je klant, factuur- en leverdatum en btw per tarief.",
    },
    {
      icon: <Calculator />,
      title: "Btw automatisch",
      text: "Per regel 21%, 9% of 0%; Balans rekent de bedragen en het totaal per tarief uit, tot op de cent.",
    },
    {
      icon: <QrCode />,
      title: "Betaal-QR-code",
      text: "Je klant scant de EPC-QR-code met zijn bankapp en heeft de overschrijving met bedrag en factuurnummer klaar.",
    },
    {
      icon: <Mail />,
      title: "Versturen per e-mail",
      text: "De factuur gaat als PDF naar je klant en krijgt de status verzonden. Betaald? Markeer hem als betaald.",
    },
    {
      icon: <FileMinus />,
      title: "Creditnota's",
      text: "Een verstuurde factuur blijft ongewijzigd. Een correctie is een creditnota die naar de factuur verwijst.",
    },
    {
      icon: <Users />,
      title: "Klanten en uren",
      text: "Kies een klant met zijn betaaltermijn en zet zijn openstaande declarabele uren om in factuurregels.",
    },
  ],
  steps: [
    "Vul eenmalig je bedrijfsgegevens en logo in bij Instellingen.",
    "Kies een klant en voeg regels toe, of laat Balans de regels maken uit je geschreven uren.",
    "Bekijk de factuur, download de PDF of verstuur hem direct per e-mail.",
    "Zodra je klant betaalt, markeer je de factuur als betaald. Verlopen facturen vallen op in je overzicht.",
  ],
  faqIds: ["factuur-eisen", "betaal-qr", "factuur-mailen", "factuur-corrigeren", "uren-factureren"],
  articleSlugs: ["factuureisen-wat-moet-er-op-een-factuur", "kleineondernemersregeling-kor"],
});

export const receipts = solutionPage({
  meta: {
    title: "Bonnetjes en uitgaven bijhouden",
    path: "/bonnetjes-scannen",
    description:
      "Upload of fotografeer je bonnetjes en inkoopfacturen, of mail ze door: Balans leest bedrag, datum en btw voor je uit, bewaart het origineel zeven jaar en boekt het met de juiste btw.",
    keywords: ["bonnetjes scannen", "bonnetjes bijhouden", "uitgaven zzp", "bewaarplicht", "voorbelasting"],
  },
  eyebrow: "Bonnetjes",
  heading: "Bonnetjes en uitgaven bijhouden",
  intro: (
    <p>
      Elke zakelijke uitgave met de juiste btw in je administratie, zodat je niets misloopt bij je
      btw-aangifte en je bonnen kunt terugvinden als de Belastingdienst erom vraagt.
    </p>
  ),
  featuresTitle: "Wat je vandaag al kunt",
  features: [
    {
      icon: <Receipt />,
      title: "Uitgave boeken in seconden",
      text: "Datum, bedrag, omschrijving, categorie en btw-tarief. Balans rekent de voorbelasting uit.",
    },
    {
      icon: <Repeat />,
      title: "Vaste lasten automatisch",
      text: "Abonnementen en huur komen elke week, maand of jaar vanzelf in je administratie.",
    },
    {
      icon: <Landmark />,
      title: "Controle met je bank",
      text: `Importeer je afschrift van ${bankList} en zie in één keer welke afschrijvingen er zijn.`,
    },
    {
      icon: <Archive />,
      title: "Bewaarplicht",
      text: "Je administratie staat veilig online en je downloadt op elk moment een export voor je archief van zeven jaar.",
    },
    {
      icon: <ScanLine />,
      title: "Bonnetjes scannen",
      text: "Een foto, PDF of e-factuur uploaden of naar je eigen inbox-adres mailen: Balans leest leverancier, bedrag, datum en btw uit en jij controleert en boekt.",
      badge: badgeOf("receiptScanning"),
    },
    {
      icon: <CalendarClock />,
      title: "Per kwartaal klaar",
      text: "Omdat elke uitgave haar btw-tarief heeft, weet je aan het eind van het kwartaal wat je terugkrijgt.",
    },
  ],
  steps: [
    "Betaal je iets zakelijks, boek het dan meteen: datum, bedrag en btw-tarief.",
    "Maak een foto van het bonnetje of mail de factuur door; Balans bewaart het origineel bij de boeking.",
    "Importeer eens per maand je bankafschrift en kijk of elke afschrijving een boeking heeft.",
    "Exporteer je gegevens na afloop van het jaar en bewaar ze samen met je bonnen zeven jaar.",
  ],
  faqIds: ["bonnetjes", "terugkerend", "btw-tarieven", "export"],
  articleSlugs: ["bonnetjes-bewaren-bewaarplicht", "btw-aangifte-per-kwartaal"],
});

export const vatReturn = solutionPage({
  meta: {
    title: "Btw-aangifte voor zzp'ers",
    path: "/btw-aangifte",
    description:
      "Btw per tarief op elke transactie en factuur, en per kwartaal je aangifte met de rubrieken 1a tot en met 5g, klaar om over te nemen.",
    keywords: ["btw-aangifte", "btw aangifte zzp", "omzetbelasting", "btw per kwartaal", "KOR"],
  },
  eyebrow: "Btw-aangifte",
  heading: "Btw-aangifte zonder stress",
  intro: (
    <p>
      De btw zit in elke boeking en elke factuur die je in Balans maakt. Aan het eind van het kwartaal hoef je
      dus niet te zoeken en te rekenen.
    </p>
  ),
  notice: (
    <p>
      Balans vult per aangifteperiode de rubrieken 1a tot en met 5g voor je in, met de deadline, als PDF en
      CSV om over te nemen in Mijn Belastingdienst Zakelijk. Rechtstreeks indienen bij de Belastingdienst
      vanuit Balans kan niet: dat doe je zelf, daarna markeer je de aangifte als ingediend.
    </p>
  ),
  featuresTitle: "Btw goed geregeld",
  features: [
    {
      icon: <Calculator />,
      title: "Btw op elke boeking",
      text: "Inkomsten en uitgaven met 21%, 9% of 0%, of een ander percentage als dat nodig is.",
    },
    {
      icon: <FileText />,
      title: "Btw op je facturen",
      text: "Per tarief het bedrag exclusief btw en het btw-bedrag, precies zoals de factuureisen vragen.",
    },
    {
      icon: <Receipt />,
      title: "Voorbelasting",
      text: "De btw op je kosten staat bij elke uitgave, zodat je alles terugvraagt waar je recht op hebt.",
    },
    {
      icon: <CalendarClock />,
      title: "Per kwartaal",
      text: "Filter je transacties op de datums van een kwartaal en zie wat je aan btw hebt ontvangen en betaald.",
    },
    {
      icon: <BarChart3 />,
      title: "Aangifteoverzicht",
      text: "Alle rubrieken van de aangifte ingevuld, afgerond in je voordeel zoals de Belastingdienst toestaat.",
      badge: badgeOf("vatReturn"),
    },
    {
      icon: <FileMinus />,
      title: "KOR en verlegde btw",
      text: "Facturen met de vrijstellingstekst van de KOR of met 'btw verlegd' en het btw-id van je klant.",
    },
  ],
  steps: [
    "Boek je inkomsten en uitgaven met het juiste btw-tarief, of importeer ze van je bank.",
    "Maak je facturen in Balans, zodat de btw per tarief er automatisch in staat.",
    "Controleer na het kwartaal je transacties van die drie maanden.",
    "Neem de bedragen over in Mijn Belastingdienst Zakelijk en betaal vóór het einde van de maand na het kwartaal.",
  ],
  faqIds: ["btw-overzicht", "btw-tarieven", "kor"],
  articleSlugs: ["btw-aangifte-per-kwartaal", "kleineondernemersregeling-kor"],
});
