/**
 * The realistic data generator: a Dutch freelancer's year, as plain data (no database, no ids), deterministic for
 * a seed and relative to "today" so that a demo always looks current.
 *
 * 1. The owner and their company (valid KvK, btw-id, IBAN), bank accounts and the starter categories.
 * 2. Clients (mostly Dutch, a few in Belgium and Germany) and projects with hourly rates.
 * 3. Time entries on working days, following the seasons (quiet in the summer and around Christmas).
 * 4. Invoices built from each month's billable hours, one per client and month: paid, sent, overdue, one draft
 *    of this month's hours, and a credit note; the hours are linked to their invoice.
 * 5. Transactions: the payments of paid invoices, a year of expenses at 21, 9 and 0% VAT, interest, and one
 *    recurring expense with its monthly occurrences.
 * 6. The VAT returns of the quarters whose deadline has passed, filed.
 * Records refer to each other by index into their lists; `writeGeneratedAccount` gives them ids.
 */
import { addDays, addMonths, businessMoment } from "../../shared/dates";
import { computeTotals, type LineInput, type VatCategory } from "../../shared/invoices/math";
import { computeVat } from "../../shared/vat";
import { formatSeriesNumber } from "../../shared/invoices/series";
import { vatPeriodContaining } from "../../shared/vat-periods";
import { longMonthLabel, monthEnd } from "../../shared/periods";
import { formatPhoneNumber } from "../../shared/validators/phone";
import { composeAddress } from "../../shared/schemas/clients";
import { STARTER_CATEGORIES } from "../features/categories/service";
import {
  CITIES,
  CLIENT_BRAND_NAMES,
  CLIENT_NAME_PATTERNS,
  EXPENSES,
  FIRST_NAMES,
  FIXED_HOLIDAYS,
  FOREIGN_CLIENTS,
  INTERNAL_TASKS,
  LAST_NAMES,
  LEGAL_SUFFIXES,
  MONTH_WORKLOAD,
  PROFESSIONS,
  RECURRING_EXPENSE,
  STREETS,
  SUPPLIER_INVOICES,
  type City,
  type Profession,
} from "./dutch-data";
import {
  DUTCH_BANKS,
  generateBelgianIban,
  generateDutchIban,
  generateForeignVatNumber,
  generateGermanIban,
  generateKvkNumber,
  generatePostcode,
  generateVatNumber,
} from "./identifiers";
import { createRandom, type Random } from "./random";

export type GeneratorSize = "small" | "large";

export type GenerateOptions = {
  seed: number;
  size: GeneratorSize;
  /** The business date (Europe/Amsterdam) the year ends on, "YYYY-MM-DD". */
  today: string;
};

/** How much one size makes. `small` is the demo; `large` is the benchmark account of issue 9. */
const VOLUMES = {
  small: { clients: null, timeEntries: null, transactions: null },
  large: { clients: 5000, timeEntries: 20_000, transactions: 50_000 },
} as const;

export type GeneratedClient = {
  name: string;
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  address: string;
  taxNumber: string | null;
  kvkNumber: string | null;
  iban: string | null;
  paymentTermsDays: number;
  notes: string | null;
};

export type GeneratedProject = {
  clientIndex: number | null;
  name: string;
  description: string | null;
  hourlyRateCents: number | null;
  status: "active" | "archived";
};

export type GeneratedTimeEntry = {
  projectIndex: number;
  clientIndex: number | null;
  description: string;
  /** ISO timestamp. */
  startTime: string;
  endTime: string;
  durationMinutes: number;
  hourlyRateCents: number | null;
  isBillable: boolean;
  /** The invoice that billed it, or null. */
  invoiceIndex: number | null;
};

export type GeneratedInvoiceLine = LineInput & { description: string };

export type GeneratedInvoice = {
  clientIndex: number;
  /** Null on the draft: it is numbered when issued. */
  invoiceNumber: string | null;
  issueDate: string;
  dueDate: string;
  /** The last day of the month the hours were worked. */
  supplyDate: string | null;
  status: "draft" | "sent" | "paid" | "overdue";
  paidDate: string | null;
  creditNoteForIndex: number | null;
  notes: string | null;
  lines: GeneratedInvoiceLine[];
  subtotalCents: number;
  taxAmountCents: number;
  totalCents: number;
};

export type GeneratedTransaction = {
  type: "income" | "expense";
  description: string;
  categoryName: string;
  clientIndex: number | null;
  /** The invoice an income transaction pays (its payment on the bank). */
  invoiceIndex: number | null;
  bankAccountIndex: number;
  date: string;
  amountCents: number;
  vatRate: number;
  vatAmountCents: number;
  amountIncludingVatCents: number;
  status: "completed" | "pending";
  isRecurring: boolean;
  recurringInterval: "monthly" | null;
  recurringGeneratedUntil: string | null;
  /** An occurrence points at its recurring template. */
  recurringTemplateIndex: number | null;
  notes: string | null;
};

export type GeneratedPurchaseInvoice = {
  supplier: {
    name: string;
    country: string;
    vatNumber: string;
    kvkNumber: string | null;
    iban: string | null;
  };
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  vatTreatment: "domestic" | "eu";
  paymentReference: string | null;
  line: { description: string; categoryName: string; vatRate: number; netAmountCents: number };
  /** The status it is left in; 'paid' by bank transfer some days after the invoice, or with the card at once. */
  status: "review" | "booked" | "paid";
  payment: { date: string; method: "bank" | "card" } | null;
};

export type GeneratedAccount = {
  /** The day the account is generated for: the open amounts and statuses are as of this day. */
  today: string;
  owner: { firstName: string; lastName: string; email: string };
  company: {
    tradeName: string;
    address: string;
    postalCode: string;
    city: string;
    country: "NL";
    kvkNumber: string;
    vatNumber: string;
    iban: string;
    bic: string;
    phone: string;
    email: string;
    website: string;
    paymentTermsDays: number;
    invoiceFooter: string;
  };
  bankAccounts: Array<{
    name: string;
    iban: string;
    openingBalanceCents: number;
    openingDate: string;
    isDefault: boolean;
  }>;
  categories: Array<(typeof STARTER_CATEGORIES)[number]>;
  clients: GeneratedClient[];
  projects: GeneratedProject[];
  timeEntries: GeneratedTimeEntry[];
  invoices: GeneratedInvoice[];
  transactions: GeneratedTransaction[];
  /** Purchase invoices of suppliers from the last weeks, in every status (booked through their own service). */
  purchaseInvoices: GeneratedPurchaseInvoice[];
  /** The quarterly VAT returns already filed: every quarter of the year whose deadline has passed. */
  vatFilings: Array<{ period: string; filedOn: string; reference: string }>;
};

const monthOf = (date: string) => Number(date.slice(5, 7));
const monthKey = (date: string) => date.slice(0, 7);
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const lastDayOfMonth = (key: string) => monthEnd(`${key}-01`);
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/b\.v\.|v\.o\.f\.|gmbh|\bnv\b|\bbv\b/g, "")
    .replace(/[^a-z0-9]+/g, "");

/** Weekdays that are not a public holiday nor in the summer or Christmas holiday. */
function isWorkingDay(date: string): boolean {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  const monthDay = date.slice(5);
  if ((FIXED_HOLIDAYS as readonly string[]).includes(monthDay)) return false;
  if (monthDay >= "07-24" && monthDay <= "08-08") return false;
  if (monthDay >= "12-24" || monthDay <= "01-01") return false;
  return true;
}

function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The first working day on or after a date. */
function workingDayFrom(date: string): string {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

function phoneNumber(random: Random, city: City, mobile: boolean): string {
  const raw = mobile
    ? `06${random.int(1, 5)}${String(random.int(0, 9_999_999)).padStart(7, "0")}`
    : `${city.area}${random.int(3, 7)}${String(random.int(0, 10 ** (9 - city.area.length) - 1)).padStart(9 - city.area.length, "0")}`;
  return formatPhoneNumber(raw, "NL");
}

function houseNumber(random: Random): string {
  const number = random.weighted([
    [random.int(1, 40), 5],
    [random.int(41, 250), 3],
  ]);
  return random.chance(0.15) ? `${number}${random.pick(["a", "b", "c"])}` : String(number);
}

function generateDutchClient(random: Random, name: string, owner: string): GeneratedClient {
  const city = random.pick(CITIES);
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const domain = `${slug(name)}.nl`;
  const isCompany = /B\.V\.|Gemeente|Stichting|Woningcorporatie|Zorggroep|Vereniging/.test(name);
  const street = random.pick(STREETS);
  const house = houseNumber(random);
  const postalCode = generatePostcode(random, city.postcode);
  return {
    name,
    contactPerson: `${first} ${last}`,
    email: random.chance(0.5) ? `${first.toLowerCase()}@${domain}` : `administratie@${domain}`,
    phone: phoneNumber(random, city, random.chance(0.3)),
    street,
    houseNumber: house,
    postalCode,
    city: city.name,
    country: "NL",
    address: composeAddress({ street, houseNumber: house, postalCode, city: city.name })!,
    taxNumber: generateVatNumber(random, isCompany ? "company" : "sole-proprietor"),
    kvkNumber: generateKvkNumber(random),
    iban: random.chance(0.9) ? generateDutchIban(random) : null,
    paymentTermsDays: random.weighted([
      [14, 4],
      [30, 5],
      [60, 1],
    ]),
    notes: random.chance(0.2)
      ? random.pick([
          `Facturen graag t.a.v. ${first} ${last}.`,
          "Vermeld altijd het inkoopordernummer op de factuur.",
          `Via het netwerk van ${owner} binnengekomen.`,
          "Betaalt meestal binnen een week.",
        ])
      : null,
  };
}

function generateForeignClient(random: Random, source: (typeof FOREIGN_CLIENTS)[number]): GeneratedClient {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(["Peeters", "Janssens", "Maes", "Müller", "Schmidt", "Wagner", "Claes", "Becker"]);
  const house = String(random.int(1, 120));
  return {
    name: source.name,
    contactPerson: `${first} ${last}`,
    email: `${first.toLowerCase()}@${slug(source.name)}.${source.country.toLowerCase()}`,
    phone:
      source.country === "BE"
        ? formatPhoneNumber(`0470${String(random.int(100000, 999999))}`, "BE")
        : formatPhoneNumber(`0151${String(random.int(10000000, 99999999))}`, "DE"),
    street: source.street,
    houseNumber: house,
    postalCode: source.postalCode,
    city: source.city,
    country: source.country,
    address: composeAddress({
      street: source.street,
      houseNumber: house,
      postalCode: source.postalCode,
      city: source.city,
    })!,
    taxNumber: generateForeignVatNumber(random, source.country),
    kvkNumber: null,
    iban: source.country === "BE" ? generateBelgianIban(random) : generateGermanIban(random),
    paymentTermsDays: 30,
    notes: "Buitenlandse klant: diensten factureren met btw verlegd.",
  };
}

/**
 * Unique client names: brand names first, then '<kind> <surname>' (with the city for a large account). A small
 * account uses each surname once, and never the owner's.
 */
function clientNames(random: Random, count: number, withCity: boolean, ownerLastName: string): string[] {
  const surnames = random.shuffle(LAST_NAMES.filter((name) => name !== ownerLastName));
  // One business of each kind in a small account: two bakeries among twenty clients looks made up.
  const patterns = random.shuffle(CLIENT_NAME_PATTERNS);
  const names = new Set<string>();
  for (const brand of random.shuffle(CLIENT_BRAND_NAMES)) {
    if (names.size >= Math.min(count, Math.ceil(count / 3))) break;
    names.add(`${brand}${random.chance(0.3) ? " B.V." : ""}`);
  }
  let attempts = 0;
  while (names.size < count) {
    attempts++;
    const surname = withCity
      ? random.pick(surnames)
      : (surnames[attempts % surnames.length] ?? random.pick(surnames));
    const capitalised = surname.charAt(0).toUpperCase() + surname.slice(1);
    const pattern = withCity ? random.pick(patterns) : patterns[attempts % patterns.length]!;
    const base = pattern.replace("{name}", capitalised);
    // A care group or a childcare centre is no partnership (V.O.F.).
    const suffix = /^(Zorggroep|Kinderopvang)/.test(base) ? "" : random.pick(LEGAL_SUFFIXES);
    let name = suffix ? `${base} ${suffix}` : base;
    if (withCity || attempts > count * 20) name = `${name} ${random.pick(CITIES).name}`;
    if (attempts > count * 40) name = `${name} ${names.size + 1}`;
    names.add(name);
  }
  return random.shuffle([...names]);
}

export function generateAccount(options: GenerateOptions): GeneratedAccount {
  const random = createRandom(options.seed);
  const { today, size } = options;
  const volume = VOLUMES[size];
  const yearStart = addDays(addMonths(today, -12), 1);

  // 1. The owner and their company.
  const profession: Profession = random.pick(PROFESSIONS);
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const capitalisedLast = lastName.charAt(0).toUpperCase() + lastName.slice(1);
  const tradeName = profession.tradeName.replace("{last}", capitalisedLast);
  const companySlug = slug(tradeName);
  const homeCity = random.pick(CITIES);
  const bank = random.pick(DUTCH_BANKS);
  const companyIban = generateDutchIban(random, bank);
  const owner = { firstName, lastName, email: `${firstName.toLowerCase()}@${companySlug}.nl` };
  const company = {
    tradeName,
    address: `${random.pick(STREETS)} ${houseNumber(random)}`,
    postalCode: generatePostcode(random, homeCity.postcode),
    city: homeCity.name,
    country: "NL" as const,
    kvkNumber: generateKvkNumber(random),
    vatNumber: generateVatNumber(random, "sole-proprietor"),
    iban: companyIban,
    bic: bank.bic,
    phone: phoneNumber(random, homeCity, true),
    email: owner.email,
    website: `www.${companySlug}.nl`,
    paymentTermsDays: 30,
    invoiceFooter: `Graag het factuurnummer vermelden bij betaling. ${tradeName} — ${bank.name}.`,
  };
  const bankAccounts = [
    {
      name: "Hoofdrekening",
      iban: companyIban,
      openingBalanceCents: random.int(250_000, 650_000),
      openingDate: yearStart,
      isDefault: true,
    },
    {
      name: "Spaarrekening",
      iban: generateDutchIban(random, bank),
      openingBalanceCents: random.int(8_000_00, 15_000_00),
      openingDate: yearStart,
      isDefault: false,
    },
    {
      name: "BTW rekening",
      iban: generateDutchIban(random, bank),
      openingBalanceCents: random.int(1_500_00, 3_500_00),
      openingDate: yearStart,
      isDefault: false,
    },
  ];
  const categories = STARTER_CATEGORIES.map((category) => ({ ...category }));

  // 2. Clients and projects.
  const ownerName = `${firstName} ${lastName}`;
  const foreign = size === "large" ? FOREIGN_CLIENTS : random.sample(FOREIGN_CLIENTS, 2);
  const dutchCount = (volume.clients ?? random.int(17, 26)) - foreign.length;
  const clients: GeneratedClient[] = [
    ...clientNames(random, dutchCount, size === "large", lastName).map((name) =>
      generateDutchClient(random, name, ownerName),
    ),
    ...foreign.map((source) => generateForeignClient(random, source)),
  ];
  const dutchClientIndexes = clients.flatMap((client, index) => (client.country === "NL" ? [index] : []));
  const foreignClientIndexes = clients.flatMap((client, index) => (client.country === "NL" ? [] : [index]));
  // Services to a business elsewhere in the EU are taxed there: 'btw verlegd', rubriek 3b of the return.
  const vatCategoryFor = (clientIndex: number): VatCategory =>
    clients[clientIndex]!.country === "NL" ? "21" : "reverse_charge";

  const projects: GeneratedProject[] = [];
  const rateFor = () => random.pick(profession.rates) * 100 + random.pick([0, 0, 500, -500]);
  if (size === "small") {
    // The clients the freelancer works for this year; the others are past or occasional clients.
    // Mostly Dutch clients, and one abroad.
    const workedFor = [
      ...random.sample(dutchClientIndexes, random.int(6, 8)),
      ...random.sample(foreignClientIndexes, 1),
    ];
    for (const clientIndex of workedFor) {
      const kinds = random.sample(profession.projects, random.chance(0.3) ? 2 : 1);
      for (const kind of kinds) {
        projects.push({
          clientIndex,
          name: kind,
          description: `${kind} voor ${clients[clientIndex]!.name}`,
          hourlyRateCents: rateFor(),
          status: "active",
        });
      }
    }
  } else {
    for (const clientIndex of clients.keys()) {
      const kind = random.pick(profession.projects);
      projects.push({
        clientIndex,
        name: kind,
        description: null,
        hourlyRateCents: rateFor(),
        status: "active",
      });
    }
  }
  const internalProjectIndex = projects.length;
  projects.push({
    clientIndex: null,
    name: "Eigen organisatie",
    description: "Administratie, acquisitie en bijscholing (niet declarabel)",
    hourlyRateCents: null,
    status: "active",
  });

  // 3. Time entries on working days up to yesterday.
  const workingDays = daysBetween(yearStart, addDays(today, -1)).filter(isWorkingDay);
  const timeEntries: GeneratedTimeEntry[] = [];
  const pushEntry = (projectIndex: number, date: string, startMinutes: number, duration: number) => {
    const project = projects[projectIndex]!;
    const isInternal = projectIndex === internalProjectIndex;
    const time = `${String(Math.floor(startMinutes / 60)).padStart(2, "0")}:${String(startMinutes % 60).padStart(2, "0")}`;
    const start = businessMoment(date, time);
    timeEntries.push({
      projectIndex,
      clientIndex: project.clientIndex,
      description: isInternal ? random.pick(INTERNAL_TASKS) : random.pick(profession.tasks),
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + duration * 60_000).toISOString(),
      durationMinutes: duration,
      hourlyRateCents: project.hourlyRateCents,
      isBillable: !isInternal,
      invoiceIndex: null,
    });
  };
  const clientProjects = projects.flatMap((project, index) => (project.clientIndex === null ? [] : [index]));
  if (size === "small") {
    let monthProjects: number[] = [];
    let currentMonth = "";
    for (const date of workingDays) {
      if (monthKey(date) !== currentMonth) {
        currentMonth = monthKey(date);
        // Three or four projects run at the same time; some carry on into the next month.
        const carried = monthProjects.filter(() => random.chance(0.6));
        const fresh = random.sample(
          clientProjects.filter((index) => !carried.includes(index)),
          random.int(3, 4) - Math.min(carried.length, 2),
        );
        monthProjects = [...carried.slice(0, 2), ...fresh];
      }
      if (!random.chance(MONTH_WORKLOAD[monthOf(date) - 1]! * 0.95)) continue;
      let minutes = random.pick([8 * 60 + 30, 9 * 60, 9 * 60 + 15]);
      const blocks = random.int(1, 3);
      for (let block = 0; block < blocks; block++) {
        // A working day ends by half past six.
        const planned = random.int(blocks === 1 ? 20 : 8, blocks === 1 ? 32 : 16) * 15;
        const duration = Math.min(planned, 18 * 60 + 30 - minutes);
        if (duration < 60) break;
        pushEntry(random.pick(monthProjects), date, minutes, duration);
        minutes += duration + (block === 0 ? 45 : 15);
      }
      // Friday afternoon: the administration, after the client work.
      if (weekday(date) === 5 && random.chance(0.7)) {
        const start = Math.min(Math.max(minutes, 16 * 60), 18 * 60);
        pushEntry(internalProjectIndex, date, start, random.int(2, 5) * 15);
      }
    }
  } else {
    const target = volume.timeEntries!;
    const perDay = Math.ceil(target / workingDays.length);
    for (let k = 0; k < target; k++) {
      const date = workingDays[Math.floor(k / perDay)]!;
      // Four consecutive entries per project, so that each client's hours make one invoice.
      const projectIndex = clientProjects[Math.floor(k / 4) % clientProjects.length]!;
      pushEntry(projectIndex, date, 8 * 60 + (k % perDay) * 5, random.int(4, 16) * 15);
    }
  }

  // 4. Invoices: one per client and month, from the billable hours, issued the first working day after.
  type Draft = Omit<GeneratedInvoice, "invoiceNumber">;
  const invoiceDrafts: Array<Draft & { entryIndexes: number[] }> = [];
  const groups = new Map<string, number[]>();
  timeEntries.forEach((entry, index) => {
    if (!entry.isBillable || entry.clientIndex === null) return;
    const key = `${monthKey(entry.startTime.slice(0, 10))}|${entry.clientIndex}`;
    const group = groups.get(key) ?? [];
    group.push(index);
    groups.set(key, group);
  });
  const thisMonth = monthKey(today);
  let draftCandidate: { key: string; minutes: number } | null = null;
  const linesFor = (clientIndex: number, entryIndexes: number[], month: string): GeneratedInvoiceLine[] => {
    const minutesByProject = new Map<number, number>();
    for (const index of entryIndexes) {
      const entry = timeEntries[index]!;
      minutesByProject.set(
        entry.projectIndex,
        (minutesByProject.get(entry.projectIndex) ?? 0) + entry.durationMinutes,
      );
    }
    const monthName = longMonthLabel(month);
    return [...minutesByProject].map(([projectIndex, minutes]) => ({
      description: `${projects[projectIndex]!.name}: werkzaamheden ${monthName}`,
      // Whole quarters of an hour: minutes × 100 / 60 is exact.
      quantityHundredths: (minutes * 100) / 60,
      unitPriceCents: projects[projectIndex]!.hourlyRateCents!,
      vatCategory: vatCategoryFor(clientIndex),
    }));
  };
  for (const [key, entryIndexes] of groups) {
    const [month, clientText] = key.split("|") as [string, string];
    const clientIndex = Number(clientText);
    // This month's hours wait for the month to end, except in the large account, where they are billed at once.
    if (month === thisMonth && (size === "small" || !draftCandidate)) {
      const minutes = entryIndexes.reduce((sum, index) => sum + timeEntries[index]!.durationMinutes, 0);
      if (!draftCandidate || minutes > draftCandidate.minutes) draftCandidate = { key, minutes };
      continue;
    }
    const nextMonthStart = `${monthKey(addMonths(`${month}-01`, 1))}-01`;
    let issueDate = workingDayFrom(nextMonthStart);
    if (issueDate > today) issueDate = today;
    const term = clients[clientIndex]!.paymentTermsDays;
    const dueDate = addDays(issueDate, term);
    const payDelay = random.weighted([
      [random.int(2, Math.max(3, term - 2)), 8],
      [random.int(term + 3, term + 35), 2],
    ]);
    const payDate = addDays(issueDate, payDelay);
    // Clients pay after a few days at the earliest: the invoices of the last ten days are still open.
    const isPaid = payDate < today && issueDate < addDays(today, -10);
    const status = isPaid ? "paid" : dueDate < today ? "overdue" : "sent";
    invoiceDrafts.push({
      clientIndex,
      issueDate,
      dueDate,
      supplyDate: lastDayOfMonth(month),
      status,
      paidDate: status === "paid" ? payDate : null,
      creditNoteForIndex: null,
      notes: null,
      lines: linesFor(clientIndex, entryIndexes, month),
      subtotalCents: 0,
      taxAmountCents: 0,
      totalCents: 0,
      entryIndexes,
    });
  }
  if (draftCandidate) {
    const entryIndexes = groups.get(draftCandidate.key)!;
    const clientIndex = Number(draftCandidate.key.split("|")[1]);
    invoiceDrafts.push({
      clientIndex,
      issueDate: today,
      dueDate: addDays(today, clients[clientIndex]!.paymentTermsDays),
      supplyDate: null,
      status: "draft",
      paidDate: null,
      creditNoteForIndex: null,
      notes: "Concept: de uren van deze maand tot nu toe.",
      lines: linesFor(clientIndex, entryIndexes, thisMonth),
      subtotalCents: 0,
      taxAmountCents: 0,
      totalCents: 0,
      entryIndexes,
    });
  }
  // Every status shows: the most recent unpaid invoice past its due date is overdue; a late payer is chased.
  const issued = invoiceDrafts.filter((invoice) => invoice.status !== "draft");
  if (!issued.some((invoice) => invoice.status === "overdue")) {
    const candidate = issued
      .filter((invoice) => invoice.dueDate < today)
      .sort((a, b) => (a.issueDate < b.issueDate ? 1 : -1))[0];
    if (candidate) Object.assign(candidate, { status: "overdue", paidDate: null });
  }
  // And at least one invoice is open and not yet due: the newest one that can be.
  if (!issued.some((invoice) => invoice.status === "sent")) {
    const candidate = issued
      .filter((invoice) => invoice.dueDate >= today)
      .sort((a, b) => (a.issueDate < b.issueDate ? 1 : -1))[0];
    if (candidate) Object.assign(candidate, { status: "sent", paidDate: null });
  }
  // A fixed-price workshop, invoiced and then cancelled: corrected with a credit note a week later.
  const workshopClient = random.pick(projects.filter((project) => project.clientIndex !== null)).clientIndex!;
  const workshopIssue = workingDayFrom(addDays(today, -random.int(80, 110)));
  const workshopLines: GeneratedInvoiceLine[] = [
    {
      description: "Workshop (halve dag), inclusief voorbereiding",
      quantityHundredths: 100,
      unitPriceCents: 65000,
      vatCategory: vatCategoryFor(workshopClient),
    },
    {
      description: "Reiskosten",
      quantityHundredths: 100,
      unitPriceCents: 4500,
      vatCategory: vatCategoryFor(workshopClient),
    },
  ];
  const workshopIndex = invoiceDrafts.length;
  invoiceDrafts.push({
    clientIndex: workshopClient,
    issueDate: workshopIssue,
    dueDate: addDays(workshopIssue, clients[workshopClient]!.paymentTermsDays),
    supplyDate: null,
    status: "sent",
    paidDate: null,
    creditNoteForIndex: null,
    notes: null,
    lines: workshopLines,
    subtotalCents: 0,
    taxAmountCents: 0,
    totalCents: 0,
    entryIndexes: [],
  });
  const creditIssue = workingDayFrom(addDays(workshopIssue, 7));
  invoiceDrafts.push({
    clientIndex: workshopClient,
    issueDate: creditIssue,
    dueDate: creditIssue,
    supplyDate: workshopIssue,
    status: "sent",
    paidDate: null,
    creditNoteForIndex: workshopIndex,
    notes: null,
    lines: workshopLines.map((line) => ({ ...line, quantityHundredths: -line.quantityHundredths })),
    subtotalCents: 0,
    taxAmountCents: 0,
    totalCents: 0,
    entryIndexes: [],
  });

  // Numbered in the order of issue; drafts last, without a number (they get one when issued).
  const order = invoiceDrafts
    .map((invoice, index) => ({ invoice, index }))
    .sort((a, b) => {
      const draftA = a.invoice.status === "draft" ? 1 : 0;
      const draftB = b.invoice.status === "draft" ? 1 : 0;
      if (draftA !== draftB) return draftA - draftB;
      if (a.invoice.issueDate !== b.invoice.issueDate)
        return a.invoice.issueDate < b.invoice.issueDate ? -1 : 1;
      return a.index - b.index;
    });
  const newIndexOf = new Map(order.map(({ index }, position) => [index, position]));
  const invoices: GeneratedInvoice[] = order.map(({ invoice }, position) => {
    const totals = computeTotals(invoice.lines);
    const { entryIndexes, ...rest } = invoice;
    for (const entryIndex of entryIndexes) timeEntries[entryIndex]!.invoiceIndex = position;
    return {
      ...rest,
      creditNoteForIndex: rest.creditNoteForIndex === null ? null : newIndexOf.get(rest.creditNoteForIndex)!,
      invoiceNumber: invoice.status === "draft" ? null : formatSeriesNumber(position + 1),
      subtotalCents: totals.subtotal,
      taxAmountCents: totals.taxAmount,
      totalCents: totals.total,
    };
  });

  // 5. Transactions.
  const transactions: GeneratedTransaction[] = [];
  const booking = (
    fields: Pick<
      GeneratedTransaction,
      "type" | "description" | "categoryName" | "date" | "amountCents" | "vatRate"
    > &
      Partial<GeneratedTransaction>,
  ): GeneratedTransaction => {
    const vat = computeVat(fields.amountCents, fields.vatRate * 100);
    return {
      clientIndex: null,
      invoiceIndex: null,
      bankAccountIndex: 0,
      status: "completed",
      isRecurring: false,
      recurringInterval: null,
      recurringGeneratedUntil: null,
      recurringTemplateIndex: null,
      notes: null,
      vatAmountCents: vat.vatAmount,
      amountIncludingVatCents: vat.amountIncludingVat,
      ...fields,
    };
  };
  for (const [invoiceIndex, invoice] of invoices.entries()) {
    if (invoice.status !== "paid") continue;
    transactions.push(
      booking({
        type: "income",
        description: `Betaling ${invoice.invoiceNumber} ${clients[invoice.clientIndex]!.name}`,
        categoryName: "Omzet",
        clientIndex: invoice.clientIndex,
        invoiceIndex,
        date: invoice.paidDate!,
        // The money received: the invoice's total. A payment, not a sale: the VAT was on the invoice.
        amountCents: invoice.totalCents,
        vatRate: 0,
      }),
    );
  }
  // The recurring desk rent: the template on the first of the first month, then every month up to today.
  const rentStart = `${monthKey(addMonths(yearStart, 1))}-01`;
  const templateIndex = transactions.length;
  transactions.push(
    booking({
      type: "expense",
      description: RECURRING_EXPENSE.description,
      categoryName: RECURRING_EXPENSE.category,
      date: rentStart,
      amountCents: RECURRING_EXPENSE.amount,
      vatRate: RECURRING_EXPENSE.vatRate,
      isRecurring: true,
      recurringInterval: "monthly",
      recurringGeneratedUntil: today,
    }),
  );
  for (let k = 1; addMonths(rentStart, k) <= today; k++) {
    transactions.push(
      booking({
        type: "expense",
        description: RECURRING_EXPENSE.description,
        categoryName: RECURRING_EXPENSE.category,
        date: addMonths(rentStart, k),
        amountCents: RECURRING_EXPENSE.amount,
        vatRate: RECURRING_EXPENSE.vatRate,
        recurringTemplateIndex: templateIndex,
      }),
    );
  }
  const months: string[] = [];
  for (let month = monthKey(yearStart); month <= thisMonth; month = monthKey(addMonths(`${month}-01`, 1))) {
    months.push(month);
  }
  const dayInMonth = (month: string, preferredDay: number): string | null => {
    const date = addDays(`${month}-01`, Math.min(preferredDay, Number(lastDayOfMonth(month).slice(8))) - 1);
    return date >= yearStart && date <= today ? date : null;
  };
  for (const month of months) {
    const monthNumber = monthOf(`${month}-01`);
    // Interest on the savings account, at the end of each quarter.
    if (monthNumber % 3 === 0) {
      const date = dayInMonth(month, 31);
      if (date) {
        transactions.push(
          booking({
            type: "income",
            description: "Rente spaarrekening",
            categoryName: "Rente",
            date,
            amountCents: random.int(1800, 4200),
            vatRate: 0,
            bankAccountIndex: 1,
          }),
        );
      }
    }
    for (const expense of EXPENSES) {
      const due =
        expense.every === "month" ||
        (expense.every === "quarter" && monthNumber % 3 === 1) ||
        (expense.every === "year" && expense.months?.includes(monthNumber)) ||
        (expense.every === "sometimes" &&
          random.chance((expense.chance ?? 0.5) * MONTH_WORKLOAD[monthNumber - 1]!));
      if (!due) continue;
      const date = dayInMonth(month, expense.every === "sometimes" ? random.int(2, 27) : random.int(1, 6));
      if (!date) continue;
      transactions.push(
        booking({
          type: "expense",
          description: expense.description,
          categoryName: expense.category,
          date,
          amountCents: random.int(expense.min, expense.max),
          vatRate: expense.vatRate,
        }),
      );
    }
  }
  if (size === "large") {
    // The rest of the 50,000: purchases spread over the year.
    const days = daysBetween(yearStart, today);
    const missing = volume.transactions! - transactions.length;
    const variable = EXPENSES.filter((expense) => expense.every === "sometimes");
    for (let k = 0; k < missing; k++) {
      const expense = random.pick(variable);
      transactions.push(
        booking({
          type: "expense",
          description: expense.description,
          categoryName: expense.category,
          date: days[k % days.length]!,
          amountCents: random.int(expense.min, expense.max),
          vatRate: expense.vatRate,
        }),
      );
    }
  }
  transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  // Recent card payments not yet booked by the bank.
  const recentExpenses = transactions.filter(
    (row) => row.type === "expense" && !row.isRecurring && row.recurringTemplateIndex === null,
  );
  for (const row of recentExpenses.slice(-2)) row.status = "pending";
  // Sorting moved the template: point the occurrences at its new place.
  const newTemplateIndex = transactions.findIndex((row) => row.isRecurring);
  for (const row of transactions) {
    if (row.recurringTemplateIndex !== null) row.recurringTemplateIndex = newTemplateIndex;
  }

  // The freelancer files each quarter's VAT return in the month after it, some days before the deadline.
  const vatFilings: GeneratedAccount["vatFilings"] = [];
  for (
    let period = vatPeriodContaining(yearStart, "quarter");
    period.deadline < today;
    period = vatPeriodContaining(addDays(period.endDate, 1), "quarter")
  ) {
    vatFilings.push({
      period: period.id,
      filedOn: addDays(period.deadline, -random.int(4, 20)),
      reference: String(random.int(100_000_000, 999_999_999)),
    });
  }

  // Drawn last, so that everything above stays the same for a seed.
  const purchaseInvoices = SUPPLIER_INVOICES.map((template): GeneratedPurchaseInvoice => {
    const invoiceDate = addDays(today, -template.daysAgo);
    const dutch = template.country === "NL";
    const invoiceNumber = `${template.prefix}-${invoiceDate.slice(0, 4)}-${random.int(10_000, 99_999)}`;
    return {
      supplier: {
        name: template.supplier,
        country: template.country,
        vatNumber: template.vatNumber ?? generateVatNumber(random, "company"),
        kvkNumber: dutch ? generateKvkNumber(random) : null,
        iban: dutch ? generateDutchIban(random) : null,
      },
      invoiceNumber,
      invoiceDate,
      dueDate: addDays(invoiceDate, template.termDays),
      vatTreatment: dutch ? "domestic" : "eu",
      paymentReference: template.settled === "card" ? null : invoiceNumber,
      line: {
        description: template.description,
        categoryName: template.category,
        vatRate: template.vatRate,
        netAmountCents: random.int(template.min, template.max),
      },
      status: template.settled === "review" ? "review" : template.settled === "open" ? "booked" : "paid",
      payment:
        template.settled === "bank"
          ? {
              date: addDays(invoiceDate, random.int(2, Math.min(template.termDays, template.daysAgo) - 2)),
              method: "bank",
            }
          : template.settled === "card"
            ? { date: invoiceDate, method: "card" }
            : null,
    };
  });

  return {
    today,
    owner,
    company,
    bankAccounts,
    categories,
    clients,
    projects,
    timeEntries,
    invoices,
    transactions,
    purchaseInvoices,
    vatFilings,
  };
}
