import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessMoment } from "../../../shared/dates";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import type { RecurringInvoice, RecurringInvoiceRun } from "../../../shared/schemas/recurring-invoices";
import { clients, outboxMessages, recurringInvoices } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { expectEveryEntryBalanced } from "../../../../tests/books";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { jobsFor } from "../../jobs/index";
import { startJobs } from "../../jobs/scheduler";
import { NO_CLIENT_EMAIL_MESSAGE } from "../invoices/sending";
import { profitAndLoss, receivablesByInvoice } from "../ledger/queries";
import { makeDueRecurringInvoices } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
// Each test's templates stop with it: the job reads every user's, and the next test moves the clock far on.
afterEach(async () => {
  await t.database.db.update(recurringInvoices).set({ endedOn: "2026-01-01" });
});

const at = (isoDate: string) => new Date(`${isoDate}T10:00:00Z`);
const run = (now: Date) => t.database.db.transaction((tx) => makeDueRecurringInvoices(tx, now, null));

/** A user with company data and a client, signed in on `today`. */
async function newUser(today: string, clientOverrides: Parameters<typeof createClientRecord>[2] = {}) {
  t.now.value = at(today);
  const user = await t.signIn();
  await createCompanyProfile(t.database.db, user.user.id);
  const client = await createClientRecord(t.database.db, user.user.id, clientOverrides);
  return { user, clientId: client.id };
}

async function createTemplate(as: SignedIn, payload: object): Promise<RecurringInvoice> {
  const response = await as.request({
    method: "POST",
    url: "/api/recurring-invoices",
    payload: {
      description: "Onderhoud",
      interval: "monthly",
      paymentTermDays: 14,
      sendsAtOnce: true,
      items: [{ description: "Onderhoud website", quantity: 1, unitPrice: "100.00", vatCategory: "21" }],
      ...payload,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const runsOf = async (as: SignedIn, id: string): Promise<RecurringInvoiceRun[]> =>
  (await as.request({ method: "GET", url: `/api/recurring-invoices/${id}/runs` })).json();
const templateOf = async (as: SignedIn, id: string): Promise<RecurringInvoice> =>
  (await as.request({ method: "GET", url: `/api/recurring-invoices/${id}` })).json();
const invoicesOf = async (as: SignedIn): Promise<InvoiceDetail[]> =>
  (await as.request({ method: "GET", url: "/api/invoices" })).json();
const periodsOf = async (as: SignedIn, id: string) =>
  (await runsOf(as, id)).map((run) => run.periodStart).sort();

describe("the recurring-invoices job", () => {
  it("issues and sends each month's invoice once, keeping month ends, booked and numbered without gaps", async () => {
    const { user, clientId } = await newUser("2027-01-31");
    const template = await createTemplate(user, { clientId, startDate: "2027-01-31" });

    await run(at("2027-01-31"));
    await run(at("2027-01-31"));
    // The job missed February and March: both are caught up, on their own dates.
    await run(at("2027-03-31"));
    await run(at("2027-04-29"));

    const runs = await runsOf(user, template.id);
    expect(runs.map((one) => [one.periodStart, one.periodEnd, one.status])).toEqual([
      ["2027-03-31", "2027-04-29", "made"],
      ["2027-02-28", "2027-03-30", "made"],
      ["2027-01-31", "2027-02-27", "made"],
    ]);
    const invoices = (await invoicesOf(user)).sort((a, b) => a.issueDate.localeCompare(b.issueDate));
    expect(
      invoices.map((invoice) => [invoice.invoiceNumber, invoice.issueDate, invoice.dueDate, invoice.status]),
    ).toEqual([
      ["INV-000001", "2027-01-31", "2027-02-14", "sent"],
      // Due on 14 March and issued on the 31st by the catching-up run: overdue at once.
      ["INV-000002", "2027-02-28", "2027-03-14", "overdue"],
      ["INV-000003", "2027-03-31", "2027-04-14", "sent"],
    ]);
    const february = await user.request({ method: "GET", url: `/api/invoices/${invoices[1]!.id}` });
    expect(february.json().items[0].description).toBe(
      "Onderhoud website (28 februari 2027 t/m 30 maart 2027)",
    );

    // Booked in the ledger: revenue, and each invoice's Debiteuren balance is its total.
    const books = await profitAndLoss(t.database.db, user.user.id, { from: "2027-01-01", to: "2027-12-31" });
    expect(books.totalRevenueCents).toBe(3 * 100_00);
    const receivables = await receivablesByInvoice(t.database.db, user.user.id);
    expect(invoices.map((invoice) => receivables.get(invoice.id))).toEqual([121_00, 121_00, 121_00]);
    await expectEveryEntryBalanced(t.database.db, user.user.id);
    // Sent: one e-mail per invoice, to the client.
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.userId, user.user.id));
    expect(mails.map((mail) => mail.recipient)).toEqual(Array(3).fill("els@korenschoof.nl"));
    expect((await templateOf(user, template.id)).nextDate).toBe("2027-04-30");
  });

  it("makes each period once when two instances run at the same moment, and through the scheduler", async () => {
    const { user, clientId } = await newUser("2026-01-05");
    const template = await createTemplate(user, { clientId, startDate: "2026-01-05", interval: "weekly" });
    const now = at("2026-03-02");
    await Promise.all([run(now), run(now), makeDueRecurringInvoices(t.database.db, now, null)]);
    const jobs = startJobs({
      db: t.database.db,
      jobs: jobsFor(t.database.kind).filter((job) => job.name === "recurring-invoices"),
      clock: () => now,
      log: t.app.log,
    });
    await jobs.stop();
    const periods = await periodsOf(user, template.id);
    expect(periods).toHaveLength(9); // 5 January … 2 March, weekly
    expect(new Set(periods).size).toBe(9);
    const numbers = (await invoicesOf(user)).map((invoice) => invoice.invoiceNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 9 }, (_, index) => `INV-00000${index + 1}`));
  });

  it.each([
    // The night the clocks go forward (28 March 2027) and back (25 October 2026), midnight in Amsterdam.
    ["2027-03-28", "2027-03-27T22:59:59Z", "2027-03-27T23:00:00Z"],
    ["2026-10-25", "2026-10-24T21:59:59Z", "2026-10-24T22:00:00Z"],
  ])("makes the invoice of %s from midnight in Amsterdam, not before", async (day, before, after) => {
    // Made the day before, so that saving it does not make the first invoice already.
    const { user, clientId } = await newUser(addDays(day, -1));
    const template = await createTemplate(user, { clientId, startDate: day, interval: "weekly" });
    expect(businessMoment(day).toISOString()).toBe(new Date(after).toISOString());
    await run(new Date(before));
    expect(await runsOf(user, template.id)).toEqual([]);
    await run(new Date(after));
    expect(await periodsOf(user, template.id)).toEqual([day]);
    expect((await invoicesOf(user))[0]!.issueDate).toBe(day);
  });

  it("stops after the number of invoices, and after the end date", async () => {
    const { user, clientId } = await newUser("2027-01-15");
    const counted = await createTemplate(user, {
      clientId,
      startDate: "2027-01-15",
      interval: "quarterly",
      invoiceCount: 3,
    });
    const dated = await createTemplate(user, { clientId, startDate: "2027-01-15", endDate: "2027-03-15" });
    await run(at("2027-01-15"));
    await run(at("2028-06-01"));
    expect(await periodsOf(user, counted.id)).toEqual(["2027-01-15", "2027-04-15", "2027-07-15"]);
    expect(await periodsOf(user, dated.id)).toEqual(["2027-01-15", "2027-02-15", "2027-03-15"]);
    expect(await templateOf(user, counted.id)).toMatchObject({
      status: "ended",
      nextDate: null,
      invoicesMade: 3,
    });
    expect(await templateOf(user, dated.id)).toMatchObject({ status: "ended", nextDate: null });
  });

  it("pausing stops the runs, resuming skips what passed meanwhile, ending stops for good", async () => {
    const { user, clientId } = await newUser("2027-01-04");
    const template = await createTemplate(user, { clientId, startDate: "2027-01-04", interval: "weekly" });
    await run(at("2027-01-04"));
    await user.request({ method: "POST", url: `/api/recurring-invoices/${template.id}/pause` });
    await run(at("2027-01-20"));
    expect(await periodsOf(user, template.id)).toEqual(["2027-01-04"]);

    t.now.value = at("2027-01-20");
    const resumed = await user.request({
      method: "POST",
      url: `/api/recurring-invoices/${template.id}/resume`,
    });
    expect(resumed.json()).toMatchObject({ status: "active", nextDate: "2027-01-25" });
    await run(at("2027-01-25"));
    expect(await periodsOf(user, template.id)).toEqual(["2027-01-04", "2027-01-25"]);

    t.now.value = at("2027-01-26");
    await user.request({ method: "POST", url: `/api/recurring-invoices/${template.id}/end` });
    await run(at("2027-03-01"));
    expect(await periodsOf(user, template.id)).toEqual(["2027-01-04", "2027-01-25"]);
    expect((await invoicesOf(user)).map((invoice) => invoice.invoiceNumber).sort()).toEqual([
      "INV-000001",
      "INV-000002",
    ]);
  });

  it("leaves a failed run with its Dutch reason without stopping the others, and a retry makes it", async () => {
    const { user, clientId } = await newUser("2027-02-01", { email: null });
    const other = await createClientRecord(t.database.db, user.user.id, { name: "Studio Noord" });
    const failing = await createTemplate(user, {
      clientId,
      startDate: "2027-02-01",
      description: "Zonder e-mail",
    });
    const working = await createTemplate(user, { clientId: other.id, startDate: "2027-02-01" });
    await run(at("2027-02-01"));

    const [failed] = await runsOf(user, failing.id);
    expect(failed).toMatchObject({
      status: "failed",
      failureReason: NO_CLIENT_EMAIL_MESSAGE,
      invoiceId: null,
    });
    expect(await runsOf(user, working.id)).toMatchObject([{ status: "made", invoiceNumber: "INV-000001" }]);
    // The failed one took no number and booked nothing.
    expect((await invoicesOf(user)).map((invoice) => invoice.invoiceNumber)).toEqual(["INV-000001"]);
    expect((await templateOf(user, failing.id)).failedRuns).toBe(1);
    // A later run does not try the failed period again by itself.
    await run(at("2027-02-02"));
    expect(await runsOf(user, failing.id)).toHaveLength(1);

    const made = await user.request({
      method: "POST",
      url: `/api/recurring-invoices/${failing.id}/runs/${working.id}/retry`,
    });
    expect(made.statusCode).toBe(404);
    await t.database.db
      .update(clients)
      .set({ email: "inkoop@voorbeeld.nl" })
      .where(and(eq(clients.id, clientId), eq(clients.userId, user.user.id)));
    t.now.value = at("2027-02-02");
    const retried = await user.request({
      method: "POST",
      url: `/api/recurring-invoices/${failing.id}/runs/${failed!.id}/retry`,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      status: "made",
      invoiceNumber: "INV-000002",
      invoiceStatus: "sent",
    });
    const again = await user.request({
      method: "POST",
      url: `/api/recurring-invoices/${failing.id}/runs/${retried.json().id}/retry`,
    });
    expect(again.statusCode).toBe(409);
  });

  it("catching up on missed days, issues one user's periods of every abonnement in date order", async () => {
    const { user, clientId } = await newUser("2027-03-01");
    // Whichever template the job reads first, 2 April (monthly) goes between 30 March and 6 April (weekly).
    for (const interval of ["weekly", "monthly", "weekly"]) {
      await createTemplate(user, { clientId, startDate: "2027-03-02", interval, description: interval });
    }
    await run(at("2027-03-02"));
    await run(at("2027-04-06"));
    const invoices = (await invoicesOf(user)).sort((a, b) =>
      a.invoiceNumber!.localeCompare(b.invoiceNumber!),
    );
    // Issued, each with its number (some overdue at once: made late); none failed.
    expect(invoices.filter((invoice) => invoice.status === "draft")).toEqual([]);
    expect(invoices).toHaveLength(2 * 6 + 2);
    const dates = invoices.map((invoice) => invoice.issueDate);
    expect(dates).toEqual([...dates].sort());
    expect(dates.filter((date) => date === "2027-04-02")).toHaveLength(1);
  });

  it("leaves a draft without a number or booking when the invoices are not sent at once", async () => {
    const { user, clientId } = await newUser("2027-05-01");
    const template = await createTemplate(user, {
      clientId,
      startDate: "2027-05-01",
      sendsAtOnce: false,
      interval: "yearly",
    });
    await run(at("2027-05-01"));
    const [made] = await runsOf(user, template.id);
    expect(made).toMatchObject({
      status: "made",
      invoiceStatus: "draft",
      invoiceNumber: null,
      periodLabel: "1 mei 2027 t/m 30 april 2028",
    });
    expect((await receivablesByInvoice(t.database.db, user.user.id)).size).toBe(0);
  });
});
