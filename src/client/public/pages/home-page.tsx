/** The home page, as spec §2.5 lays it out. */
import { badgeOf } from "@shared/content/feature-status";
import { Link } from "wouter";
import {
  ArrowRight,
  Banknote,
  Clock,
  FileText,
  Landmark,
  Mail,
  QrCode,
  Receipt,
  Star,
  Table,
  Zap,
} from "lucide-react";
import { HOME_FAQ_ITEMS } from "@shared/content/faq-home";
import {
  CUSTOMER_COUNT_TEXT,
  MARKETING,
  PRICE_PER_MONTH_TEXT,
  RATING_COUNT_TEXT,
  RATING_TEXT,
  TESTIMONIALS,
} from "@shared/content/marketing";
import type { PageMeta } from "@shared/content/seo";
import { buttonVariants } from "@client/components/ui/button-variants";
import { CallToAction, CheckList, FeatureGrid, Section, TextLink } from "../components/blocks";
import { FaqAccordion } from "../components/faq-accordion";
import { ProbeerDemoButton } from "@client/features/demo/probeer-demo-button";

const META: PageMeta = {
  path: "/",
  description: `Online boekhouden voor zzp'ers: facturen, uitgaven, btw en je bankafschriften in één app. Probeer Balans ${MARKETING.trialDays} dagen gratis, zonder creditcard.`,
  keywords: ["online boekhouden", "boekhouden zzp", "facturen maken", "btw-aangifte", "urenregistratie"],
  structuredData: ["organization", "software"],
};

export const getMeta = () => META;

export function Page() {
  return (
    <>
      <Hero />
      <Section
        id="voordelen-title"
        title="Minder tijd kwijt aan je administratie"
        intro="Balans doet het rekenwerk, zodat jij je kunt richten op je klanten."
      >
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: <Zap />,
              title: "Factuur in 30 seconden",
              text: "Kies een klant, vul de regels in en verstuur. Nummer, btw en betaal-QR-code regelt Balans.",
            },
            {
              icon: <Receipt />,
              title: "Bonnetjes scannen",
              text: "Fotografeer, upload of mail je bon: Balans leest bedrag, datum en btw uit en boekt hem met de juiste btw.",
              badge: badgeOf("receiptScanning"),
            },
            {
              icon: <Landmark />,
              title: "Automatische koppelingen",
              text: `Importeer je afschrift van ${MARKETING.banks.join(", ").replace(/, ([^,]+)$/, " of $1")} en al je transacties staan er in één keer in.`,
            },
            {
              icon: <Banknote />,
              title: "Btw zonder stress",
              text: "Elke boeking heeft haar btw-tarief, dus je ziet per kwartaal wat je moet afdragen of terugkrijgt.",
            },
          ]}
        />
      </Section>
      <FeatureSections />
      <IntegrationsSection />
      <Testimonials />
      <PricingTeaser />
      <section aria-labelledby="home-faq-title" className="bg-background">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
          <h2
            id="home-faq-title"
            className="text-center text-3xl font-bold tracking-tight text-foreground sm:text-4xl"
          >
            Veelgestelde vragen
          </h2>
          <div className="mt-10">
            <FaqAccordion items={HOME_FAQ_ITEMS} />
          </div>
          <p className="mt-6 text-center">
            <TextLink href="/support/faq">Alle veelgestelde vragen</TextLink>
          </p>
        </div>
      </section>
      <CallToAction />
    </>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-card to-card"
    >
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pt-24 lg:pb-24">
        <div className="flex flex-col items-start">
          <p className="rounded-full border border-brand-200 bg-card px-3 py-1 text-sm font-medium text-brand-800">
            Voor zzp&apos;ers en kleine ondernemers
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-foreground sm:text-5xl lg:text-[3.5rem]"
          >
            {MARKETING.tagline}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600 sm:text-xl">
            Facturen, bonnetjes, btw en je bankafschriften in één overzichtelijke app. Zo houd je tijd over
            voor je klanten.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap">
            <Link href="/aanmelden" className={buttonVariants({ size: "lg" })}>
              Probeer {MARKETING.trialDays} dagen gratis
              <ArrowRight aria-hidden />
            </Link>
            <ProbeerDemoButton />
            <Link href="/functionaliteiten" className={buttonVariants({ variant: "ghost", size: "lg" })}>
              Bekijk functionaliteiten
            </Link>
          </div>
          <p className="mt-6 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            <span className="flex text-amber-500" aria-hidden>
              {[0, 1, 2, 3, 4].map((star) => (
                <Star key={star} className="size-4 fill-current" />
              ))}
            </span>
            <span>
              <strong className="font-semibold text-foreground">
                {RATING_TEXT}/{MARKETING.rating.best}
              </strong>{" "}
              uit {RATING_COUNT_TEXT} beoordelingen · {CUSTOMER_COUNT_TEXT} tevreden ondernemers
            </span>
          </p>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A drawn impression of an invoice and the hours behind it (decorative, hidden from assistive technology). */
function HeroIllustration() {
  return (
    <div aria-hidden className="relative hidden lg:block">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-xl shadow-brand-900/5">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-3">
            <div className="size-10 rounded-xl bg-brand-700" />
            <div className="flex flex-col gap-1.5">
              <div className="h-3 w-28 rounded-full bg-slate-300" />
              <div className="h-2 w-20 rounded-full bg-slate-200" />
            </div>
          </div>
          <div className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-700">
            Betaald
          </div>
        </div>
        <div className="mt-6 flex flex-col gap-3">
          {[68, 52, 76].map((width) => (
            <div key={width} className="flex items-center gap-3">
              <div className="h-2.5 rounded-full bg-slate-200" style={{ width: `${width}%` }} />
              <div className="ml-auto h-2.5 w-14 rounded-full bg-slate-300" />
            </div>
          ))}
        </div>
        <div className="mt-6 flex items-end justify-between border-t border-border pt-5">
          <div className="grid size-20 grid-cols-4 gap-1 rounded-lg border border-border p-2">
            {[1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1].map((on, index) => (
              <div key={index} className={on ? "rounded-[2px] bg-slate-800" : ""} />
            ))}
          </div>
          <div className="flex flex-col items-end gap-2">
            <div className="h-2 w-16 rounded-full bg-slate-200" />
            <div className="h-4 w-28 rounded-full bg-brand-700" />
          </div>
        </div>
      </div>
      <div className="absolute -bottom-8 -left-8 flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 shadow-lg">
        <div className="flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Clock className="size-5" />
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="h-2.5 w-24 rounded-full bg-slate-300" />
          <div className="h-2 w-16 rounded-full bg-slate-200" />
        </div>
      </div>
    </div>
  );
}

const FEATURE_SECTIONS = [
  {
    id: "facturatie",
    title: "Facturen die aan alle eisen voldoen",
    text: "Balans vult je bedrijfsgegevens, het btw-id en het KvK-nummer in, nummert je facturen opvolgend per jaar en zet er een QR-code op waarmee je klant direct met zijn bankapp betaalt.",
    points: [
      "PDF volgens de Nederlandse factuureisen",
      "Versturen per e-mail met de PDF als bijlage",
      "Creditnota met één klik",
    ],
    link: { href: "/facturatie-zzp", label: "Meer over facturatie" },
    icon: <FileText />,
  },
  {
    id: "bonnetjes",
    title: "Uitgaven en bonnetjes bijhouden",
    text: "Boek een uitgave in een paar seconden met het juiste btw-tarief, of laat vaste lasten automatisch elke maand terugkomen. Of fotografeer je bon en laat Balans hem uitlezen.",
    points: [
      "Btw-tarief per uitgave: 21%, 9% of 0%",
      "Terugkerende transacties",
      "Categorieën met eigen kleur",
    ],
    link: { href: "/bonnetjes-scannen", label: "Meer over bonnetjes" },
    icon: <Receipt />,
  },
  {
    id: "uren",
    title: "Uren schrijven en het urencriterium halen",
    text: "Start de timer, pauzeer als je koffie haalt en zie per jaar hoeveel uur je nog nodig hebt voor de 1.225 uur. Declarabele uren worden met één klik factuurregels.",
    points: [
      "Timer die doorloopt op elk apparaat",
      "Voortgang naar 1.225 uur",
      "CSV-export voor je boekhouder",
    ],
    link: { href: "/functionaliteiten", label: "Alle functionaliteiten" },
    icon: <Clock />,
  },
];

function FeatureSections() {
  return (
    <section aria-label="Functionaliteiten" className="bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-16 px-4 py-16 sm:px-6 sm:py-20">
        {FEATURE_SECTIONS.map((feature, index) => (
          <article
            key={feature.id}
            aria-labelledby={`feature-${feature.id}`}
            className="grid items-center gap-8 lg:grid-cols-2 lg:gap-16"
          >
            <div className={index % 2 === 1 ? "lg:order-2" : undefined}>
              <h2
                id={`feature-${feature.id}`}
                className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
              >
                {feature.title}
              </h2>
              <p className="mt-4 text-lg text-pretty text-slate-600">{feature.text}</p>
              <CheckList items={feature.points} className="mt-6" />
              <p className="mt-6">
                <TextLink href={feature.link.href}>{feature.link.label}</TextLink>
              </p>
            </div>
            <div
              aria-hidden
              className="flex aspect-[4/3] items-center justify-center rounded-3xl bg-gradient-to-br from-brand-100 to-brand-50 text-brand-700 [&_svg]:size-24 [&_svg]:stroke-[1.25]"
            >
              {feature.icon}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

const INTEGRATIONS = [
  ...MARKETING.banks.map((bank) => ({
    name: bank,
    text: "Bankafschrift (CSV) importeren",
    icon: <Landmark />,
  })),
  { name: "EPC-betaal-QR", text: "Betalen met elke Europese bankapp", icon: <QrCode /> },
  { name: "E-mail", text: "Facturen met PDF versturen", icon: <Mail /> },
  { name: "CSV en Excel", text: "Uren en gegevens exporteren", icon: <Table /> },
];

function IntegrationsSection() {
  return (
    <Section
      id="koppelingen-title"
      title="Werkt met je bank"
      intro="Importeer de afschriften van de grote Nederlandse banken en laat je klanten betalen met de QR-code op je factuur."
    >
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        {INTEGRATIONS.map((integration) => (
          <li key={integration.name} className="flex items-center gap-4 rounded-2xl border border-border p-5">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&_svg]:size-5">
              {integration.icon}
            </span>
            <span className="flex flex-col">
              <span className="font-semibold text-foreground">{integration.name}</span>
              <span className="text-sm text-slate-600">{integration.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <TextLink href="/koppelingen">Bekijk alle koppelingen</TextLink>
      </p>
    </Section>
  );
}

function Testimonials() {
  return (
    <Section id="ervaringen-title" title="Wat ondernemers zeggen" muted>
      <ul className="grid gap-5 lg:grid-cols-3">
        {TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="flex h-full flex-col gap-5 rounded-2xl border border-border bg-card p-6">
              <blockquote className="flex-1 text-pretty text-slate-700">“{testimonial.quote}”</blockquote>
              <figcaption className="flex items-center gap-3">
                <span
                  aria-hidden
                  className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                >
                  {testimonial.name
                    .split(" ")
                    .map((part) => part[0])
                    .filter((letter) => letter && letter === letter.toUpperCase())
                    .slice(0, 2)
                    .join("")}
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold text-foreground">{testimonial.name}</span>
                  <span className="text-sm text-slate-600">{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function PricingTeaser() {
  return (
    <Section id="prijs-title" title="Eén prijs, alles inbegrepen">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-8 rounded-3xl border border-border p-8 text-center shadow-xs sm:p-10 lg:flex-row lg:text-left">
        <div className="flex flex-col items-center lg:items-start">
          <p className="text-5xl font-bold tracking-tight text-foreground">{PRICE_PER_MONTH_TEXT}</p>
          <p className="mt-1 text-slate-600">
            per {MARKETING.price.period}, {MARKETING.price.vatNote}
          </p>
        </div>
        <CheckList
          className="flex-1"
          items={[
            `${MARKETING.trialDays} dagen gratis proberen`,
            "Geen creditcard nodig",
            "Alle functies, onbeperkt facturen",
            "Maandelijks opzegbaar",
          ]}
        />
        <Link href="/prijzen" className={buttonVariants({ variant: "outline", size: "lg" })}>
          Bekijk prijzen
        </Link>
      </div>
    </Section>
  );
}
