/** The raw material of a believable Dutch freelancer's year: names, places, clients, suppliers and work. */

export const FIRST_NAMES = [
  "Sanne",
  "Lotte",
  "Emma",
  "Anouk",
  "Fleur",
  "Iris",
  "Eva",
  "Noor",
  "Femke",
  "Marieke",
  "Lisa",
  "Julia",
  "Daan",
  "Bram",
  "Thijs",
  "Ruben",
  "Jeroen",
  "Sven",
  "Joost",
  "Niels",
  "Bas",
  "Koen",
  "Tim",
  "Lars",
] as const;

export const LAST_NAMES = [
  "de Vries",
  "Jansen",
  "van den Berg",
  "Bakker",
  "Visser",
  "Smit",
  "Meijer",
  "de Boer",
  "Mulder",
  "de Groot",
  "Bos",
  "Vos",
  "Peters",
  "Hendriks",
  "van Leeuwen",
  "Dekker",
  "Brouwer",
  "de Wit",
  "Dijkstra",
  "Smits",
  "de Graaf",
  "van der Meer",
  "Kok",
  "Jacobs",
  "van Dijk",
  "Verhoeven",
  "Kuipers",
  "Vermeulen",
  "Willems",
  "Hoekstra",
  "Koster",
  "Prins",
  "Postma",
  "Huisman",
  "van Wijk",
  "Schouten",
  "Maas",
  "Kramer",
] as const;

/** Cities with the first digits of their postcodes and their area code for phone numbers. */
export const CITIES = [
  { name: "Amsterdam", postcode: "10", area: "020" },
  { name: "Rotterdam", postcode: "30", area: "010" },
  { name: "Utrecht", postcode: "35", area: "030" },
  { name: "Den Haag", postcode: "25", area: "070" },
  { name: "Eindhoven", postcode: "56", area: "040" },
  { name: "Groningen", postcode: "97", area: "050" },
  { name: "Haarlem", postcode: "20", area: "023" },
  { name: "Leiden", postcode: "23", area: "071" },
  { name: "Zwolle", postcode: "80", area: "038" },
  { name: "Arnhem", postcode: "68", area: "026" },
  { name: "Nijmegen", postcode: "65", area: "024" },
  { name: "Tilburg", postcode: "50", area: "013" },
  { name: "Breda", postcode: "48", area: "076" },
  { name: "Amersfoort", postcode: "38", area: "033" },
  { name: "Delft", postcode: "26", area: "015" },
  { name: "Maastricht", postcode: "62", area: "043" },
  { name: "'s-Hertogenbosch", postcode: "52", area: "073" },
  { name: "Deventer", postcode: "74", area: "0570" },
  { name: "Alkmaar", postcode: "18", area: "072" },
  { name: "Leeuwarden", postcode: "89", area: "058" },
] as const;

export type City = (typeof CITIES)[number];

export const STREETS = [
  "Kerkstraat",
  "Stationsweg",
  "Hoofdstraat",
  "Molenweg",
  "Industrieweg",
  "Nieuwe Gracht",
  "Oudegracht",
  "Marktplein",
  "Julianalaan",
  "Beatrixstraat",
  "Wilhelminastraat",
  "Havenstraat",
  "Kanaalweg",
  "Parallelweg",
  "Schoolstraat",
  "Dorpsstraat",
  "Lange Voorhout",
  "Nieuwstraat",
  "Zuiderpark",
  "Energieweg",
  "Handelskade",
  "Vondellaan",
  "Spoorsingel",
  "Koningsweg",
  "Bredeweg",
  "Laan van Nieuw Oost-Indië",
  "Piet Heinkade",
] as const;

export const FOREIGN_CLIENTS = [
  {
    name: "Brouwerij Het Anker NV",
    city: "Mechelen",
    postalCode: "2800",
    street: "Guido Gezellelaan",
    country: "BE",
  },
  { name: "Studio Leuven BV", city: "Leuven", postalCode: "3000", street: "Bondgenotenlaan", country: "BE" },
  { name: "Vlaamse Reiswinkel BV", city: "Gent", postalCode: "9000", street: "Korenmarkt", country: "BE" },
  {
    name: "Rheinland Software GmbH",
    city: "Düsseldorf",
    postalCode: "40213",
    street: "Königsallee",
    country: "DE",
  },
  {
    name: "Kaffeerösterei Hansen GmbH",
    city: "Hamburg",
    postalCode: "20457",
    street: "Am Sandtorkai",
    country: "DE",
  },
  {
    name: "Grenzland Logistik GmbH",
    city: "Aachen",
    postalCode: "52062",
    street: "Theaterstraße",
    country: "DE",
  },
] as const;

/** Kinds of Dutch businesses a freelancer works for; `{name}` is a surname. */
export const CLIENT_NAME_PATTERNS = [
  "Bakkerij {name}",
  "{name} Installatietechniek",
  "Hoveniersbedrijf {name}",
  "{name} Advocaten",
  "Fysiotherapie {name}",
  "{name} Makelaardij",
  "Tandartsenpraktijk {name}",
  "{name} & Partners",
  "Autobedrijf {name}",
  "{name} Bouw",
  "Kinderopvang {name}",
  "{name} Accountants",
  "Rijschool {name}",
  "Fietsenmaker {name}",
  "{name} Interieurbouw",
  "Dierenkliniek {name}",
  "Restaurant {name}",
  "{name} Transport",
  "Bloemenhuis {name}",
  "{name} Schilderwerken",
  "Zorggroep {name}",
  "{name} Consultancy",
] as const;

export const CLIENT_BRAND_NAMES = [
  "De Groene Fietser",
  "Stichting Buurtkracht",
  "Koffiebranderij De Gouden Boon",
  "Noordzee Events",
  "Woningcorporatie Thuis",
  "De Kaasboerderij",
  "Studio Polder",
  "Brouwerij De Molen",
  "Techniek Nederland Oost",
  "Reisbureau Zonnig",
  "Het Boekenhuis",
  "Gemeente Bloemendaal",
  "Sportschool Fit030",
  "Kringloop De Ruil",
  "Museum aan de Vaart",
  "Lunchroom Lekker",
  "Zeilschool De Wind",
  "Bureau Duurzaam",
  "Vereniging Oud Utrecht",
  "Yogastudio Adem",
  "Hotel De Zwaan",
  "Architectenbureau Licht",
  "Drukkerij Van Lint",
  "Kapsalon Knip",
] as const;

export const LEGAL_SUFFIXES = ["B.V.", "", "", "V.O.F.", ""] as const;

/** What the freelancer does: trade name pattern, hourly rates, project kinds and the work logged on them. */
export const PROFESSIONS = [
  {
    tradeName: "{last} Webdesign",
    website: "webdesign",
    rates: [75, 85, 95],
    projects: [
      "Nieuwe website",
      "Webshop",
      "Onderhoud website",
      "Landingspagina campagne",
      "SEO-optimalisatie",
    ],
    tasks: [
      "Wireframes homepage",
      "Ontwerp productpagina",
      "Bouw contactformulier",
      "Overleg met klant",
      "Content invoeren",
      "Testen op mobiel",
      "Koppeling betaalprovider",
      "Bugfixes na livegang",
      "Snelheid website verbeteren",
      "Hosting en domein inrichten",
    ],
  },
  {
    tradeName: "Studio {last}",
    website: "studio",
    rates: [65, 70, 80],
    projects: ["Huisstijl", "Jaarverslag", "Brochure", "Social media campagne", "Verpakkingsontwerp"],
    tasks: [
      "Moodboard maken",
      "Logo schetsen",
      "Uitwerking huisstijl",
      "Opmaak drukwerk",
      "Correctieronde verwerken",
      "Briefing met klant",
      "Fotoselectie",
      "Bestanden drukklaar maken",
      "Templates sociale media",
      "Presentatie ontwerp",
    ],
  },
  {
    tradeName: "{last} Advies",
    website: "advies",
    rates: [90, 100, 110],
    projects: [
      "Procesverbetering",
      "Interim projectleiding",
      "Subsidieaanvraag",
      "Organisatiescan",
      "Training team",
    ],
    tasks: [
      "Interviews medewerkers",
      "Analyse huidige werkwijze",
      "Rapportage opstellen",
      "Stuurgroepoverleg",
      "Workshop begeleiden",
      "Plan van aanpak schrijven",
      "Voortgangsoverleg",
      "Presentatie directie",
      "Voorbereiding training",
      "Evaluatie en advies",
    ],
  },
] as const;

export type Profession = (typeof PROFESSIONS)[number];

/** Non-billable work of the freelancer's own business. */
export const INTERNAL_TASKS = [
  "Administratie",
  "Acquisitie en offertes",
  "Website bijwerken",
  "Vakliteratuur bijhouden",
];

/**
 * Expenses of a freelancer with the VAT rate a Dutch supplier charges: 21% for most goods and services, 9% for
 * public transport, food and books, 0% for what is exempt (insurance, bank costs; Wet OB art. 11).
 * `months` limits an expense to those months (1-12); `every` is how often it comes back.
 */
export type ExpenseTemplate = {
  description: string;
  category: string;
  vatRate: 0 | 9 | 21;
  /** Range excluding VAT, in cents. */
  min: number;
  max: number;
  every: "month" | "quarter" | "year" | "sometimes";
  /** For 'sometimes': the chance in a month. */
  chance?: number;
  months?: readonly number[];
};

export const EXPENSES: readonly ExpenseTemplate[] = [
  {
    description: "Adobe Creative Cloud",
    category: "Software en abonnementen",
    vatRate: 21,
    min: 6049,
    max: 6049,
    every: "month",
  },
  {
    description: "Google Workspace",
    category: "Software en abonnementen",
    vatRate: 21,
    min: 1150,
    max: 1150,
    every: "month",
  },
  {
    description: "Balans abonnement",
    category: "Software en abonnementen",
    vatRate: 21,
    min: 2200,
    max: 2200,
    every: "month",
  },
  {
    description: "KPN Zakelijk mobiel",
    category: "Telefoon en internet",
    vatRate: 21,
    min: 2975,
    max: 3450,
    every: "month",
  },
  {
    description: "Ziggo Zakelijk internet",
    category: "Telefoon en internet",
    vatRate: 21,
    min: 4950,
    max: 4950,
    every: "month",
  },
  {
    description: "Rabobank zakelijke rekening",
    category: "Bankkosten",
    vatRate: 0,
    min: 1095,
    max: 1095,
    every: "month",
  },
  {
    description: "Beroepsaansprakelijkheidsverzekering",
    category: "Verzekeringen",
    vatRate: 0,
    min: 12500,
    max: 12500,
    every: "quarter",
  },
  {
    description: "NS Business Card",
    category: "Reiskosten",
    vatRate: 9,
    min: 2400,
    max: 9800,
    every: "month",
  },
  {
    description: "Tankbeurt Shell",
    category: "Auto en vervoer",
    vatRate: 21,
    min: 5500,
    max: 8900,
    every: "sometimes",
    chance: 0.7,
  },
  {
    description: "Parkeren Q-Park",
    category: "Auto en vervoer",
    vatRate: 21,
    min: 450,
    max: 2400,
    every: "sometimes",
    chance: 0.5,
  },
  {
    description: "Lunch met klant",
    category: "Representatie",
    vatRate: 9,
    min: 3200,
    max: 8600,
    every: "sometimes",
    chance: 0.6,
  },
  {
    description: "Kantoorartikelen Bruna",
    category: "Kantoorkosten",
    vatRate: 21,
    min: 850,
    max: 4200,
    every: "sometimes",
    chance: 0.4,
  },
  {
    description: "Vakboeken Managementboek",
    category: "Opleiding",
    vatRate: 9,
    min: 2995,
    max: 7450,
    every: "sometimes",
    chance: 0.25,
  },
  {
    description: "LinkedIn-advertenties",
    category: "Marketing en reclame",
    vatRate: 21,
    min: 5000,
    max: 25000,
    every: "sometimes",
    chance: 0.3,
  },
  {
    description: "Visitekaartjes Drukwerkdeal",
    category: "Marketing en reclame",
    vatRate: 21,
    min: 3950,
    max: 3950,
    every: "year",
    months: [2],
  },
  {
    description: "Laptop Coolblue",
    category: "Kantoorkosten",
    vatRate: 21,
    min: 149900,
    max: 149900,
    every: "year",
    months: [3],
  },
  {
    description: "Monitor en dockingstation",
    category: "Kantoorkosten",
    vatRate: 21,
    min: 48900,
    max: 48900,
    every: "year",
    months: [9],
  },
  {
    description: "Cursus Dutch Design Academy",
    category: "Opleiding",
    vatRate: 21,
    min: 59500,
    max: 59500,
    every: "year",
    months: [10],
  },
  {
    description: "Kerstpakketten klanten",
    category: "Representatie",
    vatRate: 21,
    min: 18500,
    max: 24500,
    every: "year",
    months: [12],
  },
  {
    description: "Domeinnamen en hosting TransIP",
    category: "Software en abonnementen",
    vatRate: 21,
    min: 14900,
    max: 14900,
    every: "year",
    months: [1],
  },
  {
    description: "Lidmaatschap Platform Zelfstandigen",
    category: "Overige kosten",
    vatRate: 21,
    min: 15000,
    max: 15000,
    every: "year",
    months: [1],
  },
];

/** The one recurring expense of the demo: a desk in a co-working space, monthly. */
export const RECURRING_EXPENSE = {
  description: "Huur werkplek Seats2meet",
  category: "Huisvesting",
  vatRate: 21 as const,
  amount: 27500,
};

/** Relative amount of work per month (1 = January): quieter in the summer holidays and around Christmas. */
export const MONTH_WORKLOAD = [0.85, 1, 1.05, 1, 0.95, 1, 0.75, 0.5, 1.1, 1.1, 1.05, 0.7] as const;

/** Dutch public holidays on fixed dates (Koningsdag, Bevrijdingsdag once in five years is left out). */
export const FIXED_HOLIDAYS = ["01-01", "04-27", "12-25", "12-26"] as const;

/**
 * The purchase invoices of the last weeks, as suppliers send them (Inkoopfacturen), beside the expenses booked
 * straight from the bank. `daysAgo` dates each; `settled` says how it was paid: by bank transfer, at the till
 * with the card (a receipt), not yet (open), or still to be reviewed. A cloud service from another EU country
 * is a reverse-charge purchase (rubriek 4b): its supplier charges no Dutch VAT.
 */
export type SupplierInvoiceTemplate = {
  supplier: string;
  country: "NL" | "LU";
  /** A real supplier's btw-id (foreign suppliers); Dutch ones get a generated one. */
  vatNumber?: string;
  prefix: string;
  description: string;
  category: string;
  vatRate: 0 | 9 | 21;
  min: number;
  max: number;
  daysAgo: number;
  termDays: number;
  settled: "bank" | "card" | "open" | "review";
};

export const SUPPLIER_INVOICES: readonly SupplierInvoiceTemplate[] = [
  {
    supplier: "Coolblue Zakelijk B.V.",
    country: "NL",
    prefix: "CB",
    description: "Monitor 27 inch en dockingstation",
    category: "Kantoorkosten",
    vatRate: 21,
    min: 32_900,
    max: 48_900,
    daysAgo: 41,
    termDays: 14,
    settled: "bank",
  },
  {
    supplier: "Amazon Web Services EMEA SARL",
    country: "LU",
    vatNumber: "LU26888617",
    prefix: "EUINNL",
    description: "Cloudhosting en back-ups",
    category: "Software en abonnementen",
    vatRate: 21,
    min: 1_850,
    max: 5_400,
    daysAgo: 24,
    termDays: 30,
    settled: "bank",
  },
  {
    supplier: "Boekhandel Dominicanen",
    country: "NL",
    prefix: "BON",
    description: "Vakboeken",
    category: "Opleiding",
    vatRate: 9,
    min: 3_450,
    max: 8_990,
    daysAgo: 9,
    termDays: 0,
    settled: "card",
  },
  {
    supplier: "Drukkerij De Zwaluw",
    country: "NL",
    prefix: "DZ",
    description: "Visitekaartjes en flyers",
    category: "Marketing en reclame",
    vatRate: 21,
    min: 8_500,
    max: 24_500,
    daysAgo: 12,
    termDays: 14,
    settled: "open",
  },
  {
    supplier: "Vertaalbureau Noord",
    country: "NL",
    prefix: "VN",
    description: "Vertaling website naar het Engels",
    category: "Overige kosten",
    vatRate: 21,
    min: 18_000,
    max: 42_000,
    daysAgo: 2,
    termDays: 30,
    settled: "review",
  },
];
