import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
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
  expect((await as.request({ method: "POST", url: `/api/invoices/${id}/mark-sent` })).statusCode).toBe(200);
  return { id, invoiceNumber: created.json().invoiceNumber as string };
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
});
