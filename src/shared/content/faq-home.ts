/**
 * The three questions the home page answers (spec §2.5: the trial, the bank link, VAT). They are part of
 * FAQ_ITEMS too; this module exists so the home page does not download every other answer.
 */
import type { FaqItem } from "./faq";
import { MARKETING } from "./marketing";

const banks = MARKETING.banks;
const bankList = `${banks.slice(0, -1).join(", ")} en ${banks[banks.length - 1]}`;

export const TRIAL_FAQ: FaqItem = {
  id: "proefperiode",
  category: "Account en proefperiode",
  question: `Hoe werkt de proefperiode van ${MARKETING.trialDays} dagen?`,
  answer: `Je maakt een account aan met je e-mailadres en een wachtwoord en kunt direct ${MARKETING.trialDays} dagen gratis alle functies gebruiken. Je hebt geen creditcard nodig en er wordt niets automatisch afgeschreven.\n\nAlles wat je in de proefperiode invoert — transacties, uren, klanten en facturen — blijft gewoon staan als je daarna doorgaat.`,
};

export const BANK_FAQ: FaqItem = {
  id: "bankkoppeling",
  category: "Bank en import",
  question: "Met welke banken werkt de bankkoppeling?",
  answer: `Je importeert de afschriften van ${bankList} (en ASN, bunq, Triodos, Knab en SNS) als CSV, of van elke bank als MT940 of CAMT.053. Download het bestand in je internetbankieren en upload het in Balans: alle geldige regels worden in één keer ingelezen en betalingen van je facturen worden herkend.\n\nEen directe koppeling via PSD2, waarbij je bank de transacties zelf doorstuurt, hebben we nog niet.`,
};

export const VAT_FAQ: FaqItem = {
  id: "btw-overzicht",
  category: "Btw",
  question: "Helpt Balans met de btw-aangifte?",
  answer:
    "Ja. Bij elke inkomst en uitgave leg je het btw-tarief vast (21%, 9% of 0%) en op je facturen rekent Balans de btw per tarief uit. Onder Belastingen staat per aangifteperiode je aangifte met alle rubrieken (1a tot en met 5g), de deadline en een PDF en CSV die je overneemt in Mijn Belastingdienst Zakelijk.\n\nIndienen doe je zelf in Mijn Belastingdienst Zakelijk; daarna markeer je de periode in Balans als ingediend, zodat die niet meer verandert.",
};

export const HOME_FAQ_ITEMS: FaqItem[] = [TRIAL_FAQ, BANK_FAQ, VAT_FAQ];
