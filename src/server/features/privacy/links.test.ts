import { readFile } from "node:fs/promises";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clients, gdprRequests, newsletterSignups, outboxMessages, users } from "../../db/schema/index";
import { MIGRATIONS_FOLDER } from "../../db/migrate";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createUser } from "../../../../tests/factories";
import { LINK_REFUSALS } from "./routes";

// The links in privacy e-mails act on the account that held the address when the request was made, for
// 24 hours, once, and only while that account still has the address.

let t: TestApp;
const START = new Date("2026-03-10T09:00:00Z");
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.now.value = START;
});
afterAll(() => t.close());

let requests = 0;
const later = (hours: number) => new Date(START.getTime() + hours * HOUR);

/** Asks for erasure (or access) of an address, signed in or not, and returns the token from the e-mail. */
async function requestLink(
  email: string,
  requestType: "erasure" | "access",
  as?: SignedIn,
): Promise<{ id: string; token: string }> {
  const options = {
    method: "POST" as const,
    url: "/api/gdpr-requests",
    payload: { email, requestType },
    // The form allows five requests per address in ten minutes; each request here comes from its own.
    remoteAddress: `127.0.1.${++requests}`,
  };
  const response = await (as ? as.request(options) : t.app.inject(options));
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, email),
        sql`${outboxMessages.subject} like 'Je verzoek is ontvangen%'`,
      ),
    )
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const token = mail!.text.match(/\/api\/gdpr-requests\/verify\?token=([\w-]+)/)![1]!;
  return { id: response.json().id, token };
}

const openLink = (token: string) =>
  t.app.inject({ method: "GET", url: `/api/gdpr-requests/verify?token=${token}` });

const confirmErasure = (token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/gdpr-requests/verify",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
    payload: `token=${encodeURIComponent(token)}`,
  });

const changeEmail = (as: SignedIn, email: string) =>
  as.request({
    method: "PUT",
    url: "/api/user",
    payload: { firstName: "Sanne", lastName: "de Vries", email },
  });

const account = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

const requestRow = async (id: string) =>
  (await t.database.db.select().from(gdprRequests).where(eq(gdprRequests.id, id)))[0]!;

/** The page says why, in Dutch, and that nothing was changed. */
function expectRefused(page: { statusCode: number; body: string }, refusal: keyof typeof LINK_REFUSALS) {
  expect(page.statusCode).toBe(LINK_REFUSALS[refusal].status);
  expect(page.body).toContain(LINK_REFUSALS[refusal].message.slice(0, 40));
  expect(page.body).toContain("Er is niets gewijzigd.");
  expect(page.body).not.toContain("Verwijdering bevestigen");
}

describe("an erasure link belongs to the account it was asked for", () => {
  it("does not delete whoever registers the address after its account changed away from it", async () => {
    // The reported attack: take an unused address, ask for erasure, move away, wait for someone to register it.
    const attacker = await t.signIn({ email: "aanvaller@voorbeeld.nl" });
    expect((await changeEmail(attacker, "vrij@voorbeeld.nl")).statusCode).toBe(200);
    const { id, token } = await requestLink("vrij@voorbeeld.nl", "erasure", attacker);
    expect((await requestRow(id)).userId).toBe(attacker.user.id);
    expect((await changeEmail(attacker, "ergens-anders@voorbeeld.nl")).statusCode).toBe(200);

    const registered = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        username: "nieuwkomer",
        email: "vrij@voorbeeld.nl",
        password: "zomer-2026",
        acceptTerms: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const newcomer = registered.json() as { id: string };
    await createClientRecord(t.database.db, newcomer.id, { name: "Klant van de nieuwkomer" });

    expectRefused(await openLink(token), "superseded");
    expectRefused(await confirmErasure(token), "superseded");

    expect(await account(newcomer.id)).toMatchObject({ email: "vrij@voorbeeld.nl", erasedAt: null });
    expect(await t.database.db.$count(clients, eq(clients.userId, newcomer.id))).toBe(1);
    expect(await account(attacker.user.id)).toMatchObject({ email: "ergens-anders@voorbeeld.nl" });
    expect(await requestRow(id)).toMatchObject({ status: "pending", identityVerified: false });
  });

  it("a request made while no account had the address never reaches an account registered later", async () => {
    await t.database.db.insert(newsletterSignups).values({ email: "later@voorbeeld.nl" });
    const { id, token } = await requestLink("later@voorbeeld.nl", "erasure");
    expect((await requestRow(id)).userId).toBeNull();
    const newcomer = await createUser(t.database.db, { email: "later@voorbeeld.nl" });

    const page = await confirmErasure(token);
    expect(page.statusCode, page.body).toBe(200);
    // Only what goes by the address itself: the public site's records.
    expect(page.body).toContain("nieuwsbriefinschrijvingen, contactformulieren en aanmeldingen");
    expect(page.body).not.toContain("je account");
    expect(
      await t.database.db.$count(newsletterSignups, eq(newsletterSignups.email, "later@voorbeeld.nl")),
    ).toBe(0);
    expect(await account(newcomer.id)).toMatchObject({ email: "later@voorbeeld.nl", erasedAt: null });
  });

  it("changing the account's e-mail address invalidates its outstanding links, of either kind", async () => {
    const owner = await t.signIn({ email: "wissel@voorbeeld.nl" });
    const erasure = await requestLink("wissel@voorbeeld.nl", "erasure");
    const access = await requestLink("wissel@voorbeeld.nl", "access");
    expect((await changeEmail(owner, "nieuw-adres@voorbeeld.nl")).statusCode).toBe(200);

    expectRefused(await openLink(erasure.token), "superseded");
    expectRefused(await confirmErasure(erasure.token), "superseded");
    expectRefused(await openLink(access.token), "superseded");
    expect(await account(owner.user.id)).toMatchObject({ email: "nieuw-adres@voorbeeld.nl", erasedAt: null });
    expect(await requestRow(access.id)).toMatchObject({ status: "pending", identityVerified: false });
    // No data went to the old address.
    expect(
      await t.database.db.$count(
        outboxMessages,
        and(
          eq(outboxMessages.recipient, "wissel@voorbeeld.nl"),
          eq(outboxMessages.subject, "Je gegevens uit Balans"),
        ),
      ),
    ).toBe(0);
  });

  it("a link whose account was deleted meanwhile is refused rather than passed to the address's next user", async () => {
    const owner = await createUser(t.database.db, { email: "weg@voorbeeld.nl" });
    const { token } = await requestLink("weg@voorbeeld.nl", "erasure");
    await t.database.db.delete(users).where(eq(users.id, owner.id));
    const next = await createUser(t.database.db, { email: "weg@voorbeeld.nl" });
    expectRefused(await confirmErasure(token), "superseded");
    expect(await account(next.id)).toMatchObject({ erasedAt: null });
  });
});

describe("a link expires after 24 hours", () => {
  it("works until then and changes nothing after", async () => {
    const owner = await createUser(t.database.db, { email: "traag@voorbeeld.nl" });
    const { id, token } = await requestLink("traag@voorbeeld.nl", "erasure");
    expect((await requestRow(id)).verificationExpiresAt).toEqual(later(24));

    t.now.value = new Date(later(24).getTime() - 1000);
    expect((await openLink(token)).body).toContain("Verwijdering bevestigen");

    t.now.value = later(24);
    expectRefused(await openLink(token), "expired");
    expectRefused(await confirmErasure(token), "expired");
    expect(await account(owner.id)).toMatchObject({ email: "traag@voorbeeld.nl", erasedAt: null });
    expect(await requestRow(id)).toMatchObject({ status: "pending", identityVerified: false });
  });

  it("an access link too, and the e-mail says how long it works", async () => {
    const { token } = await requestLink("inzage-traag@voorbeeld.nl", "access");
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "inzage-traag@voorbeeld.nl"));
    expect(mail!.text).toContain("De link is 24 uur geldig en werkt één keer.");
    t.now.value = later(25);
    expectRefused(await openLink(token), "expired");
    expect(
      await t.database.db.$count(outboxMessages, eq(outboxMessages.recipient, "inzage-traag@voorbeeld.nl")),
    ).toBe(1);
  });
});

describe("a link works once", () => {
  it("erases the account it was asked for within the 24 hours, then is spent", async () => {
    const owner = await t.signIn({ email: "akkoord@voorbeeld.nl" });
    const other = await createUser(t.database.db);
    const { id, token } = await requestLink("akkoord@voorbeeld.nl", "erasure", owner);
    const stored = await requestRow(id);
    expect(stored).toMatchObject({ userId: owner.user.id, verificationExpiresAt: later(24) });
    expect(stored.verificationToken).not.toBe(token);

    t.now.value = later(23);
    const page = await confirmErasure(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain("Je gegevens zijn verwijderd");
    expect(await account(owner.user.id)).toBeUndefined();
    expect(await requestRow(id)).toMatchObject({ status: "completed", verificationToken: null });

    expectRefused(await confirmErasure(token), "invalid");
    expectRefused(await openLink(token), "invalid");
    expectRefused(await openLink("fout"), "invalid");
    expect(await account(other.id)).toMatchObject({ erasedAt: null });
  });

  it("an access link sends the data once", async () => {
    const owner = await createUser(t.database.db, { email: "eenmaal@voorbeeld.nl" });
    const { token } = await requestLink("eenmaal@voorbeeld.nl", "access");
    expect((await openLink(token)).statusCode).toBe(200);
    expectRefused(await openLink(token), "invalid");
    const sent = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, "eenmaal@voorbeeld.nl"),
          eq(outboxMessages.subject, "Je gegevens uit Balans"),
        ),
      );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.userId).toBe(owner.id);
  });
});

describe("links made before this change (migration 0013)", () => {
  it("expire 24 hours after their request and bind to an account only if it existed then", async () => {
    const db = t.database.db;
    const before = await createUser(db, { email: "oud@voorbeeld.nl", createdAt: new Date("2026-01-01") });
    const after = await createUser(db, { email: "nieuw@voorbeeld.nl", createdAt: new Date("2026-03-01") });
    const legacy = (email: string, token: string) => ({
      email,
      requestType: "erasure",
      verificationMethod: "email_link",
      verificationToken: token,
      dueDate: "2026-03-02",
      createdAt: new Date("2026-02-02T12:00:00Z"),
    });
    const [old, taken] = await db
      .insert(gdprRequests)
      .values([legacy("oud@voorbeeld.nl", "legacy-1"), legacy("nieuw@voorbeeld.nl", "legacy-2")])
      .returning();

    const migration = await readFile(`${MIGRATIONS_FOLDER}/0013_gdpr-links-bound-to-account.sql`, "utf8");
    const updates = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
      .filter((statement) => statement.startsWith("UPDATE"));
    expect(updates).toHaveLength(2);
    for (const statement of updates) await db.execute(sql.raw(statement));

    expect(await requestRow(old!.id)).toMatchObject({
      userId: before.id,
      verificationExpiresAt: new Date("2026-02-03T12:00:00Z"),
    });
    // The address's account was registered after the request: not part of it.
    expect(await requestRow(taken!.id)).toMatchObject({ userId: null });
    expect(after.id).not.toBe(before.id);
  });
});
