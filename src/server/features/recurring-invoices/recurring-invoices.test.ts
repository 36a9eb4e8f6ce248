import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_MESSAGES } from "../../../shared/schemas/invoices";
import {
  RECURRING_INVOICE_MESSAGES as MESSAGES,
  type RecurringInvoice,
  type RecurringInvoiceRun,
} from "../../../shared/schemas/recurring-invoices";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { makeDueRecurringInvoices } from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let clientId: string;

const TODAY = "2026-11-20";

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date(`${TODAY}T10:00:00Z`);
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  clientId = (await createClientRecord(t.database.db, owner.user.id)).id;
});
afterAll(() => t.close());

const body = (overrides: object = {}) => ({
  clientId,
  description: "Onderhoud website",
  interval: "monthly",
  startDate: "2026-12-01",
  endDate: null,
  invoiceCount: 12,
  paymentTermDays: 14,
  sendsAtOnce: false,
  notes: "Maandelijks onderhoud",
  items: [
    { description: "Onderhoud", quantity: 1, unitPrice: "150.00", vatCategory: "21" },
    { description: "Hosting", quantity: "2", unitPrice: "12,50", vatCategory: "21" },
  ],
  ...overrides,
});

async function create(as: SignedIn, overrides: object = {}): Promise<RecurringInvoice> {
  const response = await as.request({
    method: "POST",
    url: "/api/recurring-invoices",
    payload: body(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const post = (as: SignedIn, url: string) => as.request({ method: "POST", url });

describe("abonnementen API", () => {
  it("creates a template with its totals and next date, lists and reads it", async () => {
    const created = await create(owner);
    expect(created).toMatchObject({
      clientId,
      clientName: "Bakkerij De Korenschoof",
      description: "Onderhoud website",
      interval: "monthly",
      startDate: "2026-12-01",
      invoiceCount: 12,
      endDate: null,
      paymentTermDays: 14,
      subtotal: "175.00",
      taxAmount: "36.75",
      total: "211.75",
      status: "active",
      nextDate: "2026-12-01",
      invoicesMade: 0,
      items: [
        { description: "Onderhoud", quantity: "1.00", unitPrice: "150.00", vatCategory: "21" },
        { description: "Hosting", quantity: "2.00", unitPrice: "12.50", vatCategory: "21" },
      ],
    });
    const list = await owner.request({ method: "GET", url: "/api/recurring-invoices" });
    expect(list.json().map((row: RecurringInvoice) => row.id)).toContain(created.id);
    const one = await owner.request({ method: "GET", url: `/api/recurring-invoices/${created.id}` });
    expect(one.json()).toEqual(created);
  });

  it.each([
    ["clientId", { clientId: "" }, MESSAGES.clientRequired],
    ["description", { description: "  " }, MESSAGES.descriptionRequired],
    ["description", { description: "x".repeat(201) }, MESSAGES.descriptionTooLong],
    ["interval", { interval: "daily" }, MESSAGES.intervalRequired],
    ["startDate", { startDate: "" }, MESSAGES.startDateRequired],
    ["startDate", { startDate: "2026-02-30" }, MESSAGES.invalidDate],
    ["endDate", { endDate: "31-12-2027", invoiceCount: null }, MESSAGES.invalidDate],
    ["endDate", { endDate: "2026-11-30", invoiceCount: null }, MESSAGES.endBeforeStart],
    ["invoiceCount", { endDate: "2027-12-31", invoiceCount: 3 }, MESSAGES.endAndCount],
    ["invoiceCount", { invoiceCount: 0 }, MESSAGES.countInvalid],
    ["invoiceCount", { invoiceCount: "1,5" }, MESSAGES.countInvalid],
    ["paymentTermDays", { paymentTermDays: 366 }, MESSAGES.paymentTermInvalid],
    ["notes", { notes: "x".repeat(5001) }, MESSAGES.notesTooLong],
    ["items", { items: [] }, MESSAGES.linesRequired],
    [
      "items.0.quantity",
      { items: [{ description: "A", quantity: 0, unitPrice: 1, vatCategory: "21" }] },
      INVOICE_MESSAGES.quantityPositive,
    ],
  ])("refuses %s with its message (%j) and stores nothing", async (field, overrides, message) => {
    const before = (await owner.request({ method: "GET", url: "/api/recurring-invoices" })).json().length;
    const response = await owner.request({
      method: "POST",
      url: "/api/recurring-invoices",
      payload: body(overrides),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect((await owner.request({ method: "GET", url: "/api/recurring-invoices" })).json()).toHaveLength(
      before,
    );
  });

  it("refuses a start date in the past and another user's client", async () => {
    const past = await owner.request({
      method: "POST",
      url: "/api/recurring-invoices",
      payload: body({ startDate: "2026-11-19" }),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors.startDate).toBe(MESSAGES.startInPast);
    const foreignClient = await createClientRecord(t.database.db, stranger.user.id);
    const foreign = await owner.request({
      method: "POST",
      url: "/api/recurring-invoices",
      payload: body({ clientId: foreignClient.id }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.clientId).toBe("Klant niet gevonden");
  });

  it("starting today makes the first invoice at once, as the job would", async () => {
    const created = await create(owner, { startDate: TODAY, description: "Vandaag" });
    expect(created).toMatchObject({ nextDate: "2026-12-20", invoicesMade: 1 });
    const runs: RecurringInvoiceRun[] = (
      await owner.request({ method: "GET", url: `/api/recurring-invoices/${created.id}/runs` })
    ).json();
    expect(runs).toMatchObject([{ periodStart: TODAY, status: "made", invoiceStatus: "draft" }]);
    // The job's next round finds it made.
    await makeDueRecurringInvoices(t.database.db, t.now.value, null);
    expect(
      (await owner.request({ method: "GET", url: `/api/recurring-invoices/${created.id}/runs` })).json(),
    ).toHaveLength(1);
  });

  it("updates a template; once an invoice is made its start and interval are fixed", async () => {
    const created = await create(owner, { description: "Licentie" });
    const updated = await owner.request({
      method: "PUT",
      url: `/api/recurring-invoices/${created.id}`,
      payload: body({
        startDate: TODAY,
        description: "Licentie plus",
        invoiceCount: null,
        endDate: "2027-06-30",
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      description: "Licentie plus",
      invoiceCount: null,
      endDate: "2027-06-30",
      // Moved to today: today's invoice is made with the change.
      invoicesMade: 1,
    });
    const moved = await owner.request({
      method: "PUT",
      url: `/api/recurring-invoices/${created.id}`,
      payload: body({ startDate: "2026-12-01", invoiceCount: null }),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors.startDate).toBe(MESSAGES.scheduleFixed);
    const fewer = await owner.request({
      method: "PUT",
      url: `/api/recurring-invoices/${created.id}`,
      payload: body({ startDate: TODAY, invoiceCount: 0 }),
    });
    expect(fewer.json().fieldErrors.invoiceCount).toBe(MESSAGES.countInvalid);
  });

  it("pauses, resumes and ends, each once", async () => {
    const created = await create(owner);
    const paused = await post(owner, `/api/recurring-invoices/${created.id}/pause`);
    expect(paused.json()).toMatchObject({ status: "paused", nextDate: null });
    const again = await post(owner, `/api/recurring-invoices/${created.id}/pause`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.alreadyPaused);
    const resumed = await post(owner, `/api/recurring-invoices/${created.id}/resume`);
    expect(resumed.json()).toMatchObject({ status: "active", nextDate: "2026-12-01" });
    const notPaused = await post(owner, `/api/recurring-invoices/${created.id}/resume`);
    expect(notPaused.json().message).toBe(MESSAGES.notPaused);
    const ended = await post(owner, `/api/recurring-invoices/${created.id}/end`);
    expect(ended.json()).toMatchObject({ status: "ended", nextDate: null, endedOn: TODAY });
    const endAgain = await post(owner, `/api/recurring-invoices/${created.id}/end`);
    expect(endAgain.statusCode).toBe(409);
    expect(endAgain.json().message).toBe(MESSAGES.ended);
    const edit = await owner.request({
      method: "PUT",
      url: `/api/recurring-invoices/${created.id}`,
      payload: body(),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(MESSAGES.ended);
  });

  it("deletes a template but keeps the invoices it made", async () => {
    const created = await create(owner, { startDate: TODAY, description: "Eenmalig", invoiceCount: 1 });
    const runs: RecurringInvoiceRun[] = (
      await owner.request({ method: "GET", url: `/api/recurring-invoices/${created.id}/runs` })
    ).json();
    expect(runs).toHaveLength(1);
    const deleted = await owner.request({ method: "DELETE", url: `/api/recurring-invoices/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await owner.request({ method: "GET", url: `/api/recurring-invoices/${created.id}` })).statusCode,
    ).toBe(404);
    const invoice = await owner.request({ method: "GET", url: `/api/invoices/${runs[0]!.invoiceId}` });
    expect(invoice.statusCode).toBe(200);
  });

  it("answers 404 for another user's template and its history, and for unknown ids", async () => {
    const created = await create(owner);
    const base = `/api/recurring-invoices/${created.id}`;
    const attempts = [
      stranger.request({ method: "GET", url: base }),
      stranger.request({ method: "PUT", url: base, payload: body() }),
      stranger.request({ method: "DELETE", url: base }),
      post(stranger, `${base}/pause`),
      post(stranger, `${base}/resume`),
      post(stranger, `${base}/end`),
      stranger.request({ method: "GET", url: `${base}/runs` }),
      post(stranger, `${base}/runs/00000000-0000-4000-8000-000000000000/retry`),
      owner.request({ method: "GET", url: "/api/recurring-invoices/niet-een-id" }),
      post(owner, `${base}/runs/niet-een-id/retry`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await stranger.request({ method: "GET", url: "/api/recurring-invoices" })).json()).toEqual([]);
    // Nothing changed for the owner.
    expect((await owner.request({ method: "GET", url: base })).json()).toEqual(created);
  });
});
