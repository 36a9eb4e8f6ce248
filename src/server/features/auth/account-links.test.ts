import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "@shared/schemas/auth";
import { PASSWORD_MISMATCH_MESSAGE } from "@shared/schemas/settings";
import { outboxMessages, sessions, users } from "../../db/schema/index";
import { buildTestApp, postFrom, sessionCookieFrom, type TestApp } from "../../../../tests/app";
import { createUser, FACTORY_PASSWORD } from "../../../../tests/factories";
import { lastMailTo, linkToken } from "../../../../tests/mail";
import { LINK_REFUSALS } from "./account-links";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string, headers: Record<string, string> = {}) =>
  postFrom(t.app, url, payload, { ...(cookie ? { cookie } : {}), headers });
const login = (username: string, password: string) => post("/api/login", { username, password });

const RESET_SUBJECT = "Nieuw wachtwoord instellen voor Balans";
const CONFIRM_SUBJECT = "Bevestig je e-mailadres voor Balans";

async function mailCount(recipient: string): Promise<number> {
  return t.database.db.$count(outboxMessages, eq(outboxMessages.recipient, recipient));
}

/** Asks for a reset link for the address and returns its token. */
async function resetToken(email: string): Promise<string> {
  const asked = await post("/api/password-reset/request", { email });
  expect(asked.statusCode, asked.body).toBe(202);
  return linkToken((await lastMailTo(t.database.db, email, RESET_SUBJECT))!.text, "/wachtwoord-herstellen");
}

const reset = (token: string, password = "nieuw-geheim", confirmPassword = password) =>
  post("/api/password-reset", { token, password, confirmPassword });

describe("Wachtwoord vergeten", () => {
  it("answers the same for an address with and without an account, and mails only the account's owner", async () => {
    const owner = await createUser(t.database.db, { email: "herstel@voorbeeld.nl" });
    const known = await post("/api/password-reset/request", { email: "Herstel@Voorbeeld.nl" });
    const unknown = await post("/api/password-reset/request", { email: "niemand@voorbeeld.nl" });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount("niemand@voorbeeld.nl")).toBe(0);

    const mail = (await lastMailTo(t.database.db, "herstel@voorbeeld.nl", RESET_SUBJECT))!;
    expect(mail.text).toContain(owner.username);
    expect(mail.text).toMatch(/http:\/\/localhost:5000\/wachtwoord-herstellen\?token=[\w-]{43}\n/);
  });

  it("points the link at this server, whatever Host the request names", async () => {
    await createUser(t.database.db, { email: "host@voorbeeld.nl" });
    await post("/api/password-reset/request", { email: "host@voorbeeld.nl" }, undefined, {
      host: "evil.example",
    });
    const mail = (await lastMailTo(t.database.db, "host@voorbeeld.nl", RESET_SUBJECT))!;
    expect(mail.text).not.toContain("evil.example");
    expect(mail.text).toContain("http://localhost:5000/wachtwoord-herstellen?token=");
  });

  it("sends nothing for a demo account or a closed one", async () => {
    await createUser(t.database.db, { email: "demo-herstel@voorbeeld.nl", isDemo: true });
    await createUser(t.database.db, { email: "gesloten@voorbeeld.nl", erasedAt: new Date() });
    for (const email of ["demo-herstel@voorbeeld.nl", "gesloten@voorbeeld.nl"]) {
      expect((await post("/api/password-reset/request", { email })).statusCode).toBe(202);
      expect(await mailCount(email)).toBe(0);
    }
  });

  it("sends at most three links an hour per account, and only the newest works", async () => {
    await createUser(t.database.db, { email: "vaak@voorbeeld.nl" });
    const first = await resetToken("vaak@voorbeeld.nl");
    await resetToken("vaak@voorbeeld.nl");
    const third = await resetToken("vaak@voorbeeld.nl");
    expect((await post("/api/password-reset/request", { email: "vaak@voorbeeld.nl" })).statusCode).toBe(202);
    expect(await mailCount("vaak@voorbeeld.nl")).toBe(3);

    expect((await post("/api/password-reset/check", { token: first })).statusCode).toBe(404);
    expect((await post("/api/password-reset/check", { token: third })).statusCode).toBe(204);
  });

  it.each([
    [{}, "email", EMAIL_REQUIRED_MESSAGE],
    [{ email: "" }, "email", EMAIL_REQUIRED_MESSAGE],
    [{ email: "geen-adres" }, "email", EMAIL_INVALID_MESSAGE],
  ])("refuses the request %j with a Dutch message", async (payload, field, message) => {
    const response = await post("/api/password-reset/request", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it("is rate-limited per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/password-reset/request",
        payload: { email: `limiet${i}@voorbeeld.nl` },
        remoteAddress: "192.0.2.91",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("Nieuw wachtwoord instellen", () => {
  it("sets the password once, ends every other session, signs this browser in and confirms the address", async () => {
    const { user, cookie: otherBrowser } = await t.signIn({ email: "nieuw@voorbeeld.nl" });
    const token = await resetToken("nieuw@voorbeeld.nl");

    const response = await reset(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, isEmailVerified: true });
    const cookie = sessionCookieFrom(response)!;
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(
      200,
    );
    const old = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: otherBrowser } });
    expect(old.statusCode).toBe(401);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);

    expect((await login(user.username, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.username, "nieuw-geheim")).statusCode).toBe(200);

    const again = await reset(token, "nog-een-keer");
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(LINK_REFUSALS.invalid.message);
  });

  it("refuses an expired link, and one whose account changed its address since", async () => {
    const { user, cookie } = await t.signIn({ email: "verlopen@voorbeeld.nl" });
    const expired = await resetToken("verlopen@voorbeeld.nl");
    const started = t.now.value;
    t.now.value = new Date(started.getTime() + 61 * 60 * 1000);
    try {
      const response = await reset(expired);
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(LINK_REFUSALS.expired.message);
      expect((await post("/api/password-reset/check", { token: expired })).statusCode).toBe(410);
    } finally {
      t.now.value = started;
    }

    const superseded = await resetToken("verlopen@voorbeeld.nl");
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/user",
      payload: { firstName: "Sanne", lastName: "de Vries", email: "ander@voorbeeld.nl" },
      headers: { cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await reset(superseded);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(LINK_REFUSALS.superseded.message);
    expect((await login(user.username, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [{ password: "kort", confirmPassword: "kort" }, "password", PASSWORD_TOO_SHORT_MESSAGE],
    [{ password: "nieuw-geheim", confirmPassword: "anders" }, "confirmPassword", PASSWORD_MISMATCH_MESSAGE],
    [{ password: "password1", confirmPassword: "password1" }, "password", COMMON_PASSWORD_MESSAGE],
  ])("refuses %j with a Dutch message, and the link still works", async (input, field, message) => {
    const { user } = await t.signIn({ email: `fout_${field}_${input.password}@voorbeeld.nl` });
    const token = await resetToken(user.email!);
    const response = await post("/api/password-reset", { token, ...input });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect((await login(user.username, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await post("/api/password-reset/check", { token })).statusCode).toBe(204);
  });

  it("refuses a token that was never issued", async () => {
    for (const token of ["", "x".repeat(43)]) {
      const response = await reset(token);
      expect(response.statusCode, token).toBe(token === "" ? 400 : 404);
    }
  });
});

describe("e-mailadres bevestigen", () => {
  it("confirms the address once through its link", async () => {
    const { user, cookie } = await t.signIn({ email: "bevestig@voorbeeld.nl" });
    const asked = await post("/api/user/email-confirmation", {}, cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    const token = linkToken(
      (await lastMailTo(t.database.db, "bevestig@voorbeeld.nl", CONFIRM_SUBJECT))!.text,
      "/e-mail-bevestigen",
    );

    const confirmed = await post("/api/email-confirmation", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: "bevestig@voorbeeld.nl" });
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.json().isEmailVerified).toBe(true);
    expect((await post("/api/email-confirmation", { token })).statusCode).toBe(404);

    const again = await post("/api/user/email-confirmation", {}, cookie);
    expect(again.statusCode).toBe(409);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.emailVerifiedAt).not.toBeNull();
  });

  it("a new address is unconfirmed: its link goes to the new address and the old one hears of the change", async () => {
    const { cookie } = await t.signIn({ email: "oud@voorbeeld.nl" });
    await post("/api/user/email-confirmation", {}, cookie);
    const old = linkToken(
      (await lastMailTo(t.database.db, "oud@voorbeeld.nl", CONFIRM_SUBJECT))!.text,
      "/e-mail-bevestigen",
    );
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/user",
      payload: { firstName: "Sanne", lastName: "de Vries", email: "Nieuw-Adres@voorbeeld.nl" },
      headers: { cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: "nieuw-adres@voorbeeld.nl", isEmailVerified: false });
    const notice = await lastMailTo(
      t.database.db,
      "oud@voorbeeld.nl",
      "Het e-mailadres van je Balans-account is gewijzigd",
    );
    expect(notice?.text).toContain("nieuw-adres@voorbeeld.nl");
    expect(await lastMailTo(t.database.db, "nieuw-adres@voorbeeld.nl", CONFIRM_SUBJECT)).toBeDefined();

    // The old address's link was voided by the new one and confirms nothing.
    const stale = await post("/api/email-confirmation", { token: old });
    expect(stale.statusCode).toBe(404);
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.json().isEmailVerified).toBe(false);

    // Saving the profile with the same address sends nothing new.
    const before = await mailCount("nieuw-adres@voorbeeld.nl");
    await t.app.inject({
      method: "PUT",
      url: "/api/user",
      payload: { firstName: "Sanne", lastName: "Jansen", email: "nieuw-adres@voorbeeld.nl" },
      headers: { cookie },
    });
    expect(await mailCount("nieuw-adres@voorbeeld.nl")).toBe(before);
  });

  it("asks for an address first when the account has none, and needs a session", async () => {
    const { cookie } = await t.signIn({ email: null });
    const response = await post("/api/user/email-confirmation", {}, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.email).toBe("Vul eerst je e-mailadres in bij je profiel.");
    expect((await post("/api/user/email-confirmation", {})).statusCode).toBe(401);
  });
});

describe("inloggen met e-mailadres", () => {
  it("signs in with the e-mail address too, case-insensitively", async () => {
    const user = await createUser(t.database.db, { email: "inlog@voorbeeld.nl" });
    const response = await login("Inlog@Voorbeeld.NL", FACTORY_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(user.id);
    expect((await login("inlog@voorbeeld.nl", "fout-wachtwoord")).statusCode).toBe(401);
  });

  it("prefers the account whose username reads so over another account's address", async () => {
    const byName = await createUser(t.database.db, { username: "dubbel@voorbeeld.nl", email: null });
    await createUser(t.database.db, { email: "dubbel@voorbeeld.nl" });
    const response = await login("dubbel@voorbeeld.nl", FACTORY_PASSWORD);
    expect(response.json().id).toBe(byName.id);
  });
});

describe("a common password", () => {
  it("is refused when changing the password too", async () => {
    const { cookie } = await t.signIn();
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/user/password",
      payload: { currentPassword: FACTORY_PASSWORD, newPassword: "welkom01", confirmPassword: "welkom01" },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.newPassword).toBe(COMMON_PASSWORD_MESSAGE);
  });
});
