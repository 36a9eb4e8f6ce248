/**
 * What each reminder says, for the PDF letter and the e-mail alike (domain.md §9):
 * - friendly and second: the open amount and a new term to pay;
 * - final, business: verzuim, statutory commercial interest (art. 6:119a BW) and the collection costs of the
 *   Besluit vergoeding voor buitengerechtelijke incassokosten;
 * - final, consumer: the veertiendagenbrief (art. 6:96 lid 6 BW): 15 days after delivery to pay without costs,
 *   and the exact costs that follow otherwise;
 * - collection, consumer: the term of that letter passed, so now the interest (art. 6:119 BW) and costs.
 */
import { addDays } from "../../../shared/dates";
import { formatDate, formatEuro } from "../../../shared/format";
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

const TITLES: Record<ReminderStep, { business: string; consumer: string }> = {
  friendly: { business: "Herinnering", consumer: "Herinnering" },
  second: { business: "Tweede herinnering", consumer: "Tweede herinnering" },
  final: { business: "Aanmaning", consumer: "Laatste herinnering" },
  collection: { business: "Aanmaning", consumer: "Aanmaning met kosten" },
};

const percent = (basisPoints: number) =>
  `${new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;

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
  const title = TITLES[step][isConsumer ? "consumer" : "business"];
  const number = document.invoiceNumber;
  const open = formatEuro(figures.openCents);
  const greeting = `Beste ${document.client?.contactPerson || document.client?.name || "klant"},`;
  const interestLaw = isConsumer
    ? "de wettelijke rente (artikel 6:119 BW)"
    : "de wettelijke handelsrente (artikel 6:119a BW)";
  const paragraphs: string[] = [];
  switch (step) {
    case "friendly":
      paragraphs.push(
        `Volgens onze administratie is factuur ${number} van ${formatDate(document.issueDate)} nog niet (helemaal) betaald. ` +
          `De betaaltermijn liep af op ${formatDate(document.dueDate)}; er staat nog ${open} open.`,
        `Wil je dit bedrag binnen ${PAY_WITHIN_DAYS} dagen overmaken? Heb je het intussen al betaald, dan kun je deze herinnering als niet verstuurd beschouwen.`,
      );
      break;
    case "second":
      paragraphs.push(
        `Eerder stuurden we je een herinnering voor factuur ${number} van ${formatDate(document.issueDate)}. ` +
          `Die is nog altijd niet betaald: er staat ${open} open, de vervaldatum was ${formatDate(document.dueDate)}.`,
        `We vragen je dringend dit bedrag binnen ${PAY_WITHIN_DAYS} dagen over te maken. Neem contact met ons op als er iets niet klopt aan de factuur.`,
      );
      break;
    case "final":
      if (isConsumer) {
        paragraphs.push(
          `Ondanks onze herinneringen is factuur ${number} van ${formatDate(document.issueDate)} nog niet betaald. ` +
            `Er staat ${open} open; de vervaldatum was ${formatDate(document.dueDate)}.`,
          `Dit is onze laatste herinnering zoals bedoeld in artikel 6:96 lid 6 BW. Je kunt het openstaande bedrag van ${open} ` +
            `nog zonder extra kosten betalen binnen 15 dagen nadat deze brief bij je is bezorgd.`,
          `Betaal je niet binnen die termijn, dan ben je buitengerechtelijke incassokosten verschuldigd van ` +
            `${formatEuro(figures.announcedCostsCents)} (berekend volgens het Besluit vergoeding voor buitengerechtelijke ` +
            `incassokosten; wij rekenen geen btw over deze kosten), en daarnaast ${interestLaw} over het openstaande bedrag ` +
            `vanaf de dag na de vervaldatum tot de dag van betaling.`,
        );
      } else {
        paragraphs.push(
          `Ondanks onze herinneringen is factuur ${number} van ${formatDate(document.issueDate)} nog niet betaald. ` +
            `Sinds ${formatDate(dayAfter(document.dueDate))} ben je in verzuim.`,
          `Wij maken daarom aanspraak op ${interestLaw} over het openstaande bedrag vanaf ${formatDate(dayAfter(document.dueDate))} ` +
            `en op de buitengerechtelijke incassokosten volgens het Besluit vergoeding voor buitengerechtelijke incassokosten. ` +
            `De rente loopt door tot de dag van betaling.`,
          `Betaal het totaal hieronder binnen ${PAY_WITHIN_DAYS} dagen; anders dragen we de vordering zonder nadere aankondiging over ter incasso.`,
        );
      }
      break;
    case "collection":
      paragraphs.push(
        `Op ${formatDate(input.finalSentOn ?? date)} stuurden we je een laatste herinnering voor factuur ${number}, met 15 dagen ` +
          `na bezorging om zonder kosten te betalen. Die termijn is verstreken zonder dat het openstaande bedrag van ${open} is betaald.`,
        `Zoals in die brief aangekondigd ben je nu de buitengerechtelijke incassokosten van ${formatEuro(figures.costsCents)} ` +
          `verschuldigd (Besluit vergoeding voor buitengerechtelijke incassokosten, artikel 6:96 BW), en ${interestLaw} over het ` +
          `openstaande bedrag. De rente loopt door tot de dag van betaling.`,
        `Betaal het totaal hieronder binnen ${PAY_WITHIN_DAYS} dagen.`,
      );
      break;
  }

  const claim: ReminderLetter["claim"] = [{ label: "Openstaand factuurbedrag", cents: figures.openCents }];
  const claimsMore = figures.interestCents > 0 || figures.costsCents > 0;
  if (step === "final" || step === "collection") {
    if (figures.interestCents > 0 || (!isConsumer && step === "final") || step === "collection") {
      claim.push({
        label: `${isConsumer ? "Wettelijke rente" : "Wettelijke handelsrente"} t/m ${formatDate(date)}`,
        cents: figures.interestCents,
        details: figures.interestPeriods.map(
          (period) =>
            `${formatDate(period.from)} t/m ${formatDate(period.to)}: ${period.days} ${period.days === 1 ? "dag" : "dagen"} ` +
            `à ${percent(period.basisPoints)} over ${formatEuro(period.principalCents)}`,
        ),
      });
    }
    if (figures.costsCents > 0)
      claim.push({ label: "Buitengerechtelijke incassokosten", cents: figures.costsCents });
    if (figures.announcedCostsCents > 0 && figures.costsCents === 0) {
      claim.push({
        label: "Incassokosten bij betaling na de termijn (nu nog niet verschuldigd)",
        cents: figures.announcedCostsCents,
      });
    }
  }
  const totalCents = figures.openCents + figures.interestCents + figures.costsCents;
  if (claimsMore) claim.push({ label: "Totaal te betalen", cents: totalCents, isTotal: true });

  const { seller } = document;
  const payment: string[] = [];
  if (seller.iban) {
    payment.push(
      claimsMore
        ? `Maak ${formatEuro(totalCents)} over naar ${seller.iban} t.n.v. ${seller.name}, onder vermelding van ${number}. ` +
            `De QR-code betaalt het openstaande factuurbedrag van ${open}; maak de rente en kosten van ` +
            `${formatEuro(figures.interestCents + figures.costsCents)} in dezelfde of een tweede overboeking over.`
        : `Maak ${open} over naar ${seller.iban} t.n.v. ${seller.name}, onder vermelding van ${number}.`,
    );
  } else {
    payment.push(`Vermeld bij je betaling factuurnummer ${number}.`);
  }

  return {
    title,
    subject: `${title} factuur ${number}`,
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

/** The e-mail that carries the letter: the same facts in a few lines. */
/** The mail's text; `paymentUrl`: the 'Betaal online' checkout for the open amount, when the user takes them. */
export function reminderMailText(letter: ReminderLetter, paymentUrl: string | null = null): string {
  const lines = letter.claim.map((row) => `${row.label}: ${formatEuro(row.cents)}`);
  return (
    `${letter.paragraphs.join("\n\n")}\n\n` +
    `${lines.join("\n")}\n\n` +
    `${letter.payment.join("\n\n")}\n\n` +
    (paymentUrl ? `Betaal online: ${paymentUrl}\n\n` : "") +
    `In de bijlage vind je deze brief als PDF, met een QR-code waarmee je met je bankapp betaalt.\n\n` +
    `Met vriendelijke groet,\n${letter.seller.name}\n`
  );
}

const dayAfter = (date: string) => addDays(date, 1);
