/** /functionaliteiten: everything Balans does, grouped the way a freelancer works. */
import { badgeOf } from "@shared/content/feature-status";
import {
  BarChart3,
  Building2,
  CalendarClock,
  Clock,
  Download,
  FileMinus,
  FileText,
  Landmark,
  Mail,
  Palette,
  QrCode,
  Receipt,
  Repeat,
  ShieldCheck,
  Timer,
  Users,
} from "lucide-react";
import { MARKETING } from "@shared/content/marketing";
import type { PageMeta } from "@shared/content/seo";
import { CallToAction, FeatureGrid, PageHero, Section, TrialButton } from "../components/blocks";

const META: PageMeta = {
  title: "Functionaliteiten",
  path: "/functionaliteiten",
  description:
    "Alles wat Balans doet: transacties met btw, bankimport, uren met timer en urencriterium, facturen met betaal-QR en creditnota's, klantenbeheer en btw-overzichten.",
  keywords: ["functionaliteiten", "boekhoudsoftware", "facturatie", "urenregistratie", "bankimport", "btw"],
};

export const getMeta = () => META;

export function Page() {
  return (
    <>
      <PageHero
        eyebrow="Functionaliteiten"
        title="Alles voor je administratie, niets wat je niet nodig hebt"
        actions={<TrialButton />}
      >
        <p>
          Balans is gemaakt voor zzp&apos;ers en kleine ondernemers. Van je eerste factuur tot je
          btw-overzicht: je doet het in één app, in gewone taal.
        </p>
      </PageHero>
      <Section
        id="geld-title"
        title="Inkomsten en uitgaven"
        intro="Je transacties vormen de basis. Boek ze met de hand of importeer ze van je bank."
      >
        <FeatureGrid
          items={[
            {
              icon: <Receipt />,
              title: "Transacties met btw",
              text: "Elke inkomst en uitgave met datum, bedrag, categorie en btw-tarief: 21%, 9%, 0% of een ander percentage.",
            },
            {
              icon: <Landmark />,
              title: "Bankafschriften importeren",
              text: `Upload het CSV-bestand van ${MARKETING.banks.join(", ").replace(/, ([^,]+)$/, " of $1")}. Alle geldige regels komen er in één keer in; foute regels zie je per rijnummer.`,
            },
            {
              icon: <Repeat />,
              title: "Terugkerende transacties",
              text: "Huur, abonnementen en andere vaste lasten boekt Balans zelf, elke week, maand of jaar.",
            },
            {
              icon: <Palette />,
              title: "Eigen categorieën",
              text: "Deel je kosten en omzet in zoals jij wilt, met een kleur per categorie, zodat je in één oogopslag ziet waar je geld heen gaat.",
            },
            {
              icon: <Landmark />,
              title: "Meerdere bankrekeningen",
              text: "Zakelijke rekening, spaarrekening of creditcard: per rekening zie je het saldo op basis van je boekingen.",
            },
            {
              icon: <BarChart3 />,
              title: "Dashboard en rapporten",
              text: "Omzet, kosten en resultaat per maand, kwartaal of jaar, je openstaande facturen en je cashflow. Winst-en-verliesrekening en balans als PDF en CSV.",
              badge: badgeOf("reports"),
            },
          ]}
        />
      </Section>
      <Section
        id="facturen-title"
        title="Facturen"
        intro="Professionele facturen die aan de wet voldoen, zonder dat je de regels hoeft te kennen."
        muted
      >
        <FeatureGrid
          items={[
            {
              icon: <FileText />,
              title: "PDF volgens de factuureisen",
              text: "Naam, adres, btw-id en KvK-nummer van beide partijen, een uniek opvolgend nummer, leverdatum en btw per tarief.",
            },
            {
              icon: <QrCode />,
              title: "Betaal-QR-code",
              text: "Een EPC-QR-code met je IBAN, bedrag en factuurnummer. Je klant scant en betaalt met zijn bankapp.",
            },
            {
              icon: <Mail />,
              title: "Versturen per e-mail",
              text: "De factuur gaat als PDF-bijlage naar je klant en krijgt de status verzonden. Achterstallige facturen vallen op.",
            },
            {
              icon: <FileMinus />,
              title: "Creditnota's",
              text: "Een verzonden factuur blijft ongewijzigd; een correctie doe je met een creditnota die ernaar verwijst.",
            },
            {
              icon: <Building2 />,
              title: "Je eigen huisstijl",
              text: "Je logo, bedrijfsgegevens, betaaltermijn en een eigen voettekst staan op elke factuur.",
            },
            {
              icon: <ShieldCheck />,
              title: "KOR en verlegde btw",
              text: "Gebruik je de kleineondernemersregeling of is de btw verlegd? De juiste vermelding komt op de factuur.",
            },
          ]}
        />
      </Section>
      <Section
        id="uren-title"
        title="Uren en klanten"
        intro="Schrijf je uren terwijl je werkt en factureer ze zonder overtypen."
      >
        <FeatureGrid
          items={[
            {
              icon: <Timer />,
              title: "Timer",
              text: "Start, pauzeer en stop. De timer loopt op de server, dus hij loopt door als je de pagina herlaadt of van apparaat wisselt.",
            },
            {
              icon: <CalendarClock />,
              title: "Urencriterium",
              text: "Zie per kalenderjaar hoeveel uur je hebt geschreven en hoeveel je nog nodig hebt voor de 1.225 uur.",
            },
            {
              icon: <Clock />,
              title: "Uren factureren",
              text: "Declarabele uren die nog niet gefactureerd zijn, worden per klant factuurregels met je uurtarief.",
            },
            {
              icon: <Users />,
              title: "Klantenbeheer",
              text: "Klanten met adres, KvK-nummer, btw-id, e-mailadres en een eigen betaaltermijn, direct te kiezen op je factuur.",
            },
            {
              icon: <Download />,
              title: "Exporteren",
              text: "Uren als CSV-bestand voor Excel en al je gegevens in één download, voor je boekhouder of je archief.",
            },
            {
              icon: <BarChart3 />,
              title: "Btw-aangifte",
              text: "Per aangifteperiode de rubrieken 1a tot en met 5g uit je boekhouding, met de deadline, als PDF en CSV om over te nemen in Mijn Belastingdienst Zakelijk.",
              badge: badgeOf("vatReturn"),
            },
          ]}
        />
      </Section>
      <CallToAction />
    </>
  );
}
