/**
 * Jaarafsluiting, hand-computed. 2025: € 1.000 turnover (+ € 210 btw), € 200 office costs (+ € 42 btw), € 300
 * taken out privately and € 50 put in: a result of € 800. Closing 2025 moves it and privé to Eigen vermogen:
 * 800 − 300 + 50 = € 550 more equity on 1 January 2026, with 2025's P&L unchanged and the year locked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { expectEveryEntryBalanced, journalSnapshot } from "../../../../tests/books";
import { YEAR_END_MESSAGES, type BookYearsAnswer } from "../../../shared/schemas/ledger";
import { closedYearMessage } from "./lock";
import { rebuildLedger } from "./posting";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-26T10:00:00Z");
});
afterAll(() => t.close());

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });
const post = (as: SignedIn, url: string, payload: object = {}) =>
  as.request({ method: "POST", url, payload });

const categoryId = async (as: SignedIn, name: string) =>
  ((await get(as, "/api/categories")).json() as Array<{ id: string; name: string }>).find(
    (category) => category.name === name,
  )!.id;

const book = async (as: SignedIn, fields: object) => {
  const response = await post(as, "/api/transactions", { vatRate: "0", ...fields });
  expect(response.statusCode, response.body).toBe(201);
};

const balances = async (as: SignedIn, date: string) =>
  new Map(
    (
      (await get(as, `/api/ledger/accounts?date=${date}`)).json() as Array<{ name: string; balance: string }>
    ).map((row) => [row.name, row.balance]),
  );

const years = async (as: SignedIn) => (await get(as, "/api/ledger/years")).json() as BookYearsAnswer;
const yearOf = async (as: SignedIn, year: number) =>
  (await years(as)).years.find((row) => row.year === year)!;

/** A freelancer who started on 10 January 2025 with the year's bookings above. */
async function freelancerWith2025() {
  const user = await t.signIn({ createdAt: new Date("2025-01-10T09:00:00Z") });
  await book(user, {
    type: "income",
    description: "Opdracht",
    amount: "1000,00",
    vatRate: "21",
    date: "2025-03-10",
    categoryId: await categoryId(user, "Omzet"),
  });
  await book(user, {
    type: "expense",
    description: "Bureaustoel",
    amount: "200,00",
    vatRate: "21",
    date: "2025-06-05",
    categoryId: await categoryId(user, "Kantoorkosten"),
  });
  await book(user, {
    type: "expense",
    description: "Privé",
    amount: "300,00",
    balanceBooking: "private",
    date: "2025-09-01",
  });
  await book(user, {
    type: "income",
    description: "Inleg",
    amount: "50,00",
    balanceBooking: "private",
    date: "2025-10-01",
  });
  return user;
}

const fileQuarters = async (as: SignedIn, year: number) => {
  for (const quarter of [1, 2, 3, 4]) {
    const filed = await post(as, `/api/vat-returns/${year}-Q${quarter}/file`, {
      filedOn: `${year + 1}-01-20`,
      reference: `OB-${year}-Q${quarter}`,
    });
    expect(filed.statusCode, filed.body).toBe(200);
  }
};

describe("closing a book year", () => {
  it("asks for the VAT returns first, then moves the result and privé to equity and locks the year", async () => {
    const user = await freelancerWith2025();
    expect(await yearOf(user, 2026)).toMatchObject({
      state: "running",
      blockedReason: YEAR_END_MESSAGES.notOver,
    });
    const unfiled = await yearOf(user, 2025);
    expect(unfiled).toMatchObject({ state: "open", result: "800.00" });
    expect(unfiled.blockedReason).toMatch(/^Dien eerst de btw-aangifte in over /);
    const early = await post(user, "/api/ledger/years/2025/close");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(unfiled.blockedReason);

    await fileQuarters(user, 2025);
    const before = await balances(user, "2026-01-01");
    expect(before.get("Privé-opnamen")).toBe("-300.00");
    const closed = await post(user, "/api/ledger/years/2025/close");
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as BookYearsAnswer).years.find((row) => row.year === 2025)).toMatchObject({
      state: "closed",
      result: "800.00",
    });

    // On 1 January 2026 privé is cleared and Eigen vermogen holds the € 550.
    const after = await balances(user, "2026-01-01");
    expect(after.get("Privé-opnamen")).toBe("0.00");
    expect(after.get("Privé-stortingen")).toBe("0.00");
    expect(Number(after.get("Eigen vermogen")) - Number(before.get("Eigen vermogen"))).toBe(550);
    // The balance sheet no longer shows 2025's result as an unclosed result, and still balances.
    const sheet = (await get(user, "/api/ledger/balance-sheet?date=2026-01-01")).json();
    expect(sheet.equity.map((line: { name: string }) => line.name)).not.toContain(
      "Resultaat voorgaande jaren",
    );
    expect(Number(sheet.totalAssets)).toBeCloseTo(
      Number(sheet.totalLiabilities) + Number(sheet.totalEquity),
      2,
    );
    // 2025's P&L reads the same after closing.
    const pnl = (await get(user, "/api/ledger/profit-and-loss?from=2025-01-01&to=2025-12-31")).json();
    expect(pnl.netProfit).toBe("800.00");

    // The year takes no booking, a second closing is refused, 2026 is not over.
    const late = await post(user, "/api/transactions", {
      type: "expense",
      description: "Vergeten",
      amount: "10,00",
      vatRate: "0",
      date: "2025-12-30",
      vatTreatment: "exempt",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(closedYearMessage(2025));
    expect((await post(user, "/api/ledger/years/2025/close")).json().message).toBe(
      YEAR_END_MESSAGES.alreadyClosed(2025),
    );
    expect((await post(user, "/api/ledger/years/2026/close")).json().message).toBe(YEAR_END_MESSAGES.notOver);
    expect((await post(user, "/api/ledger/years/2030/close")).json().message).toBe(YEAR_END_MESSAGES.notOver);
    expect((await post(user, "/api/ledger/years/2024/close")).json().fieldErrors).toEqual({
      year: YEAR_END_MESSAGES.beforeStart,
    });

    // A rebuild gives the same books; every entry balances.
    const snapshot = await journalSnapshot(t.database.db, user.user.id);
    await t.database.db.transaction((tx) => rebuildLedger(tx, user.user.id));
    expect(await journalSnapshot(t.database.db, user.user.id)).toEqual(snapshot);
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("reopens only with a reason, undoes the closing entry and logs both steps", async () => {
    const user = await freelancerWith2025();
    await fileQuarters(user, 2025);
    expect((await post(user, "/api/ledger/years/2025/close")).statusCode).toBe(200);

    const noReason = await post(user, "/api/ledger/years/2025/reopen", { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({ reason: YEAR_END_MESSAGES.reasonRequired });
    const tooLong = await post(user, "/api/ledger/years/2025/reopen", { reason: "x".repeat(501) });
    expect(tooLong.json().fieldErrors).toEqual({ reason: YEAR_END_MESSAGES.reasonTooLong });
    expect((await post(user, "/api/ledger/years/2024/reopen", { reason: "Test" })).statusCode).toBe(400);

    t.now.value = new Date("2026-11-26T11:00:00Z");
    const reopened = await post(user, "/api/ledger/years/2025/reopen", { reason: "Afschrijving vergeten" });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await balances(user, "2026-01-01")).get("Privé-opnamen")).toBe("-300.00");
    const answer = reopened.json() as BookYearsAnswer;
    expect(answer.years.find((row) => row.year === 2025)).toMatchObject({
      state: "open",
      blockedReason: null,
    });
    expect(answer.events.map(({ action, reason, year }) => ({ action, reason, year }))).toEqual([
      { action: "reopened", reason: "Afschrijving vergeten", year: 2025 },
      { action: "closed", reason: null, year: 2025 },
    ]);
    expect((await post(user, "/api/ledger/years/2025/reopen", { reason: "Nogmaals" })).json().message).toBe(
      YEAR_END_MESSAGES.notClosed(2025),
    );

    // Another user's years and log are their own.
    const other = await t.signIn();
    expect((await years(other)).events).toEqual([]);
  });

  it("closes years in order", async () => {
    const user = await t.signIn({ createdAt: new Date("2024-05-01T09:00:00Z") });
    await book(user, {
      type: "income",
      description: "Rente",
      amount: "5,00",
      date: "2024-12-31",
      vatTreatment: "outside_scope",
    });
    await fileQuarters(user, 2025);
    const refused = await post(user, "/api/ledger/years/2025/close");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(YEAR_END_MESSAGES.previousOpen(2024));
    expect((await post(user, "/api/ledger/years/abc/close")).statusCode).toBe(400);
  });
});
