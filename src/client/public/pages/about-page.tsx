/** /over: who makes Balans and what we stand for. */
import { Eye, Heart, Lock, MessageCircle } from "lucide-react";
import { MARKETING } from "@shared/content/marketing";
import type { PageMeta } from "@shared/content/seo";
import { CallToAction, FeatureGrid, PageHero, Section } from "../components/blocks";

const META: PageMeta = {
  title: "Over Balans",
  path: "/over",
  description:
    "Balans maakt boekhouden eenvoudig voor zzp'ers en kleine ondernemers in Nederland. Lees wie we zijn, wat we belangrijk vinden en hoe je ons bereikt.",
  keywords: ["over Balans", "boekhoudsoftware Nederland", "zzp", "contact"],
  structuredData: ["organization"],
};

export const getMeta = () => META;

export function Page() {
  return (
    <>
      <PageHero eyebrow="Over ons" title="Boekhouden zonder gedoe, voor iedereen die voor zichzelf werkt">
        <p>
          Als zzp&apos;er ben je goed in je vak, niet per se in btw-rubrieken en factuureisen. Balans neemt
          dat rekenwerk over, zodat je administratie klopt zonder dat het je avonden kost.
        </p>
      </PageHero>
      <section aria-labelledby="verhaal-title" className="px-4 py-16 sm:px-6">
        <div className="mx-auto flex max-w-3xl flex-col gap-5 text-lg text-pretty text-slate-700">
          <h2 id="verhaal-title" className="text-3xl font-bold tracking-tight text-foreground">
            Waarom Balans
          </h2>
          <p>
            Veel boekhoudpakketten zijn gemaakt voor boekhouders. Balans is gemaakt voor de ondernemer zelf:
            de fotograaf, de ontwikkelaar, de installateur en de coach die één keer per kwartaal hun
            btw-aangifte doen en tussendoor vooral willen weten of hun facturen betaald zijn.
          </p>
          <p>
            Daarom begint Balans bij wat je elke dag doet: een factuur sturen, een uitgave boeken, je uren
            schrijven. De regels — opvolgende factuurnummers, de juiste btw-vermeldingen, de bewaarplicht —
            zitten in de software, niet in jouw hoofd.
          </p>
          <p>
            We bouwen Balans stap voor stap en zijn open over wat er al is en wat nog komt. Op onze
            pagina&apos;s staat bij elke functie die nog in ontwikkeling is dat ook zo vermeld.
          </p>
        </div>
      </section>
      <Section id="waarden-title" title="Waar we voor staan" muted>
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: <Heart />,
              title: "Eenvoud",
              text: "Gewone taal, geen boekhoudjargon waar dat niet nodig is.",
            },
            {
              icon: <Eye />,
              title: "Eerlijkheid",
              text: "Eén prijs, geen kleine lettertjes en geen beloftes over functies die er nog niet zijn.",
            },
            {
              icon: <Lock />,
              title: "Privacy",
              text: "Je administratie is van jou. Geen advertenties, geen verkoop van gegevens.",
            },
            {
              icon: <MessageCircle />,
              title: "Bereikbaar",
              text: `Vragen? We antwoorden ${MARKETING.support.openingHoursText}.`,
            },
          ]}
        />
      </Section>
      <section aria-labelledby="contact-title" className="px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-3xl">
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight text-foreground">
            Contact
          </h2>
          <dl className="mt-6 grid gap-4 text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="font-semibold text-foreground">E-mail</dt>
              <dd>
                <a className="text-primary underline" href={`mailto:${MARKETING.support.email}`}>
                  {MARKETING.support.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-foreground">Bereikbaar</dt>
              <dd>{MARKETING.support.openingHoursText}</dd>
            </div>
            <div>
              <dt className="font-semibold text-foreground">Bedrijf</dt>
              <dd>
                {MARKETING.company.legalName}, {MARKETING.company.city}
              </dd>
            </div>
          </dl>
        </div>
      </section>
      <CallToAction />
    </>
  );
}
