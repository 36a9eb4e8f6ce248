import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/app";
import { createFilledUser, FACTORY_PASSWORD } from "../../../tests/factories";
import {
  clients,
  invoices,
  invoiceTimeEntries,
  purchaseInvoices,
  timeEntries,
  transactions,
  vatReturnFilings,
} from "../db/schema/index";
import { addDays } from "../../shared/dates";
import { computeLine, computeTotals } from "../../shared/invoices/math";
import { isValidVatNumber } from "../../shared/validators/btw";
import { isValidIban } from "../../shared/validators/iban";
import { isValidKvkNumber } from "../../shared/validators/kvk";
import { isValidPostcode } from "../../shared/validators/postcode";
import { ClientInputSchema } from "../../shared/schemas/clients";
import { computeVat } from "../../shared/vat";
import { centsToDecimal } from "../../shared/money";
import { STARTER_CATEGORIES } from "../features/categories/service";
import { getDashboardMetrics } from "../features/dashboard/service";
import { generateAccount } from "./generate";
import { createRandom } from "./random";
import {
  generateBelgianIban,
  generateDutchIban,
  generateForeignVatNumber,
  generateGermanIban,
  generateVatNumber,
} from "./identifiers";

const TODAY = "2026-11-21";
const small = generateAccount({ seed: 7, size: "small", today: TODAY });

describe("the generator", () => {
  it("makes the same account for the same seed, and another for another seed", () => {
    expect(generateAccount({ seed: 7, size: "small", today: TODAY })).toEqual(small);
    const other = generateAccount({ seed: 8, size: "small", today: TODAY });
    expect(other.clients.map((client) => client.name)).not.toEqual(
      small.clients.map((client) => client.name),
    );
  });

  it.each([1, 2, 3, 42, 1234567])(
    "builds identifiers that pass the app's own validators (seed %i)",
    (seed) => {
      const account = generateAccount({ seed, size: "small", today: TODAY });
      expect(isValidKvkNumber(account.company.kvkNumber)).toBe(true);
      expect(isValidVatNumber(account.company.vatNumber)).toBe(true);
      expect(isValidPostcode(account.company.postalCode)).toBe(true);
      for (const bank of account.bankAccounts) expect(isValidIban(bank.iban)).toBe(true);
      expect(account.clients.length).toBeGreaterThanOrEqual(15);
      expect(account.clients.length).toBeLessThanOrEqual(30);
      expect(account.clients.some((client) => client.country === "BE" || client.country === "DE")).toBe(true);
      for (const client of account.clients) {
        // The client form's own schema accepts every generated client as it is.
        expect(ClientInputSchema.safeParse(client).error).toBeUndefined();
        if (client.iban) expect(isValidIban(client.iban), client.iban).toBe(true);
        if (client.country === "NL") {
          expect(isValidPostcode(client.postalCode), client.postalCode).toBe(true);
          expect(isValidVatNumber(client.taxNumber!), client.taxNumber!).toBe(true);
          expect(isValidKvkNumber(client.kvkNumber!), client.kvkNumber!).toBe(true);
        } else {
          expect(isValidVatNumber(client.taxNumber!, client.country), client.taxNumber!).toBe(true);
        }
      }
    },
  );

  it("builds valid identifiers of every kind, many times over", () => {
    const random = createRandom(99);
    for (let i = 0; i < 500; i++) {
      expect(isValidVatNumber(generateVatNumber(random, "company"))).toBe(true);
      expect(isValidVatNumber(generateVatNumber(random, "sole-proprietor"))).toBe(true);
      expect(isValidIban(generateDutchIban(random))).toBe(true);
      expect(isValidIban(generateBelgianIban(random))).toBe(true);
      expect(isValidIban(generateGermanIban(random))).toBe(true);
      expect(generateForeignVatNumber(random, "BE")).toMatch(/^BE[01]\d{9}$/);
      expect(generateForeignVatNumber(random, "DE")).toMatch(/^DE\d{9}$/);
    }
  });

  it("bills the client abroad with 'btw verlegd', and every Dutch client with 21% VAT", () => {
    for (const seed of [1, 2, 3]) {
      const account = generateAccount({ seed, size: "small", today: TODAY });
      const abroad = account.invoices.filter(
        (invoice) => account.clients[invoice.clientIndex]!.country !== "NL",
      );
      expect(abroad.length).toBeGreaterThan(0);
      for (const invoice of account.invoices) {
        const expected = account.clients[invoice.clientIndex]!.country === "NL" ? "21" : "reverse_charge";
        for (const line of invoice.lines) expect(line.vatCategory).toBe(expected);
      }
      for (const invoice of abroad) expect(invoice.taxAmountCents).toBe(0);
    }
  });

  it("keeps invoice totals consistent with their lines and the hours they bill", () => {
    for (const invoice of small.invoices) {
      const totals = computeTotals(invoice.lines);
      expect([invoice.subtotalCents, invoice.taxAmountCents, invoice.totalCents]).toEqual([
        totals.subtotal,
        totals.taxAmount,
        totals.total,
      ]);
      expect(invoice.lines.reduce((sum, line) => sum + computeLine(line).amount, 0)).toBe(
        invoice.subtotalCents,
      );
      const entries = small.timeEntries.filter(
        (entry) => entry.invoiceIndex === small.invoices.indexOf(invoice),
      );
      if (entries.length > 0) {
        const billedMinutes = entries.reduce((sum, entry) => sum + entry.durationMinutes, 0);
        const lineHours = invoice.lines.reduce((sum, line) => sum + line.quantityHundredths, 0);
        expect(lineHours).toBe((billedMinutes * 100) / 60);
        expect(entries.every((entry) => entry.clientIndex === invoice.clientIndex && entry.isBillable)).toBe(
          true,
        );
      }
    }
  });

  it("has invoices in every status, a credit note, and numbers them in order of issue", () => {
    const statuses = new Set(small.invoices.map((invoice) => invoice.status));
    expect([...statuses].sort()).toEqual(["draft", "overdue", "paid", "sent"]);
    const credit = small.invoices.find((invoice) => invoice.creditNoteForIndex !== null)!;
    const original = small.invoices[credit.creditNoteForIndex!]!;
    expect(credit.totalCents).toBe(-original.totalCents);
    expect(credit.issueDate > original.issueDate).toBe(true);
    // Issued invoices are numbered in order of issue; the draft gets its number when it is issued.
    const issued = small.invoices.filter((invoice) => invoice.status !== "draft");
    expect(issued.map((invoice) => invoice.invoiceNumber)).toEqual(
      issued.map((_, index) => `INV-${String(index + 1).padStart(6, "0")}`),
    );
    expect(
      small.invoices.filter((invoice) => invoice.status === "draft").map((i) => i.invoiceNumber),
    ).toEqual([null]);
    for (const invoice of small.invoices) {
      expect(invoice.issueDate <= TODAY).toBe(true);
      if (invoice.status === "paid")
        expect(invoice.paidDate! >= invoice.issueDate && invoice.paidDate! < TODAY).toBe(true);
      if (invoice.status === "overdue") expect(invoice.dueDate < TODAY).toBe(true);
    }
    // Every paid invoice arrives on the bank account.
    const payments = small.transactions.filter((row) => row.description.startsWith("Betaling INV-"));
    expect(payments).toHaveLength(small.invoices.filter((invoice) => invoice.status === "paid").length);
  });

  it("has purchase invoices of valid suppliers, paid between their date and today", () => {
    for (const seed of [1, 7, 42, 99]) {
      const account = generateAccount({ seed, size: "small", today: TODAY });
      for (const purchase of account.purchaseInvoices) {
        expect(isValidVatNumber(purchase.supplier.vatNumber, purchase.supplier.country)).toBe(true);
        if (purchase.supplier.iban) expect(isValidIban(purchase.supplier.iban)).toBe(true);
        expect(purchase.dueDate >= purchase.invoiceDate && purchase.invoiceDate < TODAY).toBe(true);
        if (purchase.payment) {
          expect(purchase.payment.date >= purchase.invoiceDate).toBe(true);
          expect(purchase.payment.date < TODAY).toBe(true);
        }
      }
      // A foreign cloud service is reverse charge (4b); the open invoice is due within days (the bell says so).
      expect(account.purchaseInvoices.filter((row) => row.vatTreatment === "eu")).toHaveLength(1);
      const open = account.purchaseInvoices.find((row) => row.status === "booked")!;
      expect(open.dueDate >= TODAY && open.dueDate <= addDays(TODAY, 3)).toBe(true);
    }
  });

  it("logs hours on working days only, within the last year", () => {
    expect(small.timeEntries.length).toBeGreaterThan(200);
    for (const entry of small.timeEntries) {
      const day = new Date(entry.startTime).getUTCDay();
      expect(day).not.toBe(0);
      expect(day).not.toBe(6);
      expect(entry.startTime.slice(0, 10) < TODAY).toBe(true);
      expect(entry.startTime.slice(0, 10) > addDays(TODAY, -366)).toBe(true);
      expect(entry.durationMinutes % 15).toBe(0);
    }
  });

  it("books a year of transactions at 21, 9 and 0% VAT with the user's starter categories and one recurring expense", () => {
    const rates = new Set(small.transactions.map((row) => row.vatRate));
    expect([...rates].sort((a, b) => a - b)).toEqual([0, 9, 21]);
    const names = new Set(STARTER_CATEGORIES.map((category) => `${category.type}:${category.name}`));
    for (const row of small.transactions) {
      expect(names.has(`${row.type}:${row.categoryName}`), row.categoryName).toBe(true);
      const vat = computeVat(row.amountCents, row.vatRate * 100);
      expect([row.vatAmountCents, row.amountIncludingVatCents]).toEqual([
        vat.vatAmount,
        vat.amountIncludingVat,
      ]);
      expect(row.date <= TODAY && row.date > addDays(TODAY, -366)).toBe(true);
    }
    const templates = small.transactions.filter((row) => row.isRecurring);
    expect(templates).toHaveLength(1);
    const templateIndex = small.transactions.indexOf(templates[0]!);
    expect(
      small.transactions.filter((row) => row.recurringTemplateIndex === templateIndex).length,
    ).toBeGreaterThanOrEqual(10);
    // Seasonal: the summer holiday month earns less than a busy autumn month.
    const hoursIn = (month: string) =>
      small.timeEntries
        .filter((entry) => entry.startTime.startsWith(month))
        .reduce((sum, entry) => sum + entry.durationMinutes, 0);
    expect(hoursIn("2026-08")).toBeLessThan(hoursIn("2026-10"));
  });

  it("scales to the large benchmark account", () => {
    const large = generateAccount({ seed: 1, size: "large", today: TODAY });
    expect(large.clients).toHaveLength(5000);
    expect(large.timeEntries).toHaveLength(20_000);
    expect(large.transactions).toHaveLength(50_000);
    expect(large.invoices.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(large.clients.map((client) => client.name)).size).toBe(5000);
  }, 30_000);
});

describe("a generated user in the database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("stores every generated record, signs in with its password, and its books balance", async () => {
    const now = new Date("2026-11-21T09:00:00Z");
    const user = await createFilledUser(t.database.db, { seed: 7, now });
    const expected = generateAccount({ seed: 7, size: "small", today: TODAY });
    const count = (table: typeof clients | typeof invoices | typeof timeEntries | typeof transactions) =>
      t.database.db.$count(table, eq(table.userId, user.id));
    // Each purchase invoice's supplier is a relation of its own; each bank payment of one is a transaction.
    expect(await count(clients)).toBe(expected.clients.length + expected.purchaseInvoices.length);
    expect(await count(invoices)).toBe(expected.invoices.length);
    expect(await count(timeEntries)).toBe(expected.timeEntries.length);
    const paidByBank = expected.purchaseInvoices.filter((row) => row.payment?.method === "bank").length;
    expect(await count(transactions)).toBe(expected.transactions.length + paidByBank);
    // Purchase invoices in every status, and 'Te betalen' holds the open one.
    const purchases = await t.database.db
      .select({ status: purchaseInvoices.status, open: purchaseInvoices.openAmount })
      .from(purchaseInvoices)
      .where(eq(purchaseInvoices.userId, user.id));
    expect(purchases.map((row) => row.status).sort()).toEqual(["booked", "paid", "paid", "paid", "review"]);
    const open = expected.purchaseInvoices.find((row) => row.status === "booked")!;
    const { payables } = await getDashboardMetrics(t.database.db, user.id, "quarter", now);
    const { netAmountCents, vatRate } = open.line;
    expect(payables).toEqual({
      amount: centsToDecimal(netAmountCents + Math.round((netAmountCents * vatRate) / 100)),
      count: 1,
    });
    // The quarters whose deadline has passed are filed, with the figures of the books.
    const filings = await t.database.db
      .select()
      .from(vatReturnFilings)
      .where(eq(vatReturnFilings.userId, user.id));
    expect(filings.map((filing) => filing.period).sort()).toEqual([
      "2025-Q4",
      "2026-Q1",
      "2026-Q2",
      "2026-Q3",
    ]);
    expect(filings.every((filing) => filing.filedOn > filing.endDate && filing.filedOn < TODAY)).toBe(true);
    expect(await t.database.db.$count(invoiceTimeEntries, eq(invoiceTimeEntries.userId, user.id))).toBe(
      expected.timeEntries.filter((entry) => entry.invoiceIndex !== null).length,
    );
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: FACTORY_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const unbalanced = (await t.database.db.execute(sql`
      select source_type, source_id from journal_lines where user_id = ${user.id}::uuid
      group by source_type, source_id having sum(amount) <> 0`)) as unknown as { rows: unknown[] };
    expect(unbalanced.rows).toEqual([]);
    const total = (await t.database.db.execute(
      sql`select count(*)::int as lines, coalesce(sum(amount), 0)::text as sum from journal_lines where user_id = ${user.id}::uuid`,
    )) as unknown as { rows: Array<{ lines: number; sum: string }> };
    expect(total.rows[0]!.lines).toBeGreaterThan(500);
    expect(Number(total.rows[0]!.sum)).toBe(0);
  });
});
