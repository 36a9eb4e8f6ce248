/**
 * Test images of purchase documents with their ground truth, for text recognition tests and the OCR benchmark.
 * 1. A seeded random picks the content: shop, items, rates, date, whether a btw-id is printed.
 * 2. Each kind lays that content out as rows (till receipts in a monospace font, A4 invoices in a sans font).
 * 3. The rows become an SVG, rendered to PNG with resvg and the DejaVu fonts of the system: either a clean scan,
 *    or a "photo": the paper turned 2–8° on a table, blurred, low contrast, lit unevenly, with sensor noise.
 * The same seed always gives the same image, so results can be compared between runs.
 */
import { crc32, deflateSync } from "node:zlib";
import { Resvg } from "@resvg/resvg-js";
import { addDays } from "../../src/shared/dates";
import { formatAmount } from "../../src/shared/format";
import { computeVat, splitVatIncluded } from "../../src/shared/vat";

export type DocumentKind = "supermarket" | "fuel" | "cafe" | "webshop" | "supplier_invoice" | "saas_invoice";

export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  "supermarket",
  "fuel",
  "cafe",
  "webshop",
  "supplier_invoice",
  "saas_invoice",
];

export type ImageVariant = "clean" | "photo";

/** What a reader should find on the document. */
export type DocumentTruth = {
  /** Including VAT. */
  totalCents: number;
  /** One line per rate, as printed. */
  vatLines: { ratePercent: number; baseCents: number; vatCents: number }[];
  /** yyyy-mm-dd: the date of the receipt or invoice (not a due date). */
  date: string;
  /** As printed, or null when the document shows none. */
  supplierVatNumber: string | null;
  invoiceNumber: string | null;
};

export type TestImage = {
  /** e.g. "cafe-3-photo". */
  name: string;
  kind: DocumentKind;
  variant: ImageVariant;
  png: Buffer;
  width: number;
  height: number;
  /** How far a photo turned the paper, clockwise; 0 for a clean scan. */
  angleDegrees: number;
  truth: DocumentTruth;
};

const FONT_DIR = "/usr/share/fonts/truetype/dejavu";
const FONT_FILES = [
  "DejaVuSans.ttf",
  "DejaVuSans-Bold.ttf",
  "DejaVuSansMono.ttf",
  "DejaVuSansMono-Bold.ttf",
].map((file) => `${FONT_DIR}/${file}`);

/** mulberry32: small, fast and the same on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const between = (random: Random, low: number, high: number) => low + (high - low) * random();
const integer = (random: Random, low: number, high: number) => Math.floor(between(random, low, high + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, probability: number) => random() < probability;

function pickSome<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0)
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

/** A Dutch btw-id of a company: an RSIN that passes the 11-check, then B01–B03. */
function dutchVatNumber(random: Random): string {
  for (;;) {
    const digits = Array.from({ length: 8 }, (_, index) => integer(random, index === 0 ? 1 : 0, 9));
    const check = digits.reduce((sum, digit, index) => sum + digit * (9 - index), 0) % 11;
    if (check !== 10) return `NL${digits.join("")}${check}B0${integer(random, 1, 3)}`;
  }
}

function dateIn2025(random: Random): string {
  const day = new Date(Date.UTC(2025, 0, 1) + integer(random, 0, 363) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

const DUTCH_MONTHS =
  "januari februari maart april mei juni juli augustus september oktober november december".split(" ");
const ENGLISH_MONTHS =
  "January February March April May June July August September October November December".split(" ");

function parts(isoDate: string) {
  const [year, month, day] = isoDate.split("-");
  return { year: year!, month: month!, day: day! };
}

const dashDate = (iso: string) => `${parts(iso).day}-${parts(iso).month}-${parts(iso).year}`;
const slashDate = (iso: string) => `${parts(iso).day}/${parts(iso).month}/${parts(iso).year}`;
const shortDate = (iso: string) => `${parts(iso).day}-${parts(iso).month}-${parts(iso).year.slice(2)}`;
const dutchLongDate = (iso: string) =>
  `${Number(parts(iso).day)} ${DUTCH_MONTHS[Number(parts(iso).month) - 1]} ${parts(iso).year}`;
const englishLongDate = (iso: string) =>
  `${ENGLISH_MONTHS[Number(parts(iso).month) - 1]} ${Number(parts(iso).day)}, ${parts(iso).year}`;

/** 123456 -> "1.234,56" (Dutch). */
const nl = (cents: number) => formatAmount(cents).replace(/\u00a0/g, " ");
/** 123456 -> "1,234.56" (English). */
const en = (cents: number) =>
  `${Math.trunc(cents / 100).toLocaleString("en-US")}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const clock = (random: Random) =>
  `${String(integer(random, 8, 21)).padStart(2, "0")}:${String(integer(random, 0, 59)).padStart(2, "0")}`;

type Cell = { text: string; at: number; align?: "start" | "middle" | "end" };
type Row =
  { cells: Cell[]; size?: number; bold?: boolean; gap?: number } | { rule: "dashed" | "solid"; gap?: number };

type Layout = { paper: "receipt" | "a4"; rows: Row[] };

const left = (text: string, at = 0): Cell => ({ text, at });
const right = (text: string, at = 1): Cell => ({ text, at, align: "end" });
const center = (text: string): Cell => ({ text, at: 0.5, align: "middle" });
const row = (cells: Cell[], style: { size?: number; bold?: boolean; gap?: number } = {}): Row => ({
  cells,
  ...style,
});
const pair = (label: string, amount: string, style: { size?: number; bold?: boolean; gap?: number } = {}) =>
  row([left(label), right(amount)], style);
const dashes = (gap = 0): Row => ({ rule: "dashed", gap });

type Document = { layout: Layout; truth: DocumentTruth };

/** VAT lines of amounts that include VAT, per rate: what a till prints. */
function vatIncluded(grossByRate: Map<number, number>): DocumentTruth["vatLines"] {
  return [...grossByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([ratePercent, gross]) => {
      const { amount, vatAmount } = splitVatIncluded(gross, ratePercent * 100);
      return { ratePercent, baseCents: amount, vatCents: vatAmount };
    });
}

function addTo(map: Map<number, number>, key: number, cents: number) {
  map.set(key, (map.get(key) ?? 0) + cents);
}

const STREETS = [
  "Oudegracht",
  "Hoofdstraat",
  "Dorpsstraat",
  "Stationsweg",
  "Kerkstraat",
  "Marktplein",
  "Rijksweg",
];
const TOWNS = [
  ["3511 AX", "Utrecht"],
  ["2011 RD", "Haarlem"],
  ["9712 HN", "Groningen"],
  ["5611 EM", "Eindhoven"],
  ["8011 LN", "Zwolle"],
  ["6811 CG", "Arnhem"],
] as const;

function address(random: Random): [string, string] {
  const [postcode, town] = pick(random, TOWNS);
  return [`${pick(random, STREETS)} ${integer(random, 1, 180)}`, `${postcode} ${town}`];
}

const GROCERIES: [string, number, number][] = [
  ["HALFVOLLE MELK", 115, 9],
  ["BRUIN BROOD", 249, 9],
  ["BANANEN", 189, 9],
  ["KAAS JONG BELEGEN", 599, 9],
  ["EIEREN 10 ST", 329, 9],
  ["APPELS ELSTAR", 229, 9],
  ["KOFFIEBONEN", 649, 9],
  ["PINDAKAAS", 279, 9],
  ["TROSTOMATEN", 199, 9],
  ["VOLLE YOGHURT", 139, 9],
  ["SPAGHETTI", 119, 9],
  ["PAPRIKA MIX", 229, 9],
  ["CHIPS NATUREL", 179, 9],
  ["SINAASAPPELSAP", 269, 9],
  ["KIPFILET", 549, 9],
  ["BIER 6-PACK", 699, 21],
  ["RODE WIJN", 549, 21],
  ["WASMIDDEL", 899, 21],
  ["TANDPASTA", 219, 21],
  ["KEUKENROL", 329, 21],
  ["SHAMPOO", 349, 21],
  ["BATTERIJEN AA", 499, 21],
];

function supermarket(random: Random): Document {
  const name = pick(random, ["SUPERVERS", "BUURTMARKT PLUS", "VERSMARKT DE LINDE", "DAGMARKT"]);
  const [street, town] = address(random);
  const vatNumber = chance(random, 0.6) ? dutchVatNumber(random) : null;
  const date = dateIn2025(random);
  const food = pickSome(
    random,
    GROCERIES.filter((item) => item[2] === 9),
    integer(random, 4, 10),
  );
  const other = pickSome(
    random,
    GROCERIES.filter((item) => item[2] === 21),
    integer(random, 0, 3),
  );
  const rows: Row[] = [
    row([center(name)], { size: 1.5, bold: true }),
    row([center(street)]),
    row([center(town)]),
    row([center(`Tel. 0${integer(random, 10, 79)}-${integer(random, 2000000, 7999999)}`)]),
  ];
  if (vatNumber) rows.push(row([center(`BTW ${vatNumber}`)]));
  rows.push(dashes(0.4), row([left("OMSCHRIJVING"), right("BEDRAG")]));
  const gross = new Map<number, number>();
  let count = 0;
  for (const [item, price, rate] of [...food, ...other].sort(() => random() - 0.5)) {
    const quantity = chance(random, 0.25) ? integer(random, 2, 4) : 1;
    const amount = quantity * price;
    count += quantity;
    addTo(gross, rate, amount);
    rows.push(
      quantity > 1
        ? row([left(`${quantity} ${item}`), right(nl(price), 0.72), right(nl(amount))])
        : row([left(item), right(nl(amount))]),
    );
  }
  const total = [...gross.values()].reduce((sum, cents) => sum + cents, 0);
  const vatLines = vatIncluded(gross);
  rows.push(
    dashes(),
    pair(`${count} ARTIKELEN`, ""),
    pair("SUBTOTAAL", nl(total)),
    pair("TOTAAL", nl(total), { size: 1.3, bold: true, gap: 0.3 }),
  );
  if (chance(random, 0.3)) {
    const paid = Math.ceil(total / 1000) * 1000;
    rows.push(pair("CONTANT", nl(paid)), pair("WISSELGELD", nl(paid - total)));
  } else {
    rows.push(pair("PINNEN", nl(total)));
  }
  rows.push(dashes(), row([left("BTW%"), right("OVER", 0.6), right("BTW")]));
  for (const line of vatLines)
    rows.push(row([left(`${line.ratePercent}%`), right(nl(line.baseCents), 0.6), right(nl(line.vatCents))]));
  rows.push(
    dashes(),
    row([left(`${dashDate(date)} ${clock(random)}`), right(`KASSA ${integer(random, 1, 8)}`)]),
    row([left(`FILIAAL ${integer(random, 1000, 8999)}`), right(`BON ${integer(random, 1000, 9999)}`)]),
    row([center("Bedankt en tot ziens!")], { gap: 0.5 }),
  );
  return {
    layout: { paper: "receipt", rows },
    truth: { totalCents: total, vatLines, date, supplierVatNumber: vatNumber, invoiceNumber: null },
  };
}

function fuel(random: Random): Document {
  const name = pick(random, [
    "TANKSTATION DE VAART",
    "POMPSTATION RIJKSWEG",
    "BRANDSTOF NOORD",
    "TANKPUNT ZUID",
  ]);
  const [street, town] = address(random);
  const vatNumber = chance(random, 0.75) ? dutchVatNumber(random) : null;
  const date = dateIn2025(random);
  const product = pick(random, [
    ["Euro 95 E10", 1899, 2099],
    ["Diesel B7", 1649, 1849],
    ["Super Plus 98", 2049, 2249],
  ] as const);
  const litres = integer(random, 1500, 6200); // hundredths of a litre
  const pricePerLitre = integer(random, product[1], product[2]); // tenths of a cent
  const fuelCents = Math.round((litres * pricePerLitre) / 10_000);
  const gross = new Map<number, number>([[21, fuelCents]]);
  const rows: Row[] = [
    row([center(name)], { size: 1.4, bold: true }),
    row([center(street)]),
    row([center(town)]),
  ];
  if (vatNumber) rows.push(row([center(`BTW-nr: ${vatNumber}`)]));
  rows.push(
    dashes(0.4),
    row([left(`Pomp ${integer(random, 1, 12)}`)]),
    row([left(product[0])]),
    row([
      left(`${nl(litres)} L x ${(pricePerLitre / 1000).toFixed(3).replace(".", ",")} EUR/L`),
      right(nl(fuelCents)),
    ]),
  );
  if (chance(random, 0.35)) {
    const [item, price, rate] = pick(random, [
      ["Koffie groot", 295, 9],
      ["Croissant", 245, 9],
      ["Ruitenvloeistof", 499, 21],
      ["Carwash Basis", 1250, 21],
    ] as const);
    addTo(gross, rate, price);
    rows.push(row([left(item), right(nl(price))]));
  }
  const total = [...gross.values()].reduce((sum, cents) => sum + cents, 0);
  const vatLines = vatIncluded(gross);
  rows.push(
    dashes(),
    pair("TOTAAL EUR", nl(total), { size: 1.3, bold: true }),
    pair("Betaald PIN", nl(total)),
    dashes(),
    row([left("BTW"), right("Excl.", 0.45), right("BTW", 0.7), right("Incl.")]),
  );
  for (const line of vatLines) {
    rows.push(
      row([
        left(`${line.ratePercent}%`),
        right(nl(line.baseCents), 0.45),
        right(nl(line.vatCents), 0.7),
        right(nl(line.baseCents + line.vatCents)),
      ]),
    );
  }
  rows.push(
    dashes(),
    row([left(`Datum: ${dashDate(date)}`), right(`Tijd: ${clock(random)}`)]),
    row([left(`Transactie ${String(integer(random, 1, 99999)).padStart(6, "0")}`)]),
    row([center("Goede reis!")], { gap: 0.5 }),
  );
  return {
    layout: { paper: "receipt", rows },
    truth: { totalCents: total, vatLines, date, supplierVatNumber: vatNumber, invoiceNumber: null },
  };
}

const CAFE_MENU: [string, number, number][] = [
  ["Cappuccino", 360, 9],
  ["Koffie", 310, 9],
  ["Thee", 290, 9],
  ["Verse jus", 410, 9],
  ["Appeltaart", 450, 9],
  ["Tosti ham kaas", 650, 9],
  ["Uitsmijter", 950, 9],
  ["Soep v.d. dag", 725, 9],
  ["Pils", 340, 21],
  ["Witte wijn", 520, 21],
  ["Speciaalbier", 590, 21],
];

function cafe(random: Random): Document {
  const name = pick(random, [
    "Café De Zwaan",
    "Eetcafé Het Hoekje",
    "Lunchroom Pronk",
    "Grand Café Centraal",
  ]);
  const [street, town] = address(random);
  const vatNumber = chance(random, 0.5) ? dutchVatNumber(random) : null;
  const date = dateIn2025(random);
  const rows: Row[] = [row([center(name)], { size: 1.4, bold: true }), row([center(`${street}, ${town}`)])];
  if (vatNumber) rows.push(row([center(`BTW ${vatNumber}`)]));
  rows.push(
    row([left(`Tafel ${integer(random, 1, 24)}`), right(`Bon ${integer(random, 100, 9999)}`)], { gap: 0.4 }),
    dashes(),
  );
  const gross = new Map<number, number>();
  for (const [item, price, rate] of pickSome(random, CAFE_MENU, integer(random, 2, 6))) {
    const quantity = integer(random, 1, 3);
    addTo(gross, rate, quantity * price);
    rows.push(row([left(`${quantity} ${item}`), right(nl(quantity * price))]));
  }
  const total = [...gross.values()].reduce((sum, cents) => sum + cents, 0);
  const vatLines = vatIncluded(gross);
  rows.push(
    dashes(),
    pair("Totaal", `€ ${nl(total)}`, { size: 1.3, bold: true }),
    pair(pick(random, ["Pin", "Contactloos"]), `€ ${nl(total)}`),
  );
  for (const line of vatLines) rows.push(pair(`Waarvan btw ${line.ratePercent}%`, nl(line.vatCents)));
  rows.push(
    row([left(`${pick(random, [slashDate, shortDate])(date)} ${clock(random)}`)], { gap: 0.4 }),
    row([center("Bedankt voor uw bezoek!")], { gap: 0.5 }),
  );
  return {
    layout: { paper: "receipt", rows },
    truth: { totalCents: total, vatLines, date, supplierVatNumber: vatNumber, invoiceNumber: null },
  };
}

const CUSTOMERS = [
  ["Jansen Advies", "Keizersgracht 12", "1015 CJ Amsterdam"],
  ["Bakker Bouwkunde", "Lange Voorhout 8", "2514 ED Den Haag"],
  ["De Vries Vertalingen", "Vismarkt 21", "9711 KT Groningen"],
] as const;

function invoiceHeader(
  name: string,
  subtitle: string,
  lines: string[],
  customer: readonly string[],
  title: string,
  meta: [string, string][],
): Row[] {
  return [
    row([left(name)], { size: 1.8, bold: true }),
    row([left(subtitle)]),
    ...lines.map((line) => row([left(line)])),
    row([left(customer[0]!)], { gap: 1.5, bold: true }),
    ...customer.slice(1).map((line) => row([left(line)])),
    row([left(title)], { size: 2, bold: true, gap: 1.5 }),
    ...meta.map(([label, value], index) =>
      row([left(label), left(value, 0.3)], { gap: index === 0 ? 0.3 : 0 }),
    ),
  ];
}

function webshop(random: Random): Document {
  const [name, company] = pick(random, [
    ["Kantoorplein.nl", "Kantoorplein B.V."],
    ["TechHuis.nl", "TechHuis Nederland B.V."],
    ["Fietsonderdelen Online", "FO Retail B.V."],
  ] as const);
  const [street, town] = address(random);
  const vatNumber = dutchVatNumber(random);
  const date = dateIn2025(random);
  const invoiceNumber = String(integer(random, 1_000_000_000, 1_999_999_999));
  const items = pickSome(
    random,
    [
      ["Printpapier A4 500 vel", 699],
      ["USB-C kabel 2 m", 1299],
      ["Draadloze muis", 2495],
      ["Bureaulamp LED", 3995],
      ["Toner zwart", 5490],
      ["Notitieboek gelinieerd", 895],
      ["Monitorarm", 7999],
      ["Laptophoes 14 inch", 2999],
    ] as const,
    integer(random, 1, 4),
  );
  const rows = invoiceHeader(
    name,
    `${company} · ${street} · ${town}`,
    [`KvK ${integer(random, 10000000, 99999999)} · Btw ${vatNumber}`],
    pick(random, CUSTOMERS),
    "Factuur",
    [
      ["Factuurnummer", invoiceNumber],
      ["Factuurdatum", dashDate(date)],
      ["Bestelnummer", `B${integer(random, 10_000_000, 99_999_999)}`],
    ],
  );
  rows.push(
    row([left("Artikel"), right("Aantal", 0.6), right("Prijs", 0.8), right("Totaal")], {
      bold: true,
      gap: 1.2,
    }),
    { rule: "solid" },
  );
  let total = 0;
  for (const [item, price] of items) {
    const quantity = chance(random, 0.3) ? integer(random, 2, 5) : 1;
    total += quantity * price;
    rows.push(
      row([
        left(item),
        right(String(quantity), 0.6),
        right(`€ ${nl(price)}`, 0.8),
        right(`€ ${nl(quantity * price)}`),
      ]),
    );
  }
  const shipping = total > 5000 ? 0 : 495;
  total += shipping;
  rows.push(row([left("Verzendkosten"), right(shipping ? `€ ${nl(shipping)}` : "Gratis")]));
  const { amount, vatAmount } = splitVatIncluded(total, 2100);
  rows.push(
    { rule: "solid", gap: 0.3 },
    row([left("Totaal excl. btw", 0.55), right(`€ ${nl(amount)}`)]),
    row([left("Btw 21%", 0.55), right(`€ ${nl(vatAmount)}`)]),
    row([left("Totaal incl. btw", 0.55), right(`€ ${nl(total)}`)], { bold: true }),
    row([left(`Betaald met iDEAL op ${dashDate(date)}. Bedankt voor je bestelling!`)], { gap: 2 }),
  );
  return {
    layout: { paper: "a4", rows },
    truth: {
      totalCents: total,
      vatLines: [{ ratePercent: 21, baseCents: amount, vatCents: vatAmount }],
      date,
      supplierVatNumber: vatNumber,
      invoiceNumber,
    },
  };
}

function supplierInvoice(random: Random): Document {
  const [name, trade] = pick(random, [
    ["Studio Verbeek", "Ontwerp & Illustratie"],
    ["Tekstbureau Woordwerk", "Tekst en redactie"],
    ["Fotografie Lotte Smit", "Bedrijfsfotografie"],
    ["Van Dijk Webdevelopment", "Websites en webshops"],
  ] as const);
  const [street, town] = address(random);
  const vatNumber = dutchVatNumber(random);
  const iban = `NL${integer(random, 10, 99)} ${pick(random, ["RABO", "INGB", "ABNA", "KNAB"])} 0${integer(random, 100, 999)} ${integer(random, 1000, 9999)} ${integer(random, 10, 99)}`;
  const date = dateIn2025(random);
  const due = addDays(date, pick(random, [14, 30]));
  const invoiceNumber = `2025-${String(integer(random, 1, 140)).padStart(3, "0")}`;
  const rate = pick(random, [6500, 7500, 8500, 9500]);
  const lines: [string, number, number][] = [
    [
      pick(random, [
        "Ontwerp en uitwerking",
        "Redactie jaarverslag",
        "Fotoshoot en nabewerking",
        "Bouw landingspagina",
      ]),
      integer(random, 4, 24),
      rate,
    ],
  ];
  if (chance(random, 0.6)) lines.push(["Overleg en correcties", integer(random, 1, 4), rate]);
  if (chance(random, 0.4)) lines.push(["Reiskosten", 1, integer(random, 1500, 6500)]);
  const rows = invoiceHeader(
    name,
    trade,
    [
      `${street}, ${town}`,
      `KvK ${integer(random, 10000000, 99999999)}   Btw-id ${vatNumber}`,
      `IBAN ${iban}`,
    ],
    pick(random, CUSTOMERS),
    "Factuur",
    [
      ["Factuurnummer:", invoiceNumber],
      ["Factuurdatum:", dutchLongDate(date)],
      ["Vervaldatum:", dutchLongDate(due)],
    ],
  );
  rows.push(
    row([left("Omschrijving"), right("Aantal", 0.58), right("Tarief", 0.78), right("Bedrag")], {
      bold: true,
      gap: 1.2,
    }),
    { rule: "solid" },
  );
  let subtotal = 0;
  for (const [description, quantity, price] of lines) {
    subtotal += quantity * price;
    rows.push(
      row([
        left(description),
        right(String(quantity), 0.58),
        right(`€ ${nl(price)}`, 0.78),
        right(`€ ${nl(quantity * price)}`),
      ]),
    );
  }
  const { vatAmount, amountIncludingVat } = computeVat(subtotal, 2100);
  rows.push(
    { rule: "solid", gap: 0.3 },
    row([left("Subtotaal", 0.55), right(`€ ${nl(subtotal)}`)]),
    row([left("Btw 21%", 0.55), right(`€ ${nl(vatAmount)}`)]),
    row([left("Totaal te betalen", 0.55), right(`€ ${nl(amountIncludingVat)}`)], { bold: true }),
    row([left(`Graag het totaalbedrag vóór ${dutchLongDate(due)} overmaken op ${iban}`)], { gap: 2 }),
    row([left(`t.n.v. ${name}, onder vermelding van factuurnummer ${invoiceNumber}.`)]),
  );
  return {
    layout: { paper: "a4", rows },
    truth: {
      totalCents: amountIncludingVat,
      vatLines: [{ ratePercent: 21, baseCents: subtotal, vatCents: vatAmount }],
      date,
      supplierVatNumber: vatNumber,
      invoiceNumber,
    },
  };
}

function saasInvoice(random: Random): Document {
  const [name, company, prefix] = pick(random, [
    ["Nimbus Cloud", "Nimbus Cloud B.V.", "NMB"],
    ["Formly", "Formly Software B.V.", "FRM"],
    ["Trackwise", "Trackwise Analytics B.V.", "TW"],
  ] as const);
  const vatNumber = dutchVatNumber(random);
  const date = dateIn2025(random);
  const periodEnd = addDays(date, 30);
  const invoiceNumber = `${prefix}-${integer(random, 10000, 99999)}-${String(integer(random, 1, 999)).padStart(4, "0")}`;
  const [plan, price] = pick(random, [
    ["Starter plan", 900],
    ["Team plan", 1200],
    ["Business plan", 2900],
  ] as const);
  const seats = integer(random, 1, 12);
  const subtotal = seats * price;
  const { vatAmount, amountIncludingVat } = computeVat(subtotal, 2100);
  const short = (iso: string) =>
    `${ENGLISH_MONTHS[Number(parts(iso).month) - 1]!.slice(0, 3)} ${Number(parts(iso).day)}`;
  const rows = invoiceHeader(
    name,
    `${company}, Herengracht ${integer(random, 1, 500)}, 1017 BZ Amsterdam, The Netherlands`,
    [`VAT ID: ${vatNumber}`],
    pick(random, CUSTOMERS),
    "Invoice",
    [
      ["Invoice number", invoiceNumber],
      ["Date of issue", englishLongDate(date)],
      ["Date due", englishLongDate(addDays(date, 14))],
    ],
  );
  rows.push(
    row([left("Description"), right("Qty", 0.6), right("Unit price", 0.8), right("Amount")], {
      bold: true,
      gap: 1.2,
    }),
    { rule: "solid" },
    row([left(plan), right(String(seats), 0.6), right(`€${en(price)}`, 0.8), right(`€${en(subtotal)}`)]),
    row([left(`${short(date)} – ${short(periodEnd)}, ${parts(periodEnd).year}`)], { size: 0.85 }),
    { rule: "solid", gap: 0.3 },
    row([left("Subtotal", 0.55), right(`€${en(subtotal)}`)]),
    row([left(`VAT (21% on €${en(subtotal)})`, 0.55), right(`€${en(vatAmount)}`)]),
    row([left("Total", 0.55), right(`€${en(amountIncludingVat)}`)]),
    row([left("Amount due", 0.55), right(`€${en(amountIncludingVat)}`)], { bold: true }),
    row([left("Paid by card. Questions? billing@example.com")], { gap: 2 }),
  );
  return {
    layout: { paper: "a4", rows },
    truth: {
      totalCents: amountIncludingVat,
      vatLines: [{ ratePercent: 21, baseCents: subtotal, vatCents: vatAmount }],
      date,
      supplierVatNumber: vatNumber,
      invoiceNumber,
    },
  };
}

const BUILDERS: Record<DocumentKind, (random: Random) => Document> = {
  supermarket,
  fuel,
  cafe,
  webshop,
  supplier_invoice: supplierInvoice,
  saas_invoice: saasInvoice,
};

// Receipts: 80 mm till roll scanned at ~200 dpi; A4 at 150 dpi (1240 × 1754), 10 pt text.
const PAPER = {
  receipt: { width: 640, margin: 30, fontSize: 22, font: "DejaVu Sans Mono", minHeight: 0 },
  a4: { width: 1240, margin: 120, fontSize: 21, font: "DejaVu Sans", minHeight: 1754 },
} as const;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The document as SVG elements on paper of `width` × `height`, ink in `ink`. */
function drawDocument(layout: Layout, ink: string): { body: string; width: number; height: number } {
  const paper = PAPER[layout.paper];
  const contentWidth = paper.width - 2 * paper.margin;
  const lineHeight = paper.fontSize * 1.45;
  let y = paper.margin;
  const elements: string[] = [];
  for (const item of layout.rows) {
    y += (item.gap ?? 0) * lineHeight;
    if ("rule" in item) {
      const middle = y + lineHeight / 2;
      elements.push(
        `<line x1="${paper.margin}" y1="${middle}" x2="${paper.width - paper.margin}" y2="${middle}" stroke="${ink}" stroke-width="2"${item.rule === "dashed" ? ' stroke-dasharray="8 6"' : ""}/>`,
      );
      y += lineHeight;
      continue;
    }
    const size = paper.fontSize * (item.size ?? 1);
    y += size * 1.45;
    for (const cell of item.cells) {
      if (!cell.text) continue;
      elements.push(
        `<text x="${(paper.margin + cell.at * contentWidth).toFixed(1)}" y="${(y - size * 0.4).toFixed(1)}" font-size="${size.toFixed(1)}" text-anchor="${cell.align ?? "start"}"${item.bold ? ' font-weight="bold"' : ""}>${escapeXml(cell.text)}</text>`,
      );
    }
  }
  const height = Math.max(paper.minHeight, Math.ceil(y + paper.margin * 1.5));
  return {
    body: `<g font-family="${paper.font}" fill="${ink}" xml:space="preserve">${elements.join("")}</g>`,
    width: paper.width,
    height,
  };
}

function render(svg: string) {
  return new Resvg(svg, {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
  }).render();
}

type Rendered = Pick<TestImage, "png" | "width" | "height" | "angleDegrees">;

function cleanScan(document: Document): Rendered {
  const { body, width, height } = drawDocument(document.layout, "#111");
  const png = render(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${body}</svg>`,
  ).asPng();
  return { png, width, height, angleDegrees: 0 };
}

/**
 * A phone photo of the document: turned 2–8° either way on a table, slightly out of focus, grey ink on off-white
 * paper, a shadow across one side, and per-pixel sensor noise.
 */
function photo(document: Document, random: Random): Rendered {
  const angle = between(random, 2, 8) * (chance(random, 0.5) ? 1 : -1);
  const scale = between(random, 0.9, 1.15);
  const blur = between(random, 0.5, 1.1);
  const inkLevel = integer(random, 55, 95);
  const ink = `rgb(${inkLevel},${inkLevel},${inkLevel + 5})`;
  const paperTone = integer(random, 222, 240);
  const paperColour = `rgb(${paperTone},${paperTone - 3},${paperTone - 12})`;
  const table = pick(random, ["#7a6148", "#5d6166", "#a08a6c", "#3f4a52"]);
  const { body, width: paperWidth, height: paperHeight } = drawDocument(document.layout, ink);
  const radians = (Math.abs(angle) * Math.PI) / 180;
  const rotatedWidth = (paperWidth * Math.cos(radians) + paperHeight * Math.sin(radians)) * scale;
  const rotatedHeight = (paperWidth * Math.sin(radians) + paperHeight * Math.cos(radians)) * scale;
  const margin = Math.round(between(random, 0.04, 0.09) * Math.max(rotatedWidth, rotatedHeight));
  const width = Math.round(rotatedWidth + 2 * margin);
  const height = Math.round(rotatedHeight + 2 * margin);
  const shadowFrom = pick(random, [
    ["0", "0", "1", "1"],
    ["1", "0", "0", "1"],
    ["0", "1", "1", "0"],
    ["1", "1", "0", "0"],
  ] as const);
  const shadowDepth = between(random, 0.3, 0.5).toFixed(2);
  const blob = {
    cx: between(random, 0.2, 0.8) * width,
    cy: between(random, 0.2, 0.8) * height,
    r: between(random, 0.25, 0.45) * Math.max(width, height),
  };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="light" x1="${shadowFrom[0]}" y1="${shadowFrom[1]}" x2="${shadowFrom[2]}" y2="${shadowFrom[3]}">` +
    `<stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.45" stop-color="#000" stop-opacity="0.05"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="${shadowDepth}"/></linearGradient>` +
    `<radialGradient id="blob"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="${table}"/>` +
    `<g transform="translate(${width / 2} ${height / 2}) rotate(${angle.toFixed(2)}) scale(${scale.toFixed(3)}) translate(${-paperWidth / 2} ${-paperHeight / 2})">` +
    `<rect width="${paperWidth}" height="${paperHeight}" fill="${paperColour}"/>${body}</g>` +
    `<circle cx="${blob.cx.toFixed(0)}" cy="${blob.cy.toFixed(0)}" r="${blob.r.toFixed(0)}" fill="url(#blob)"/>` +
    `<rect width="100%" height="100%" fill="url(#light)"/></svg>`;
  const rendered = render(svg);
  return {
    png: encodePng(
      focusAndNoise(rendered, blur, between(random, 6, 12), random),
      rendered.width,
      rendered.height,
    ),
    width: rendered.width,
    height: rendered.height,
    angleDegrees: angle,
  };
}

/**
 * The camera: a Gaussian blur of `blur` pixels (a 5-tap kernel, enough below 1.2 px), then Gaussian sensor noise
 * of `noise` levels. Done here rather than with an SVG filter, which takes resvg seconds on an A4 photo.
 * Returns PNG scanlines: RGB, each row led by filter type 0.
 */
function focusAndNoise(
  image: { pixels: Buffer; width: number; height: number },
  blur: number,
  noise: number,
  random: Random,
): Buffer {
  const { pixels, width, height } = image;
  const weights = [0, 1, 2].map((offset) => Math.exp(-(offset * offset) / (2 * blur * blur)));
  const sum = weights[0]! + 2 * (weights[1]! + weights[2]!);
  const [w0, w1, w2] = weights.map((weight) => weight / sum) as [number, number, number];
  // Horizontal pass into floats, vertical pass with the noise straight into the scanlines; edges repeat.
  const across = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const row = 4 * y * width;
      const l2 = row + 4 * Math.max(0, x - 2);
      const l1 = row + 4 * Math.max(0, x - 1);
      const c = row + 4 * x;
      const r1 = row + 4 * Math.min(width - 1, x + 1);
      const r2 = row + 4 * Math.min(width - 1, x + 2);
      const target = 3 * (y * width + x);
      for (let channel = 0; channel < 3; channel++) {
        across[target + channel] =
          w0 * pixels[c + channel]! +
          w1 * (pixels[l1 + channel]! + pixels[r1 + channel]!) +
          w2 * (pixels[l2 + channel]! + pixels[r2 + channel]!);
      }
    }
  }
  // Box–Muller once into a table, then one draw per pixel: the same noise for the same seed, in a fraction of the time.
  const gaussians = Float32Array.from(
    { length: 4096 },
    () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()) * noise,
  );
  const stride = width * 3;
  const scanlines = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const u2 = Math.max(0, y - 2) * stride;
    const u1 = Math.max(0, y - 1) * stride;
    const c = y * stride;
    const d1 = Math.min(height - 1, y + 1) * stride;
    const d2 = Math.min(height - 1, y + 2) * stride;
    const out = y * (stride + 1) + 1;
    for (let i = 0; i < stride; i += 3) {
      const shift = gaussians[(random() * 4096) | 0]!;
      for (let channel = 0; channel < 3; channel++) {
        const k = i + channel;
        const value =
          w0 * across[c + k]! +
          w1 * (across[u1 + k]! + across[d1 + k]!) +
          w2 * (across[u2 + k]! + across[d2 + k]!);
        // Sensors are noisiest in blue.
        scanlines[out + k] = clampByte(value + (channel === 2 ? shift * 1.2 : shift));
      }
    }
  }
  return scanlines;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG of filtered scanlines (fast deflate: noise does not compress anyway). */
function encodePng(scanlines: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(scanlines, { level: 1 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const clampByte = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));

/** One document of `kind` from `seed`, rendered as `variant`. */
export function renderTestImage(kind: DocumentKind, variant: ImageVariant, seed: number): TestImage {
  const random = seededRandom(seed * 7919 + DOCUMENT_KINDS.indexOf(kind));
  const document = BUILDERS[kind](random);
  const image =
    variant === "clean"
      ? cleanScan(document)
      : photo(document, seededRandom(seed * 104_729 + 17 * (DOCUMENT_KINDS.indexOf(kind) + 1)));
  return { name: `${kind}-${seed}-${variant}`, kind, variant, ...image, truth: document.truth };
}

/** `perKind` documents of every kind, each as a clean scan and as a photo (so 12 × perKind images). */
export function generateTestImages(perKind: number, firstSeed = 1): TestImage[] {
  const images: TestImage[] = [];
  for (let seed = firstSeed; seed < firstSeed + perKind; seed++) {
    for (const kind of DOCUMENT_KINDS) {
      images.push(renderTestImage(kind, "clean", seed), renderTestImage(kind, "photo", seed));
    }
  }
  return images;
}
