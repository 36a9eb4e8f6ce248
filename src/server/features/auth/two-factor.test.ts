import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_CODE_REQUIRED_MESSAGE, TWO_FACTOR_CODE_WRONG_MESSAGE } from "@shared/schemas/auth";
import { CURRENT_PASSWORD_WRONG_MESSAGE } from "@shared/schemas/settings";
import { recoveryCodes, users } from "../../db/schema/index";
import {
  buildTestApp,
  postFrom,
  sessionCookieFrom,
  type SignedIn,
  type TestApp,
} from "../../../../tests/app";
import { FACTORY_PASSWORD } from "../../../../tests/factories";
import { lastMailTo, linkToken } from "../../../../tests/mail";
import { DEMO_TWO_FACTOR_MESSAGE } from "./two-factor";
import { CHALLENGE_EXPIRED_MESSAGE } from "./two-factor-routes";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-26T09:00:00Z");
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  postFrom(t.app, url, payload, cookie ? { cookie } : {});

/** The app's code for a secret at the test clock, `steps` periods of 30 s later. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: t.now.value.getTime() + steps * 30_000,
  });

/** Moves the clock one period on, so the next code is a new one. */
const nextPeriod = () => (t.now.value = new Date(t.now.value.getTime() + 30_000));

/** An account with two-factor sign-in switched on; its secret and recovery codes. */
async function withTwoFactor(overrides: Parameters<TestApp["signIn"]>[0] = {}) {
  const account = await t.signIn(overrides);
  const setup = await post(
    "/api/user/two-factor/setup",
    { currentPassword: FACTORY_PASSWORD },
    account.cookie,
  );
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post("/api/user/two-factor/enable", { code: codeAt(secret) }, account.cookie);
  expect(enabled.statusCode, enabled.body).toBe(200);
  nextPeriod();
  return { account, secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Signs in with the password; returns the code step's cookie. */
async function passwordStep(username: string): Promise<string> {
  const response = await post("/api/login", { username, password: FACTORY_PASSWORD });
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json()).toEqual({ twoFactorRequired: true });
  expect(sessionCookieFrom(response)).toBeUndefined();
  const challenge = response.cookies.find((cookie) => cookie.name === "balans_2fa")!;
  expect(challenge).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/login" });
  return `balans_2fa=${challenge.value}`;
}

describe("setting it up", () => {
  it("asks the password, shows a QR code, and is on only after the first right code", async () => {
    const account = await t.signIn();
    const wrong = await post("/api/user/two-factor/setup", { currentPassword: "fout" }, account.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.currentPassword).toBe(CURRENT_PASSWORD_WRONG_MESSAGE);

    const setup = await post(
      "/api/user/two-factor/setup",
      { currentPassword: FACTORY_PASSWORD },
      account.cookie,
    );
    const { secret, otpauthUrl, qrSvg } = setup.json() as {
      secret: string;
      otpauthUrl: string;
      qrSvg: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`otpauth://totp/Balans:`);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);

    // Not yet in force: signing in needs no code.
    expect(
      (await post("/api/login", { username: account.user.username, password: FACTORY_PASSWORD })).statusCode,
    ).toBe(200);
    for (const [code, message] of [
      ["", TWO_FACTOR_CODE_REQUIRED_MESSAGE],
      ["123456", TWO_FACTOR_CODE_WRONG_MESSAGE],
    ] as const) {
      const refused = await post("/api/user/two-factor/enable", { code }, account.cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.code).toBe(message);
    }
    const enabled = await post("/api/user/two-factor/enable", { code: codeAt(secret) }, account.cookie);
    expect(enabled.statusCode).toBe(200);
    const codes = (enabled.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, account.user.id));
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);

    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: account.cookie } });
    expect(me.json().isTwoFactorEnabled).toBe(true);
    nextPeriod();
  });

  it("is refused for a demo account", async () => {
    const demo = await t.signIn({ isDemo: true, demoExpiresAt: new Date(t.now.value.getTime() + 3_600_000) });
    const response = await post(
      "/api/user/two-factor/setup",
      { currentPassword: FACTORY_PASSWORD },
      demo.cookie,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(DEMO_TWO_FACTOR_MESSAGE);
  });

  it("needs a session", async () => {
    expect((await post("/api/user/two-factor/setup", { currentPassword: "x" })).statusCode).toBe(401);
  });
});

describe("signing in", () => {
  it("asks a code after the password; a code works once; a recovery code works once", async () => {
    const { account, secret, recoveryCodes: codes } = await withTwoFactor();
    const challenge = await passwordStep(account.user.username);

    const wrong = await post("/api/login/two-factor", { code: "000000" }, challenge);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.code).toBe(TWO_FACTOR_CODE_WRONG_MESSAGE);

    const code = codeAt(secret);
    const signedIn = await post("/api/login/two-factor", { code }, challenge);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().id).toBe(account.user.id);
    const cookie = sessionCookieFrom(signedIn)!;
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(
      200,
    );

    // The same code again, within its 30 seconds: spent.
    const again = await post("/api/login/two-factor", { code }, await passwordStep(account.user.username));
    expect(again.statusCode).toBe(400);

    const recovery = await post(
      "/api/login/two-factor",
      { code: codes[3]!.toLowerCase().replace("-", " ") },
      await passwordStep(account.user.username),
    );
    expect(recovery.statusCode, recovery.body).toBe(200);
    const reused = await post(
      "/api/login/two-factor",
      { code: codes[3]! },
      await passwordStep(account.user.username),
    );
    expect(reused.statusCode).toBe(400);
  });

  it("accepts a code one period early or late (a phone's clock a little off), not two", async () => {
    const { account, secret } = await withTwoFactor();
    expect(
      (
        await post(
          "/api/login/two-factor",
          { code: codeAt(secret, -2) },
          await passwordStep(account.user.username),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          "/api/login/two-factor",
          { code: codeAt(secret, 1) },
          await passwordStep(account.user.username),
        )
      ).statusCode,
    ).toBe(200);
  });

  it("refuses the code step without a challenge, with a forged one, and after five minutes", async () => {
    const { account, secret } = await withTwoFactor();
    expect((await post("/api/login/two-factor", { code: codeAt(secret) })).statusCode).toBe(401);
    const forged = `balans_2fa=${account.user.id}.${t.now.value.getTime() + 60_000}.AAAA`;
    const refused = await post("/api/login/two-factor", { code: codeAt(secret) }, forged);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(CHALLENGE_EXPIRED_MESSAGE);

    const challenge = await passwordStep(account.user.username);
    t.now.value = new Date(t.now.value.getTime() + 5 * 60_000 + 1);
    expect((await post("/api/login/two-factor", { code: codeAt(secret) }, challenge)).statusCode).toBe(401);
  });

  it("allows five codes per ten minutes per account", async () => {
    const { account } = await withTwoFactor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const challenge = await passwordStep(account.user.username);
      statuses.push((await post("/api/login/two-factor", { code: "111111" }, challenge)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("a password reset still asks the code before a session starts", async () => {
    const { account, secret } = await withTwoFactor({ email: "tweestaps@voorbeeld.nl" });
    await post("/api/password-reset/request", { email: "tweestaps@voorbeeld.nl" });
    const mail = await lastMailTo(
      t.database.db,
      "tweestaps@voorbeeld.nl",
      "Nieuw wachtwoord instellen voor Balans",
    );
    const token = linkToken(mail!.text, "/wachtwoord-herstellen");
    const reset = await post("/api/password-reset", {
      token,
      password: "nieuw-na-verlies",
      confirmPassword: "nieuw-na-verlies",
    });
    expect(reset.statusCode, reset.body).toBe(202);
    expect(sessionCookieFrom(reset)).toBeUndefined();
    const challenge = reset.cookies.find((cookie) => cookie.name === "balans_2fa")!;
    const signedIn = await post(
      "/api/login/two-factor",
      { code: codeAt(secret) },
      `balans_2fa=${challenge.value}`,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().id).toBe(account.user.id);
  });
});

describe("sensitive changes ask the code again", () => {
  let account: SignedIn;
  let secret: string;
  beforeAll(async () => {
    ({ account, secret } = await withTwoFactor({ email: "gevoelig@voorbeeld.nl" }));
  });

  it("a new password", async () => {
    const change = (twoFactorCode?: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/user/password",
        payload: {
          currentPassword: FACTORY_PASSWORD,
          newPassword: "ander-geheim",
          confirmPassword: "ander-geheim",
          ...(twoFactorCode === undefined ? {} : { twoFactorCode }),
        },
        headers: { cookie: account.cookie },
      });
    const without = await change();
    expect(without.statusCode).toBe(400);
    expect(without.json().fieldErrors.twoFactorCode).toBe(TWO_FACTOR_CODE_REQUIRED_MESSAGE);
    expect((await change("000000")).json().fieldErrors.twoFactorCode).toBe(TWO_FACTOR_CODE_WRONG_MESSAGE);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(before!.passwordHash).toBe(account.user.passwordHash);
    const changed = await change(codeAt(secret));
    expect(changed.statusCode, changed.body).toBe(204);
    account = { ...account, cookie: `${sessionCookieFrom(changed)}` };
    nextPeriod();
  });

  it("a new e-mail address, not a new name", async () => {
    const profile = (payload: object) =>
      t.app.inject({ method: "PUT", url: "/api/user", payload, headers: { cookie: account.cookie } });
    expect(
      (await profile({ firstName: "Nieuw", lastName: "", email: "gevoelig@voorbeeld.nl" })).statusCode,
    ).toBe(200);
    const moved = await profile({ firstName: "Nieuw", lastName: "", email: "elders@voorbeeld.nl" });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors.twoFactorCode).toBe(TWO_FACTOR_CODE_REQUIRED_MESSAGE);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(stored!.email).toBe("gevoelig@voorbeeld.nl");
    const withCode = await profile({
      firstName: "Nieuw",
      lastName: "",
      email: "elders@voorbeeld.nl",
      twoFactorCode: codeAt(secret),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    nextPeriod();
  });

  it("new recovery codes, and switching it off", async () => {
    const renewed = await post(
      "/api/user/two-factor/recovery-codes",
      { currentPassword: "ander-geheim", code: codeAt(secret) },
      account.cookie,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    nextPeriod();
    const wrongPassword = await post(
      "/api/user/two-factor/disable",
      { currentPassword: FACTORY_PASSWORD, code: codeAt(secret) },
      account.cookie,
    );
    expect(wrongPassword.json().fieldErrors.currentPassword).toBe(CURRENT_PASSWORD_WRONG_MESSAGE);
    const off = await post(
      "/api/user/two-factor/disable",
      { currentPassword: "ander-geheim", code: codeAt(secret) },
      account.cookie,
    );
    expect(off.statusCode, off.body).toBe(204);
    expect(await t.database.db.$count(recoveryCodes, eq(recoveryCodes.userId, account.user.id))).toBe(0);
    expect(
      (await post("/api/login", { username: account.user.username, password: "ander-geheim" })).statusCode,
    ).toBe(200);
  });
});
