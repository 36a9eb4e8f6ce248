import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IncomeTaxOverview } from "../../../shared/schemas/reports";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createTimeEntry, createTransaction } from "../../../../tests/factories";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
});
afterAll(() => t.close());

/** Revenue and costs of a year, excluding VAT: the profit is their difference. */
async function bookProfit(userId: string, year: number, revenueCents: number, costCents: number) {
  await createTransaction(t.database.db, userId, {
    type: "income",
    date: `${year}-03-10`,
    amountCents: revenueCents,
  });
  await createTransaction(t.database.db, userId, {
    type: "expense",
    date: `${year}-06-20`,
    amountCents: costCents,
  });
}

/** `minutes` of work spread over the twelve months of a year. */
async function bookMinutes(userId: string, year: number, minutes: number) {
  const perMonth = Math.floor(minutes / 12);
  for (let month = 1; month <= 12; month++) {
    await createTimeEntry(t.database.db, userId, {
      startTime: new Date(`${year}-${String(month).padStart(2, "0")}-05T08:00:00Z`),
      duration: month === 12 ? minutes - perMonth * 11 : perMonth,
    });
  }
}

const HOURS_CRITERION_MINUTES = 1225 * 60;

async function overview(as: SignedIn, query: string): Promise<IncomeTaxOverview> {
  const response = await as.request({ method: "GET", url: `/api/reports/income-tax?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /api/reports/income-tax", () => {
  it("deducts the zelfstandigenaftrek, the startersaftrek on request, and the MKB-winstvrijstelling (2026)", async () => {
    const owner = await t.signIn();
    // € 50.000 revenue − € 10.000 costs = € 40.000 profit; exactly 1.225 hours.
    await bookProfit(owner.user.id, 2026, 5_000_000, 1_000_000);
    await bookMinutes(owner.user.id, 2026, HOURS_CRITERION_MINUTES);

    // 40.000 − 1.200 = 38.800; 12,70% of 38.800 = 4.927,60; 38.800 − 4.927,60 = 33.872,40.
    expect(await overview(owner, "year=2026")).toEqual({
      year: 2026,
      ratesYear: 2026,
      hasBookings: true,
      hoursCriterion: { bookedMinutes: 73_500, goalMinutes: 73_500, isMet: true },
      isStarter: false,
      profit: "40000.00",
      selfEmployedDeductionAmount: "1200.00",
      starterDeductionAmount: "2123.00",
      selfEmployedDeduction: "1200.00",
      selfEmployedCarryForward: "0.00",
      starterDeduction: "0.00",
      profitAfterDeduction: "38800.00",
      smeExemptionRate: "12.70",
      smeExemption: "4927.60",
      taxableProfit: "33872.40",
    });

    // 40.000 − 1.200 − 2.123 = 36.677; 12,70% of it = 4.657,979 → 4.657,98; 36.677 − 4.657,98 = 32.019,02.
    expect(await overview(owner, "year=2026&starter=true")).toMatchObject({
      isStarter: true,
      selfEmployedDeduction: "1200.00",
      starterDeduction: "2123.00",
      profitAfterDeduction: "36677.00",
      smeExemption: "4657.98",
      taxableProfit: "32019.02",
    });
    expect(await overview(owner, "year=2026&starter=false")).toMatchObject({ taxableProfit: "33872.40" });
  });

  it("gives no ondernemersaftrek below 1.225 hours, starter or not; the MKB-winstvrijstelling still applies", async () => {
    const owner = await t.signIn();
    await bookProfit(owner.user.id, 2026, 5_000_000, 1_000_000);
    // One minute short of 1.225 hours.
    await bookMinutes(owner.user.id, 2026, 73_499);
    // Hours of another year do not count towards 2026.
    await createTimeEntry(t.database.db, owner.user.id, {
      startTime: new Date("2025-12-31T10:00:00Z"),
      duration: 600,
    });

    // No aftrek: 12,70% of 40.000 = 5.080; 40.000 − 5.080 = 34.920.
    const expected = {
      hoursCriterion: { bookedMinutes: 73_499, goalMinutes: 73_500, isMet: false },
      selfEmployedDeduction: "0.00",
      selfEmployedCarryForward: "0.00",
      starterDeduction: "0.00",
      profitAfterDeduction: "40000.00",
      smeExemption: "5080.00",
      taxableProfit: "34920.00",
    };
    expect(await overview(owner, "year=2026")).toMatchObject({ ...expected, isStarter: false });
    expect(await overview(owner, "year=2026&starter=true")).toMatchObject({ ...expected, isStarter: true });
  });

  it("limits the zelfstandigenaftrek to the profit, except for a starter who deducts it in full", async () => {
    const owner = await t.signIn();
    // € 1.000 − € 200 = € 800 profit, less than the € 1.200 zelfstandigenaftrek of 2026.
    await bookProfit(owner.user.id, 2026, 100_000, 20_000);
    await bookMinutes(owner.user.id, 2026, HOURS_CRITERION_MINUTES + 600);

    // Non-starter: 800 deducted, 400 carried forward; nothing left for the MKB-winstvrijstelling.
    expect(await overview(owner, "year=2026")).toMatchObject({
      profit: "800.00",
      selfEmployedDeduction: "800.00",
      selfEmployedCarryForward: "400.00",
      starterDeduction: "0.00",
      profitAfterDeduction: "0.00",
      smeExemption: "0.00",
      taxableProfit: "0.00",
    });
    // Starter: 800 − 1.200 − 2.123 = −2.523; 12,70% of it = −320,421 → −320,42; −2.523 + 320,42 = −2.202,58.
    expect(await overview(owner, "year=2026&starter=true")).toMatchObject({
      selfEmployedDeduction: "1200.00",
      selfEmployedCarryForward: "0.00",
      starterDeduction: "2123.00",
      profitAfterDeduction: "-2523.00",
      smeExemption: "-320.42",
      taxableProfit: "-2202.58",
    });
  });

  it("uses each year's own amounts, and the nearest known year's for a year not in the table", async () => {
    const owner = await t.signIn();
    await bookProfit(owner.user.id, 2024, 5_000_000, 1_000_000);
    await bookMinutes(owner.user.id, 2024, HOURS_CRITERION_MINUTES);

    // 40.000 − 3.750 = 36.250; 13,31% of 36.250 = 4.824,875 → 4.824,88; 36.250 − 4.824,88 = 31.425,12.
    expect(await overview(owner, "year=2024")).toMatchObject({
      ratesYear: 2024,
      selfEmployedDeduction: "3750.00",
      smeExemptionRate: "13.31",
      smeExemption: "4824.88",
      taxableProfit: "31425.12",
    });
    // 2025: the profit of 2024 is not in it, and neither are its hours.
    expect(await overview(owner, "year=2025")).toMatchObject({
      ratesYear: 2025,
      hasBookings: false,
      profit: "0.00",
      hoursCriterion: { bookedMinutes: 0, goalMinutes: 73_500, isMet: false },
      selfEmployedDeductionAmount: "2470.00",
      smeExemptionRate: "12.70",
      taxableProfit: "0.00",
    });
    expect(await overview(owner, "year=2023")).toMatchObject({ year: 2023, ratesYear: 2024 });
    expect(await overview(owner, "year=2030")).toMatchObject({
      year: 2030,
      ratesYear: 2026,
      selfEmployedDeductionAmount: "1200.00",
    });
  });

  it("shows nobody else's books or hours: a second user gets zeros", async () => {
    const owner = await t.signIn();
    await bookProfit(owner.user.id, 2026, 5_000_000, 1_000_000);
    await bookMinutes(owner.user.id, 2026, HOURS_CRITERION_MINUTES);

    const other = await t.signIn();
    expect(await overview(other, "year=2026&starter=true")).toEqual({
      year: 2026,
      ratesYear: 2026,
      hasBookings: false,
      hoursCriterion: { bookedMinutes: 0, goalMinutes: 73_500, isMet: false },
      isStarter: true,
      profit: "0.00",
      selfEmployedDeductionAmount: "1200.00",
      starterDeductionAmount: "2123.00",
      selfEmployedDeduction: "0.00",
      selfEmployedCarryForward: "0.00",
      starterDeduction: "0.00",
      profitAfterDeduction: "0.00",
      smeExemptionRate: "12.70",
      smeExemption: "0.00",
      taxableProfit: "0.00",
    });
  });

  it("answers a missing or wrong year and a wrong starter answer with a Dutch message, and 401 signed out", async () => {
    const user = await t.signIn();
    const cases: [string, string, string][] = [
      ["", "year", "Kies een jaar van 2001 tot en met 2100"],
      ["year=", "year", "Kies een jaar van 2001 tot en met 2100"],
      ["year=twintig", "year", "Kies een jaar van 2001 tot en met 2100"],
      ["year=2026.5", "year", "Kies een jaar van 2001 tot en met 2100"],
      ["year=2000", "year", "Kies een jaar van 2001 tot en met 2100"],
      ["year=2101", "year", "Kies een jaar van 2001 tot en met 2100"],
      ["year=2026&starter=ja", "starter", "Kies ja of nee voor de startersaftrek"],
    ];
    for (const [query, field, message] of cases) {
      const response = await user.request({ method: "GET", url: `/api/reports/income-tax?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fieldErrors?.[field], query).toBe(message);
    }

    const signedOut = await t.app.inject({ method: "GET", url: "/api/reports/income-tax?year=2026" });
    expect(signedOut.statusCode).toBe(401);
  });
});
