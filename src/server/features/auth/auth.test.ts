import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankAccounts, categories, sessions, users } from "../../db/schema/index";
import { buildTestApp, postFrom, sessionCookieFrom, type TestApp } from "../../../../tests/app";
import { FACTORY_PASSWORD } from "../../../../tests/factories";
import { lastMailTo } from "../../../../tests/mail";
import {
  COMMON_PASSWORD_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  PASSWORD_IS_USERNAME_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
} from "@shared/schemas/auth";
import { PRIVACY_VERSION, TERMS_VERSION } from "@shared/content/legal-versions";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, options: { cookie?: string; remoteAddress?: string } = {}) =>
  postFrom(t.app, url, payload, options);

const getUser = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/user", headers: cookie ? { cookie } : {} });

describe("registration", () => {
  it("creates the account, signs in, and seeds a default bank account and starter categories", async () => {
    const response = await post("/api/register", {
      username: "jandejong",
      password: "zomer2026",
      email: "Jan@DeJong.NL",
      firstName: "Jan",
      lastName: "",
      companyName: "De Jong Advies",
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      username: "jandejong",
      email: "jan@dejong.nl",
      firstName: "Jan",
      lastName: null,
      profileImageUrl: null,
      companyName: "De Jong Advies",
      isEmailVerified: false,
      isTwoFactorEnabled: false,
      isDemo: false,
    });
    expect(JSON.stringify(body)).not.toContain("password");

    const cookie = sessionCookieFrom(response);
    expect(cookie).toBeDefined();
    const me = await getUser(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe("jandejong");

    const accounts = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, body.id));
    expect(accounts).toMatchObject([{ name: "Hoofdrekening", isDefault: true, openingBalance: "0.00" }]);
    const starter = await t.database.db.select().from(categories).where(eq(categories.userId, body.id));
    expect(starter.some((c) => c.type === "income")).toBe(true);
    expect(starter.some((c) => c.type === "expense")).toBe(true);

    const [stored] = await t.database.db.select().from(users).where(eq(users.id, body.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The terms and privacy policy in force, agreed to at sign-up.
    expect(stored).toMatchObject({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect(stored!.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it("sets a 30-day HttpOnly SameSite=Lax cookie", async () => {
    const response = await post("/api/register", {
      username: "cookiecheck",
      password: "geheim1",
      email: "cookie@voorbeeld.nl",
      acceptTerms: true,
    });
    const cookie = response.cookies.find((c) => c.name === "balans_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
    expect(cookie.path).toBe("/");
  });

  const email = "geldig@voorbeeld.nl";
  it.each([
    [
      { username: "ab", password: "geheim1", email },
      "username",
      "Gebruikersnaam moet minimaal 3 karakters zijn",
    ],
    [{ password: "geheim1", email }, "username", "Gebruikersnaam moet minimaal 3 karakters zijn"],
    [
      { username: "geldig", password: "12345", email },
      "password",
      "Wachtwoord moet minimaal 6 karakters zijn",
    ],
    [{ username: "geldig", email }, "password", "Wachtwoord moet minimaal 6 karakters zijn"],
    [{ username: "geldig", password: "geheim1", email: "geen-adres" }, "email", "Ongeldig e-mailadres"],
    [{ username: "geldig", password: "geheim1" }, "email", EMAIL_REQUIRED_MESSAGE],
    [{ username: "geldig", password: "geheim1", email: " " }, "email", EMAIL_REQUIRED_MESSAGE],
    [
      { username: "geldig", password: "Wachtwoord", email, acceptTerms: true },
      "password",
      COMMON_PASSWORD_MESSAGE,
    ],
    [
      { username: "geldig", password: "qwerty123", email, acceptTerms: true },
      "password",
      COMMON_PASSWORD_MESSAGE,
    ],
    [
      { username: "jansenadvies", password: "JansenAdvies", email, acceptTerms: true },
      "password",
      PASSWORD_IS_USERNAME_MESSAGE,
    ],
    [{ username: "geldig", password: "geheim1", email }, "acceptTerms", TERMS_REQUIRED_MESSAGE],
    [
      { username: "geldig", password: "geheim1", email, acceptTerms: false },
      "acceptTerms",
      TERMS_REQUIRED_MESSAGE,
    ],
  ])("rejects %j with a Dutch message", async (payload, field, message) => {
    const before = await t.database.db.$count(users);
    const response = await post("/api/register", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it("mails a link that confirms the address", async () => {
    const response = await post("/api/register", {
      username: "bevestiger",
      password: "geheim1",
      email: "bevestiger@voorbeeld.nl",
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(201);
    const mail = (await lastMailTo(t.database.db, "bevestiger@voorbeeld.nl"))!;
    expect(mail.subject).toBe("Bevestig je e-mailadres voor Balans");
    expect(mail.text).toMatch(/http:\/\/localhost:5000\/e-mail-bevestigen\?token=[\w-]{43}/);
  });

  it("refuses a username or e-mail that is taken, case-insensitively, and changes nothing", async () => {
    await post("/api/register", {
      username: "Petra",
      password: "geheim1",
      email: "petra@voorbeeld.nl",
      acceptTerms: true,
    });
    const before = await t.database.db.$count(users);

    const sameName = await post("/api/register", {
      username: "PETRA",
      password: "geheim1",
      email: "petra3@voorbeeld.nl",
      acceptTerms: true,
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      message: "Deze gebruikersnaam is al in gebruik",
      fieldErrors: { username: "Deze gebruikersnaam is al in gebruik" },
    });

    const sameEmail = await post("/api/register", {
      username: "petra2",
      password: "geheim1",
      email: "PETRA@voorbeeld.nl",
      acceptTerms: true,
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().fieldErrors).toEqual({ email: "Dit e-mailadres is al in gebruik" });
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it("lets only one of two simultaneous registrations of the same name through", async () => {
    const [first, second] = await Promise.all([
      post("/api/register", {
        username: "tegelijk",
        password: "geheim1",
        email: "t1@voorbeeld.nl",
        acceptTerms: true,
      }),
      post("/api/register", {
        username: "Tegelijk",
        password: "geheim1",
        email: "t2@voorbeeld.nl",
        acceptTerms: true,
      }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
  });

  it("is rate-limited per IP with a Dutch 429 message", async () => {
    const remoteAddress = "192.0.2.77";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await post(
        "/api/register",
        { username: "x", password: "y", acceptTerms: true },
        { remoteAddress },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json().message).toMatch(/^Te veel pogingen\. Probeer het over/);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("login", () => {
  it("signs in case-insensitively and rotates the session id", async () => {
    const { user, cookie: oldCookie } = await t.signIn({ username: "Marieke" });
    const response = await post(
      "/api/login",
      { username: "marieke", password: FACTORY_PASSWORD },
      { cookie: oldCookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, username: "Marieke" });

    const newCookie = sessionCookieFrom(response)!;
    expect(newCookie).not.toBe(oldCookie);
    expect((await getUser(oldCookie)).statusCode).toBe(401);
    expect((await getUser(newCookie)).statusCode).toBe(200);
  });

  it("answers 401 with the same message for a wrong password and an unknown user", async () => {
    await t.signIn({ username: "kees" });
    const wrong = await post("/api/login", { username: "kees", password: "fout-wachtwoord" });
    const unknown = await post("/api/login", { username: "niemand", password: "fout-wachtwoord" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Onjuiste gebruikersnaam of wachtwoord" });
      expect(sessionCookieFrom(response)).toBeUndefined();
    }
  });

  it.each([
    [{ password: "x" }, "username", "Gebruikersnaam is vereist"],
    [{ username: "   ", password: "x" }, "username", "Gebruikersnaam is vereist"],
    [{ username: "kees" }, "password", "Wachtwoord is vereist"],
    [{ username: "kees", password: "" }, "password", "Wachtwoord is vereist"],
  ])("rejects %j with the Dutch message of spec §5", async (payload, field, message) => {
    const response = await post("/api/login", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
  });

  it("is rate-limited per username, whatever the address", async () => {
    await t.signIn({ username: "doelwit" });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post("/api/login", { username: "DOELWIT", password: `poging-${i}` })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

describe("session", () => {
  it("answers 401 without a session, with a tampered cookie, and after logout; logout removes the row", async () => {
    expect((await getUser()).statusCode).toBe(401);
    expect((await getUser("balans_session=verzonnen")).statusCode).toBe(401);

    const { user, cookie } = await t.signIn();
    expect(await t.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
    const logout = await post("/api/logout", {}, { cookie });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === "balans_session")?.value).toBe("");
    expect((await getUser(cookie)).statusCode).toBe(401);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it("expires after 30 days and is extended by use", async () => {
    const { cookie } = await t.signIn();
    const start = t.now.value;
    try {
      t.now.value = new Date(start.getTime() + 2 * 86_400_000);
      const renewed = await getUser(cookie);
      expect(renewed.statusCode).toBe(200);
      expect(sessionCookieFrom(renewed)).toBe(cookie);
      t.now.value = new Date(start.getTime() + 31 * 86_400_000);
      expect((await getUser(cookie)).statusCode).toBe(200);
      t.now.value = new Date(start.getTime() + 63 * 86_400_000);
      expect((await getUser(cookie)).statusCode).toBe(401);
    } finally {
      t.now.value = start;
    }
  });

  it("ends a demo session after its expiry with 'Demo session expired'", async () => {
    const { request } = await t.signIn({
      isDemo: true,
      demoExpiresAt: new Date(t.now.value.getTime() - 1000),
    });
    const response = await request({ method: "GET", url: "/api/user" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Demo session expired" });
  });

  it("GET /api/login redirects to the sign-in page; GET /api/logout signs out and goes home", async () => {
    const login = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe("/inloggen");

    const { cookie } = await t.signIn();
    const logout = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe("/");
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it("GET /api/logout from another site signs no one out: it asks, and the form signs out by POST", async () => {
    const { cookie } = await t.signIn();
    const foreign = await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toContain('<form method="post" action="/api/logout">');
    expect((await getUser(cookie)).statusCode).toBe(200);
    const form = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      payload: "",
      headers: {
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:3000",
        host: "localhost:3000",
      },
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe("/");
    expect((await getUser(cookie)).statusCode).toBe(401);
  });
});

describe("security", () => {
  it("refuses state-changing requests from another origin and allows the same origin", async () => {
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "x", password: "y" },
      headers: { origin: "https://evil.example", host: "localhost:3000" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe("Deze aanvraag komt van een andere website en is geweigerd.");

    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);

    const same = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { origin: "http://localhost:3000", host: "localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(same.statusCode).toBe(204);
  });

  it("sends security headers on every answer", async () => {
    const response = await getUser();
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("answers malformed JSON and unknown API paths in Dutch", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: "{niet json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/geen geldige JSON/);

    const unknown = await t.app.inject({ method: "GET", url: "/api/bestaat-niet" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^Niet gevonden/);
  });
});

describe("GET /api/session (the public site's question)", () => {
  it("answers 200 for everyone: signed in or not, an ended demo counts as not", async () => {
    const ask = (cookie?: string) =>
      t.app.inject({ method: "GET", url: "/api/session", headers: cookie ? { cookie } : {} });
    const anonymous = await ask();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ signedIn: false });
    expect(anonymous.headers["cache-control"]).toBe("no-store");
    expect((await ask((await t.signIn()).cookie)).json()).toEqual({ signedIn: true });
    const ended = await t.signIn({ isDemo: true, demoExpiresAt: new Date(t.now.value.getTime() - 1000) });
    expect((await ask(ended.cookie)).json()).toEqual({ signedIn: false });
  });
});
