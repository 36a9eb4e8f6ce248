import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import ts from "typescript";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REMINDER_MESSAGES, type ReminderTimeline } from "../../../shared/schemas/reminders";
import { invoiceReminders, outboxAttachments, outboxMessages, reminderSettings } from "../../db/schema/index";
import { buildAppWithOwner, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { createInvoice, invoiceWithLines, issueToNewClient, ONE_LINE } from "../../../../tests/invoices";
import { pdfText } from "../../../../tests/pdf-text";
import {
  getReminderTimeline,
  reminderLetters,
  reminderMailReference,
  sendDueReminders,
  sendReminderNow,
  UNEXPECTED_REMINDER_FAILURE,
} from "./service";

const crash = { failFor: new Set<string>() };
// The letters of the invoices named in `crash.failFor` cannot be drawn (a failure nobody foresaw).
const drawLetter = reminderLetters.render;
reminderLetters.render = (...args: Parameters<typeof drawLetter>) => {
  if (crash.failFor.has(args[0].invoiceNumber)) throw new Error("printer on fire");
  return drawLetter(...args);
};
afterAll(() => {
  reminderLetters.render = drawLetter;
});

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

const SETTINGS = { isEnabled: true, friendlyAfterDays: 7, secondAfterDays: 21, finalAfterDays: 35 };

beforeAll(async () => {
  ({ t, owner, stranger } = await buildAppWithOwner());
  const saved = await owner.request({ method: "PUT", url: "/api/settings/reminders", payload: SETTINGS });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());
beforeEach(() => {
  crash.failFor.clear();
});

/** An invoice of € 1.210,00 dated 20 November 2026, due 4 December 2026, issued to a new client. */
async function overdueInvoice(clientOverrides: Parameters<typeof createClientRecord>[2] = {}) {
  t.now.value = new Date("2026-11-20T10:00:00Z");
  return issueToNewClient(t.database.db, owner, clientOverrides);
}

/** The job as the scheduler runs it on `day` (Amsterdam), in one transaction. */
async function runJobOn(day: string) {
  t.now.value = new Date(`${day}T09:00:00Z`);
  return t.database.db.transaction((tx) => sendDueReminders(tx, t.now.value));
}

const remindersOf = (invoiceId: string) =>
  t.database.db
    .select()
    .from(invoiceReminders)
    .where(eq(invoiceReminders.invoiceId, invoiceId))
    .orderBy(asc(invoiceReminders.createdAt));

const mailsOf = (invoiceId: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.userId, owner.user.id),
        eq(outboxMessages.reference, reminderMailReference(invoiceId)),
      ),
    )
    .orderBy(asc(outboxMessages.createdAt));

async function pdfOf(messageId: string): Promise<string> {
  const [attachment] = await t.database.db
    .select()
    .from(outboxAttachments)
    .where(eq(outboxAttachments.messageId, messageId));
  expect(attachment!.contentType).toBe("application/pdf");
  return (await pdfText(attachment!.content)).join("\n");
}

/**
 * The timeline on the clock's day. Read through the service: the test's session would have expired over the
 * months the clock moves; the route itself is tested with the API below.
 */
const timelineOf = (as: SignedIn, invoiceId: string): Promise<ReminderTimeline> =>
  getReminderTimeline(t.database.db, as.user.id, invoiceId, t.now.value);

describe("the daily job for a business client", () => {
  it("sends each step once on its day, the last with commercial interest and costs, to the cent", async () => {
    const { invoice } = await overdueInvoice();
    expect(await runJobOn("2026-12-10")).toBe(0);

    // Friendly: due + 7 days.
    expect(await runJobOn("2026-12-11")).toBeGreaterThanOrEqual(1);
    expect(await runJobOn("2026-12-11")).toBe(0);
    expect(await runJobOn("2026-12-20")).toBe(0);
    let reminders = await remindersOf(invoice.id);
    expect(reminders.map((row) => [row.step, row.sentOn, row.openAmount, row.interest, row.costs])).toEqual([
      ["friendly", "2026-12-11", "1210.00", "0.00", "0.00"],
    ]);
    const [friendlyMail] = await mailsOf(invoice.id);
    expect(friendlyMail!.recipient).toBe("els@korenschoof.nl");
    expect(friendlyMail!.subject).toBe(`Herinnering factuur ${invoice.invoiceNumber} van De Vries Ontwerp`);
    expect(reminders[0]!.outboxMessageId).toBe(friendlyMail!.id);
    const friendlyPdf = await pdfOf(friendlyMail!.id);
    expect(friendlyPdf).toContain("HERINNERING");
    expect(friendlyPdf).toContain("€ 1.210,00");
    expect(friendlyPdf).toContain("Scan met je bankapp");

    await runJobOn("2026-12-25");
    // Final: due + 35 days = 8 January 2027. Interest 5 December to 8 January: 35 days at 10,15%/365 over
    // € 1.210 = 1177,68 cents; costs 15% of € 1.210 = € 181,50.
    await runJobOn("2027-01-08");
    await runJobOn("2027-03-01");
    reminders = await remindersOf(invoice.id);
    expect(reminders.map((row) => [row.step, row.sentOn, row.interest, row.costs])).toEqual([
      ["friendly", "2026-12-11", "0.00", "0.00"],
      ["second", "2026-12-25", "0.00", "0.00"],
      ["final", "2027-01-08", "11.78", "181.50"],
    ]);
    const mails = await mailsOf(invoice.id);
    expect(mails).toHaveLength(3);
    const finalPdf = await pdfOf(mails[2]!.id);
    expect(finalPdf).toContain("AANMANING");
    expect(finalPdf).toContain("6:119a BW");
    expect(finalPdf).toContain("€ 11,78");
    expect(finalPdf).toContain("€ 181,50");
    // Total: 1.210,00 + 11,78 + 181,50.
    expect(finalPdf).toContain("€ 1.403,28");
    expect(mails[2]!.text.replace(/\u00a0/g, " ")).toContain("Totaal te betalen: € 1.403,28");

    const timeline = await timelineOf(owner, invoice.id);
    expect(timeline).toMatchObject({ isConsumer: false, next: null, stoppedBecause: "all_sent" });
  });

  it("stops as soon as the invoice is paid, and for a credited one", async () => {
    const { invoice } = await overdueInvoice();
    await runJobOn("2026-12-11");
    expect(await remindersOf(invoice.id)).toHaveLength(1);
    const paid = await owner.request({
      method: "POST",
      url: `/api/invoices/${invoice.id}/mark-paid`,
      payload: { paidDate: "2026-12-12" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await runJobOn("2026-12-25");
    await runJobOn("2027-02-01");
    expect(await remindersOf(invoice.id)).toHaveLength(1);
    t.now.value = new Date("2026-12-13T09:00:00Z");
    expect((await timelineOf(owner, invoice.id)).stoppedBecause).toBe("settled");

    const { invoice: credited } = await overdueInvoice();
    t.now.value = new Date("2026-12-06T09:00:00Z");
    const credit = await owner.request({
      method: "POST",
      url: `/api/invoices/${credited.id}/credit`,
      payload: { issueDate: "2026-11-20" },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    await runJobOn("2026-12-11");
    expect(await remindersOf(credited.id)).toHaveLength(0);
    const manual = await owner.request({ method: "POST", url: `/api/invoices/${credited.id}/reminders` });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(REMINDER_MESSAGES.settled);
  });
});

describe("the daily job for a consumer", () => {
  it("charges no costs until the veertiendagenbrief's 14 days after receipt have passed", async () => {
    const { invoice } = await overdueInvoice({ isConsumer: true, name: "Jan Jansen", taxNumber: null });
    await runJobOn("2026-12-11");
    await runJobOn("2026-12-25");
    await runJobOn("2027-01-08");
    let reminders = await remindersOf(invoice.id);
    expect(reminders.map((row) => [row.step, row.interest, row.costs, row.announcedCosts])).toEqual([
      ["friendly", "0.00", "0.00", "0.00"],
      ["second", "0.00", "0.00", "0.00"],
      ["final", "0.00", "0.00", "181.50"],
    ]);
    const letter = await pdfOf((await mailsOf(invoice.id))[2]!.id);
    expect(letter).toContain("LAATSTE HERINNERING");
    expect(letter).toContain("6:96 lid 6 BW");
    expect(letter.replace(/\s+/g, " ")).toContain("binnen 15 dagen nadat deze brief bij je is bezorgd");
    expect(letter).toContain("€ 181,50");

    // Sent 8 January, received 9 January, paid in time up to and including 23 January.
    expect((await timelineOf(owner, invoice.id)).next).toEqual({ step: "collection", date: "2027-01-24" });
    await runJobOn("2027-01-23");
    expect(await remindersOf(invoice.id)).toHaveLength(3);
    await expect(
      sendReminderNow(t.database.db, owner.user.id, invoice.id, t.now.value),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: REMINDER_MESSAGES.waitForTerm("23-01-2027"),
    });

    // 24 January: interest (art. 6:119 BW, 6%) 5 December to 24 January = 51 days: 1014,41 cents; costs € 181,50.
    await runJobOn("2027-01-24");
    reminders = await remindersOf(invoice.id);
    expect(reminders.map((row) => [row.step, row.sentOn, row.interest, row.costs])).toContainEqual([
      "collection",
      "2027-01-24",
      "10.14",
      "181.50",
    ]);
    const costsLetter = await pdfOf((await mailsOf(invoice.id))[3]!.id);
    expect(costsLetter).toContain("6:119 BW");
    expect(costsLetter).toContain("€ 1.401,64");
  });
});

describe("pauses", () => {
  it("a paused invoice or client gets nothing; resumed, the due step goes out", async () => {
    const { invoice } = await overdueInvoice();
    const { client, invoice: ofPausedClient } = await overdueInvoice({ name: "Gepauzeerd BV" });
    const paused = await owner.request({
      method: "PUT",
      url: `/api/invoices/${invoice.id}/reminders/pause`,
      payload: { isPaused: true },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ isInvoicePaused: true, isClientPaused: false });
    const clientPaused = await owner.request({
      method: "PUT",
      url: `/api/clients/${client.id}/reminders/pause`,
      payload: { isPaused: true },
    });
    expect(clientPaused.json()).toEqual({ isPaused: true });
    expect((await timelineOf(owner, ofPausedClient.id)).isClientPaused).toBe(true);

    await runJobOn("2026-12-11");
    expect(await remindersOf(invoice.id)).toHaveLength(0);
    expect(await remindersOf(ofPausedClient.id)).toHaveLength(0);

    await owner.request({
      method: "PUT",
      url: `/api/invoices/${invoice.id}/reminders/pause`,
      payload: { isPaused: false },
    });
    await runJobOn("2026-12-12");
    expect((await remindersOf(invoice.id)).map((row) => row.step)).toEqual(["friendly"]);
    expect(await remindersOf(ofPausedClient.id)).toHaveLength(0);
    expect(
      (await owner.request({ method: "GET", url: `/api/clients/${client.id}/reminders/pause` })).json(),
    ).toEqual({ isPaused: true });
  });

  it("nothing goes out for a user who has not switched reminders on", async () => {
    const other = await t.signIn();
    await createCompanyProfile(t.database.db, other.user.id);
    t.now.value = new Date("2026-11-20T10:00:00Z");
    const { invoice } = await issueToNewClient(t.database.db, other);
    await runJobOn("2026-12-20");
    expect(await remindersOf(invoice.id)).toHaveLength(0);
    expect((await timelineOf(other, invoice.id)).isEnabled).toBe(false);
  });
});

describe("an invoice whose letter keeps failing", () => {
  it("holds up no other invoice: it is recorded and retried, the others go out once", async () => {
    const failing = await overdueInvoice({ name: "Kapot BV" });
    const working = await overdueInvoice({ name: "Werkt BV" });
    crash.failFor.add(failing.invoice.invoiceNumber!);

    // In one transaction, as the scheduler runs it: the failure must not roll back the others.
    expect(await runJobOn("2026-12-11")).toBeGreaterThanOrEqual(1);
    expect((await remindersOf(working.invoice.id)).map((row) => row.step)).toEqual(["friendly"]);
    expect(await mailsOf(working.invoice.id)).toHaveLength(1);
    expect(await remindersOf(failing.invoice.id)).toHaveLength(0);
    expect(await mailsOf(failing.invoice.id)).toHaveLength(0);
    let timeline = await timelineOf(owner, failing.invoice.id);
    expect(timeline.failure).toEqual({
      step: "friendly",
      reason: UNEXPECTED_REMINDER_FAILURE,
      attempts: 1,
      firstFailedAt: "2026-12-11T09:00:00.000Z",
      lastFailedAt: "2026-12-11T09:00:00.000Z",
    });
    expect(timeline.next).toEqual({ step: "friendly", date: "2026-12-11" });
    expect((await timelineOf(owner, working.invoice.id)).failure).toBeNull();

    // The next run tries the failing one again and sends the working one nothing twice.
    await runJobOn("2026-12-12");
    expect(await remindersOf(working.invoice.id)).toHaveLength(1);
    expect(await mailsOf(working.invoice.id)).toHaveLength(1);
    timeline = await timelineOf(owner, failing.invoice.id);
    expect(timeline.failure).toMatchObject({
      attempts: 2,
      firstFailedAt: "2026-12-11T09:00:00.000Z",
      lastFailedAt: "2026-12-12T09:00:00.000Z",
    });

    // Once the letter can be made, it goes out and the failure is gone.
    crash.failFor.clear();
    await runJobOn("2026-12-13");
    expect((await remindersOf(failing.invoice.id)).map((row) => [row.step, row.sentOn])).toEqual([
      ["friendly", "2026-12-13"],
    ]);
    expect(await mailsOf(failing.invoice.id)).toHaveLength(1);
    expect((await timelineOf(owner, failing.invoice.id)).failure).toBeNull();
    expect(await remindersOf(working.invoice.id)).toHaveLength(1);
  });

  it("a failing manual send changes nothing and answers an error", async () => {
    const { invoice } = await overdueInvoice({ name: "Handmatig Kapot BV" });
    crash.failFor.add(invoice.invoiceNumber!);
    t.now.value = new Date("2026-12-06T09:00:00Z");
    const response = await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/reminders` });
    expect(response.statusCode).toBe(500);
    expect(await remindersOf(invoice.id)).toHaveLength(0);
    expect(await mailsOf(invoice.id)).toHaveLength(0);
  });
});

describe("several instances", () => {
  it("two instances running at once send each step once", async () => {
    const { invoice } = await overdueInvoice({ name: "Gelijktijdig BV" });
    t.now.value = new Date("2026-12-11T09:00:00Z");
    const counts = await Promise.all([
      t.database.db.transaction((tx) => sendDueReminders(tx, t.now.value)),
      t.database.db.transaction((tx) => sendDueReminders(tx, t.now.value)),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(invoice.id)).toHaveLength(1);
    expect(await mailsOf(invoice.id)).toHaveLength(1);
  });
});

describe("Send reminder (manual)", () => {
  it("sends the next step now, then the one after; refuses before the due date and for a draft", async () => {
    const { invoice } = await overdueInvoice({ name: "Handmatig BV" });
    t.now.value = new Date("2026-12-04T09:00:00Z");
    const early = await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/reminders` });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REMINDER_MESSAGES.notDue);

    t.now.value = new Date("2026-12-06T09:00:00Z");
    const sent = await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/reminders` });
    expect(sent.statusCode, sent.body).toBe(201);
    const timeline = sent.json() as ReminderTimeline;
    expect(timeline.sent.map((row) => [row.step, row.sentOn])).toEqual([["friendly", "2026-12-06"]]);
    // The second still waits for its day after the due date (21 days), which is later than 14 days after this one.
    expect(timeline.next).toEqual({ step: "second", date: "2026-12-25" });
    await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/reminders` });
    await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/reminders` });
    const done = await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/reminders` });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(REMINDER_MESSAGES.allSent);
    expect(await mailsOf(invoice.id)).toHaveLength(3);

    const client = await createClientRecord(t.database.db, owner.user.id);
    const draft = await createInvoice(
      owner,
      invoiceWithLines(client.id, ONE_LINE, { issueDate: "2026-11-01", dueDate: "2026-11-15" }),
    );
    const draftSend = await owner.request({ method: "POST", url: `/api/invoices/${draft.id}/reminders` });
    expect(draftSend.statusCode).toBe(409);
    expect(draftSend.json().message).toBe(REMINDER_MESSAGES.draft);
  });

  it("refuses a client without an e-mail address", async () => {
    const { invoice } = await overdueInvoice({ name: "Zonder Mail", email: null });
    t.now.value = new Date("2026-12-06T09:00:00Z");
    const response = await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/reminders` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(REMINDER_MESSAGES.noEmail);
    expect((await timelineOf(owner, invoice.id)).stoppedBecause).toBe("no_email");
  });
});

describe("Settings → Herinneringen", () => {
  it("answers the defaults, switched off, before anything is saved", async () => {
    const fresh = await t.signIn();
    const response = await fresh.request({ method: "GET", url: "/api/settings/reminders" });
    expect(response.json()).toEqual({
      isEnabled: false,
      friendlyAfterDays: 7,
      secondAfterDays: 21,
      finalAfterDays: 35,
    });
  });

  it("saves the sequence; days from a form field are read as numbers", async () => {
    const fresh = await t.signIn();
    const response = await fresh.request({
      method: "PUT",
      url: "/api/settings/reminders",
      payload: { isEnabled: true, friendlyAfterDays: "3", secondAfterDays: 10, finalAfterDays: "30" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      isEnabled: true,
      friendlyAfterDays: 3,
      secondAfterDays: 10,
      finalAfterDays: 30,
    });
  });

  it.each([
    [{ ...SETTINGS, friendlyAfterDays: "twee" }, "friendlyAfterDays", REMINDER_MESSAGES.daysInvalid],
    [{ ...SETTINGS, friendlyAfterDays: 0 }, "friendlyAfterDays", REMINDER_MESSAGES.daysInvalid],
    [{ ...SETTINGS, finalAfterDays: 366 }, "finalAfterDays", REMINDER_MESSAGES.daysInvalid],
    [{ ...SETTINGS, secondAfterDays: 7 }, "secondAfterDays", REMINDER_MESSAGES.secondAfterFriendly],
    [{ ...SETTINGS, finalAfterDays: 20 }, "finalAfterDays", REMINDER_MESSAGES.finalAfterSecond],
    [{ ...SETTINGS, isEnabled: "ja" }, "isEnabled", REMINDER_MESSAGES.enabledInvalid],
  ])("refuses %j with its message and changes nothing", async (payload, field, message) => {
    const fresh = await t.signIn();
    const response = await fresh.request({ method: "PUT", url: "/api/settings/reminders", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await t.database.db.$count(reminderSettings, eq(reminderSettings.userId, fresh.user.id))).toBe(0);
  });

  it("refuses a pause without a yes or no", async () => {
    const { invoice } = await overdueInvoice();
    const response = await owner.request({
      method: "PUT",
      url: `/api/invoices/${invoice.id}/reminders/pause`,
      payload: { isPaused: "misschien" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.isPaused).toBe(REMINDER_MESSAGES.pausedInvalid);
  });
});

describe("another user's records", () => {
  it("answer 404 and change nothing", async () => {
    const { client, invoice } = await overdueInvoice({ name: "Van Iemand Anders" });
    t.now.value = new Date("2026-12-20T09:00:00Z");
    const requests = [
      { method: "GET" as const, url: `/api/invoices/${invoice.id}/reminders` },
      { method: "POST" as const, url: `/api/invoices/${invoice.id}/reminders` },
      {
        method: "PUT" as const,
        url: `/api/invoices/${invoice.id}/reminders/pause`,
        payload: { isPaused: true },
      },
      { method: "GET" as const, url: `/api/clients/${client.id}/reminders/pause` },
      {
        method: "PUT" as const,
        url: `/api/clients/${client.id}/reminders/pause`,
        payload: { isPaused: true },
      },
      { method: "GET" as const, url: "/api/invoices/not-a-uuid/reminders" },
    ];
    for (const request of requests) {
      const response = await stranger.request(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const timeline = await timelineOf(owner, invoice.id);
    expect(timeline).toMatchObject({ isInvoicePaused: false, isClientPaused: false, sent: [] });
  });
});

describe("the account's data export", () => {
  it("holds the user's reminder settings, pauses and reminders sent, and nothing of anyone else", async () => {
    const { invoice } = await overdueInvoice({ name: "Export BV" });
    await runJobOn("2026-12-11");
    const [mail] = await mailsOf(invoice.id);
    t.now.value = new Date("2026-12-12T09:00:00Z");
    const paused = await owner.request({
      method: "PUT",
      url: `/api/invoices/${invoice.id}/reminders/pause`,
      payload: { isPaused: true },
    });
    expect(paused.statusCode, paused.body).toBe(200);

    const response = await owner.request({ method: "GET", url: "/api/privacy/export" });
    expect(response.statusCode, response.body).toBe(200);
    const { reminders } = response.json();
    expect(reminders.settings).toEqual(SETTINGS);
    expect(reminders.pauses).toContainEqual({
      invoiceId: invoice.id,
      clientId: null,
      createdAt: expect.any(String),
    });
    expect(reminders.sent).toContainEqual(
      expect.objectContaining({
        invoiceId: invoice.id,
        step: "friendly",
        sentOn: "2026-12-11",
        openAmount: "1210.00",
        outboxMessageId: mail!.id,
      }),
    );
    expect(reminders.failures).toEqual(expect.any(Array));

    const theirs = (await stranger.request({ method: "GET", url: "/api/privacy/export" })).json().reminders;
    expect(theirs).toEqual({
      settings: { isEnabled: false, friendlyAfterDays: 7, secondAfterDays: 21, finalAfterDays: 35 },
      pauses: [],
      sent: [],
      failures: [],
    });
  });
});

describe("the feature's boundaries", () => {
  it("reads invoices and clients only through their features' services", () => {
    const file = path.join(import.meta.dirname, "service.ts");
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    const fromSchema = source.statements
      .filter(ts.isImportDeclaration)
      .filter((node) => (node.moduleSpecifier as ts.StringLiteral).text.includes("/db/schema"))
      .flatMap((node) => {
        const bindings = node.importClause?.namedBindings;
        return bindings && ts.isNamedImports(bindings) ? bindings.elements.map((el) => el.name.text) : [];
      });
    expect(fromSchema.length).toBeGreaterThan(0);
    expect(fromSchema.filter((name) => ["invoices", "clients", "users"].includes(name))).toEqual([]);
  });
});

describe("GET /api/invoices/{id}/reminders", () => {
  it("shows what was sent, the next step and its day", async () => {
    const { invoice } = await overdueInvoice({ name: "Tijdlijn BV" });
    t.now.value = new Date("2026-12-06T09:00:00Z");
    const before = await owner.request({ method: "GET", url: `/api/invoices/${invoice.id}/reminders` });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      isEnabled: true,
      isConsumer: false,
      isInvoicePaused: false,
      isClientPaused: false,
      sent: [],
      next: { step: "friendly", date: "2026-12-11" },
      stoppedBecause: null,
      failure: null,
    });
  });
});
