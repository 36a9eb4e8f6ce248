import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/dates";
import { outboxMessages, users } from "../../db/schema/index";
import { balanceSheet, bankBalances, profitAndLoss } from "../ledger/queries";
import { jobsFor } from "../../jobs/index";
import { startJobs } from "../../jobs/scheduler";
import { deliverOutbox } from "../../mail/delivery";
import { sendMail } from "../../mail/outbox";
import { buildTestApp, sessionCookieFrom, type TestApp } from "../../../../tests/app";
import { DEMO_PASSWORD_MESSAGE } from "../auth/routes";
import { DEMO_RATE_LIMIT_MESSAGE, DEMO_STARTS_PER_WINDOW } from "./routes";
import { DEMO_LIFETIME_MS, refillDemoPool } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let address = 0;
/** Each test starts its demos from its own address, so the per-IP limit of one test does not touch another. */
const nextAddress = () => `10.0.0.${++address}`;

async function startDemo(remoteAddress: string) {
  const response = await t.app.inject({ method: "POST", url: "/api/demo/start", remoteAddress });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = sessionCookieFrom(response)!;
  const body = response.json() as { user: { id: string; firstName: string }; demoExpiresAt: string };
  return {
    body,
    cookie,
    get: (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } }),
  };
}

/** Every table with a column that points at users, and the rows in it that belong to the user. */
async function rowsOwnedBy(userId: string): Promise<Record<string, number>> {
  const columns = (await t.database.db.execute(sql`
    select kcu.table_name, kcu.column_name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
    where ccu.table_name = 'users' and kcu.table_schema = 'public'
  `)) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  const counts: Record<string, number> = {};
  for (const { table_name, column_name } of columns.rows) {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as count from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${userId}`,
    )) as unknown as { rows: Array<{ count: number }> };
    counts[`${table_name}.${column_name}`] = result.rows[0]!.count;
  }
  return counts;
}

describe("POST /api/demo/start", () => {
  it("creates a demo user full of data, signs the browser in and answers with the user", async () => {
    const demo = await startDemo(nextAddress());
    expect(demo.body.user).toMatchObject({ isDemo: true, companyName: "Demo Bedrijf", email: null });
    expect(demo.body.user.firstName).toMatch(/^[A-Z][a-z]+$/);
    expect(new Date(demo.body.demoExpiresAt).getTime()).toBe(t.now.value.getTime() + DEMO_LIFETIME_MS);

    const me = await demo.get("/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: demo.body.user.id, isDemo: true });

    const clients = (await demo.get("/api/clients")).json() as unknown[];
    expect(clients.length).toBeGreaterThanOrEqual(15);
    expect(((await demo.get("/api/transactions/summary")).json() as { total: number }).total).toBeGreaterThan(
      100,
    );
    expect(((await demo.get("/api/time-entries")).json() as unknown[]).length).toBeGreaterThan(100);
    const invoices = (await demo.get("/api/invoices")).json() as Array<{ status: string }>;
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(
      new Set(["draft", "sent", "paid", "overdue"]),
    );
    const company = (await demo.get("/api/settings/company")).json() as {
      tradeName: string;
      isSaved: boolean;
    };
    expect(company.isSaved).toBe(true);
    expect(company.tradeName).not.toBe("");
    // An issued invoice of the demo renders as a PDF.
    const sent = invoices.find((invoice) => invoice.status === "paid") as unknown as { id: string };
    const pdf = await demo.get(`/api/invoices/${sent.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
  });

  it("gives every demo its own account", async () => {
    const remoteAddress = nextAddress();
    const first = await startDemo(remoteAddress);
    const second = await startDemo(remoteAddress);
    expect(first.body.user.id).not.toBe(second.body.user.id);
    expect((await first.get("/api/user")).json()).toMatchObject({ id: first.body.user.id });
  });

  it(`allows ${DEMO_STARTS_PER_WINDOW} demos per address per ten minutes, then answers 'Te veel demo aanvragen…'`, async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < DEMO_STARTS_PER_WINDOW; i++) await startDemo(remoteAddress);
    const demosBefore = await t.database.db.$count(users, eq(users.isDemo, true));
    const refused = await t.app.inject({ method: "POST", url: "/api/demo/start", remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: DEMO_RATE_LIMIT_MESSAGE });
    expect(DEMO_RATE_LIMIT_MESSAGE).toContain("Te veel");
    expect(await t.database.db.$count(users, eq(users.isDemo, true))).toBe(demosBefore);
    // Another address may still start one.
    await startDemo(nextAddress());
  });

  it("answers every request of the demo session with 401 'Demo session expired' after two hours", async () => {
    const demo = await startDemo(nextAddress());
    const start = t.now.value;
    try {
      t.now.value = new Date(start.getTime() + DEMO_LIFETIME_MS - 1000);
      expect((await demo.get("/api/transactions")).statusCode).toBe(200);
      t.now.value = new Date(start.getTime() + DEMO_LIFETIME_MS);
      for (const url of ["/api/user", "/api/transactions", "/api/invoices", "/api/clients"]) {
        const response = await demo.get(url);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: "Demo session expired" });
      }
    } finally {
      t.now.value = start;
    }
  });

  it("refuses a password change for a demo account", async () => {
    const demo = await startDemo(nextAddress());
    const [before] = await t.database.db.select().from(users).where(eq(users.id, demo.body.user.id));
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/user/password",
      headers: { cookie: demo.cookie },
      payload: {
        currentPassword: "wat-dan-ook",
        newPassword: "nieuw-wachtwoord",
        confirmPassword: "nieuw-wachtwoord",
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: DEMO_PASSWORD_MESSAGE });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, demo.body.user.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });

  it("keeps a demo user's mail in the outbox instead of sending it", async () => {
    const demo = await startDemo(nextAddress());
    const regular = await t.signIn();
    const demoMail = await sendMail(t.database.db, {
      userId: demo.body.user.id,
      recipient: "klant@voorbeeld.nl",
      subject: "Factuur",
      text: "Bijgaand de factuur.",
    });
    const regularMail = await sendMail(t.database.db, {
      userId: regular.user.id,
      recipient: "klant@voorbeeld.nl",
      subject: "Factuur",
      text: "Bijgaand de factuur.",
    });
    const sent: string[] = [];
    await deliverOutbox(
      t.database.db,
      { sendMail: async (message) => void sent.push(message.subject) },
      { from: "Balans <noreply@balans.nl>", now: t.now.value },
    );
    const stamped = async (id: string) =>
      (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!.sentAt;
    expect(await stamped(demoMail.id)).toBeNull();
    expect(await stamped(regularMail.id)).not.toBeNull();
  });
});

describe("the pool of prepared demo accounts", () => {
  const unclaimed = and(eq(users.isDemo, true), isNull(users.demoExpiresAt));
  const preparedIds = async () =>
    (await t.database.db.select({ id: users.id }).from(users).where(unclaimed)).map((row) => row.id);

  it("hands out a prepared account of today, and refreshes the pool when the day changes", async () => {
    const start = t.now.value;
    try {
      expect(await refillDemoPool(t.database.db, t.now.value, { size: 2, perRun: 5 })).toBe(2);
      expect(await refillDemoPool(t.database.db, t.now.value, { size: 2, perRun: 5 })).toBe(0);
      const prepared = await preparedIds();
      expect(prepared).toHaveLength(2);
      // A prepared account is nobody's yet: no session can use it.
      expect(await rowsOwnedBy(prepared[0]!)).toMatchObject({ "sessions.user_id": 0 });

      const demo = await startDemo(nextAddress());
      expect(prepared).toContain(demo.body.user.id);
      expect(new Date(demo.body.demoExpiresAt).getTime()).toBe(t.now.value.getTime() + DEMO_LIFETIME_MS);
      expect((await demo.get("/api/user")).statusCode).toBe(200);
      expect(await preparedIds()).toHaveLength(1);

      // Tomorrow the one left over is stale (its year ends yesterday): it goes, and fresh ones take its place.
      t.now.value = new Date(start.getTime() + 86_400_000);
      const stale = await preparedIds();
      await refillDemoPool(t.database.db, t.now.value, { size: 2, perRun: 5 });
      const fresh = await preparedIds();
      expect(fresh).toHaveLength(2);
      expect(fresh).not.toContain(stale[0]);
      expect(Object.values(await rowsOwnedBy(stale[0]!)).every((count) => count === 0)).toBe(true);
    } finally {
      t.now.value = start;
      await t.database.db.delete(users).where(unclaimed);
    }
  });
});

describe("the demo clean-up job", () => {
  it("deletes expired demo users with every row they own, and nothing else", async () => {
    const expired = await startDemo(nextAddress());
    await sendMail(t.database.db, {
      userId: expired.body.user.id,
      recipient: "klant@voorbeeld.nl",
      subject: "Factuur",
      text: "Bijgaand de factuur.",
      attachments: [
        { filename: "factuur.pdf", contentType: "application/pdf", content: Buffer.from("%PDF") },
      ],
    });
    const owned = await rowsOwnedBy(expired.body.user.id);
    for (const table of [
      "clients",
      "transactions",
      "time_entries",
      "invoices",
      "invoice_items",
      "sessions",
    ]) {
      expect(owned[`${table}.user_id`], table).toBeGreaterThan(0);
    }
    const regular = await t.signIn();
    const start = t.now.value;
    t.now.value = new Date(start.getTime() + DEMO_LIFETIME_MS / 2);
    const fresh = await startDemo(nextAddress());
    t.now.value = new Date(start.getTime() + DEMO_LIFETIME_MS + 1000);
    try {
      const jobs = startJobs({
        db: t.database.db,
        jobs: jobsFor(t.database.kind).filter((job) => job.name === "delete-expired-demos"),
        clock: () => t.now.value,
        log: t.app.log,
      });
      await jobs.stop();
    } finally {
      t.now.value = start;
    }

    const leftovers = await rowsOwnedBy(expired.body.user.id);
    expect(
      Object.values(leftovers).every((count) => count === 0),
      JSON.stringify(leftovers),
    ).toBe(true);
    const orphans = (await t.database.db.execute(sql`
      select
        (select count(*)::int from outbox_attachments a where not exists
          (select 1 from outbox_messages m where m.id = a.message_id)) as attachments,
        (select count(*)::int from invoice_items i where not exists
          (select 1 from invoices v where v.id = i.invoice_id)) as items
    `)) as unknown as { rows: Array<{ attachments: number; items: number }> };
    expect(orphans.rows[0]).toEqual({ attachments: 0, items: 0 });
    // The demo that has not expired yet and the regular user keep everything.
    expect((await rowsOwnedBy(fresh.body.user.id))["clients.user_id"]).toBeGreaterThan(0);
    expect(await t.database.db.$count(users, eq(users.id, regular.user.id))).toBe(1);
  });
});

describe("the books of a demo", () => {
  it("balance: every journal entry sums to zero, the balance sheet balances, the bank agrees with the bookings", async () => {
    const demo = await startDemo(nextAddress());
    const userId = demo.body.user.id;
    const entries = (await t.database.db.execute(sql`
      select source_type, source_id, sum(amount)::text as total, count(*)::int as lines
      from journal_lines where user_id = ${userId}::uuid group by source_type, source_id
    `)) as unknown as { rows: Array<{ source_type: string; total: string; lines: number }> };
    const types = new Set(entries.rows.map((row) => row.source_type));
    // The demo's filed returns moved their VAT to Af te dragen btw; its suppliers' invoices are booked and paid.
    expect([...types].sort()).toEqual([
      "invoice",
      "opening_balance",
      "purchase_invoice",
      "purchase_invoice_payment",
      "transaction",
      "vat_return",
    ]);
    expect(entries.rows.length).toBeGreaterThan(150);
    for (const row of entries.rows) expect(Number(row.total), row.source_type).toBe(0);

    const today = businessDate(t.now.value);
    const sheet = await balanceSheet(t.database.db, userId, { date: today });
    expect(sheet.totalAssetsCents).toBeGreaterThan(0);
    expect(sheet.totalLiabilitiesCents + sheet.totalEquityCents).toBe(sheet.totalAssetsCents);

    // The default account in the books equals its opening balance plus the completed bookings on it, less what
    // was paid to suppliers by card without a bank transaction (a receipt paid at the till).
    const [expected] = (
      (await t.database.db.execute(sql`
        select (b.opening_balance + coalesce(sum(case when t.type = 'income' then t.amount_including_vat
          else -t.amount_including_vat end), 0)
          - (select coalesce(sum(p.amount), 0) from purchase_invoice_payments p
             where p.user_id = b.user_id and p.transaction_id is null and p.method <> 'cash'))::text as balance
        from bank_accounts b left join transactions t on t.bank_account_id = b.id and t.status = 'completed'
        where b.user_id = ${userId}::uuid and b.is_default group by b.id
      `)) as unknown as { rows: Array<{ balance: string }> }
    ).rows;
    const banks = await bankBalances(t.database.db, userId, { date: today });
    expect(banks.find((bank) => bank.name === "Hoofdrekening")!.balanceCents).toBe(
      Math.round(Number(expected!.balance) * 100),
    );
    // Revenue in the books: the issued invoices (net of the credit note) plus the interest.
    const pnl = await profitAndLoss(t.database.db, userId, { from: "2000-01-01", to: today });
    const [issued] = (
      (await t.database.db.execute(sql`
        select ((select coalesce(sum(subtotal), 0) from invoices where user_id = ${userId}::uuid and status <> 'draft')
          + (select coalesce(sum(amount), 0) from transactions
             where user_id = ${userId}::uuid and type = 'income' and invoice_id is null and status = 'completed'))::text as revenue
      `)) as unknown as { rows: Array<{ revenue: string }> }
    ).rows;
    expect(pnl.totalRevenueCents).toBe(Math.round(Number(issued!.revenue) * 100));
  });
});
