/**
 * What each reminder says, for the PDF letter and the e-mail alike (domain.md §9):
 * - friendly and second: the open amount and a new term to pay;
 * - final, business: verzuim, statutory commercial interest (art. 6:119a BW) and the collection costs of the
 *   Besluit vergoeding voor buitengerechtelijke incassokosten;
 * - final, consumer: the veertiendagenbrief (art. 6:96 lid 6 BW): 15 days after delivery to pay without costs,
 *   and the exact costs that follow otherwise;
 * - collection, consumer: the term of that letter passed, so now the interest (art. 6:119 BW) and costs.
 * Each text exists in Dutch and English, the client's document language. The English letter is a faithful
 * rendering of the Dutch one: the obligations and terms rest on Dutch law, so it names the same articles of the
 * Burgerlijk Wetboek and the same Besluit, with their Dutch names beside the English.
 */
import { addDays } from "../../../shared/dates";
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  formatDocumentDate,
  formatDocumentEuro,
  type DocumentLanguage,
} from "../../../shared/invoices/document-texts";
import type { InterestPeriod } from "../../../shared/collection-law";
import type { Cents } from "../../../shared/money";
import type { ReminderStep } from "../../../shared/schemas/reminders";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";

export type ReminderFigures = {
  openCents: Cents;
  interestCents: Cents;
  interestPeriods: InterestPeriod[];
  costsCents: Cents;
  announcedCostsCents: Cents;
};

export type ReminderLetter = {
  language: DocumentLanguage;
  title: string;
  subject: string;
  date: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  seller: InvoiceDocument["seller"];
  client: InvoiceDocument["client"];
  greeting: string;
  paragraphs: string[];
  claim: Array<{ label: string; cents: Cents; isTotal?: boolean; details?: string[] }>;
  payment: string[];
};

/** Days the friendly and second reminders give to pay. */
export const PAY_WITHIN_DAYS = 7;

type Words = {
  titles: Record<ReminderStep, { business: string; consumer: string }>;
  subject: (title: string, number: string) => string;
  greeting: (name: string | null) => string;
  interestLaw: (isConsumer: boolean) => string;
  friendly: (f: Facts) => string[];
  second: (f: Facts) => string[];
  finalConsumer: (f: Facts & { announcedCosts: string }) => string[];
  finalBusiness: (f: Facts & { defaultSince: string }) => string[];
  collection: (f: Facts & { finalSentOn: string; costs: string }) => string[];
  openAmount: string;
  interestUntil: (isConsumer: boolean, date: string) => string;
  interestPeriod: (p: { from: string; to: string; days: number; rate: string; principal: string }) => string;
  costs: string;
  announcedCosts: string;
  total: string;
  payTotal: (p: {
    total: string;
    iban: string;
    name: string;
    number: string;
    open: string;
    extra: string;
  }) => string;
  payOpen: (p: { open: string; iban: string; name: string; number: string }) => string;
  quoteNumber: (number: string) => string;
};

type Facts = { number: string; issueDate: string; dueDate: string; open: string; interestLaw: string };

/** The letter's labels beside its text, for letter-pdf.ts and the e-mail. */
export type LetterLabels = {
  date: string;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  regarding: string;
  unknownClient: string;
  payOnline: string;
  closing: string;
  scanToPay: string;
};

export const LETTER_LABELS: Readonly<Record<DocumentLanguage, LetterLabels>> = {
  nl: {
    date: "Datum",
    invoiceNumber: "Factuurnummer",
    invoiceDate: "Factuurdatum",
    dueDate: "Vervaldatum",
    regarding: "Betreft",
    unknownClient: "Onbekende klant",
    payOnline: "Betaal online",
    closing: "Met vriendelijke groet,",
    scanToPay: "Scan met je bankapp om het openstaande factuurbedrag te betalen",
  },
  en: {
    date: "Date",
    invoiceNumber: "Invoice number",
    invoiceDate: "Invoice date",
    dueDate: "Due date",
    regarding: "Re",
    unknownClient: "Unknown client",
    payOnline: "Pay online",
    closing: "Kind regards,",
    scanToPay: "Scan with your banking app to pay the outstanding invoice amount",
  },
};

const BESLUIT = "Besluit vergoeding voor buitengerechtelijke incassokosten";

const WORDS: Readonly<Record<DocumentLanguage, Words>> = {
  nl: {
    titles: {
      friendly: { business: "Herinnering", consumer: "Herinnering" },
      second: { business: "Tweede herinnering", consumer: "Tweede herinnering" },
      final: { business: "Aanmaning", consumer: "Laatste herinnering" },
      collection: { business: "Aanmaning", consumer: "Aanmaning met kosten" },
    },
    subject: (title, number) => `${title} factuur ${number}`,
    greeting: (name) => `Beste ${name || "klant"},`,
    interestLaw: (isConsumer) =>
      isConsumer
        ? "de wettelijke rente (artikel 6:119 BW)"
        : "de wettelijke handelsrente (artikel 6:119a BW)",
    friendly: ({ number, issueDate, dueDate, open }) => [
      `Volgens onze administratie is factuur ${number} van ${issueDate} nog niet (helemaal) betaald. ` +
        `De betaaltermijn liep af op ${dueDate}; er staat nog ${open} open.`,
      `Wil je dit bedrag binnen ${PAY_WITHIN_DAYS} dagen overmaken? Heb je het intussen al betaald, dan kun je deze herinnering als niet verstuurd beschouwen.`,
    ],
    second: ({ number, issueDate, dueDate, open }) => [
      `Eerder stuurden we je een herinnering voor factuur ${number} van ${issueDate}. ` +
        `Die is nog altijd niet betaald: er staat ${open} open, de vervaldatum was ${dueDate}.`,
      `We vragen je dringend dit bedrag binnen ${PAY_WITHIN_DAYS} dagen over te maken. Neem contact met ons op als er iets niet klopt aan de factuur.`,
    ],
    finalConsumer: ({ number, issueDate, dueDate, open, interestLaw, announcedCosts }) => [
      `Ondanks onze herinneringen is factuur ${number} van ${issueDate} nog niet betaald. ` +
        `Er staat ${open} open; de vervaldatum was ${dueDate}.`,
      `Dit is onze laatste herinnering zoals bedoeld in artikel 6:96 lid 6 BW. Je kunt het openstaande bedrag van ${open} ` +
        `nog zonder extra kosten betalen binnen 15 dagen nadat deze brief bij je is bezorgd.`,
      `Betaal je niet binnen die termijn, dan ben je buitengerechtelijke incassokosten verschuldigd van ` +
        `${announcedCosts} (berekend volgens het ${BESLUIT}; wij rekenen geen btw over deze kosten), en daarnaast ${interestLaw} over het openstaande bedrag ` +
        `vanaf de dag na de vervaldatum tot de dag van betaling.`,
    ],
    finalBusiness: ({ number, issueDate, interestLaw, defaultSince }) => [
      `Ondanks onze herinneringen is factuur ${number} van ${issueDate} nog niet betaald. ` +
        `Sinds ${defaultSince} ben je in verzuim.`,
      `Wij maken daarom aanspraak op ${interestLaw} over het openstaande bedrag vanaf ${defaultSince} ` +
        `en op de buitengerechtelijke incassokosten volgens het ${BESLUIT}. ` +
        `De rente loopt door tot de dag van betaling.`,
      `Betaal het totaal hieronder binnen ${PAY_WITHIN_DAYS} dagen; anders dragen we de vordering zonder nadere aankondiging over ter incasso.`,
    ],
    collection: ({ number, open, interestLaw, finalSentOn, costs }) => [
      `Op ${finalSentOn} stuurden we je een laatste herinnering voor factuur ${number}, met 15 dagen ` +
        `na bezorging om zonder kosten te betalen. Die termijn is verstreken zonder dat het openstaande bedrag van ${open} is betaald.`,
      `Zoals in die brief aangekondigd ben je nu de buitengerechtelijke incassokosten van ${costs} ` +
        `verschuldigd (${BESLUIT}, artikel 6:96 BW), en ${interestLaw} over het ` +
        `openstaande bedrag. De rente loopt door tot de dag van betaling.`,
      `Betaal het totaal hieronder binnen ${PAY_WITHIN_DAYS} dagen.`,
    ],
    openAmount: "Openstaand factuurbedrag",
    interestUntil: (isConsumer, date) =>
      `${isConsumer ? "Wettelijke rente" : "Wettelijke handelsrente"} t/m ${date}`,
    interestPeriod: ({ from, to, days, rate, principal }) =>
      `${from} t/m ${to}: ${days} ${days === 1 ? "dag" : "dagen"} à ${rate} over ${principal}`,
    costs: "Buitengerechtelijke incassokosten",
    announcedCosts: "Incassokosten bij betaling na de termijn (nu nog niet verschuldigd)",
    total: "Totaal te betalen",
    payTotal: ({ total, iban, name, number, open, extra }) =>
      `Maak ${total} over naar ${iban} t.n.v. ${name}, onder vermelding van ${number}. ` +
      `De QR-code betaalt het openstaande factuurbedrag van ${open}; maak de rente en kosten van ` +
      `${extra} in dezelfde of een tweede overboeking over.`,
    payOpen: ({ open, iban, name, number }) =>
      `Maak ${open} over naar ${iban} t.n.v. ${name}, onder vermelding van ${number}.`,
    quoteNumber: (number) => `Vermeld bij je betaling factuurnummer ${number}.`,
  },
  en: {
    titles: {
      friendly: { business: "Reminder", consumer: "Reminder" },
      second: { business: "Second reminder", consumer: "Second reminder" },
      final: { business: "Final demand", consumer: "Final reminder" },
      collection: { business: "Final demand", consumer: "Demand with collection costs" },
    },
    subject: (title, number) => `${title} for invoice ${number}`,
    greeting: (name) => `Dear ${name || "customer"},`,
    interestLaw: (isConsumer) =>
      isConsumer
        ? "the statutory interest (article 6:119 of the Dutch Civil Code, Burgerlijk Wetboek)"
        : "the statutory commercial interest (article 6:119a of the Dutch Civil Code, Burgerlijk Wetboek)",
    friendly: ({ number, issueDate, dueDate, open }) => [
      `According to our records, invoice ${number} of ${issueDate} has not been paid (in full). ` +
        `The payment term ended on ${dueDate}; ${open} is still outstanding.`,
      `Could you transfer this amount within ${PAY_WITHIN_DAYS} days? If you have paid it in the meantime, please disregard this reminder.`,
    ],
    second: ({ number, issueDate, dueDate, open }) => [
      `We sent you a reminder earlier for invoice ${number} of ${issueDate}. ` +
        `It has still not been paid: ${open} is outstanding, and the due date was ${dueDate}.`,
      `We urgently ask you to transfer this amount within ${PAY_WITHIN_DAYS} days. Please contact us if anything about the invoice is not correct.`,
    ],
    finalConsumer: ({ number, issueDate, dueDate, open, interestLaw, announcedCosts }) => [
      `Despite our reminders, invoice ${number} of ${issueDate} has not been paid. ` +
        `${open} is outstanding; the due date was ${dueDate}.`,
      `This is our final reminder within the meaning of article 6:96(6) of the Dutch Civil Code (Burgerlijk Wetboek). ` +
        `You can still pay the outstanding amount of ${open} without additional costs within 15 days after this letter has been delivered to you.`,
      `If you do not pay within that term, you will owe extrajudicial collection costs of ` +
        `${announcedCosts} (calculated under the Dutch Extrajudicial Collection Costs Decree, ${BESLUIT}; we charge no VAT on these costs), ` +
        `and in addition ${interestLaw} on the outstanding amount from the day after the due date until the day of payment.`,
    ],
    finalBusiness: ({ number, issueDate, interestLaw, defaultSince }) => [
      `Despite our reminders, invoice ${number} of ${issueDate} has not been paid. ` +
        `You have been in default (verzuim) since ${defaultSince}.`,
      `We therefore claim ${interestLaw} on the outstanding amount from ${defaultSince} ` +
        `and the extrajudicial collection costs under the Dutch Extrajudicial Collection Costs Decree (${BESLUIT}). ` +
        `The interest continues to accrue until the day of payment.`,
      `Please pay the total below within ${PAY_WITHIN_DAYS} days; otherwise we will hand the claim over for collection without further notice.`,
    ],
    collection: ({ number, open, interestLaw, finalSentOn, costs }) => [
      `On ${finalSentOn} we sent you a final reminder for invoice ${number}, giving you 15 days ` +
        `after delivery to pay without costs. That term has passed without the outstanding amount of ${open} being paid.`,
      `As announced in that letter, you now owe the extrajudicial collection costs of ${costs} ` +
        `(Dutch Extrajudicial Collection Costs Decree, ${BESLUIT}; article 6:96 of the Dutch Civil Code), and ${interestLaw} on the ` +
        `outstanding amount. The interest continues to accrue until the day of payment.`,
      `Please pay the total below within ${PAY_WITHIN_DAYS} days.`,
    ],
    openAmount: "Outstanding invoice amount",
    interestUntil: (isConsumer, date) =>
      `${isConsumer ? "Statutory interest" : "Statutory commercial interest"} up to and including ${date}`,
    interestPeriod: ({ from, to, days, rate, principal }) =>
      `${from} to ${to}: ${days} ${days === 1 ? "day" : "days"} at ${rate} on ${principal}`,
    costs: "Extrajudicial collection costs",
    announcedCosts: "Collection costs if paid after the term (not yet owed)",
    total: "Total to pay",
    payTotal: ({ total, iban, name, number, open, extra }) =>
      `Please transfer ${total} to ${iban} in the name of ${name}, quoting ${number}. ` +
      `The QR code pays the outstanding invoice amount of ${open}; please transfer the interest and costs of ` +
      `${extra} in the same or a second transfer.`,
    payOpen: ({ open, iban, name, number }) =>
      `Please transfer ${open} to ${iban} in the name of ${name}, quoting ${number}.`,
    quoteNumber: (number) => `Please quote invoice number ${number} with your payment.`,
  },
};

const percent = (basisPoints: number, language: DocumentLanguage) =>
  `${new Intl.NumberFormat(language === "en" ? "en-GB" : "nl-NL", { maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;

export function buildReminderLetter(input: {
  step: ReminderStep;
  isConsumer: boolean;
  date: string;
  document: InvoiceDocument;
  figures: ReminderFigures;
  /** The day the veertiendagenbrief went out (for the collection step). */
  finalSentOn: string | null;
}): ReminderLetter {
  const { step, isConsumer, date, document, figures } = input;
  // The client's language as the invoice was issued; invoices from before languages were kept are Dutch.
  const language = document.language ?? DEFAULT_DOCUMENT_LANGUAGE;
  const words = WORDS[language];
  const formatDate = (isoDate: string) => formatDocumentDate(isoDate, language);
  const formatEuro = (cents: Cents) => formatDocumentEuro(cents, language);
  const title = words.titles[step][isConsumer ? "consumer" : "business"];
  const number = document.invoiceNumber;
  const open = formatEuro(figures.openCents);
  const greeting = words.greeting(document.client?.contactPerson || document.client?.name || null);
  const facts: Facts = {
    number,
    issueDate: formatDate(document.issueDate),
    dueDate: formatDate(document.dueDate),
    open,
    interestLaw: words.interestLaw(isConsumer),
  };
  const paragraphs: string[] = [];
  switch (step) {
    case "friendly":
      paragraphs.push(...words.friendly(facts));
      break;
    case "second":
      paragraphs.push(...words.second(facts));
      break;
    case "final":
      paragraphs.push(
        ...(isConsumer
          ? words.finalConsumer({ ...facts, announcedCosts: formatEuro(figures.announcedCostsCents) })
          : words.finalBusiness({ ...facts, defaultSince: formatDate(dayAfter(document.dueDate)) })),
      );
      break;
    case "collection":
      paragraphs.push(
        ...words.collection({
          ...facts,
          finalSentOn: formatDate(input.finalSentOn ?? date),
          costs: formatEuro(figures.costsCents),
        }),
      );
      break;
  }

  const claim: ReminderLetter["claim"] = [{ label: words.openAmount, cents: figures.openCents }];
  const claimsMore = figures.interestCents > 0 || figures.costsCents > 0;
  if (step === "final" || step === "collection") {
    if (figures.interestCents > 0 || (!isConsumer && step === "final") || step === "collection") {
      claim.push({
        label: words.interestUntil(isConsumer, formatDate(date)),
        cents: figures.interestCents,
        details: figures.interestPeriods.map((period) =>
          words.interestPeriod({
            from: formatDate(period.from),
            to: formatDate(period.to),
            days: period.days,
            rate: percent(period.basisPoints, language),
            principal: formatEuro(period.principalCents),
          }),
        ),
      });
    }
    if (figures.costsCents > 0) claim.push({ label: words.costs, cents: figures.costsCents });
    if (figures.announcedCostsCents > 0 && figures.costsCents === 0) {
      claim.push({ label: words.announcedCosts, cents: figures.announcedCostsCents });
    }
  }
  const totalCents = figures.openCents + figures.interestCents + figures.costsCents;
  if (claimsMore) claim.push({ label: words.total, cents: totalCents, isTotal: true });

  const { seller } = document;
  const payment: string[] = [];
  if (seller.iban) {
    const parts = { iban: seller.iban, name: seller.name, number, open };
    payment.push(
      claimsMore
        ? words.payTotal({
            ...parts,
            total: formatEuro(totalCents),
            extra: formatEuro(figures.interestCents + figures.costsCents),
          })
        : words.payOpen(parts),
    );
  } else {
    payment.push(words.quoteNumber(number));
  }

  return {
    language,
    title,
    subject: words.subject(title, number),
    date,
    invoiceNumber: number,
    issueDate: document.issueDate,
    dueDate: document.dueDate,
    seller,
    client: document.client,
    greeting,
    paragraphs: [greeting, ...paragraphs],
    claim,
    payment,
  };
}

/**
 * The letter as plain text for the e-mail's {brief}: its paragraphs, what is claimed and how to pay, so the
 * mail says what the attached letter says whatever the user's template around it.
 */
export function reminderLetterText(letter: ReminderLetter): string {
  const lines = letter.claim.map((row) => `${row.label}: ${formatDocumentEuro(row.cents, letter.language)}`);
  return `${letter.paragraphs.join("\n\n")}\n\n${lines.join("\n")}\n\n${letter.payment.join("\n\n")}`;
}

const dayAfter = (date: string) => addDays(date, 1);
