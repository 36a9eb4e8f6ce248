import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountLinks,
  clients,
  gdprRequests,
  invoices,
  newsletterSignups,
  outboxAttachments,
  outboxMessages,
  projects,
  timeEntries,
  transactions,
  users,
} from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import {
  createClientRecord,
  createCompanyProfile,
  createProject,
  createTimeEntry,
  createTransaction,
  FACTORY_PASSWORD,
} from "../../../../tests/factories";
import { deleteExpiredRetainedAccounts } from "./erasure";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
});
afterAll(() => t.close());

const mailTo = async (recipient: string, subject: string) => {
  const [mail] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.subject, subject)))
    .orderBy(desc(outboxMessages.createdAt));
  return mail;
};

const linkIn = (text: string) => text.match(/\/api\/gdpr-requests\/verify\?token=([\w-]+)/);

/** Asks for erasure of an address and returns the token from the confirmation e-mail. */
async function requestErasure(email: string, as?: SignedIn): Promise<string> {
  const options = {
    method: "POST" as const,
    url: "/api/gdpr-requests",
    payload: { email, requestType: "erasure" },
  };
  const response = await (as ? as.request(options) : t.app.inject(options));
  expect(response.statusCode, response.body).toBe(201);
  const mail = await mailTo(email, "Je verzoek is ontvangen: verwijdering van mijn gegevens");
  return linkIn(mail!.text)![1]!;
}

const confirmErasure = (token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/gdpr-requests/verify",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
    payload: `token=${encodeURIComponent(token)}`,
  });

const signInAs = (username: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { username, password: FACTORY_PASSWORD } });

describe("erasure of an account with fiscal records (AVG art. 17, AWR art. 52)", () => {
  let owner: SignedIn;
  let other: SignedIn;
  let token: string;

  beforeAll(async () => {
    owner = await t.signIn({ email: "Joost@Voorbeeld.nl", firstName: "Joost", lastName: "de Vries" });
    other = await t.signIn({ email: "ander@voorbeeld.nl" });
    const db = t.database.db;
    await createCompanyProfile(db, owner.user.id);
    const client = await createClientRecord(db, owner.user.id);
    const project = await createProject(db, owner.user.id, { name: "Website", clientId: client.id });
    await createTimeEntry(db, owner.user.id, { projectId: project.id, description: "Ontwerp" });
    await createTransaction(db, owner.user.id, { date: "2025-06-01", description: "Oude omzet" });
    await createTransaction(db, owner.user.id, {
      date: "2026-01-01",
      description: "Huur werkplek",
      isRecurring: true,
      recurringInterval: "monthly",
    });
    const line = { description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "21" };
    const invoice = {
      clientId: client.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      items: [line],
      subtotal: "100.00",
      taxAmount: "21.00",
      total: "121.00",
    };
    const sent = (await owner.request({ method: "POST", url: "/api/invoices", payload: invoice })).json();
    expect(
      (await owner.request({ method: "POST", url: `/api/invoices/${sent.id}/mark-sent` })).statusCode,
    ).toBe(200);
    await owner.request({ method: "POST", url: "/api/invoices", payload: invoice }); // stays a draft
    await db.insert(newsletterSignups).values({ email: "joost@voorbeeld.nl" });
    await createClientRecord(db, other.user.id, { name: "Klant van een ander" });
    // A confirmation link mailed to the address: it holds the address too.
    expect((await owner.request({ method: "POST", url: "/api/user/email-confirmation" })).statusCode).toBe(
      202,
    );

    token = await requestErasure("joost@voorbeeld.nl", owner);
  });

  it("opening the link only asks for confirmation, so a mail scanner following it erases nothing", async () => {
    const page = await t.app.inject({ method: "GET", url: `/api/gdpr-requests/verify?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Dit kan niet ongedaan worden gemaakt");
    expect(page.body).toContain('<form method="post" action="/api/gdpr-requests/verify">');
    expect((await owner.request({ method: "GET", url: "/api/user" })).statusCode).toBe(200);
    expect(await t.database.db.$count(clients, eq(clients.userId, owner.user.id))).toBe(1);
  });

  it("the button erases what may go, keeps the fiscal records restricted and says so", async () => {
    const page = await confirmErasure(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain("Je gegevens zijn verwijderd");
    // The latest fiscal record is from 2026: kept through the end of 2033.
    expect(page.body).toContain("Bewaard tot en met 31-12-2033");

    const db = t.database.db;
    const mine = owner.user.id;
    expect(await db.$count(clients, eq(clients.userId, mine))).toBe(0);
    expect(await db.$count(accountLinks, eq(accountLinks.userId, mine))).toBe(0);
    expect(await db.$count(projects, eq(projects.userId, mine))).toBe(0);
    expect(await db.$count(timeEntries, eq(timeEntries.userId, mine))).toBe(0);
    expect(
      await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.userId, mine)),
    ).toEqual([{ status: "sent" }]);
    expect(await db.$count(transactions, eq(transactions.userId, mine))).toBe(2);
    expect(
      await db.$count(transactions, and(eq(transactions.userId, mine), eq(transactions.isRecurring, true))),
    ).toBe(0);
    expect(await db.$count(newsletterSignups)).toBe(0);

    const [account] = await db.select().from(users).where(eq(users.id, mine));
    expect(account).toMatchObject({
      username: `verwijderd-${mine}`,
      email: null,
      firstName: null,
      lastName: null,
      retainedUntil: "2033-12-31",
    });
    expect(account!.erasedAt).toEqual(t.now.value);

    const [request] = await db
      .select()
      .from(gdprRequests)
      .where(eq(gdprRequests.email, "joost@voorbeeld.nl"));
    expect(request).toMatchObject({ status: "completed", identityVerified: true, verificationToken: null });
    const mail = await mailTo("joost@voorbeeld.nl", "Je gegevens zijn verwijderd");
    expect(mail!.text).toContain("Bewaard tot en met 31-12-2033");
    // The messages the account had sent are gone; only the answers to the request remain.
    expect(await db.$count(outboxMessages, eq(outboxMessages.userId, mine))).toBe(0);

    // Another user's data is untouched.
    expect(await db.$count(clients, eq(clients.userId, other.user.id))).toBe(1);
    expect((await other.request({ method: "GET", url: "/api/user" })).statusCode).toBe(200);
  });

  it("closes the account: the session ends and signing in fails", async () => {
    expect((await owner.request({ method: "GET", url: "/api/user" })).statusCode).toBe(401);
    expect((await signInAs(owner.user.username)).statusCode).toBe(401);
    expect((await signInAs(`verwijderd-${owner.user.id}`)).statusCode).toBe(401);
  });

  it("the link works once", async () => {
    expect((await confirmErasure(token)).statusCode).toBe(404);
    expect((await confirmErasure("fout")).statusCode).toBe(404);
  });

  it("the retention job deletes the restricted records only after the retention period", async () => {
    const db = t.database.db;
    expect(await deleteExpiredRetainedAccounts(db, new Date("2033-12-31T22:59:00Z"))).toBe(0);
    expect(await db.$count(invoices, eq(invoices.userId, owner.user.id))).toBe(1);
    expect(await deleteExpiredRetainedAccounts(db, new Date("2033-12-31T23:00:00Z"))).toBe(1);
    expect(await db.$count(users, eq(users.id, owner.user.id))).toBe(0);
    expect(await db.$count(invoices, eq(invoices.userId, owner.user.id))).toBe(0);
    expect(await db.$count(transactions, eq(transactions.userId, owner.user.id))).toBe(0);
    expect(await db.$count(users, eq(users.id, other.user.id))).toBe(1);
  });
});

describe("erasure without fiscal records", () => {
  it("deletes the account outright", async () => {
    const owner = await t.signIn({ email: "leeg@voorbeeld.nl" });
    await createClientRecord(t.database.db, owner.user.id);
    const page = await confirmErasure(await requestErasure("leeg@voorbeeld.nl"));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("je account met alles wat erin stond");
    expect(page.body).not.toContain("Bewaard tot en met");
    expect(await t.database.db.$count(users, eq(users.id, owner.user.id))).toBe(0);
    expect(await t.database.db.$count(clients, eq(clients.userId, owner.user.id))).toBe(0);
  });

  it("removes the public-site records of an address without an account", async () => {
    await t.database.db.insert(newsletterSignups).values({ email: "lezer@voorbeeld.nl" });
    const page = await confirmErasure(await requestErasure("lezer@voorbeeld.nl"));
    expect(page.body).toContain("nieuwsbriefinschrijvingen, contactformulieren en aanmeldingen");
    expect(await t.database.db.$count(newsletterSignups)).toBe(0);
  });
});

describe("access requests (AVG art. 15)", () => {
  it("sends the signed-in owner's own data at once", async () => {
    const owner = await t.signIn({ email: "sanne@voorbeeld.nl" });
    const response = await owner.request({
      method: "POST",
      url: "/api/gdpr-requests",
      payload: { email: "Sanne@Voorbeeld.nl", requestType: "access" },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ requestType: "access", status: "completed" });
    const mail = await mailTo("sanne@voorbeeld.nl", "Je gegevens uit Balans");
    const [attachment] = await t.database.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.messageId, mail!.id));
    expect(attachment!.filename).toBe("balans-gegevens-2026-11-20.json");
    expect(JSON.parse(attachment!.content.toString()).profile.id).toBe(owner.user.id);
  });

  it("answers an address without an account once the link is followed", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/gdpr-requests",
      payload: { email: "onbekend@voorbeeld.nl", requestType: "access" },
    });
    const received = await mailTo(
      "onbekend@voorbeeld.nl",
      "Je verzoek is ontvangen: inzage in mijn gegevens",
    );
    const page = await t.app.inject({ method: "GET", url: linkIn(received!.text)![0] });
    expect(page.statusCode).toBe(200);
    const mail = await mailTo("onbekend@voorbeeld.nl", "Je gegevens uit Balans");
    expect(mail!.text).toContain("Er is geen Balans-account met dit e-mailadres");
  });
});
