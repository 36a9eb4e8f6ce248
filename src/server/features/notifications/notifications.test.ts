import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
import type { VatPeriodsAnswer } from "../../../shared/schemas/vat-returns";
import type { NotificationList } from "../../../shared/schemas/notifications";
import { runningTimers } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
});
afterAll(() => t.close());

const LINE = [{ description: "Ontwerp", quantity: 1, unitPrice: 1000, vatCategory: "21" }];
const TOTALS = { subtotal: "1000.00", taxAmount: "210.00", total: "1210.00" };

async function sentInvoice(as: SignedIn, clientId: string, dueDate: string) {
  const created = await as.request({
    method: "POST",
    url: "/api/invoices",
    payload: { clientId, issueDate: "2026-10-01", dueDate, items: LINE, ...TOTALS, status: "draft" },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const sent = await as.request({ method: "POST", url: `/api/invoices/${id}/mark-sent` });
  expect(sent.statusCode).toBe(200);
  return { id, invoiceNumber: sent.json().invoiceNumber as string };
}

const notifications = async (as: SignedIn): Promise<NotificationList> => {
  const response = await as.request({ method: "GET", url: "/api/notifications" });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("GET /api/notifications", () => {
  it("has none for a new user, and answers 401 when signed out", async () => {
    const user = await t.signIn();
    const list = await notifications(user);
    // A new user may still see a VAT return that is due; nothing about invoices or timers.
    expect(list.items.filter((item) => item.kind !== "vat_due" && item.kind !== "vat_late")).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
  });

  it("lists overdue invoices until they are paid or credited, only the owner's", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    for (const user of [owner, stranger]) await createCompanyProfile(t.database.db, user.user.id);
    const client = await createClientRecord(t.database.db, owner.user.id);
    const strangerClient = await createClientRecord(t.database.db, stranger.user.id, {
      name: "Vreemde Klant",
    });
    const late = await sentInvoice(owner, client.id, "2026-11-10");
    const credited = await sentInvoice(owner, client.id, "2026-11-12");
    await sentInvoice(owner, client.id, "2026-11-20"); // due today: not overdue yet
    await sentInvoice(stranger, strangerClient.id, "2026-11-01");

    let list = await notifications(owner);
    let invoices = list.items.filter((item) => item.kind === "invoice_overdue");
    expect(invoices).toEqual([
      {
        id: `invoice-${late.id}`,
        kind: "invoice_overdue",
        title: `Factuur ${late.invoiceNumber} is verlopen`,
        description: `Bakkerij De Korenschoof · ${formatEuro(121_000)} · vervallen op 10-11-2026`,
        href: "/app/invoices",
      },
      expect.objectContaining({ title: `Factuur ${credited.invoiceNumber} is verlopen` }),
    ]);
    const vatCount = list.items.filter((item) => item.kind.startsWith("vat_")).length;
    expect(list.count).toBe(2 + vatCount);

    const credit = await owner.request({ method: "POST", url: `/api/invoices/${credited.id}/credit` });
    expect(credit.statusCode, credit.body).toBe(201);
    const paid = await owner.request({
      method: "POST",
      url: `/api/invoices/${late.id}/mark-paid`,
      payload: { paidDate: "2026-11-19" },
    });
    expect(paid.statusCode).toBe(200);
    list = await notifications(owner);
    invoices = list.items.filter((item) => item.kind === "invoice_overdue");
    expect(invoices).toEqual([]);
    expect(JSON.stringify(await notifications(stranger))).toContain("Vreemde Klant");
  });

  it("warns about a timer that has been running for more than 12 hours, not a paused one", async () => {
    const user = await t.signIn();
    const now = t.now.value.getTime();
    await t.database.db.insert(runningTimers).values({
      userId: user.user.id,
      description: "Ontwerp homepage",
      startedAt: new Date(now - 11 * 3_600_000),
    });
    expect((await notifications(user)).items.filter((item) => item.kind === "timer_running")).toEqual([]);

    t.now.value = new Date(now + 2 * 3_600_000);
    try {
      const list = await notifications(user);
      expect(list.items.filter((item) => item.kind === "timer_running")).toEqual([
        {
          id: "timer-running",
          kind: "timer_running",
          title: "De timer loopt al 13 uur",
          description: "Ontwerp homepage · vergeten te stoppen?",
          href: "/app/time-tracking",
        },
      ]);
      const pause = await user.request({ method: "POST", url: "/api/timer/pause" });
      expect(pause.statusCode, pause.body).toBe(200);
      expect((await notifications(user)).items.filter((item) => item.kind === "timer_running")).toEqual([]);
    } finally {
      t.now.value = new Date(now);
    }
  });

  it("announces a VAT return due within 14 days, then late, until it is filed; not with the KOR", async () => {
    const saved = t.now.value;
    // 10 January 2027 (sessions are signed in at the moved clock): Q4 2026 is due on 31 January.
    t.now.value = new Date("2027-01-10T10:00:00Z");
    const since = { createdAt: new Date("2026-11-02T10:00:00Z") };
    const user = await t.signIn(since);
    const korUser = await t.signIn(since);
    await createCompanyProfile(t.database.db, korUser.user.id, { korStartDate: "2000-01-01" });
    const booked = await user.request({
      method: "POST",
      url: "/api/transactions",
      payload: {
        type: "income",
        date: "2026-12-01",
        amount: "1000.00",
        vatRate: "21",
        status: "completed",
        description: "Workshop",
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const vatItems = async (as: SignedIn) =>
      (await notifications(as)).items.filter((item) => item.kind === "vat_due" || item.kind === "vat_late");
    try {
      // More than 14 days away.
      expect(await vatItems(user)).toEqual([]);
      t.now.value = new Date("2027-01-20T10:00:00Z");
      expect(await vatItems(user)).toEqual([
        {
          id: "vat-2026-Q4",
          kind: "vat_due",
          title: "Btw-aangifte Q4 2026 indienen",
          description: `Uiterlijk 31-01-2027 · ${formatEuro(21_000)} te betalen`,
          href: "/app/taxes",
        },
      ]);
      expect((await notifications(user)).count).toBe(1);
      t.now.value = new Date("2027-02-05T10:00:00Z");
      expect(await vatItems(user)).toEqual([
        expect.objectContaining({ kind: "vat_late", title: "Btw-aangifte Q4 2026 is te laat" }),
      ]);
      expect(await vatItems(korUser)).toEqual([]);

      const filed = await user.request({
        method: "POST",
        url: "/api/vat-returns/2026-Q4/file",
        payload: { filedOn: "2027-02-05", reference: "AANGIFTE-1" },
      });
      expect(filed.statusCode, filed.body).toBe(200);
      expect(await vatItems(user)).toEqual([]);
    } finally {
      t.now.value = saved;
    }
  });
});

describe("the administration's start: the bell and the taxes screen agree", () => {
  // Today is 20 November 2026: Q1–Q3 2026 are past their deadlines, Q4 runs.
  const registeredToday = { createdAt: new Date("2026-11-20T08:30:00Z") };

  const vatItems = async (as: SignedIn) =>
    (await notifications(as)).items.filter((item) => item.kind === "vat_due" || item.kind === "vat_late");

  const states = async (as: SignedIn) => {
    const response = await as.request({ method: "GET", url: "/api/vat-returns?year=2026" });
    expect(response.statusCode, response.body).toBe(200);
    const answer: VatPeriodsAnswer = response.json();
    return Object.fromEntries(answer.periods.map((period) => [period.id, period.state]));
  };

  const book = async (as: SignedIn, date: string) => {
    const response = await as.request({
      method: "POST",
      url: "/api/transactions",
      payload: {
        type: "income",
        date,
        amount: "100.00",
        vatRate: "21",
        status: "completed",
        description: "Advies",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  const setStart = async (as: SignedIn, administrationStartDate: string) => {
    const response = await as.request({
      method: "PUT",
      url: "/api/settings/company",
      payload: { tradeName: "Start Ontwerp", administrationStartDate },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("a user who registered today has the earlier quarters before the start: not late, nothing in the bell", async () => {
    const user = await t.signIn(registeredToday);
    expect(await states(user)).toEqual({
      "2026-Q1": "before_start",
      "2026-Q2": "before_start",
      "2026-Q3": "before_start",
      "2026-Q4": "open",
    });
    const single = await user.request({ method: "GET", url: "/api/vat-returns/2026-Q2" });
    expect(single.json().period.state).toBe("before_start");
    expect(await vatItems(user)).toEqual([]);
    expect((await notifications(user)).count).toBe(0);
  });

  it("a booking from before the sign-up makes its quarter the administration's: late, and in the bell", async () => {
    const user = await t.signIn(registeredToday);
    await book(user, "2026-02-10");
    expect(await states(user)).toEqual({
      "2026-Q1": "late",
      "2026-Q2": "late",
      "2026-Q3": "late",
      "2026-Q4": "open",
    });
    expect((await vatItems(user)).map((item) => [item.id, item.kind])).toEqual([
      ["vat-2026-Q1", "vat_late"],
      ["vat-2026-Q2", "vat_late"],
      ["vat-2026-Q3", "vat_late"],
    ]);
  });

  it("a start set in Settings wins both ways, and cleared falls back to the computed one", async () => {
    const newcomer = await t.signIn(registeredToday);
    await setStart(newcomer, "2026-04-01");
    expect(await states(newcomer)).toMatchObject({
      "2026-Q1": "before_start",
      "2026-Q2": "late",
      "2026-Q3": "late",
    });
    expect((await vatItems(newcomer)).map((item) => item.id)).toEqual(["vat-2026-Q2", "vat-2026-Q3"]);

    const booked = await t.signIn(registeredToday);
    await book(booked, "2026-02-10");
    await setStart(booked, "2026-10-01");
    expect(await states(booked)).toMatchObject({
      "2026-Q1": "before_start",
      "2026-Q2": "before_start",
      "2026-Q3": "before_start",
    });
    expect(await vatItems(booked)).toEqual([]);

    await setStart(booked, "");
    expect(await states(booked)).toMatchObject({ "2026-Q1": "late" });
    expect(await vatItems(booked)).toHaveLength(3);
  });

  it("a period before the start can still be filed", async () => {
    const user = await t.signIn(registeredToday);
    const filed = await user.request({
      method: "POST",
      url: "/api/vat-returns/2026-Q2/file",
      payload: { filedOn: "2026-07-20", reference: "ELDERS-1" },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().period.state).toBe("filed");
  });

  it("an earlier start opens the years from it", async () => {
    const user = await t.signIn(registeredToday);
    expect((await user.request({ method: "GET", url: "/api/vat-returns?year=2025" })).statusCode).toBe(400);
    await setStart(user, "2025-07-01");
    const response = await user.request({ method: "GET", url: "/api/vat-returns?year=2025" });
    expect(response.statusCode, response.body).toBe(200);
    const answer: VatPeriodsAnswer = response.json();
    expect(answer.firstYear).toBe(2025);
    expect(answer.periods.map((period) => period.state)).toEqual([
      "before_start",
      "before_start",
      "late",
      "late",
    ]);
    // Last year's quarters are in the bell too (its Q4 was due in January).
    expect((await vatItems(user)).map((item) => item.id)).toEqual([
      "vat-2025-Q3",
      "vat-2025-Q4",
      "vat-2026-Q1",
      "vat-2026-Q2",
      "vat-2026-Q3",
    ]);
  });
});
