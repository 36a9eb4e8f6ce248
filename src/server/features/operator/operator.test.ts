import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANSWER_REQUIRED_MESSAGE,
  ANSWER_TOO_LONG_MESSAGE,
  FLAG_ENABLED_MESSAGE,
  type ContactMessage,
  type FeatureFlagRow,
  type JobRunRow,
  type NewsletterSignupRow,
  type PrivacyRequestRow,
} from "@shared/schemas/operator";
import {
  contactSubmissions,
  errorLogs,
  featureFlags,
  gdprRequests,
  newsletterSignups,
  sessions,
  users,
} from "../../db/schema/index";
import { recordJobRun } from "../../jobs/job-runs";
import { SESSION_COOKIE } from "../../plugins/session";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { FACTORY_PASSWORD } from "../../../../tests/factories";
import { lastMailTo } from "../../../../tests/mail";
import { withRoutes, type FuzzRoute } from "../../../../tests/route-fuzz";
import { submitContactMessage } from "../public-site/contact";
import { createOperator, CUSTOMER_ADDRESS_MESSAGE, OPERATOR_EMAIL_INVALID_MESSAGE } from "./accounts";
import { ALREADY_ANSWERED_MESSAGE } from "./service";

let t: TestApp & { routes: FuzzRoute[] };
let operator: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  // Rate limits off: the matrix below sends two requests to every route of the app.
  t = await withRoutes(() => buildTestApp({ rateLimits: false, clientDir: writeBuild() }));
  t.now.value = new Date("2026-11-26T10:00:00Z");
  operator = await t.signIn({ isOperator: true, username: "beheer@balans.nl", email: "beheer@balans.nl" });
  customer = await t.signIn();
});
afterAll(() => t.close());

/** A built client of one page, enough to tell which pages are served to whom. */
function writeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "balans-operator-client-"));
  mkdirSync(join(dir, "client"));
  writeFileSync(join(dir, "client", "index.html"), "<!doctype html><title>app</title>");
  return join(dir, "client");
}

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const urlOf = (route: FuzzRoute) => route.url.replace(/:\w+/g, SOME_ID);
const isOperatorRoute = (route: FuzzRoute) => route.url.startsWith("/api/operator/");
const OPEN_OPERATOR_ROUTES = new Set(["/api/operator/login"]);

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!
    .split(";")[0]!;

describe("the boundary between operators and customers", () => {
  it("answers a customer 404 and a visitor 401 on every back-office route", async () => {
    const guarded = t.routes.filter(
      (route) => isOperatorRoute(route) && !OPEN_OPERATOR_ROUTES.has(route.url),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(8);
    for (const route of guarded) {
      const asCustomer = await customer.request({ method: route.method, url: urlOf(route) });
      expect(asCustomer.statusCode, `${route.method} ${route.url}`).toBe(404);
      const signedOut = await t.app.inject({ method: route.method, url: urlOf(route) });
      expect(signedOut.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("answers an operator 404 on every customer route that needs a signed-in customer", async () => {
    let customerOnly = 0;
    for (const route of t.routes.filter((candidate) => !isOperatorRoute(candidate))) {
      if (route.url === "/api/logout" || route.url.startsWith("/api/test/")) continue;
      const signedOut = await t.app.inject({ method: route.method, url: urlOf(route) });
      if (signedOut.statusCode !== 401) continue;
      customerOnly += 1;
      const asOperator = await operator.request({ method: route.method, url: urlOf(route) });
      expect(asOperator.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    // The whole app: clients, invoices, transactions, settings and the rest.
    expect(customerOnly).toBeGreaterThan(50);
  });

  it("serves the back office's pages to an operator only, and the app's pages to a customer only", async () => {
    const page = (as: SignedIn | null, url: string) =>
      as ? as.request({ method: "GET", url }) : t.app.inject({ method: "GET", url });
    for (const url of ["/beheer", "/beheer/inloggen", "/beheer/functies"]) {
      expect((await page(customer, url)).statusCode, url).toBe(404);
    }
    expect((await page(operator, "/beheer/functies")).statusCode).toBe(200);
    expect((await page(operator, "/beheer/bestaat-niet")).statusCode).toBe(404);
    expect((await page(null, "/beheer/inloggen")).statusCode).toBe(200);
    const visitor = await page(null, "/beheer/foutlog");
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe("/beheer/inloggen");

    expect((await page(customer, "/app/dashboard")).statusCode).toBe(200);
    const operatorInApp = await page(operator, "/app/dashboard");
    expect(operatorInApp.statusCode).toBe(302);
    expect(operatorInApp.headers.location).toBe("/beheer");
  });

  it("counts an operator as signed out on the public site", async () => {
    const answer = await operator.request({ method: "GET", url: "/api/session" });
    expect(answer.json()).toEqual({ signedIn: false });
  });
});

describe("signing in", () => {
  it("signs an operator in at /api/operator/login and refuses it at the customers' sign-in", async () => {
    const created = await createOperator(t.database.db, "Ops@Balans.nl");
    expect(created).toMatchObject({ email: "ops@balans.nl", isNew: true });
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/operator/login",
      payload: { username: "ops@balans.nl", password: created.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ username: "ops@balans.nl" });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/operator/me",
      headers: { cookie: cookieOf(signIn.headers["set-cookie"]) },
    });
    expect(me.json()).toMatchObject({ email: "ops@balans.nl" });

    const asCustomer = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ops@balans.nl", password: created.password },
    });
    expect(asCustomer.statusCode).toBe(401);
    expect(asCustomer.body).toContain("Onjuiste gebruikersnaam of wachtwoord");
  });

  it("refuses a customer's right password at the operators' sign-in like a wrong one", async () => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/operator/login",
      payload: { username: customer.user.username, password: FACTORY_PASSWORD },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain("Onjuiste gebruikersnaam of wachtwoord");
  });

  it("asks an operator with two-factor sign-in for the code before the session starts", async () => {
    const created = await createOperator(t.database.db, "twee@balans.nl");
    await t.database.db
      .update(users)
      .set({ totpSecret: "JBSWY3DPEHPK3PXP", totpEnabledAt: t.now.value })
      .where(eq(users.email, "twee@balans.nl"));
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/operator/login",
      payload: { username: "twee@balans.nl", password: created.password },
    });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ twoFactorRequired: true });
    expect([answer.headers["set-cookie"]].flat().join()).not.toContain(`${SESSION_COOKIE}=`);
  });

  it("gives an existing operator a new password and ends its sessions; a customer's address is refused", async () => {
    const first = await createOperator(t.database.db, "wissel@balans.nl");
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/operator/login",
      payload: { username: "wissel@balans.nl", password: first.password },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "wissel@balans.nl"));
    expect(await t.database.db.$count(sessions, eq(sessions.userId, row!.id))).toBe(1);
    const second = await createOperator(t.database.db, "wissel@balans.nl");
    expect(second.isNew).toBe(false);
    expect(second.password).not.toBe(first.password);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, row!.id))).toBe(0);
    const old = await t.app.inject({
      method: "GET",
      url: "/api/operator/me",
      headers: { cookie: cookieOf(signIn.headers["set-cookie"]) },
    });
    expect(old.statusCode).toBe(401);

    await expect(createOperator(t.database.db, customer.user.email!)).rejects.toThrow(
      CUSTOMER_ADDRESS_MESSAGE,
    );
    await expect(createOperator(t.database.db, "geen-adres")).rejects.toThrow(OPERATOR_EMAIL_INVALID_MESSAGE);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(still!.isOperator).toBe(false);
  });
});

describe("contact messages", () => {
  const visitor = { ipAddress: "203.0.113.7", userAgent: null };

  async function sendContact(subject: string) {
    return submitContactMessage(
      t.database.db,
      {
        name: "Noor Jansen",
        email: "noor@voorbeeld.nl",
        subject,
        message: "Kan ik mijn btw-aangifte per maand doen?",
        inquiryType: "support",
        company: undefined,
        phone: undefined,
      },
      visitor,
      t.now.value,
      "support@balans.nl",
    );
  }

  it("lists the messages with their status, open ones first, paged", async () => {
    const answered = await sendContact("Eerder bericht");
    await t.database.db
      .update(contactSubmissions)
      .set({ status: "answered" })
      .where(eq(contactSubmissions.id, answered.id));
    const open = await sendContact("Btw per maand");
    const list = await operator.request({ method: "GET", url: "/api/operator/contact-messages?limit=1" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("2");
    expect(list.headers.link).toContain('rel="next"');
    const [first] = list.json<ContactMessage[]>();
    expect(first).toMatchObject({ id: open.id, reference: open.reference, status: "new", answers: [] });
  });

  it("mails the answer to the sender and marks the message answered, once", async () => {
    const { id, reference } = await sendContact("Vraag over facturen");
    const answer = await operator.request({
      method: "POST",
      url: `/api/operator/contact-messages/${id}/answer`,
      payload: { message: "Ja, kies in Instellingen een aangifteperiode per maand." },
    });
    expect(answer.statusCode, answer.body).toBe(204);

    const mail = await lastMailTo(t.database.db, "noor@voorbeeld.nl");
    expect(mail?.subject).toBe(`Re: Vraag over facturen (${reference})`);
    expect(mail?.text).toContain("Ja, kies in Instellingen een aangifteperiode per maand.");
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ status: "answered", responseTime: t.now.value });

    const list = await operator.request({ method: "GET", url: "/api/operator/contact-messages?limit=100" });
    const shown = list.json<ContactMessage[]>().find((message) => message.id === id)!;
    expect(shown.answers).toEqual([
      {
        message: "Ja, kies in Instellingen een aangifteperiode per maand.",
        answeredBy: "beheer@balans.nl",
        answeredAt: t.now.value.toISOString(),
      },
    ]);

    const again = await operator.request({
      method: "POST",
      url: `/api/operator/contact-messages/${id}/answer`,
      payload: { message: "Nog een keer" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(ALREADY_ANSWERED_MESSAGE);
  });

  it("refuses an empty or too long answer and changes nothing", async () => {
    const { id } = await sendContact("Leeg antwoord");
    for (const [message, expected] of [
      ["   ", ANSWER_REQUIRED_MESSAGE],
      ["x".repeat(10_001), ANSWER_TOO_LONG_MESSAGE],
    ] as const) {
      const answer = await operator.request({
        method: "POST",
        url: `/api/operator/contact-messages/${id}/answer`,
        payload: { message },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(expected);
    }
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row!.status).toBe("new");
  });

  it("answers 404 for an unknown message", async () => {
    for (const id of [SOME_ID, "geen-id"]) {
      const answer = await operator.request({
        method: "POST",
        url: `/api/operator/contact-messages/${id}/answer`,
        payload: { message: "Hallo" },
      });
      expect(answer.statusCode).toBe(404);
    }
  });
});

describe("the other lists", () => {
  it("lists newsletter sign-ups", async () => {
    await t.database.db
      .insert(newsletterSignups)
      .values({ email: "lezer@voorbeeld.nl", status: "confirmed" });
    const list = await operator.request({ method: "GET", url: "/api/operator/newsletter-signups" });
    expect(list.json<NewsletterSignupRow[]>()).toEqual([
      expect.objectContaining({ email: "lezer@voorbeeld.nl", status: "confirmed" }),
    ]);
  });

  it("lists privacy requests by due date and marks the overdue ones", async () => {
    await t.database.db.insert(gdprRequests).values([
      { email: "laat@voorbeeld.nl", requestType: "erasure", dueDate: "2026-11-25" },
      { email: "op-tijd@voorbeeld.nl", requestType: "access", dueDate: "2026-12-20" },
      { email: "klaar@voorbeeld.nl", requestType: "access", dueDate: "2026-10-01", status: "completed" },
    ]);
    const list = await operator.request({ method: "GET", url: "/api/operator/privacy-requests" });
    expect(
      list
        .json<PrivacyRequestRow[]>()
        .map(({ email, dueDate, isOverdue }) => ({ email, dueDate, isOverdue })),
    ).toEqual([
      { email: "laat@voorbeeld.nl", dueDate: "2026-11-25", isOverdue: true },
      { email: "op-tijd@voorbeeld.nl", dueDate: "2026-12-20", isOverdue: false },
      { email: "klaar@voorbeeld.nl", dueDate: "2026-10-01", isOverdue: false },
    ]);
  });

  it("lists the error log, newest first", async () => {
    await t.database.db.insert(errorLogs).values([
      { message: "Oud", createdAt: new Date("2026-11-01T10:00:00Z") },
      { message: "Nieuw", severity: "critical", createdAt: new Date("2026-11-20T10:00:00Z") },
    ]);
    const list = await operator.request({ method: "GET", url: "/api/operator/error-logs" });
    expect(list.json<{ message: string }[]>().map((row) => row.message)).toEqual(["Nieuw", "Oud"]);
  });

  it("lists the job runs", async () => {
    await recordJobRun(t.database.db, "overdue-invoices", {
      startedAt: t.now.value,
      durationMs: 12,
      error: new Error("Database weg"),
    });
    const list = await operator.request({ method: "GET", url: "/api/operator/job-runs" });
    expect(list.json<JobRunRow[]>()).toEqual([
      expect.objectContaining({ name: "overdue-invoices", lastStatus: "failed", lastError: "Database weg" }),
    ]);
  });

  it("refuses a page size out of range", async () => {
    const list = await operator.request({ method: "GET", url: "/api/operator/error-logs?limit=0" });
    expect(list.statusCode).toBe(400);
    expect(list.body).toContain("Aantal per pagina moet een heel getal van 1 tot en met 100 zijn");
  });
});

describe("feature flags", () => {
  it("lists the flags and switches one on and off", async () => {
    const [flag] = await t.database.db
      .insert(featureFlags)
      .values({ name: "kasstroom-prognose", description: "De prognose op het dashboard" })
      .returning();
    await t.database.db.insert(featureFlags).values({ name: "oud", isArchived: true });
    const list = await operator.request({ method: "GET", url: "/api/operator/feature-flags" });
    expect(list.json<FeatureFlagRow[]>().map((row) => [row.name, row.isEnabled])).toEqual([
      ["kasstroom-prognose", false],
    ]);

    const on = await operator.request({
      method: "PATCH",
      url: `/api/operator/feature-flags/${flag!.id}`,
      payload: { isEnabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ name: "kasstroom-prognose", isEnabled: true });
    const [stored] = await t.database.db.select().from(featureFlags).where(eq(featureFlags.id, flag!.id));
    expect(stored!.isEnabled).toBe(true);

    const off = await operator.request({
      method: "PATCH",
      url: `/api/operator/feature-flags/${flag!.id}`,
      payload: { isEnabled: false },
    });
    expect(off.json()).toMatchObject({ isEnabled: false });
  });

  it("refuses a toggle without a yes or no, and an unknown or archived flag", async () => {
    const [flag] = await t.database.db.insert(featureFlags).values({ name: "proef" }).returning();
    const bad = await operator.request({
      method: "PATCH",
      url: `/api/operator/feature-flags/${flag!.id}`,
      payload: { isEnabled: "ja" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(FLAG_ENABLED_MESSAGE);
    const [archived] = await t.database.db
      .insert(featureFlags)
      .values({ name: "gearchiveerd", isArchived: true })
      .returning();
    for (const id of [SOME_ID, archived!.id]) {
      const answer = await operator.request({
        method: "PATCH",
        url: `/api/operator/feature-flags/${id}`,
        payload: { isEnabled: true },
      });
      expect(answer.statusCode).toBe(404);
    }
    const [still] = await t.database.db.select().from(featureFlags).where(eq(featureFlags.id, archived!.id));
    expect(still!.isEnabled).toBe(false);
  });
});
