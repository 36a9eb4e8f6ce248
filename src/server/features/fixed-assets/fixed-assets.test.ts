/**
 * Investeringen through the API. The laptop of the shared unit tests: € 1.200 over 36 months from 15 March 2026
 * (€ 33,33 a month). The clock stands on 15 June 2026, so March, April and May are booked: € 99,99.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Category } from "../../../shared/schemas/categories";
import { FIXED_ASSET_MESSAGES, type FixedAsset } from "../../../shared/schemas/fixed-assets";
import { fixedAssets, journalLines, vatReturnFilings, yearClosings } from "../../db/schema/index";
import { expectEveryEntryBalanced, journalSnapshot } from "../../../../tests/books";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createCompanyProfile } from "../../../../tests/factories";
import { closedYearMessage } from "../ledger/lock";
import { eraseDataOf } from "../privacy/erasure";
import { rebuildLedger } from "../ledger/posting";
import { balanceSheet, profitAndLoss, type AccountLine } from "../ledger/queries";
import { vatReturn } from "../vat-returns/queries";
import { getFixedAsset, postDueDepreciation } from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

const TODAY = new Date("2026-06-15T10:00:00Z");
const laptop = { name: "Laptop", purchaseDate: "2026-03-15", cost: "1.200,00", usefulLifeMonths: 36 };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
});
beforeEach(() => {
  t.now.value = TODAY;
});
afterAll(() => t.close());

async function ok<T>(
  response: { statusCode: number; body: string; json(): unknown },
  status = 200,
): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return (status === 204 ? undefined : response.json()) as T;
}

async function createAsset(as: SignedIn, payload: object = laptop): Promise<FixedAsset> {
  return ok<FixedAsset>(await as.request({ method: "POST", url: "/api/fixed-assets", payload }), 201);
}

/** The user's depreciation lines per account code, summed (cents). */
async function depreciationByAccount(userId: string): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ accountId: journalLines.accountId, amount: journalLines.amount })
    .from(journalLines)
    .where(and(eq(journalLines.userId, userId), eq(journalLines.sourceType, "depreciation")));
  const accounts = await accountsOf(userId);
  const sums: Record<string, number> = {};
  for (const row of rows) {
    const code = accounts.find((account) => account.id === row.accountId)!.code;
    sums[code] = (sums[code] ?? 0) + Math.round(Number(row.amount) * 100);
  }
  return sums;
}

async function accountsOf(userId: string) {
  const { listAccountBalances } = await import("../ledger/queries");
  return listAccountBalances(t.database.db, userId, { date: "2099-12-31" });
}

const byName = (lines: readonly AccountLine[]) =>
  Object.fromEntries(lines.map((line) => [line.name, line.amountCents]));

describe("POST /api/fixed-assets", () => {
  it("stores the asset and books its depreciation up to today", async () => {
    const user = await t.signIn();
    const asset = await createAsset(user);
    expect(asset).toEqual({
      id: expect.any(String),
      name: "Laptop",
      purchaseDate: "2026-03-15",
      cost: "1200.00",
      residualValue: "0.00",
      usefulLifeMonths: 36,
      frequency: "monthly",
      notes: null,
      disposalDate: null,
      disposalAmount: null,
      depreciated: "99.99",
      bookValue: "1100.01",
      monthlyDepreciation: "33.33",
      state: "active",
      disposalResult: null,
    });
    // Afschrijvingskosten / Cumulatieve afschrijving at the end of March, April and May, one entry each.
    const lines = await t.database.db
      .select()
      .from(journalLines)
      .where(and(eq(journalLines.userId, user.user.id), eq(journalLines.sourceType, "depreciation")));
    expect([...new Set(lines.map((line) => line.date))].sort()).toEqual([
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
    ]);
    expect(new Set(lines.map((line) => line.sourceId)).size).toBe(3);
    expect(lines.find((line) => line.date === "2026-03-31" && Number(line.amount) > 0)!.description).toBe(
      "Afschrijving Laptop maart 2026",
    );
    expect(await depreciationByAccount(user.user.id)).toEqual({ "0210": -9999, "4800": 9999 });
    await expectEveryEntryBalanced(t.database.db, user.user.id);
    const list = await ok<FixedAsset[]>(await user.request({ method: "GET", url: "/api/fixed-assets" }));
    expect(list.map((row) => row.id)).toEqual([asset.id]);
  });

  it("yearly: nothing is booked before 31 December", async () => {
    const user = await t.signIn();
    const asset = await createAsset(user, { ...laptop, frequency: "yearly", residualValue: "200" });
    expect(asset).toMatchObject({ frequency: "yearly", depreciated: "0.00", bookValue: "1200.00" });
    expect(await depreciationByAccount(user.user.id)).toEqual({});
    // (1.200 − 200) / 36 = 27,77 a month; March to December 2026: 10 months on 31 December.
    const later = await getFixedAsset(t.database.db, user.user.id, asset.id, "2027-01-02");
    expect(later).toMatchObject({ monthlyDepreciation: "27.77", depreciated: "277.70", bookValue: "922.30" });
  });

  it("makes the categories on Inventaris the purchase and the sale are booked on", async () => {
    const user = await t.signIn();
    await createAsset(user);
    await createAsset(user, { ...laptop, name: "Scherm" });
    const inventaris = (await accountsOf(user.user.id)).find((account) => account.code === "0200")!;
    const categories = await ok<Category[]>(await user.request({ method: "GET", url: "/api/categories" }));
    const onInventaris = categories.filter((category) => category.ledgerAccountId === inventaris.id);
    expect(onInventaris.map((category) => [category.name, category.type]).sort()).toEqual([
      ["Investeringen", "expense"],
      ["Verkoop investeringen", "income"],
    ]);
  });

  it.each([
    [{ ...laptop, name: "" }, "name", FIXED_ASSET_MESSAGES.nameRequired],
    [{ ...laptop, name: undefined }, "name", FIXED_ASSET_MESSAGES.nameRequired],
    [{ ...laptop, purchaseDate: "" }, "purchaseDate", FIXED_ASSET_MESSAGES.purchaseDateRequired],
    [{ ...laptop, purchaseDate: "2026-02-30" }, "purchaseDate", FIXED_ASSET_MESSAGES.purchaseDateInvalid],
    [{ ...laptop, cost: "0" }, "cost", FIXED_ASSET_MESSAGES.costInvalid],
    [{ ...laptop, cost: "-10" }, "cost", FIXED_ASSET_MESSAGES.costInvalid],
    [{ ...laptop, cost: undefined }, "cost", FIXED_ASSET_MESSAGES.costInvalid],
    [{ ...laptop, cost: "veel" }, "cost", FIXED_ASSET_MESSAGES.costInvalid],
    [{ ...laptop, residualValue: "-1" }, "residualValue", FIXED_ASSET_MESSAGES.residualNegative],
    [{ ...laptop, residualValue: "1200" }, "residualValue", FIXED_ASSET_MESSAGES.residualTooHigh],
    [{ ...laptop, residualValue: "1500,00" }, "residualValue", FIXED_ASSET_MESSAGES.residualTooHigh],
    [{ ...laptop, usefulLifeMonths: 11 }, "usefulLifeMonths", FIXED_ASSET_MESSAGES.usefulLife],
    [{ ...laptop, usefulLifeMonths: 601 }, "usefulLifeMonths", FIXED_ASSET_MESSAGES.usefulLife],
    [{ ...laptop, usefulLifeMonths: "3 jaar" }, "usefulLifeMonths", FIXED_ASSET_MESSAGES.usefulLife],
    [{ ...laptop, usefulLifeMonths: 36.5 }, "usefulLifeMonths", FIXED_ASSET_MESSAGES.usefulLife],
    [{ ...laptop, frequency: "weekly" }, "frequency", FIXED_ASSET_MESSAGES.frequency],
  ])("refuses %j with '%s: %s'", async (payload, field, message) => {
    const response = await owner.request({ method: "POST", url: "/api/fixed-assets", payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it("accepts the life at its bounds, as a number or text", async () => {
    await createAsset(owner, { ...laptop, usefulLifeMonths: "12" });
    await createAsset(owner, { ...laptop, usefulLifeMonths: 600 });
  });
});

describe("the books with an investment", () => {
  it("book the purchase once on Inventaris: the balance sheet balances and the P&L holds only depreciation", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    await createAsset(user);
    const categories = await ok<Category[]>(await user.request({ method: "GET", url: "/api/categories" }));
    const purchase = categories.find((category) => category.name === "Investeringen")!;
    // The user's own booking of the payment: € 1.200 + 21% VAT on the category on Inventaris.
    await ok(
      await user.request({
        method: "POST",
        url: "/api/transactions",
        payload: {
          type: "expense",
          amount: "1200.00",
          vatRate: "21",
          date: "2026-03-15",
          status: "completed",
          isRecurring: false,
          description: "Laptop",
          categoryId: purchase.id,
        },
      }),
      201,
    );
    const pnl = await profitAndLoss(t.database.db, user.user.id, { from: "2026-01-01", to: "2026-12-31" });
    expect(byName(pnl.expenses)).toEqual({ "Afschrijvingskosten inventaris": 9999 });
    expect(pnl.revenue).toEqual([]);
    const sheet = await balanceSheet(t.database.db, user.user.id, { date: "2026-06-15" });
    expect(sheet.totalAssetsCents).toBe(sheet.totalLiabilitiesCents + sheet.totalEquityCents);
    expect(byName(sheet.assets)).toMatchObject({
      Inventaris: 120000,
      "Cumulatieve afschrijving inventaris": -9999,
      "Te vorderen btw": 25200,
    });
    expect(sheet.resultOfYearCents).toBe(-9999);
    // The VAT on the purchase is deductible as usual.
    const q1 = (await vatReturn(t.database.db, user.user.id, "2026-Q1", "2026-06-15"))!;
    expect(q1.rubrieken.find((row) => row.code === "5b")!.vatCents).toBe(25200);
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("an investment bought in another EU country: the cost on Inventaris is the turnover of 4b", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    await createAsset(user);
    const categories = await ok<Category[]>(await user.request({ method: "GET", url: "/api/categories" }));
    const purchase = categories.find((category) => category.name === "Investeringen")!;
    const draft = await ok<Record<string, unknown>>(
      await user.request({
        method: "POST",
        url: "/api/purchase-invoices",
        payload: {
          supplierName: "Computer GmbH",
          invoiceDate: "2026-03-15",
          vatTreatment: "eu",
          lines: [{ vatRate: 21, netAmount: "1200.00", categoryId: purchase.id }],
        },
      }),
      201,
    );
    await ok(
      await user.request({
        method: "POST",
        url: `/api/purchase-invoices/${draft.id as string}/book`,
        payload: { ...draft, paidOn: null },
      }),
    );
    const q1 = (await vatReturn(t.database.db, user.user.id, "2026-Q1", "2026-06-15"))!;
    expect(q1.rubrieken.find((row) => row.code === "4b")).toMatchObject({
      turnoverCents: 120000,
      vatCents: 25200,
    });
    const pnl = await profitAndLoss(t.database.db, user.user.id, { from: "2026-01-01", to: "2026-12-31" });
    expect(byName(pnl.expenses)).toEqual({ "Afschrijvingskosten inventaris": 9999 });
  });
});

describe("POST /api/fixed-assets/:id/dispose", () => {
  it("writes the asset off: cost off Inventaris, the depreciation back, the book value less proceeds on 4810", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const asset = await createAsset(user);
    const categories = await ok<Category[]>(await user.request({ method: "GET", url: "/api/categories" }));
    const book = (type: string, amount: string, date: string, name: string) =>
      user.request({
        method: "POST",
        url: "/api/transactions",
        payload: {
          type,
          amount,
          vatRate: "21",
          date,
          status: "completed",
          isRecurring: false,
          description: name,
          categoryId: categories.find((category) => category.name === name)!.id,
        },
      });
    await ok(await book("expense", "1200.00", "2026-03-15", "Investeringen"), 201);
    // Sold on 10 May for € 1.000 excluding VAT: March and April were depreciated (€ 66,66).
    const sold = await ok<FixedAsset>(
      await user.request({
        method: "POST",
        url: `/api/fixed-assets/${asset.id}/dispose`,
        payload: { disposalDate: "2026-05-10", disposalAmount: "1.000,00" },
      }),
    );
    expect(sold).toMatchObject({
      disposalDate: "2026-05-10",
      disposalAmount: "1000.00",
      depreciated: "66.66",
      bookValue: "0.00",
      state: "disposed",
      // Book value 1.133,34 − proceeds 1.000,00.
      disposalResult: "133.34",
    });
    expect(await depreciationByAccount(user.user.id)).toEqual({
      "0200": -120000 + 100000,
      "0210": -6666 + 6666,
      "4800": 6666,
      "4810": 13334,
    });
    // The user books the money of the sale on the category on Inventaris, with VAT.
    await ok(await book("income", "1000.00", "2026-05-10", "Verkoop investeringen"), 201);
    const sheet = await balanceSheet(t.database.db, user.user.id, { date: "2026-06-15" });
    expect(sheet.totalAssetsCents).toBe(sheet.totalLiabilitiesCents + sheet.totalEquityCents);
    expect(byName(sheet.assets)).not.toHaveProperty("Inventaris");
    expect(byName(sheet.assets)).not.toHaveProperty("Cumulatieve afschrijving inventaris");
    const pnl = await profitAndLoss(t.database.db, user.user.id, { from: "2026-01-01", to: "2026-12-31" });
    expect(byName(pnl.expenses)).toEqual({
      "Afschrijvingskosten inventaris": 6666,
      "Boekresultaat verkoop inventaris": 13334,
    });
    expect(pnl.revenue).toEqual([]);
    // The sale is a supply taxed at 21% (rubriek 1a).
    const q2 = (await vatReturn(t.database.db, user.user.id, "2026-Q2", "2026-06-15"))!;
    expect(q2.rubrieken.find((row) => row.code === "1a")).toMatchObject({
      turnoverCents: 100000,
      vatCents: 21000,
    });
    await expectEveryEntryBalanced(t.database.db, user.user.id);

    // Taken back: the laptop depreciates on.
    const back = await ok<FixedAsset>(
      await user.request({ method: "DELETE", url: `/api/fixed-assets/${asset.id}/disposal` }),
    );
    expect(back).toMatchObject({
      disposalDate: null,
      disposalAmount: null,
      depreciated: "99.99",
      state: "active",
    });
    expect(await depreciationByAccount(user.user.id)).toEqual({ "0210": -9999, "4800": 9999 });
  });

  it.each([
    [{ disposalDate: "" }, "disposalDate", FIXED_ASSET_MESSAGES.disposalDateRequired],
    [{ disposalDate: "2026-13-01" }, "disposalDate", FIXED_ASSET_MESSAGES.disposalDateInvalid],
    [{ disposalDate: "2026-03-14" }, "disposalDate", FIXED_ASSET_MESSAGES.disposalBeforePurchase],
    [
      { disposalDate: "2026-05-01", disposalAmount: "-1" },
      "disposalAmount",
      FIXED_ASSET_MESSAGES.disposalAmountNegative,
    ],
  ])("refuses %j with '%s: %s'", async (payload, field, message) => {
    const asset = await createAsset(owner);
    const response = await owner.request({
      method: "POST",
      url: `/api/fixed-assets/${asset.id}/dispose`,
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it("refuses to move the purchase after the disposal", async () => {
    const asset = await createAsset(owner);
    await ok(
      await owner.request({
        method: "POST",
        url: `/api/fixed-assets/${asset.id}/dispose`,
        payload: { disposalDate: "2026-04-10" },
      }),
    );
    const response = await owner.request({
      method: "PUT",
      url: `/api/fixed-assets/${asset.id}`,
      payload: { ...laptop, purchaseDate: "2026-05-01" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.purchaseDate).toBe(FIXED_ASSET_MESSAGES.purchaseAfterDisposal);
  });
});

describe("PUT and DELETE /api/fixed-assets/:id", () => {
  it("an edit books the entries again; a delete removes them", async () => {
    const user = await t.signIn();
    const asset = await createAsset(user);
    const edited = await ok<FixedAsset>(
      await user.request({
        method: "PUT",
        url: `/api/fixed-assets/${asset.id}`,
        payload: { ...laptop, cost: "2400", notes: "Met dock" },
      }),
    );
    expect(edited).toMatchObject({ cost: "2400.00", notes: "Met dock", depreciated: "199.98" });
    expect(await depreciationByAccount(user.user.id)).toEqual({ "0210": -19998, "4800": 19998 });
    await ok(await user.request({ method: "DELETE", url: `/api/fixed-assets/${asset.id}` }), 204);
    expect(await depreciationByAccount(user.user.id)).toEqual({});
    expect((await user.request({ method: "GET", url: `/api/fixed-assets/${asset.id}` })).statusCode).toBe(
      404,
    );
  });

  it("a filed VAT period does not lock depreciation (it has no VAT); a closed year does", async () => {
    const user = await t.signIn();
    const asset = await createAsset(user);
    await t.database.db.insert(vatReturnFilings).values({
      userId: user.user.id,
      period: "2026-Q1",
      startDate: "2026-01-01",
      endDate: "2026-03-31",
      filedOn: "2026-04-20",
      reference: "test",
      figures: {},
    });
    const put = (cost: string) =>
      user.request({ method: "PUT", url: `/api/fixed-assets/${asset.id}`, payload: { ...laptop, cost } });
    await ok(await put("1500"));
    await t.database.db.insert(yearClosings).values({ userId: user.user.id, year: 2026 });
    const refused = await put("1800");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(closedYearMessage(2026));
    const unchanged = await ok<FixedAsset>(
      await user.request({ method: "GET", url: `/api/fixed-assets/${asset.id}` }),
    );
    expect(unchanged.cost).toBe("1500.00");
    expect((await user.request({ method: "DELETE", url: `/api/fixed-assets/${asset.id}` })).statusCode).toBe(
      409,
    );
  });
});

describe("another user's asset", () => {
  it("is not found, whatever the request", async () => {
    const asset = await createAsset(owner);
    const url = `/api/fixed-assets/${asset.id}`;
    for (const [method, path, payload] of [
      ["GET", url, undefined],
      ["PUT", url, laptop],
      ["POST", `${url}/dispose`, { disposalDate: "2026-05-01" }],
      ["DELETE", `${url}/disposal`, undefined],
      ["DELETE", url, undefined],
    ] as const) {
      const response = await stranger.request({ method, url: path, payload });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().message).toBe(FIXED_ASSET_MESSAGES.notFound);
    }
    expect((await stranger.request({ method: "GET", url: "/api/fixed-assets/geen-id" })).statusCode).toBe(
      404,
    );
    expect(
      await ok<FixedAsset[]>(await stranger.request({ method: "GET", url: "/api/fixed-assets" })),
    ).toEqual([]);
    // The owner's asset is untouched.
    expect((await owner.request({ method: "GET", url })).json()).toMatchObject({ name: "Laptop" });
  });
});

describe("erasure", () => {
  it("keeps an account holding only an asset for the retention period, counted from its purchase", async () => {
    const holder = await t.signIn();
    await createAsset(holder);
    const outcome = await t.database.db.transaction((tx) =>
      eraseDataOf(tx, { email: holder.user.email!, userId: holder.user.id }, TODAY),
    );
    // Bought in 2026: kept, restricted, until the end of 2033.
    expect(outcome.retained?.until).toBe("2033-12-31");
    const kept = await t.database.db
      .select({ name: fixedAssets.name })
      .from(fixedAssets)
      .where(eq(fixedAssets.userId, holder.user.id));
    expect(kept).toEqual([{ name: "Laptop" }]);
  });
});

describe("the daily job", () => {
  it("books the periods that fell due since, leaving the booked ones; the result equals a rebuild", async () => {
    const user = await t.signIn();
    await createAsset(user);
    await createAsset(user, { ...laptop, name: "Camera", frequency: "yearly" });
    const before = await journalSnapshot(t.database.db, user.user.id);
    expect(await postDueDepreciation(t.database.db, new Date("2026-06-15T10:00:00Z"))).toBe(0);
    expect(await journalSnapshot(t.database.db, user.user.id)).toEqual(before);

    const later = new Date("2027-01-05T10:00:00Z");
    expect(await postDueDepreciation(t.database.db, later)).toBeGreaterThanOrEqual(2);
    const after = await journalSnapshot(t.database.db, user.user.id);
    for (const line of before) expect(after).toContain(line);
    // June to December for the laptop, and the camera's 2026.
    expect(await depreciationByAccount(user.user.id)).toEqual({
      "0210": -(10 * 3333 + 10 * 3333),
      "4800": 10 * 3333 + 10 * 3333,
    });
    expect(await postDueDepreciation(t.database.db, later)).toBe(0);
    await rebuildLedger(t.database.db, user.user.id, { today: "2027-01-05" });
    expect(await journalSnapshot(t.database.db, user.user.id)).toEqual(after);
  });
});
