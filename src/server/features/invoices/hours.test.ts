import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, timeEntries } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import {
  createClientRecord,
  createCompanyProfile,
  createProject,
  createTimeEntry,
} from "../../../../tests/factories";
import { ALREADY_INVOICED_MESSAGE } from "../time-tracking/service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
});
afterAll(() => t.close());

/** A client with two projects and hours: 90 + 120 min on Website at 85, 50 min on Logo at 60, and others. */
async function setUp(as: SignedIn) {
  const db = t.database.db;
  const userId = as.user.id;
  const client = await createClientRecord(db, userId, { paymentTermsDays: 14 });
  const other = await createClientRecord(db, userId, { name: "Andere Klant" });
  const website = await createProject(db, userId, {
    name: "Website",
    clientId: client.id,
    hourlyRate: "85.00",
  });
  const logo = await createProject(db, userId, { name: "Logo", clientId: client.id, hourlyRate: "60.00" });
  const at = (day: string) => new Date(`${day}T09:00:00Z`);
  const entry = (overrides: Parameters<typeof createTimeEntry>[2]) =>
    createTimeEntry(db, userId, {
      clientId: client.id,
      projectId: website.id,
      hourlyRate: "85.00",
      ...overrides,
    });
  const e1 = await entry({ startTime: at("2026-11-02"), duration: 90, description: "Ontwerp" });
  const e2 = await entry({ startTime: at("2026-11-05"), duration: 120, description: "Bouw" });
  const e3 = await entry({
    startTime: at("2026-11-03"),
    duration: 50,
    projectId: logo.id,
    hourlyRate: "60.00",
    description: "Schetsen",
  });
  // Not offered: not billable, already invoiced, another client.
  await entry({ startTime: at("2026-11-04"), duration: 60, isBillable: false });
  await entry({ startTime: at("2026-11-04"), duration: 60, isInvoiced: true });
  await entry({ startTime: at("2026-11-04"), duration: 60, clientId: other.id });
  return { client, website, logo, entries: [e1, e2, e3] };
}

const billable = (as: SignedIn, query: string) =>
  as.request({ method: "GET", url: `/api/invoices/billable-hours?${query}` });
const fromHours = (as: SignedIn, payload: object) =>
  as.request({ method: "POST", url: "/api/invoices/from-hours", payload });
const invoicedFlags = async (ids: string[]) =>
  (
    await t.database.db
      .select({ id: timeEntries.id, isInvoiced: timeEntries.isInvoiced })
      .from(timeEntries)
      .where(inArray(timeEntries.id, ids))
  ).every((row) => row.isInvoiced);

describe("GET /api/invoices/billable-hours", () => {
  it("offers the client's billable hours that are on no invoice, by project and period", async () => {
    const { client, logo, entries } = await setUp(owner);
    const all = (await billable(owner, `clientId=${client.id}`)).json();
    expect(all).toEqual([
      {
        id: entries[0]!.id,
        date: "2026-11-02",
        projectId: entries[0]!.projectId,
        projectName: "Website",
        description: "Ontwerp",
        minutes: 90,
        hourlyRate: "85.00",
        amount: "127.50",
      },
      expect.objectContaining({ id: entries[2]!.id, projectName: "Logo", minutes: 50, amount: "50.00" }),
      expect.objectContaining({ id: entries[1]!.id, date: "2026-11-05", minutes: 120 }),
    ]);
    const logoOnly = (await billable(owner, `clientId=${client.id}&projectId=${logo.id}`)).json();
    expect(logoOnly.map((entry: { id: string }) => entry.id)).toEqual([entries[2]!.id]);
    const period = (await billable(owner, `clientId=${client.id}&from=2026-11-03&to=2026-11-04`)).json();
    expect(period.map((entry: { id: string }) => entry.id)).toEqual([entries[2]!.id]);
    // Another user sees none of them.
    expect((await billable(stranger, `clientId=${client.id}`)).json()).toEqual([]);
  });

  it("needs a client", async () => {
    const response = await billable(owner, "");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ clientId: "Kies een klant" });
  });
});

describe("POST /api/invoices/from-hours", () => {
  it("turns the hours into a draft, per project; they cannot be invoiced twice; deleting the draft releases them", async () => {
    const { client, entries } = await setUp(owner);
    const ids = entries.map((entry) => entry.id);
    const response = await fromHours(owner, { clientId: client.id, grouping: "project", entryIds: ids });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json();
    // 3.5 h × 85 = 297.50 and 0.83 h × 60 = 49.80; 21% VAT over 347.30 = 72.933 -> 72.93.
    expect(invoice).toMatchObject({
      status: "draft",
      clientId: client.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      supplyDate: "2026-11-05",
      subtotal: "347.30",
      taxAmount: "72.93",
      total: "420.23",
      notes: "Periode: 02-11-2026 t/m 05-11-2026",
    });
    expect(invoice.items).toEqual([
      expect.objectContaining({
        description: "Website: 2 registraties, 02-11-2026 t/m 05-11-2026",
        quantity: "3.50",
        rate: "85.00",
        amount: "297.50",
        timeEntryId: null,
      }),
      expect.objectContaining({
        description: "Logo: 1 registratie, 03-11-2026",
        quantity: "0.83",
        rate: "60.00",
        amount: "49.80",
        timeEntryId: entries[2]!.id,
      }),
    ]);
    expect(await invoicedFlags(ids)).toBe(true);
    expect((await billable(owner, `clientId=${client.id}`)).json()).toEqual([]);

    const twice = await fromHours(owner, { clientId: client.id, entryIds: [ids[0]] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: ALREADY_INVOICED_MESSAGE });

    expect((await owner.request({ method: "DELETE", url: `/api/invoices/${invoice.id}` })).statusCode).toBe(
      204,
    );
    expect((await billable(owner, `clientId=${client.id}`)).json()).toHaveLength(3);
  });

  it("makes one line per entry when asked, each linked to its entry", async () => {
    const someone = await t.signIn();
    const { client, entries } = await setUp(someone);
    const response = await fromHours(someone, {
      clientId: client.id,
      grouping: "entry",
      entryIds: [entries[0]!.id, entries[1]!.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().items.map((item: { description: string; timeEntryId: string }) => item)).toEqual([
      expect.objectContaining({
        description: "02-11-2026 Website: Ontwerp",
        quantity: "1.50",
        timeEntryId: entries[0]!.id,
      }),
      expect.objectContaining({
        description: "05-11-2026 Website: Bouw",
        quantity: "2.00",
        timeEntryId: entries[1]!.id,
      }),
    ]);
  });

  it("lets only one of two simultaneous invoices take the same hours", async () => {
    const someone = await t.signIn();
    const { client, entries } = await setUp(someone);
    const payload = { clientId: client.id, entryIds: entries.map((entry) => entry.id) };
    const [first, second] = await Promise.all([fromHours(someone, payload), fromHours(someone, payload)]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    expect(await t.database.db.$count(invoices, eq(invoices.userId, someone.user.id))).toBe(1);
  });

  it("refuses another user's hours and an empty selection, changing nothing", async () => {
    const { client, entries } = await setUp(owner);
    const theirClient = await createClientRecord(t.database.db, stranger.user.id);
    const foreign = await fromHours(stranger, { clientId: theirClient.id, entryIds: [entries[0]!.id] });
    expect(foreign.statusCode).toBe(409);
    expect(await invoicedFlags([entries[0]!.id])).toBe(false);
    const foreignClient = await fromHours(stranger, { clientId: client.id, entryIds: [entries[0]!.id] });
    expect(foreignClient.statusCode).toBe(400);
    expect(foreignClient.json().fieldErrors).toEqual({ clientId: "Client not found" });
    const empty = await fromHours(owner, { clientId: client.id, entryIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ entryIds: "Selecteer minstens één registratie" });
  });
});
