/**
 * The frequently asked questions of /support/faq (and the three on the home page, spec §2.5).
 * Answers are plain text: paragraphs separated by a blank line. They describe only what Balans does today, or
 * what is being built and is named as such.
 */
import { BANK_FAQ, TRIAL_FAQ, VAT_FAQ } from "./faq-home";
import { MARKETING } from "./marketing";

export interface FaqItem {
  id: string;
  category: string;
  question: string;
  answer: string;
}

export const FAQ_ITEMS: FaqItem[] = [
  TRIAL_FAQ,
  {
    id: "creditcard",
    category: "Account en proefperiode",
    question: "Heb ik een creditcard nodig om te beginnen?",
    answer:
      "Nee. Voor de proefperiode vragen we geen betaalgegevens. Je kiest pas of je doorgaat als de proefperiode voorbij is.",
  },
  {
    id: "alle-functies",
    category: "Account en proefperiode",
    question: "Zijn in de proefperiode alle functies beschikbaar?",
    answer:
      "Ja. Er is één pakket en in de proefperiode gebruik je precies hetzelfde als betalende gebruikers: transacties met btw, bankimport, uren met timer, facturen met PDF en betaal-QR-code, creditnota's en klantenbeheer.",
  },
  {
    id: "demo",
    category: "Account en proefperiode",
    question: "Kan ik Balans eerst bekijken zonder account?",
    answer:
      "Ja, met de demo. Je krijgt dan een tijdelijke omgeving met voorbeeldgegevens waarin je alles kunt uitproberen. De demo verloopt na twee uur vanzelf en alle gegevens worden dan verwijderd.",
  },
  {
    id: "prijs",
    category: "Prijzen en betalen",
    question: "Wat kost Balans?",
    answer: `Balans kost € ${MARKETING.price.amount.replace(".", ",")} per maand (${MARKETING.price.vatNote}). Daarvoor krijg je alle functies; er zijn geen losse modules of extra kosten per factuur.`,
  },
  {
    id: "opzeggen",
    category: "Prijzen en betalen",
    question: "Kan ik op elk moment opzeggen?",
    answer:
      "Ja, Balans is maandelijks opzegbaar. Voordat je vertrekt, download je in Instellingen een export van al je gegevens, zodat je je administratie de wettelijke zeven jaar kunt bewaren.",
  },
  BANK_FAQ,
  {
    id: "import-fouten",
    category: "Bank en import",
    question: "Wat gebeurt er als een regel in mijn bankbestand niet klopt?",
    answer:
      "Balans slaat alle geldige regels op en toont per foute regel wat er mis is, bijvoorbeeld 'Rij 12: ongeldige datum'. Je kunt die regels daarna met de hand invoeren of het bestand corrigeren en opnieuw importeren.",
  },
  {
    id: "terugkerend",
    category: "Bank en import",
    question: "Kan ik vaste lasten automatisch laten terugkomen?",
    answer:
      "Ja. Een transactie zoals je huur, telefoonabonnement of boekhoudpakket maak je terugkerend (bijvoorbeeld maandelijks); Balans boekt hem dan zelf op de juiste datum.",
  },
  VAT_FAQ,
  {
    id: "btw-tarieven",
    category: "Btw",
    question: "Welke btw-tarieven kan ik gebruiken?",
    answer:
      "De Nederlandse tarieven 21% (hoog), 9% (laag) en 0%. Voor bijzondere gevallen kun je ook een ander percentage invullen.",
  },
  {
    id: "kor",
    category: "Btw",
    question: "Ik gebruik de kleineondernemersregeling (KOR). Kan ik Balans gebruiken?",
    answer:
      "Ja. Je factureert dan zonder btw (tarief 0%) en vermeldt op je factuur dat die is vrijgesteld van omzetbelasting op grond van artikel 25 Wet OB. Je omzet houd je gewoon bij, zodat je ziet of je onder de grens van € 20.000 per jaar blijft.",
  },
  {
    id: "factuur-eisen",
    category: "Facturen",
    question: "Voldoen de facturen aan de Nederlandse factuureisen?",
    answer:
      "Ja. De PDF bevat alles wat artikel 35a Wet OB vraagt: jouw naam, adres, KvK-nummer en btw-id, de gegevens van je klant, een uniek opvolgend factuurnummer, factuur- en leverdatum, omschrijving, aantallen, prijzen, het btw-tarief en het btw-bedrag per tarief.",
  },
  {
    id: "betaal-qr",
    category: "Facturen",
    question: "Wat is de QR-code op mijn factuur?",
    answer:
      "Dat is een betaalcode volgens de Europese EPC-standaard met jouw IBAN, het bedrag en het factuurnummer. Je klant scant hem met de app van zijn bank en heeft de overschrijving direct ingevuld. Er zit geen betaalprovider tussen en het kost niets.",
  },
  {
    id: "factuur-mailen",
    category: "Facturen",
    question: "Kan ik facturen vanuit Balans mailen?",
    answer:
      "Ja. Met 'Versturen' gaat de factuur als PDF-bijlage naar het e-mailadres van je klant en krijgt hij de status verzonden. Je kunt de PDF ook downloaden en zelf versturen.",
  },
  {
    id: "factuur-corrigeren",
    category: "Facturen",
    question: "Hoe corrigeer ik een factuur die al verstuurd is?",
    answer:
      "Een verzonden factuur mag je volgens de regels niet meer wijzigen. Je maakt in Balans met één klik een creditnota die naar de oorspronkelijke factuur verwijst, en daarna een nieuwe, juiste factuur. Concepten kun je wel gewoon aanpassen.",
  },
  {
    id: "uren-factureren",
    category: "Uren",
    question: "Kan ik geschreven uren direct factureren?",
    answer:
      "Ja. Declarabele uren die nog niet gefactureerd zijn, zet je per klant in één keer om in factuurregels met je uurtarief. Daarna zijn ze gemarkeerd als gefactureerd, zodat je niets dubbel rekent.",
  },
  {
    id: "urencriterium",
    category: "Uren",
    question: "Houdt Balans bij of ik aan het urencriterium kom?",
    answer:
      "Ja. Op het urenscherm zie je hoeveel uur je dit kalenderjaar hebt geschreven en hoeveel je nog nodig hebt voor de 1.225 uur van het urencriterium. Ook indirecte uren zoals administratie en acquisitie tellen mee; die schrijf je op een eigen project.",
  },
  {
    id: "bonnetjes",
    category: "Bonnetjes",
    question: "Kan ik bonnetjes scannen?",
    answer:
      "Ja. Onder Inkoopfacturen upload je een PDF, foto of e-factuur, maak je met je telefoon direct een foto, of mail je de factuur naar je eigen inbox-adres. Balans leest leverancier, factuurnummer, datum, bedrag en btw uit (e-facturen exact, foto's met tekstherkenning) en laat zien waar elk gegeven vandaan komt. Jij controleert en boekt; het origineel blijft ongewijzigd bewaard, want de bewaarplicht van zeven jaar geldt ook voor bonnen.",
  },
  {
    id: "veiligheid",
    category: "Privacy en veiligheid",
    question: "Hoe veilig zijn mijn gegevens?",
    answer:
      "Alle verbindingen zijn versleuteld en wachtwoorden slaan we alleen op als sterke hash (Argon2id), nooit leesbaar. Niemand anders dan jij kan je administratie inzien; je boekhouder krijgt alleen toegang als jij een export deelt.",
  },
  {
    id: "export",
    category: "Privacy en veiligheid",
    question: "Kan ik mijn gegevens exporteren?",
    answer:
      "Ja. In Instellingen download je op elk moment al je gegevens in één bestand. Uren exporteer je daarnaast als CSV-bestand dat in Excel opent.",
  },
  {
    id: "cookies",
    category: "Privacy en veiligheid",
    question: "Welke cookies gebruikt Balans?",
    answer:
      "Alleen noodzakelijke cookies om je ingelogd te houden, tenzij je zelf toestemming geeft voor meer. Je keuze wijzig je altijd via 'Cookie-instellingen' onderaan elke pagina. Alle cookies staan in ons cookiebeleid.",
  },
];
