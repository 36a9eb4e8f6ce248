import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gdprRequests, outboxMessages } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createProject, createTimeEntry, createTransaction } from "../../../../tests/factories";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-01-31T10:00:00Z");
  owner = await t.signIn({ email: "sanne@voorbeeld.nl" });
  stranger = await t.signIn();
});
afterAll(() => t.close());

const lastMailTo = async (recipient: string) => {
  const [mail] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt));
  return mail;
};

describe("POST /api/gdpr-requests", () => {
  it("stores an access request due one month later and confirms it by e-mail", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/gdpr-requests",
      payload: { email: " Iemand@Voorbeeld.nl ", requestType: "access" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    // 31 January + one month: the last day of February (AVG art. 12(3)).
    expect(answer).toEqual({
      id: expect.any(String),
      requestType: "access",
      status: "pending",
      dueDate: "2026-02-28",
    });

    const [row] = await t.database.db.select().from(gdprRequests).where(eq(gdprRequests.id, answer.id));
    expect(row).toMatchObject({
      email: "iemand@voorbeeld.nl",
      identityVerified: false,
      verificationMethod: "email_link",
      legalBasis: "AVG art. 15",
      ipAddress: "127.0.0.1",
    });

    const mail = await lastMailTo("iemand@voorbeeld.nl");
    expect(mail!.subject).toBe("Je verzoek is ontvangen: inzage in mijn gegevens");
    expect(mail!.text).toContain(`Kenmerk: ${answer.id}`);
    expect(mail!.text).toContain("uiterlijk op 28-02-2026");

    // The link in the mail confirms the request once; the stored token is only a hash.
    const link = mail!.text.match(/http:\/\/localhost:80(\/api\/gdpr-requests\/verify\?token=[\w-]+)/)?.[1];
    expect(link).toBeDefined();
    expect(row!.verificationToken).not.toBe(link!.split("=")[1]);
    const verified = await t.app.inject({ method: "GET", url: link! });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain("je verzoek is bevestigd");
    const [after] = await t.database.db.select().from(gdprRequests).where(eq(gdprRequests.id, answer.id));
    expect(after).toMatchObject({ identityVerified: true, verificationToken: null });
    expect((await t.app.inject({ method: "GET", url: link! })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/gdpr-requests/verify?token=fout" })).statusCode,
    ).toBe(404);
  });

  it("an erasure request explains what is deleted and what the fiscal retention duty keeps", async () => {
    const response = await owner.request({
      method: "POST",
      url: "/api/gdpr-requests",
      payload: { email: "sanne@voorbeeld.nl", requestType: "erasure", details: "Graag alles weg." },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(gdprRequests)
      .where(eq(gdprRequests.id, response.json().id));
    // Erasure cannot be undone: even the signed-in owner confirms it through the link in the e-mail.
    expect(row).toMatchObject({
      identityVerified: false,
      verificationMethod: "email_link",
      legalBasis: "AVG art. 17",
      status: "pending",
    });
    expect(row!.requestDetails).toEqual({ details: "Graag alles weg.", userId: owner.user.id });
    const mail = await lastMailTo("sanne@voorbeeld.nl");
    expect(mail!.text).toContain("zeven jaar bewaren");
    expect(mail!.text).toContain("dat je gegevens verwijderd mogen worden");
    expect(mail!.text).toMatch(/\/api\/gdpr-requests\/verify\?token=/);
  });

  it.each([
    [{ email: "", requestType: "access" }, "email", "E-mailadres is vereist"],
    [{ email: "geen-adres", requestType: "access" }, "email", "Ongeldig e-mailadres"],
    [{ email: "a@b.nl", requestType: "rectify" }, "requestType", "Kies het soort verzoek"],
  ])("refuses %o with a Dutch message and sends nothing", async (payload, field, message) => {
    const before = await t.database.db.$count(outboxMessages);
    const response = await t.app.inject({ method: "POST", url: "/api/gdpr-requests", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await t.database.db.$count(outboxMessages)).toBe(before);
  });
});

describe("GET /api/privacy/export", () => {
  it("downloads the signed-in user's own data as JSON, and nothing of anyone else", async () => {
    await owner.request({ method: "POST", url: "/api/clients", payload: { name: "Bakkerij Korenschoof" } });
    await stranger.request({ method: "POST", url: "/api/clients", payload: { name: "Geheime Klant" } });
    const project = await createProject(t.database.db, owner.user.id, { name: "Huisstijl" });
    await createTimeEntry(t.database.db, owner.user.id, {
      projectId: project.id,
      description: "Logo schetsen",
    });
    await createProject(t.database.db, stranger.user.id, { name: "Geheim project" });
    await createTransaction(t.database.db, owner.user.id);
    await createTransaction(t.database.db, stranger.user.id, { description: "Geheime uitgave" });
    const sessionId = randomUUID();
    await owner.request({
      method: "POST",
      url: "/api/consent",
      payload: {
        sessionId,
        essential: true,
        functional: false,
        analytics: true,
        marketing: false,
        consentMethod: "banner",
        policyVersion: "1.0.0",
      },
    });

    const response = await owner.request({ method: "GET", url: "/api/privacy/export" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="balans-gegevens-2026-01-31.json"',
    );
    const data = response.json();
    expect(data.profile).toMatchObject({
      id: owner.user.id,
      username: owner.user.username,
      email: "sanne@voorbeeld.nl",
    });
    expect(data.profile).not.toHaveProperty("passwordHash");
    expect(data.clients.map((client: { name: string }) => client.name)).toEqual(["Bakkerij Korenschoof"]);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.projects.map((item: { name: string }) => item.name)).toEqual(["Huisstijl"]);
    expect(data.timeEntries).toMatchObject([
      { projectId: project.id, description: "Logo schetsen", duration: 60 },
    ]);
    expect(data.cookieConsents).toHaveLength(1);
    expect(data.cookieConsents[0]).toMatchObject({ sessionId, analytics: true });
    expect(data.cookieAuditLog).toHaveLength(4);
    expect(data.gdprRequests.map((request: { requestType: string }) => request.requestType)).toEqual([
      "erasure",
    ]);
    expect(data.companyProfile).toBeNull();
    expect(data.invoices).toEqual([]);
    expect(data.transactions).toMatchObject([{ description: "Kantoorartikelen", amount: "100.00" }]);
    expect(data.bankAccounts.map((account: { name: string }) => account.name)).toEqual(["Hoofdrekening"]);
    expect(data.ledgerAccounts.length).toBeGreaterThan(10);
    expect(data.bankStatements).toEqual([]);
    expect(data.bankStatementLines).toEqual([]);
    expect(data.bankRules).toEqual([]);
    expect(response.body).not.toContain("Geheime Klant");
    expect(response.body).not.toContain("Geheim project");
    expect(response.body).not.toContain("Geheime uitgave");
  });

  it("needs a signed-in user", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/privacy/export" });
    expect(response.statusCode).toBe(401);
  });
});
