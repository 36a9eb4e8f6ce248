/**
 * Every marketing figure the public site shows, in one place so the owner can keep them true (spec §1, §9).
 * Pages, metadata and JSON-LD read these values; none is repeated elsewhere as a literal.
 */
export const MARKETING = {
  productName: "Balans",
  tagline: "Eenvoudig boekhouden voor iedereen",
  /** Average review score and the number of reviews behind it (spec §1: 4.8/5 from 1247 ratings). */
  rating: { value: 4.8, best: 5, count: 1247 },
  /** Shown as "meer dan 1000 ondernemers". */
  customerCount: 1000,
  /** One plan, price per month excluding VAT, as a decimal string like the API's money values. */
  price: { amount: "22.00", currency: "EUR", period: "maand", vatNote: "excl. btw" },
  trialDays: 14,
  /** The three Dutch banks whose statement files the CSV import reads. */
  banks: ["ING", "Rabobank", "ABN AMRO"],
  support: {
    email: "support@balans.nl",
    /** schema.org openingHours (spec §1: Mon–Fri 09:00–17:00). */
    openingHours: "Mo-Fr 09:00-17:00",
    openingHoursText: "maandag t/m vrijdag 09:00–17:00",
  },
  company: {
    legalName: "Balans B.V.",
    city: "Utrecht",
    country: "NL",
  },
} as const;

/** "€ 22" — the price as the marketing pages write it in running text. */
export const PRICE_PER_MONTH_TEXT = `€ ${Number(MARKETING.price.amount).toLocaleString("nl-NL")}`;

/** "4,8" — the rating with a Dutch decimal comma. */
export const RATING_TEXT = MARKETING.rating.value.toLocaleString("nl-NL", { minimumFractionDigits: 1 });

/** "1.247" */
export const RATING_COUNT_TEXT = MARKETING.rating.count.toLocaleString("nl-NL");

/** "1.000+" */
export const CUSTOMER_COUNT_TEXT = `${MARKETING.customerCount.toLocaleString("nl-NL")}+`;

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

/** The three testimonials on the home page (spec §2.5); replace them with customers' own words as they come in. */
export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      "Mijn uren schrijf ik met de timer en aan het eind van de maand maak ik er met één klik een factuur van. Ik zie meteen of ik op koers lig voor de 1.225 uur.",
    name: "Sanne de Vries",
    role: "UX-designer, Utrecht",
  },
  {
    quote:
      "Ik importeer elke maand mijn Rabobank-afschrift en alles staat erin, met de juiste btw. De kwartaalaangifte kost me nu een kwartier in plaats van een middag.",
    name: "Youssef el Amrani",
    role: "Installateur, Rotterdam",
  },
  {
    quote:
      "Mijn klanten betalen sneller sinds er een QR-code op de factuur staat. En een creditnota maken is eindelijk geen gedoe meer.",
    name: "Lotte Bakker",
    role: "Fotograaf, Groningen",
  },
];
