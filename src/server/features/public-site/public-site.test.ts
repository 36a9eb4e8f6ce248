import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  contactSubmissions,
  formSecurityLogs,
  newsletterSignups,
  outboxMessages,
  signupLeads,
} from "../../db/schema/index";
import { buildTestApp, type TestApp } from "../../../../tests/app";
import { FORM_REFUSED } from "./form-security";
import { NEWSLETTER_MESSAGES } from "./newsletter";
import { hashToken } from "../../tokens";
import { CONTACT_MAX_PER_HOUR } from "./routes";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test posts from its own address, so the per-address limit of one test does not touch another. */
function nextAddress() {
  addressCounter++;
  return `203.0.113.${addressCounter}`;
}

async function formToken(secondsAgo = 10): Promise<string> {
  const real = t.now.value;
  t.now.value = new Date(real.getTime() - secondsAgo * 1000);
  const response = await t.app.inject({ method: "GET", url: "/api/forms/token" });
  t.now.value = real;
  return (response.json() as { token: string }).token;
}

const validMessage = {
  name: "Sanne de Vries",
  email: "Sanne@Example.nl",
  subject: "Vraag over de btw-aangifte",
  message: "Kan ik mijn btw-aangifte over het derde kwartaal met Balans voorbereiden?",
  company: "De Vries Ontwerp",
  phone: "06 12345678",
  inquiryType: "support",
};

async function postContact(body: Record<string, unknown>, ip: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: body,
    remoteAddress: ip,
    headers: { "user-agent": "Vitest" },
  });
}

async function lastLog(ip: string) {
  const [row] = await t.database.db
    .select()
    .from(formSecurityLogs)
    .where(eq(formSecurityLogs.ipAddress, ip))
    .orderBy(desc(formSecurityLogs.createdAt))
    .limit(1);
  return row!;
}

async function mailTo(recipient: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt));
}

describe("POST /api/contact", () => {
  it("stores the message, confirms it by e-mail and logs a passed check", async () => {
    const ip = nextAddress();
    const response = await postContact({ ...validMessage, formToken: await formToken() }, ip);
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { reference: string; message: string };
    expect(answer.message).toContain("sanne@example.nl");
    expect(answer.reference).toMatch(/^BAL-[0-9A-F]{8}$/);

    const [stored] = await t.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.ipAddress, ip));
    expect(stored).toMatchObject({
      name: "Sanne de Vries",
      email: "sanne@example.nl",
      subject: "Vraag over de btw-aangifte",
      company: "De Vries Ontwerp",
      phone: "06 12345678",
      inquiryType: "support",
      status: "new",
      source: "website",
      userAgent: "Vitest",
    });

    const [mail] = await mailTo("sanne@example.nl");
    expect(mail!.subject).toBe(`We hebben je bericht ontvangen (${answer.reference})`);
    expect(mail!.text).toContain("Hallo Sanne,");
    expect(mail!.text).toContain("Soort vraag: Hulp bij Balans");
    // The visitor's own words are not mailed back (the form cannot be used to mail arbitrary text).
    expect(mail!.text).not.toContain("derde kwartaal");
    // The team gets the whole message at the support address, to answer it.
    const [forTeam] = (await mailTo("support@balans.nl")).filter((sent) =>
      sent.subject.includes(answer.reference),
    );
    expect(forTeam!.subject).toContain("Contactformulier:");
    expect(forTeam!.text).toContain("sanne@example.nl");
    expect(forTeam!.text).toContain("derde kwartaal");

    expect(await lastLog(ip)).toMatchObject({
      formType: "contact",
      honeypotTriggered: false,
      submissionTooFast: false,
      rateLimitHit: false,
      suspiciousPatterns: [],
      blocked: false,
    });
  });

  it("refuses a filled-in honeypot, stores nothing and logs it", async () => {
    const ip = nextAddress();
    const response = await postContact(
      { ...validMessage, website: "http://spam.example", formToken: await formToken() },
      ip,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_REFUSED.honeypot });
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.ipAddress, ip))).toBe(0);
    const log = await lastLog(ip);
    expect(log).toMatchObject({ honeypotTriggered: true, blocked: true });
    expect(log.submittedData).toMatchObject({ honeypot: "http://spam.example", email: "sanne@example.nl" });
  });

  it.each([
    ["sent one second after the form was shown", 1],
    ["without a form token", null],
  ])("refuses a message %s as too fast", async (_case, secondsAgo) => {
    const ip = nextAddress();
    const token = secondsAgo === null ? undefined : await formToken(secondsAgo);
    const response = await postContact({ ...validMessage, formToken: token }, ip);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_REFUSED.tooFast });
    expect(await lastLog(ip)).toMatchObject({ submissionTooFast: true, blocked: true });
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.ipAddress, ip))).toBe(0);
  });

  it("refuses a forged form token as too fast", async () => {
    const ip = nextAddress();
    const forged = `${Date.now() - 60_000}.${"A".repeat(43)}`;
    const response = await postContact({ ...validMessage, formToken: forged }, ip);
    expect(response.json()).toEqual({ message: FORM_REFUSED.tooFast });
  });

  it("asks to reload a form that was left open for more than a day", async () => {
    const ip = nextAddress();
    const response = await postContact({ ...validMessage, formToken: await formToken(25 * 3600) }, ip);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_REFUSED.expired });
    expect(await lastLog(ip)).toMatchObject({ suspiciousPatterns: ["form-expired"], blocked: true });
  });

  it(`allows ${CONTACT_MAX_PER_HOUR} attempts per address per hour, then refuses and logs the limit`, async () => {
    const ip = nextAddress();
    const token = await formToken();
    for (let attempt = 0; attempt < CONTACT_MAX_PER_HOUR; attempt++) {
      expect((await postContact({ ...validMessage, formToken: token }, ip)).statusCode).toBe(201);
    }
    const refused = await postContact({ ...validMessage, formToken: token }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: FORM_REFUSED.rateLimit });
    expect(await lastLog(ip)).toMatchObject({ rateLimitHit: true, blocked: true });
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.ipAddress, ip))).toBe(
      CONTACT_MAX_PER_HOUR,
    );

    // An hour later the address may write again.
    const real = t.now.value;
    t.now.value = new Date(real.getTime() + 61 * 60 * 1000);
    try {
      const token2 = await formToken();
      expect((await postContact({ ...validMessage, formToken: token2 }, ip)).statusCode).toBe(201);
    } finally {
      t.now.value = real;
    }
  });

  it("refuses spam by its patterns and logs which rules it tripped", async () => {
    const ip = nextAddress();
    const response = await postContact(
      {
        ...validMessage,
        name: "www.cheap-links.com",
        message: "Buy backlinks and SEO services at https://a.example https://b.example https://c.example",
        formToken: await formToken(),
      },
      ip,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_REFUSED.patterns });
    const log = await lastLog(ip);
    expect(log.blocked).toBe(true);
    expect(log.suspiciousPatterns).toEqual(["many-links", "link-in-name", "spam-words"]);
  });

  it("lets a message with one mild pattern through and still logs the pattern", async () => {
    const mild = nextAddress();
    const passed = await postContact(
      {
        ...validMessage,
        message: "Ik zag jullie site via www.a.example, www.b.example en www.c.example.",
        formToken: await formToken(),
      },
      mild,
    );
    expect(passed.statusCode).toBe(201);
    expect(await lastLog(mild)).toMatchObject({ suspiciousPatterns: ["many-links"], blocked: false });
  });

  it.each([
    ["name", { name: "" }, "Naam is verplicht"],
    ["name", { name: "x".repeat(101) }, "Naam mag maximaal 100 karakters zijn"],
    ["email", { email: "" }, "E-mailadres is verplicht"],
    ["email", { email: "geen-adres" }, "Ongeldig e-mailadres"],
    ["subject", { subject: "   " }, "Onderwerp is verplicht"],
    ["subject", { subject: "x".repeat(151) }, "Onderwerp mag maximaal 150 karakters zijn"],
    ["message", { message: "" }, "Bericht is verplicht"],
    ["message", { message: "Hallo" }, "Bericht moet minimaal 10 karakters zijn"],
    ["message", { message: "x ".repeat(2600) }, "Bericht mag maximaal 5000 karakters zijn"],
    ["company", { company: "x".repeat(151) }, "Bedrijfsnaam mag maximaal 150 karakters zijn"],
    ["phone", { phone: "bel me" }, "Ongeldig telefoonnummer"],
    ["inquiryType", { inquiryType: "klacht" }, "Kies een soort vraag"],
  ])("answers 400 for an invalid %s: %#", async (field, change, message) => {
    const ip = nextAddress();
    const response = await postContact({ ...validMessage, ...change, formToken: await formToken() }, ip);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.ipAddress, ip))).toBe(0);
  });

  it("refuses a post from another website", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...validMessage, formToken: await formToken() },
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("newsletter", () => {
  async function signUp(email: string, extra: Record<string, unknown> = {}, ip = nextAddress()) {
    return t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email, gdprConsent: true, source: "footer", ...extra },
      remoteAddress: ip,
    });
  }

  function linkToken(text: string, path: string): string {
    const match = new RegExp(`${path}\\?token=([^\\s]+)`).exec(text);
    return match![1]!;
  }

  it("signs up with double opt-in: pending, a confirmation link, then confirmed", async () => {
    const response = await signUp("Lotte@Example.nl", { name: "Lotte" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "pending", message: NEWSLETTER_MESSAGES.pending });

    const [row] = await t.database.db
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.email, "lotte@example.nl"));
    expect(row).toMatchObject({ status: "pending", gdprConsent: true, source: "footer", name: "Lotte" });

    const [mail] = await mailTo("lotte@example.nl");
    expect(mail!.subject).toBe("Bevestig je aanmelding voor de nieuwsbrief van Balans");
    const token = linkToken(mail!.text, "/nieuwsbrief/bevestigen");
    // Only the hash of the token is stored.
    expect(row!.confirmationToken).toBe(hashToken(token));
    expect(mail!.text).not.toContain(row!.confirmationToken);

    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: "confirmed", message: NEWSLETTER_MESSAGES.confirmed });
    const [after] = await t.database.db
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.id, row!.id));
    expect(after).toMatchObject({ status: "confirmed", confirmationToken: null });
    expect(after!.confirmedAt).not.toBeNull();

    // The link works once.
    const again = await t.app.inject({ method: "POST", url: "/api/newsletter/confirm", payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: NEWSLETTER_MESSAGES.invalidConfirmation });
  });

  it("answers a repeated sign-up the same way, without a second row or an immediate second e-mail", async () => {
    await signUp("herhaal@example.nl");
    const repeat = await signUp("HERHAAL@example.nl");
    expect(repeat.json()).toEqual({ status: "pending", message: NEWSLETTER_MESSAGES.pending });
    expect(
      await t.database.db.$count(newsletterSignups, eq(newsletterSignups.email, "herhaal@example.nl")),
    ).toBe(1);
    expect(await mailTo("herhaal@example.nl")).toHaveLength(1);

    // After a few minutes a new link is sent and the old one no longer works.
    const first = linkToken((await mailTo("herhaal@example.nl"))[0]!.text, "/nieuwsbrief/bevestigen");
    const real = t.now.value;
    t.now.value = new Date(real.getTime() + 6 * 60 * 1000);
    try {
      await signUp("herhaal@example.nl");
    } finally {
      t.now.value = real;
    }
    const mails = await mailTo("herhaal@example.nl");
    expect(mails).toHaveLength(2);
    const old = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token: first },
    });
    expect(old.statusCode).toBe(400);
  });

  it("does not reveal that an address is already confirmed", async () => {
    await signUp("bevestigd@example.nl");
    const token = linkToken((await mailTo("bevestigd@example.nl"))[0]!.text, "/nieuwsbrief/bevestigen");
    await t.app.inject({ method: "POST", url: "/api/newsletter/confirm", payload: { token } });
    const mailsBefore = (await mailTo("bevestigd@example.nl")).length;
    const repeat = await signUp("bevestigd@example.nl");
    expect(repeat.json()).toEqual({ status: "pending", message: NEWSLETTER_MESSAGES.pending });
    expect(await mailTo("bevestigd@example.nl")).toHaveLength(mailsBefore);
  });

  it("expires a confirmation link after a week", async () => {
    await signUp("laat@example.nl");
    const token = linkToken((await mailTo("laat@example.nl"))[0]!.text, "/nieuwsbrief/bevestigen");
    const real = t.now.value;
    t.now.value = new Date(real.getTime() + 8 * 24 * 3600 * 1000);
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/newsletter/confirm",
        payload: { token },
      });
      expect(response.json()).toEqual({ message: NEWSLETTER_MESSAGES.invalidConfirmation });
    } finally {
      t.now.value = real;
    }
  });

  it("unsubscribes with the signed link from the e-mail, and signing up again starts a new opt-in", async () => {
    await signUp("afmelden@example.nl");
    const [mail] = await mailTo("afmelden@example.nl");
    const token = linkToken(mail!.text, "/nieuwsbrief/afmelden");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/unsubscribe",
      payload: { token },
    });
    expect(response.json()).toEqual({ status: "unsubscribed", message: NEWSLETTER_MESSAGES.unsubscribed });
    const [row] = await t.database.db
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.email, "afmelden@example.nl"));
    expect(row).toMatchObject({ status: "unsubscribed", confirmationToken: null });
    // Idempotent.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/unsubscribe",
      payload: { token },
    });
    expect(again.statusCode).toBe(200);

    await signUp("afmelden@example.nl");
    const [renewed] = await t.database.db
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.email, "afmelden@example.nl"));
    expect(renewed!.status).toBe("pending");
  });

  it("refuses a tampered unsubscribe link", async () => {
    await signUp("tamper@example.nl");
    const token = linkToken((await mailTo("tamper@example.nl"))[0]!.text, "/nieuwsbrief/afmelden");
    const tampered = `${token.slice(0, -2)}xx`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/unsubscribe",
      payload: { token: tampered },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NEWSLETTER_MESSAGES.invalidUnsubscribe });
  });

  it.each([
    [{ email: "" }, "email", "E-mailadres is verplicht"],
    [{ email: "niet-geldig" }, "email", "Ongeldig e-mailadres"],
    [{ gdprConsent: false }, "gdprConsent", "Geef toestemming om je de nieuwsbrief te mogen sturen"],
  ])("answers 400 for %j", async (change, field, message) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "geldig@example.nl", gdprConsent: true, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
  });

  it("mails once when the same new address signs up twice at the same moment", async () => {
    const [first, second] = await Promise.all([signUp("tegelijk@example.nl"), signUp("tegelijk@example.nl")]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await mailTo("tegelijk@example.nl")).toHaveLength(1);
  });

  it("refuses a filled-in honeypot and logs it", async () => {
    const ip = nextAddress();
    const response = await signUp("bot@example.nl", { website: "x" }, ip);
    expect(response.statusCode).toBe(400);
    expect(await lastLog(ip)).toMatchObject({
      formType: "newsletter",
      honeypotTriggered: true,
      blocked: true,
    });
    expect(await mailTo("bot@example.nl")).toHaveLength(0);
  });
});

it("has no test helper routes unless the browser tests turn them on", async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/test/outbox?recipient=a@example.nl" });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: "Niet gevonden: GET /api/test/outbox" });
});

describe("sign-up leads", () => {
  beforeEach(async () => {
    await t.database.db.delete(signupLeads);
  });

  it("records a campaign visit and converts it when the visitor registers", async () => {
    const visit = await t.app.inject({
      method: "POST",
      url: "/api/leads",
      payload: { utmSource: "nieuwsbrief", utmMedium: "email", utmCampaign: "btw-q3" },
    });
    expect(visit.statusCode).toBe(200);
    const { id } = visit.json() as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const registered = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        username: "lead_eva",
        password: "zomer-2026",
        email: "eva@example.nl",
        firstName: "Eva",
        leadId: id,
        acceptTerms: true,
      },
    });
    expect(registered.statusCode).toBe(201);
    const userId = (registered.json() as { id: string }).id;
    const [lead] = await t.database.db.select().from(signupLeads).where(eq(signupLeads.id, id));
    expect(lead).toMatchObject({
      status: "converted",
      convertedUserId: userId,
      email: "eva@example.nl",
      firstName: "Eva",
      source: "nieuwsbrief",
      utmMedium: "email",
      utmCampaign: "btw-q3",
      planType: "trial",
      trialDays: 14,
    });
    expect(lead!.convertedAt).not.toBeNull();
  });

  it("records a visit from another website by its referrer, and ignores our own pages", async () => {
    const external = await t.app.inject({
      method: "POST",
      url: "/api/leads",
      payload: { referrer: "https://www.google.com/search?q=boekhouden" },
    });
    const { id } = external.json() as { id: string };
    const [lead] = await t.database.db.select().from(signupLeads).where(eq(signupLeads.id, id));
    expect(lead).toMatchObject({
      source: "www.google.com",
      referrer: "https://www.google.com/search?q=boekhouden",
    });

    const own = await t.app.inject({
      method: "POST",
      url: "/api/leads",
      payload: { referrer: "http://localhost:80/prijzen" },
      headers: { host: "localhost:80" },
    });
    expect(own.json()).toEqual({ id: null });
    const none = await t.app.inject({ method: "POST", url: "/api/leads", payload: {} });
    expect(none.json()).toEqual({ id: null });
    expect(await t.database.db.$count(signupLeads)).toBe(1);
  });

  it("converts an open lead with the new account's e-mail address, and a lead only once", async () => {
    const [lead] = await t.database.db
      .insert(signupLeads)
      .values({ email: "Joris@Example.nl", source: "beurs" })
      .returning();
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        username: "lead_joris",
        password: "zomer-2026",
        email: "joris@example.nl",
        acceptTerms: true,
      },
    });
    const userId = (registered.json() as { id: string }).id;
    const [after] = await t.database.db.select().from(signupLeads).where(eq(signupLeads.id, lead!.id));
    expect(after).toMatchObject({ status: "converted", convertedUserId: userId });

    // A second account naming the same lead does not take it over.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        username: "lead_ander",
        password: "zomer-2026",
        email: "ander@example.nl",
        leadId: lead!.id,
        acceptTerms: true,
      },
    });
    expect(other.statusCode).toBe(201);
    const [still] = await t.database.db.select().from(signupLeads).where(eq(signupLeads.id, lead!.id));
    expect(still!.convertedUserId).toBe(userId);
  });

  it("registers normally with an unreadable lead id", async () => {
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        username: "lead_zonder",
        password: "zomer-2026",
        email: "zonder@example.nl",
        leadId: "geen-uuid",
        acceptTerms: true,
      },
    });
    expect(registered.statusCode).toBe(201);
  });

  it.each([
    [{ utmSource: "x".repeat(101) }, "utmSource", "utm_source is te lang"],
    [{ referrer: "x".repeat(2001) }, "referrer", "Verwijzer is te lang"],
  ])("answers 400 for %#", async (payload, field, message) => {
    const response = await t.app.inject({ method: "POST", url: "/api/leads", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
  });
});
