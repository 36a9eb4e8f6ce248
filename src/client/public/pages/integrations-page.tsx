/** /koppelingen: what Balans connects to today, and what it does not (yet). */
import { FileSpreadsheet, Landmark, Mail, QrCode } from "lucide-react";
import { MARKETING } from "@shared/content/marketing";
import type { PageMeta } from "@shared/content/seo";
import { CallToAction, CheckList, FeatureGrid, PageHero, Section } from "../components/blocks";

const META: PageMeta = {
  title: "Koppelingen",
  path: "/koppelingen",
  description:
    "Importeer de bankafschriften van ING, Rabobank en ABN AMRO, laat klanten betalen met de EPC-QR-code op je factuur en exporteer je gegevens naar Excel.",
  keywords: ["koppelingen", "bankkoppeling", "ING", "Rabobank", "ABN AMRO", "CSV import", "betaal QR"],
};

export const getMeta = () => META;

const STEPS = [
  "Log in bij je internetbankieren en download de transacties van de gewenste periode als CSV-bestand.",
  "Kies in Balans bij Transacties voor Importeren en sleep het bestand erin.",
  "Bekijk de voorbeeldregels en bevestig. Alle geldige regels worden in één keer opgeslagen.",
  "Foute regels zie je met hun rijnummer en de reden, zodat je ze snel kunt herstellen.",
];

export function Page() {
  return (
    <>
      <PageHero eyebrow="Koppelingen" title="Je bank en je klanten, verbonden met je administratie">
        <p>
          Balans leest de afschriften van de grote Nederlandse banken en zet een betaalcode op elke factuur.
          Zo komen je transacties er zonder overtypen in en word je sneller betaald.
        </p>
      </PageHero>
      <Section id="banken-title" title="Banken">
        <FeatureGrid
          items={MARKETING.banks.map((bank) => ({
            icon: <Landmark />,
            title: bank,
            text: `Importeer het CSV-afschrift van ${bank}, met bedragen, data, tegenrekeningen en omschrijvingen.`,
          }))}
        />
        <div className="mx-auto mt-12 max-w-2xl rounded-2xl border border-border bg-background p-6 sm:p-8">
          <h3 className="text-lg font-semibold text-foreground">Zo importeer je een afschrift</h3>
          <ol className="mt-4 flex list-decimal flex-col gap-3 pl-5 text-slate-700">
            {STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-5 text-sm text-slate-600">
            Een directe koppeling via PSD2, waarbij je bank je transacties automatisch doorstuurt, is er nog
            niet. Met de import heb je wel al je transacties in een paar klikken binnen.
          </p>
        </div>
      </Section>
      <Section id="betalen-title" title="Betalen en versturen" muted>
        <FeatureGrid
          items={[
            {
              icon: <QrCode />,
              title: "EPC-betaal-QR",
              text: "De Europese standaard voor overschrijvingen. Elke Nederlandse bankapp leest hem; er zit geen betaalprovider tussen en het kost niets.",
            },
            {
              icon: <Mail />,
              title: "E-mail",
              text: "Facturen gaan als PDF-bijlage naar je klant, vanaf je eigen Balans-account.",
            },
            {
              icon: <FileSpreadsheet />,
              title: "CSV en Excel",
              text: "Exporteer je uren als CSV-bestand dat direct in Excel opent, en download al je gegevens in één keer.",
            },
          ]}
        />
      </Section>
      <Section id="later-title" title="Wat we nog niet koppelen">
        <div className="mx-auto max-w-2xl">
          <p className="text-slate-700">
            We zeggen liever eerlijk wat er nog niet is, dan dat je het na je aanmelding ontdekt:
          </p>
          <CheckList
            className="mt-4"
            items={[
              "Automatische bankkoppeling via PSD2",
              "Betaallinks via een betaalprovider",
              "Het rechtstreeks indienen van je btw-aangifte bij de Belastingdienst",
            ]}
          />
          <p className="mt-4 text-slate-700">
            Heb je een koppeling nodig die er nog niet bij staat? Laat het ons weten via{" "}
            <a className="font-semibold text-primary underline" href={`mailto:${MARKETING.support.email}`}>
              {MARKETING.support.email}
            </a>
            .
          </p>
        </div>
      </Section>
      <CallToAction />
    </>
  );
}
