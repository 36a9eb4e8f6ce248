import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  invoiceReminders,
  invoices,
  jobRuns,
  outboxMessages,
  recurringInvoiceRuns,
  recurringInvoices,
  reminderSettings,
} from "../db/schema/index";
import { buildTestApp, type TestApp } from "../../../tests/app";
import { databaseUrlFor } from "../../../tests/database-url";
import { createClientRecord, createCompanyProfile } from "../../../tests/factories";
import { issuedInvoice, ONE_LINE, ONE_LINE_TOTALS } from "../../../tests/invoices";
import type { JobOutcome, JobRound } from "../../../tests/job-instance";
import { invoiceMailReference } from "../features/invoices/records";
import { reminderMailReference } from "../features/reminders/service";
import { rowsOf } from "../features/ledger/posting";

const serverUrl = process.env.TEST_DATABASE_URL;
const JOBS = ["recurring-invoices", "send-payment-reminders"];
const USERS = 3;

/** An app instance in a process of its own with its own connection pool (tests/job-instance.ts). */
type Instance = { child: ChildProcess; output: () => string };

function startInstance(databaseUrl: string): Promise<Instance> {
  const child = fork(fileURLToPath(new URL("../../../tests/job-instance.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve({ child, output: () => output }));
    child.once("exit", (code) =>
      reject(new Error(`The instance ended (${code}) before it was ready:\n${output}`)),
    );
  });
}

function ask(instance: Instance, round: JobRound): Promise<JobOutcome[]> {
  return new Promise((resolve) => {
    instance.child.once("message", (answer) => resolve((answer as { outcomes: JobOutcome[] }).outcomes));
    instance.child.send(round);
  });
}

/**
 * Both issue and send in every user's name: one round is the recurring-invoices job and the reminders job in each
 * of the two instances, all four at the same moment.
 */
describe.skipIf(!serverUrl)(
  "two app instances on one PostgreSQL database (only with TEST_DATABASE_URL: the embedded database allows one process)",
  () => {
    let t: TestApp;
    let instances: Instance[];
    beforeAll(async () => {
      t = await buildTestApp();
      const [database] = rowsOf<{ name: string }>(
        await t.database.db.execute(sql`select current_database() as name`),
      );
      const url = databaseUrlFor(serverUrl!, database!.name);
      instances = await Promise.all([startInstance(url), startInstance(url)]);
    });
    afterAll(async () => {
      await Promise.all(
        (instances ?? []).map(
          (instance) =>
            new Promise((resolve) => {
              instance.child.once("exit", resolve);
              instance.child.disconnect();
            }),
        ),
      );
      await t?.close();
    });
    // The jobs read every user's: what one test set up stops with it.
    afterEach(async () => {
      await t.database.db.update(recurringInvoices).set({ endedOn: "2027-01-01" });
      await t.database.db.update(reminderSettings).set({ isEnabled: false });
    });

    /** Runs both jobs in both instances at once on each day; answers every outcome, failing on any error. */
    async function rounds(days: string[], throughScheduler: boolean) {
      const all: JobOutcome[][] = [];
      for (const day of days) {
        const round = { names: JOBS, now: `${day}T07:00:00Z`, throughScheduler };
        const outcomes = await Promise.all(instances.map((instance) => ask(instance, round)));
        for (const [index, answers] of outcomes.entries()) {
          const errors = answers.filter((answer) => answer.error);
          expect(errors, `instance ${index + 1} on ${day}:\n${instances[index]!.output()}`).toEqual([]);
        }
        all.push(outcomes.flat());
      }
      return all;
    }

    /**
     * A user on 1 March 2027 with reminders after 7, 21 and 35 days, two abonnementen from 2 March (weekly and
     * monthly, 60 days to pay, so that they get no reminders in these weeks) and two invoices overdue since
     * 15 February.
     */
    async function newUser() {
      t.now.value = new Date("2027-03-01T10:00:00Z");
      const user = await t.signIn();
      await createCompanyProfile(t.database.db, user.user.id);
      const client = await createClientRecord(t.database.db, user.user.id, {
        email: `klant-${user.user.id}@voorbeeld.nl`,
      });
      const settings = await user.request({
        method: "PUT",
        url: "/api/settings/reminders",
        payload: { isEnabled: true, friendlyAfterDays: 7, secondAfterDays: 21, finalAfterDays: 35 },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const templates: string[] = [];
      for (const interval of ["weekly", "monthly"]) {
        const response = await user.request({
          method: "POST",
          url: "/api/recurring-invoices",
          payload: {
            clientId: client.id,
            description: `Onderhoud ${interval}`,
            interval,
            startDate: "2027-03-02",
            paymentTermDays: 60,
            sendsAtOnce: true,
            items: [
              { description: "Onderhoud website", quantity: 1, unitPrice: "100.00", vatCategory: "21" },
            ],
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        templates.push(response.json().id);
      }
      const overdue: string[] = [];
      for (const issueDate of ["2027-02-01", "2027-02-01"]) {
        const invoice = await issuedInvoice(user, {
          clientId: client.id,
          issueDate,
          dueDate: "2027-02-15",
          items: ONE_LINE,
          ...ONE_LINE_TOTALS,
          status: "draft",
        });
        overdue.push(invoice.id);
      }
      // Saving made nothing: the first period starts tomorrow.
      expect(
        await t.database.db
          .select()
          .from(recurringInvoiceRuns)
          .where(inArray(recurringInvoiceRuns.templateId, templates)),
      ).toEqual([]);
      return { user, templates, overdue };
    }

    /** Each period made once with its own invoice, numbered without gaps, each reminder step and mail once. */
    async function expectEachItemOnce(users: Array<Awaited<ReturnType<typeof newUser>>>) {
      const db = t.database.db;
      for (const { user, templates, overdue } of users) {
        const runsOf = (templateId: string) =>
          db
            .select()
            .from(recurringInvoiceRuns)
            .where(eq(recurringInvoiceRuns.templateId, templateId))
            .orderBy(asc(recurringInvoiceRuns.periodStart));
        const weekly = await runsOf(templates[0]!);
        const monthly = await runsOf(templates[1]!);
        expect(weekly.map((run) => [run.periodStart, run.status, run.failureReason])).toEqual(
          ["2027-03-02", "2027-03-09", "2027-03-16", "2027-03-23", "2027-03-30", "2027-04-06"].map((day) => [
            day,
            "made",
            null,
          ]),
        );
        expect(monthly.map((run) => [run.periodStart, run.status, run.failureReason])).toEqual([
          ["2027-03-02", "made", null],
          ["2027-04-02", "made", null],
        ]);
        const made = [...weekly, ...monthly].map((run) => run.invoiceId);
        expect(new Set(made).size).toBe(8);
        const own = await db
          .select({ id: invoices.id, number: invoices.invoiceNumber, status: invoices.status })
          .from(invoices)
          .where(eq(invoices.userId, user.user.id));
        // The two overdue invoices and the eight periods': nothing more, every number once and in order.
        expect(own).toHaveLength(10);
        expect(own.map((invoice) => invoice.number).sort()).toEqual(
          Array.from({ length: 10 }, (_, index) => `INV-${String(index + 1).padStart(6, "0")}`),
        );
        const mails = await db
          .select({ reference: outboxMessages.reference })
          .from(outboxMessages)
          .where(eq(outboxMessages.userId, user.user.id));
        const mailsTo = (reference: string) => mails.filter((mail) => mail.reference === reference).length;
        // Each period's invoice was e-mailed once.
        expect(made.map((id) => mailsTo(invoiceMailReference(id!)))).toEqual(Array(8).fill(1));
        for (const invoiceId of overdue) {
          const steps = await db
            .select({ step: invoiceReminders.step, sentOn: invoiceReminders.sentOn })
            .from(invoiceReminders)
            .where(eq(invoiceReminders.invoiceId, invoiceId))
            .orderBy(asc(invoiceReminders.sentOn));
          expect(steps).toEqual([
            { step: "friendly", sentOn: "2027-03-02" },
            { step: "second", sentOn: "2027-03-23" },
            { step: "final", sentOn: "2027-04-06" },
          ]);
          expect(mailsTo(reminderMailReference(invoiceId))).toBe(3);
        }
        // Nothing else went out: 8 invoices and 2 × 3 reminders.
        expect(mails).toHaveLength(8 + 6);
      }
    }

    // Friendly from 22 February, second from max(8 March, friendly + 14), final from max(22 March, second + 14).
    const DAYS = [
      "2027-03-02",
      "2027-03-02",
      "2027-03-09",
      "2027-03-23",
      "2027-03-23",
      "2027-04-06",
      "2027-04-06",
    ];

    it("issue and send each item once when both run the jobs through the scheduler at the same moment", async () => {
      const users = [];
      for (let index = 0; index < USERS; index++) users.push(await newUser());
      const outcomes = await rounds(DAYS, true);
      // In every round each job ran in one instance at least; one that found it locked skipped it.
      for (const round of outcomes) {
        for (const name of JOBS) {
          expect(
            round.filter((outcome) => outcome.name === name && outcome.ran).length,
          ).toBeGreaterThanOrEqual(1);
        }
      }
      await expectEachItemOnce(users);
      const runs = await t.database.db.select().from(jobRuns).where(inArray(jobRuns.name, JOBS));
      expect(runs.map((run) => [run.name, run.lastStatus]).sort()).toEqual(
        JOBS.map((name) => [name, "ok"]).sort(),
      );
    });

    it("issue and send each item once when both run the jobs at the same moment without the advisory lock", async () => {
      const users = [];
      for (let index = 0; index < USERS; index++) users.push(await newUser());
      const outcomes = await rounds(DAYS, false);
      // What the two instances say they made and sent adds up to the items, each counted by one of them.
      const total = (name: string) =>
        outcomes
          .flat()
          .reduce((sum, outcome) => sum + (outcome.name === name ? Number(outcome.result) : 0), 0);
      expect(total("recurring-invoices")).toBe(USERS * 8);
      expect(total("send-payment-reminders")).toBe(USERS * 2 * 3);
      await expectEachItemOnce(users);
    });
  },
);
