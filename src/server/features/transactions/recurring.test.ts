import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "../../../shared/schemas/transactions";
import { transactions } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { jobsFor } from "../../jobs/index";
import { startJobs } from "../../jobs/scheduler";
import { generateDueRecurringTransactions } from "./recurring";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const at = (isoDate: string) => new Date(`${isoDate}T10:00:00Z`);

async function createRecurring(as: SignedIn, overrides: object = {}): Promise<Transaction> {
  const response = await as.request({
    method: "POST",
    url: "/api/transactions",
    payload: {
      type: "expense",
      amount: "25.00",
      vatRate: "21",
      description: "Hosting",
      date: "2027-01-31",
      isRecurring: true,
      recurringInterval: "monthly",
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const datesOf = async (userId: string) =>
  (
    await t.database.db
      .select({ date: transactions.date, templateId: transactions.recurringTemplateId })
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(asc(transactions.date))
  ).map((row) => `${row.date}${row.templateId ? "*" : ""}`);

describe("recurring transactions", () => {
  it("creates what is due at once, then one occurrence per due date, keeping month ends", async () => {
    t.now.value = at("2027-02-10");
    const user = await t.signIn();
    const template = await createRecurring(user);
    expect(await datesOf(user.user.id)).toEqual(["2027-01-31"]);

    await generateDueRecurringTransactions(t.database.db, at("2027-02-28"));
    await generateDueRecurringTransactions(t.database.db, at("2027-05-01"));
    expect(await datesOf(user.user.id)).toEqual(["2027-01-31", "2027-02-28*", "2027-03-31*", "2027-04-30*"]);
    const [occurrence] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.recurringTemplateId, template.id))
      .limit(1);
    expect(occurrence).toMatchObject({
      amount: "25.00",
      vatAmount: "5.25",
      amountIncludingVat: "30.25",
      isRecurring: false,
    });
  });

  it("generates the past occurrences when the start date lies in the past", async () => {
    t.now.value = at("2028-03-31");
    const user = await t.signIn();
    await createRecurring(user, { date: "2028-01-31" });
    expect(await datesOf(user.user.id)).toEqual(["2028-01-31", "2028-02-29*", "2028-03-31*"]);
  });

  it("is idempotent: running twice, or two instances at once, never duplicates", async () => {
    t.now.value = at("2026-01-05");
    const user = await t.signIn();
    await createRecurring(user, { date: "2026-01-05", recurringInterval: "weekly" });
    const now = at("2026-03-02");
    await Promise.all([
      generateDueRecurringTransactions(t.database.db, now),
      generateDueRecurringTransactions(t.database.db, now),
    ]);
    await generateDueRecurringTransactions(t.database.db, now);
    // Through the scheduler (advisory lock) as well.
    const jobs = startJobs({
      db: t.database.db,
      jobs: jobsFor(t.database.kind).filter((job) => job.name === "recurring-transactions"),
      clock: () => now,
      log: t.app.log,
    });
    await jobs.stop();
    const dates = await datesOf(user.user.id);
    expect(dates).toHaveLength(9); // 5 Jan … 2 Mar, weekly
    expect(new Set(dates).size).toBe(9);
  });

  it("the database refuses a second occurrence of a template on the same date", async () => {
    t.now.value = at("2026-06-01");
    const user = await t.signIn();
    const template = await createRecurring(user, { date: "2026-04-01" });
    const [occurrence] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.recurringTemplateId, template.id))
      .limit(1);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = occurrence!;
    await expect(t.database.db.insert(transactions).values(copy)).rejects.toThrow();
  });

  it("stops at the end date, and does not recreate an occurrence the user deleted", async () => {
    t.now.value = at("2026-01-01");
    const user = await t.signIn();
    const template = await createRecurring(user, { date: "2026-01-01", recurringEndDate: "2026-04-15" });
    await generateDueRecurringTransactions(t.database.db, at("2026-02-01"));
    const [february] = await t.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.recurringTemplateId, template.id));
    expect(
      (await user.request({ method: "DELETE", url: `/api/transactions/${february!.id}` })).statusCode,
    ).toBe(204);
    await generateDueRecurringTransactions(t.database.db, at("2026-12-31"));
    expect(await datesOf(user.user.id)).toEqual(["2026-01-01", "2026-03-01*", "2026-04-01*"]);
  });

  it("can be stopped, and edited: later occurrences follow the template", async () => {
    t.now.value = at("2026-01-10");
    const user = await t.signIn();
    const template = await createRecurring(user, { date: "2026-01-10" });
    const edited = await user.request({
      method: "PUT",
      url: `/api/transactions/${template.id}`,
      payload: {
        type: "expense",
        amount: "30",
        vatRate: "21",
        description: "Hosting (nieuw tarief)",
        date: "2026-01-10",
        isRecurring: true,
        recurringInterval: "monthly",
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await generateDueRecurringTransactions(t.database.db, at("2026-02-10"));
    // Keep the session alive (30 days) across the months this test moves through.
    t.now.value = at("2026-02-01");
    await user.request({ method: "GET", url: "/api/user" });
    t.now.value = at("2026-02-20");
    const stopped = await user.request({
      method: "POST",
      url: `/api/transactions/${template.id}/stop-recurring`,
    });
    expect(stopped.json()).toMatchObject({ isRecurring: true, recurringEndDate: "2026-02-20" });
    await generateDueRecurringTransactions(t.database.db, at("2026-06-01"));
    const rows = await t.database.db
      .select({ date: transactions.date, description: transactions.description })
      .from(transactions)
      .where(eq(transactions.userId, user.user.id))
      .orderBy(asc(transactions.date));
    expect(rows).toEqual([
      { date: "2026-01-10", description: "Hosting (nieuw tarief)" },
      { date: "2026-02-10", description: "Hosting (nieuw tarief)" },
    ]);
    // The list tells which rows came from a template.
    const listed = (await user.request({ method: "GET", url: "/api/transactions" })).json();
    expect(listed.map((row: Transaction) => row.recurringTemplateId)).toEqual([template.id, null]);
  });

  it("refuses to move an occurrence onto the date of another occurrence of the same template (409)", async () => {
    t.now.value = at("2026-04-10");
    const user = await t.signIn();
    const template = await createRecurring(user, { date: "2026-01-10" });
    const occurrences = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.recurringTemplateId, template.id))
      .orderBy(asc(transactions.date));
    expect(occurrences.map((row) => row.date)).toEqual(["2026-02-10", "2026-03-10", "2026-04-10"]);
    const response = await user.request({
      method: "PUT",
      url: `/api/transactions/${occurrences[0]!.id}`,
      payload: { type: "expense", amount: "25", vatRate: "21", description: "Hosting", date: "2026-03-10" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().fieldErrors).toEqual({
      date: "Er bestaat al een herhaling van deze transactie op deze datum",
    });
  });
});
