import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALREADY_FILED_MESSAGE,
  CORRECTION_MESSAGES,
  FILED_ON_FUTURE_MESSAGE,
  FILED_ON_MESSAGE,
  PERIOD_NOT_FOUND_MESSAGE,
  REFERENCE_REQUIRED_MESSAGE,
  type VatReturnAnswer,
} from "../../../shared/schemas/vat-returns";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createCompanyProfile } from "../../../../tests/factories";
import { closedYearMessage, filedPeriodMessage } from "../ledger/lock";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-10-20T10:00:00Z");
  owner = await t.signIn({ createdAt: new Date("2025-01-05T09:00:00Z") });
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
});
afterAll(() => t.close());

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });
const post = (as: SignedIn, url: string, payload?: object) =>
  as.request({ method: "POST", url, ...(payload ? { payload } : {}) });

/** An income booking of `amount` excluding 21% VAT. */
async function book(as: SignedIn, date: string, amount: string, vatRate = "21") {
  const response = await post(as, "/api/transactions", {
    type: "income",
    amount,
    vatRate,
    description: `Omzet ${date}`,
    date,
    status: "completed",
    isRecurring: false,
  });
  return response;
}

const rubriek = (answer: VatReturnAnswer, code: string) => answer.rubrieken.find((row) => row.code === code)!;

async function file(as: SignedIn, period: string, filedOn: string, reference = `REF-${period}`) {
  const response = await post(as, `/api/vat-returns/${period}/file`, { filedOn, reference });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VatReturnAnswer;
}

describe("correcting a filed VAT return", () => {
  it("opens the filed period, compares filed and current, and files a suppletie above € 1,000", async () => {
    expect((await book(owner, "2026-05-10", "1000.00")).statusCode).toBe(201);
    await file(owner, "2026-Q2", "2026-07-20");
    // The period is locked: a forgotten invoice of € 10,000 cannot be booked yet.
    const locked = await book(owner, "2026-06-15", "10000.00");
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(filedPeriodMessage("Q2 2026"));

    const opened = await post(owner, "/api/vat-returns/2026-Q2/corrections");
    expect(opened.statusCode, opened.body).toBe(200);
    const openAnswer: VatReturnAnswer = opened.json();
    expect(openAnswer.period.state).toBe("correcting");
    expect(openAnswer.corrections[0]).toMatchObject({
      status: "open",
      openedOn: "2026-10-20",
      // 8 weeks after the error was found.
      deadline: "2026-12-15",
      differenceEuros: 0,
    });
    expect((await post(owner, "/api/vat-returns/2026-Q2/corrections")).json().message).toBe(
      CORRECTION_MESSAGES.alreadyOpen,
    );

    // Now the forgotten invoice can be booked in Q2: 21% of € 10,000 is € 2,100 more VAT.
    expect((await book(owner, "2026-06-15", "10000.00")).statusCode).toBe(201);
    const current: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q2")).json();
    expect(rubriek(current, "1a")).toMatchObject({ turnoverEuros: 11000, vatEuros: 2310 });
    expect(current.corrections[0]).toMatchObject({ differenceEuros: 2100, isSuppletieRequired: true });
    expect(current.corrections[0]!.before.find((row) => row.code === "1a")).toMatchObject({ vatEuros: 210 });
    expect(current.corrections[0]!.after.find((row) => row.code === "1a")).toMatchObject({ vatEuros: 2310 });
    // The periods list follows the books while correcting.
    const periods = (await get(owner, "/api/vat-returns?year=2026")).json();
    expect(periods.periods.find((period: { id: string }) => period.id === "2026-Q2")).toMatchObject({
      state: "correcting",
      totalEuros: 2310,
    });
    // The bell says the correction is under way, with the suppletie's last day.
    const bell = (await get(owner, "/api/notifications")).json();
    expect(bell.items).toContainEqual(
      expect.objectContaining({
        kind: "vat_correction",
        title: "Correctie btw-aangifte Q2 2026 loopt",
        description: "Rond hem af; een suppletie dien je uiterlijk 15-12-2026 in",
      }),
    );
    // Filing the period again is not the way: it stays filed.
    expect(
      (await post(owner, "/api/vat-returns/2026-Q2/file", { filedOn: "2026-10-20", reference: "X" })).json()
        .message,
    ).toBe(ALREADY_FILED_MESSAGE);

    // Above € 1,000 only a suppletie will do.
    const folded = await post(owner, "/api/vat-returns/2026-Q2/corrections/resolve", {
      method: "next_return",
    });
    expect(folded.statusCode).toBe(400);
    expect(folded.json().fieldErrors.method).toBe(CORRECTION_MESSAGES.suppletieRequired);

    const resolved = await post(owner, "/api/vat-returns/2026-Q2/corrections/resolve", {
      method: "suppletie",
      filedOn: "2026-10-20",
      reference: "SUPP-1",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const after: VatReturnAnswer = resolved.json();
    expect(after.period.state).toBe("filed");
    expect(rubriek(after, "5g").vatEuros).toBe(2310);
    expect(
      (await get(owner, "/api/notifications"))
        .json()
        .items.filter((item: { kind: string }) => item.kind === "vat_correction"),
    ).toEqual([]);
    expect(after.corrections[0]).toMatchObject({
      status: "suppletie",
      filedOn: "2026-10-20",
      reference: "SUPP-1",
      differenceEuros: 2100,
    });
    // Locked again, and the suppletie's figures stay whatever the books do later.
    expect((await book(owner, "2026-06-20", "5.00")).json().message).toBe(filedPeriodMessage("Q2 2026"));
    const periodsAfter = (await get(owner, "/api/vat-returns?year=2026")).json();
    expect(periodsAfter.periods.find((period: { id: string }) => period.id === "2026-Q2")).toMatchObject({
      state: "filed",
      totalEuros: 2310,
    });
    // The VAT of Q2 is settled with the corrected amount: Te betalen btw hoog is cleared at the end of Q2 and
    // Af te dragen btw holds Q2's € 2,310, as the suppletie declared it.
    const accounts: Array<{ systemKey: string | null; balance: string }> = (
      await get(owner, "/api/ledger/accounts?date=2026-06-30")
    ).json();
    const balanceOf = (key: string) => accounts.find((account) => account.systemKey === key)!.balance;
    expect(Number(balanceOf("vat_payable_21"))).toBe(0);
    expect(Math.abs(Number(balanceOf("vat_settlement")))).toBe(2310);
  });

  it("folds a difference of at most € 1,000 into the next return, which carries it in its rubrieken", async () => {
    expect((await book(owner, "2026-02-10", "500.00")).statusCode).toBe(201);
    await file(owner, "2026-Q1", "2026-04-20");
    // Q3 is still to file: it receives the correction.
    expect((await book(owner, "2026-08-10", "100.00")).statusCode).toBe(201);
    const before: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q3")).json();
    expect(rubriek(before, "1a")).toMatchObject({ turnoverEuros: 100, vatEuros: 21 });

    await post(owner, "/api/vat-returns/2026-Q1/corrections");
    expect((await book(owner, "2026-03-01", "1000.00")).statusCode).toBe(201);
    const resolved = await post(owner, "/api/vat-returns/2026-Q1/corrections/resolve", {
      method: "next_return",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const q1: VatReturnAnswer = resolved.json();
    expect(q1.period.state).toBe("filed");
    // Q1 still shows what was filed for it.
    expect(rubriek(q1, "1a")).toMatchObject({ turnoverEuros: 500, vatEuros: 105 });
    expect(q1.corrections[0]).toMatchObject({
      status: "next_return",
      differenceEuros: 210,
      foldedInto: { id: "2026-Q3", label: "Q3 2026" },
    });

    const q3: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q3")).json();
    expect(rubriek(q3, "1a")).toMatchObject({ turnoverEuros: 1100, vatEuros: 231 });
    expect(rubriek(q3, "5g").vatEuros).toBe(231);
    expect(q3.foldedIn).toEqual([{ period: "2026-Q1", label: "Q1 2026", differenceEuros: 210 }]);
    const periods = (await get(owner, "/api/vat-returns?year=2026")).json();
    expect(periods.periods.find((period: { id: string }) => period.id === "2026-Q3").totalEuros).toBe(231);
    // Filing Q3 keeps the figures with the correction in them.
    const filedQ3 = await file(owner, "2026-Q3", "2026-10-20");
    expect(rubriek(filedQ3, "1a").vatEuros).toBe(231);
  });

  it("ends without a difference when the books came back to what was filed", async () => {
    const opened = await post(owner, "/api/vat-returns/2026-Q3/corrections");
    expect(opened.statusCode, opened.body).toBe(200);
    const resolved = await post(owner, "/api/vat-returns/2026-Q3/corrections/resolve", {
      method: "next_return",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().corrections[0]).toMatchObject({ status: "no_difference", differenceEuros: 0 });
    expect(resolved.json().period.state).toBe("filed");
  });

  it("refuses a correction of a period not filed, a resolve without one, and bad suppletie input", async () => {
    const notFiled = await post(owner, "/api/vat-returns/2026-Q4/corrections");
    expect(notFiled.statusCode).toBe(409);
    expect(notFiled.json().message).toBe(CORRECTION_MESSAGES.notFiled);
    const noneOpen = await post(owner, "/api/vat-returns/2026-Q2/corrections/resolve", {
      method: "next_return",
    });
    expect(noneOpen.statusCode).toBe(409);
    expect(noneOpen.json().message).toBe(CORRECTION_MESSAGES.noneOpen);

    await post(owner, "/api/vat-returns/2026-Q2/corrections");
    expect((await book(owner, "2026-06-21", "10.00")).statusCode).toBe(201);
    const badMethod = await post(owner, "/api/vat-returns/2026-Q2/corrections/resolve", { method: "later" });
    expect(badMethod.json().fieldErrors.method).toBe(CORRECTION_MESSAGES.method);
    const missing = await post(owner, "/api/vat-returns/2026-Q2/corrections/resolve", {
      method: "suppletie",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({
      filedOn: FILED_ON_MESSAGE,
      reference: REFERENCE_REQUIRED_MESSAGE,
    });
    const future = await post(owner, "/api/vat-returns/2026-Q2/corrections/resolve", {
      method: "suppletie",
      filedOn: "2026-10-21",
      reference: "S",
    });
    expect(future.json().fieldErrors.filedOn).toBe(FILED_ON_FUTURE_MESSAGE);
    const early = await post(owner, "/api/vat-returns/2026-Q2/corrections/resolve", {
      method: "suppletie",
      filedOn: "2026-10-19",
      reference: "S",
    });
    expect(early.json().fieldErrors.filedOn).toBe(CORRECTION_MESSAGES.filedOnBeforeOpened);
    // Nothing changed: the correction is still open.
    expect((await get(owner, "/api/vat-returns/2026-Q2")).json().period.state).toBe("correcting");
    // The second correction starts from the suppletie, not from the first filing.
    const open = (await get(owner, "/api/vat-returns/2026-Q2")).json().corrections[0];
    expect(open.before.find((row: { code: string }) => row.code === "5g").vatEuros).toBe(2310);
    expect(open.differenceEuros).toBe(2);
    const done = await post(owner, "/api/vat-returns/2026-Q2/corrections/resolve", {
      method: "suppletie",
      filedOn: "2026-10-20",
      reference: "SUPP-2",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().corrections.map((row: { reference: string }) => row.reference)).toEqual([
      "SUPP-2",
      "SUPP-1",
    ]);
  });

  it("corrects a period filed before the opgaaf ICP was kept with the filing", async () => {
    const early = await t.signIn({ createdAt: new Date("2025-01-05T09:00:00Z") });
    await createCompanyProfile(t.database.db, early.user.id);
    expect((await book(early, "2026-02-10", "100.00")).statusCode).toBe(201);
    await file(early, "2026-Q1", "2026-04-20");
    // Early filings kept the rubrieken alone, as a list.
    await t.database.db.execute(
      sql`update vat_return_filings set figures = figures->'rubrieken' where user_id = ${early.user.id}::uuid`,
    );
    expect((await post(early, "/api/vat-returns/2026-Q1/corrections")).statusCode).toBe(200);
    expect((await book(early, "2026-03-10", "100.00")).statusCode).toBe(201);
    const resolved = await post(early, "/api/vat-returns/2026-Q1/corrections/resolve", {
      method: "next_return",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().corrections[0]).toMatchObject({ status: "next_return", differenceEuros: 21 });
  });

  it("refuses a correction in a closed year", async () => {
    const closer = await t.signIn({ createdAt: new Date("2025-01-05T09:00:00Z") });
    await createCompanyProfile(t.database.db, closer.user.id);
    expect((await book(closer, "2025-11-10", "100.00")).statusCode).toBe(201);
    await file(closer, "2025-Q1", "2025-04-20");
    await file(closer, "2025-Q2", "2025-07-20");
    await file(closer, "2025-Q3", "2025-10-20");
    await file(closer, "2025-Q4", "2026-01-20");
    expect((await post(closer, "/api/ledger/years/2025/close")).statusCode).toBe(200);
    const refused = await post(closer, "/api/vat-returns/2025-Q4/corrections");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(closedYearMessage(2025));
  });

  it("answers 404 for another user's period and hides no one's corrections", async () => {
    const theirs = await post(stranger, "/api/vat-returns/2026-Q2/corrections");
    // The stranger has not filed Q2: their own period, not the owner's.
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(CORRECTION_MESSAGES.notFiled);
    expect((await get(stranger, "/api/vat-returns/2026-Q2")).json().corrections).toEqual([]);
    const unknown = await post(owner, "/api/vat-returns/2026-Q9/corrections");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PERIOD_NOT_FOUND_MESSAGE);
  });
});
