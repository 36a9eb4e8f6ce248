import { invoiceItems, invoiceNumberCounters, invoices } from "../../src/server/db/schema/index";
import { settleBenchInvoices } from "./paid-invoices";
import type { Database } from "../../src/server/db/client";
import { formatSeriesNumber } from "../../src/shared/invoices/series";
import {
  createClientRecord,
  createCompanyProfile,
  createUser,
  FACTORY_PASSWORD,
} from "../../tests/factories";
import { defineBenchmark, request, signIn } from "./harness";

/** Issue 6: a freelancer with 5,000 invoices; the list and a PDF stay fast. */
const INVOICE_COUNT = 5000;
const USERNAME = "bench_invoices";
const STATUSES = ["paid", "paid", "paid", "sent", "overdue", "draft"] as const;

let seeding: Promise<void> | undefined;
let sampleInvoiceId: string | undefined;

/** One user with complete company data, 20 clients and 5,000 invoices of two lines each. */
function seedInvoices(db: Database): Promise<void> {
  seeding ??= (async () => {
    const user = await createUser(db, { username: USERNAME });
    await createCompanyProfile(db, user.id);
    const clients: Array<{ id: string }> = [];
    for (let i = 0; i < 20; i++) {
      clients.push(await createClientRecord(db, user.id, { name: `Klant ${i}` }));
    }
    for (let start = 0; start < INVOICE_COUNT; start += 500) {
      const rows = Array.from({ length: Math.min(500, INVOICE_COUNT - start) }, (_, offset) => {
        const i = start + offset;
        const day = String((i % 28) + 1).padStart(2, "0");
        const month = String((i % 12) + 1).padStart(2, "0");
        return {
          userId: user.id,
          clientId: clients[i % clients.length]!.id,
          invoiceNumber: formatSeriesNumber(i + 1),
          issueDate: `2025-${month}-${day}`,
          dueDate: `2025-${month}-${day}`,
          subtotal: "185.75",
          taxAmount: "37.12",
          total: "222.87",
          status: STATUSES[i % STATUSES.length]!,
        };
      });
      const inserted = await db.insert(invoices).values(rows).returning({ id: invoices.id });
      sampleInvoiceId ??= inserted[0]!.id;
      await db.insert(invoiceItems).values(
        inserted.flatMap(({ id }) => [
          {
            userId: user.id,
            invoiceId: id,
            position: 0,
            description: "Ontwerp homepage",
            quantity: "2.00",
            rate: "85.00",
            vatRate: "21.00",
            vatCategory: "21" as const,
            amount: "170.00",
            vatAmount: "35.70",
            totalAmount: "205.70",
          },
          {
            userId: user.id,
            invoiceId: id,
            position: 1,
            description: "Drukwerk",
            quantity: "1.50",
            rate: "10.50",
            vatRate: "9.00",
            vatCategory: "9" as const,
            amount: "15.75",
            vatAmount: "1.42",
            totalAmount: "17.17",
          },
        ]),
      );
    }
    await db.insert(invoiceNumberCounters).values({ userId: user.id, lastNumber: INVOICE_COUNT });
    await settleBenchInvoices(db, user.id, "2026-01-15");
  })();
  return seeding;
}

const signInInvoicesUser = async ({ baseUrl }: { baseUrl: string }) => ({
  cookie: await signIn(baseUrl, USERNAME, FACTORY_PASSWORD),
});

/** What the screen asks first: one page of 50 (and one more, to know if there is a next page), newest first. */
export const invoicesFirstPage = defineBenchmark({
  name: "GET /api/invoices (page of 50 of 5,000)",
  iterations: 500,
  warmup: 50,
  budget: { p95Ms: 50 },
  seed: seedInvoices,
  setup: signInInvoicesUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, { path: "/api/invoices?limit=51&offset=0", cookie: fixture.cookie, expect: 200 });
  },
});

/** The status filter, a page deep: the overdue ones. */
export const invoicesFiltered = defineBenchmark({
  name: "GET /api/invoices?status=overdue (page 10, 5,000)",
  iterations: 500,
  warmup: 50,
  budget: { p95Ms: 50 },
  seed: seedInvoices,
  setup: signInInvoicesUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, {
      path: "/api/invoices?status=overdue&limit=51&offset=450",
      cookie: fixture.cookie,
      expect: 200,
    });
  },
});

/** For comparison, not used by the screen: all 5,000 at once (spec §7 without paging). */
export const invoicesFullList = defineBenchmark({
  name: "GET /api/invoices (all 5,000, no budget)",
  iterations: 50,
  warmup: 5,
  seed: seedInvoices,
  setup: signInInvoicesUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, { path: "/api/invoices", cookie: fixture.cookie, expect: 200 });
  },
});

/** The four counters. */
export const invoicesSummary = defineBenchmark({
  name: "GET /api/invoices/summary (5,000)",
  iterations: 500,
  warmup: 50,
  budget: { p95Ms: 50 },
  seed: seedInvoices,
  setup: signInInvoicesUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, { path: "/api/invoices/summary", cookie: fixture.cookie, expect: 200 });
  },
});

/** One invoice as PDF, with its EPC QR code. */
export const invoicePdf = defineBenchmark({
  name: "GET /api/invoices/{id}/pdf",
  iterations: 200,
  warmup: 20,
  budget: { p95Ms: 150 },
  seed: seedInvoices,
  setup: signInInvoicesUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, {
      path: `/api/invoices/${sampleInvoiceId}/pdf`,
      cookie: fixture.cookie,
      expect: 200,
    });
  },
});
