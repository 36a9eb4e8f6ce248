import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_KEY_COOKIE, COOKIE_INVENTORY } from "@shared/consent";
import { cookieAuditLogs, cookieConsents, cookiePolicyVersions } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { ensureCookiePolicy, hasInventoryDrifted } from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

/** The consent key cookie of the one browser these tests use, as the server would have set it. */
const THIS_BROWSER = `${CONSENT_KEY_COOKIE}=${"k".repeat(43)}`;
const inBrowser = (options: InjectOptions, as?: SignedIn) =>
  t.app.inject({
    ...options,
    headers: { ...options.headers, cookie: [THIS_BROWSER, as?.cookie].filter(Boolean).join("; ") },
  });
const signedInHere = (as: SignedIn): SignedIn => ({ ...as, request: (options) => inBrowser(options, as) });

beforeAll(async () => {
  t = await buildTestApp();
  owner = signedInHere(await t.signIn());
  stranger = signedInHere(await t.signIn());
});
afterAll(() => t.close());

const ESSENTIAL_ONLY = { essential: true, functional: false, analytics: false, marketing: false };
const EVERYTHING = { essential: true, functional: true, analytics: true, marketing: true };

function consentPayload(sessionId: string, status: object, consentMethod = "banner") {
  return { sessionId, ...status, consentMethod, policyVersion: "1.0.0", pageUrl: "http://localhost/prijzen" };
}

async function post(sessionId: string, status: object, consentMethod = "banner", as?: SignedIn) {
  const options = {
    method: "POST" as const,
    url: "/api/consent",
    payload: consentPayload(sessionId, status, consentMethod),
    headers: { "user-agent": "Vitest/1.0", referer: "http://localhost/" },
  };
  const response = await (as ? as.request(options) : inBrowser(options));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const auditLines = (sessionId: string) =>
  t.database.db
    .select()
    .from(cookieAuditLogs)
    .where(eq(cookieAuditLogs.sessionId, sessionId))
    .orderBy(asc(cookieAuditLogs.createdAt), asc(cookieAuditLogs.categoryChanged));

const consentRows = (sessionId: string) =>
  t.database.db
    .select()
    .from(cookieConsents)
    .where(eq(cookieConsents.sessionId, sessionId))
    .orderBy(asc(cookieConsents.consentGivenAt));

function later(seconds: number) {
  t.now.value = new Date(t.now.value.getTime() + seconds * 1000);
}

describe("POST /api/consent", () => {
  it("stores a first consent with IP, user agent, method, policy version and page, and one audit line per category", async () => {
    const sessionId = randomUUID();
    const answer = await post(sessionId, ESSENTIAL_ONLY);
    expect(answer).toEqual({
      ...ESSENTIAL_ONLY,
      consentGivenAt: t.now.value.toISOString(),
      consentWithdrawnAt: null,
      policyVersion: "1.0.0",
      consentMethod: "banner",
      userAgent: "Vitest/1.0",
    });

    const [row] = await consentRows(sessionId);
    expect(row).toMatchObject({
      userId: null,
      ipAddress: "127.0.0.1",
      userAgent: "Vitest/1.0",
      pageUrl: "http://localhost/prijzen",
      isActive: true,
      consentUpdatedAt: null,
    });

    const lines = await auditLines(sessionId);
    expect(
      lines.map((line) => [line.categoryChanged, line.action, line.previousValue, line.newValue]),
    ).toEqual([
      ["analytics", "consent_refused", null, false],
      ["essential", "consent_given", null, true],
      ["functional", "consent_refused", null, false],
      ["marketing", "consent_refused", null, false],
    ]);
    const essential = lines.find((line) => line.categoryChanged === "essential")!;
    expect(essential).toMatchObject({
      legalBasis: "strictly_necessary",
      // The longest-lived essential cookie: the consent key, kept a year.
      dataRetentionPeriod: "1 jaar",
      consentInterface: "banner",
      referrer: "http://localhost/",
      consentId: row!.id,
    });
    const analytics = lines.find((line) => line.categoryChanged === "analytics")!;
    expect(analytics).toMatchObject({
      legalBasis: "consent",
      dataRetentionPeriod: "2 jaar",
      thirdPartySharing: true,
    });
  });

  it("keeps the old record as proof, activates a new one and writes an audit line only for what changed", async () => {
    const sessionId = randomUUID();
    await post(sessionId, ESSENTIAL_ONLY);
    later(60);
    await post(sessionId, { ...ESSENTIAL_ONLY, analytics: true }, "settings");

    const rows = await consentRows(sessionId);
    expect(rows.map((row) => [row.isActive, row.analytics, row.consentMethod])).toEqual([
      [false, false, "banner"],
      [true, true, "settings"],
    ]);
    expect(rows[1]!.consentWithdrawnAt).toBeNull();
    const lines = await auditLines(sessionId);
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toMatchObject({
      action: "consent_granted",
      categoryChanged: "analytics",
      previousValue: false,
      newValue: true,
      consentInterface: "settings",
    });
  });

  it("stamps consentWithdrawnAt when a category is withdrawn", async () => {
    const sessionId = randomUUID();
    await post(sessionId, EVERYTHING);
    later(60);
    const answer = await post(sessionId, { ...EVERYTHING, marketing: false }, "settings");
    expect(answer.consentWithdrawnAt).toBe(t.now.value.toISOString());
    const lines = await auditLines(sessionId);
    expect(lines.at(-1)).toMatchObject({
      action: "consent_withdrawn",
      categoryChanged: "marketing",
      previousValue: true,
      newValue: false,
    });
  });

  it("sending the same choice again only updates consentUpdatedAt, without audit lines", async () => {
    const sessionId = randomUUID();
    await post(sessionId, ESSENTIAL_ONLY);
    later(60);
    await post(sessionId, ESSENTIAL_ONLY);
    const rows = await consentRows(sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.consentUpdatedAt?.toISOString()).toBe(t.now.value.toISOString());
    expect(await auditLines(sessionId)).toHaveLength(4);
  });

  it("attaches a signed-in user's consent to that user, whatever userId the body claims", async () => {
    const sessionId = randomUUID();
    const response = await owner.request({
      method: "POST",
      url: "/api/consent",
      payload: { ...consentPayload(sessionId, EVERYTHING), userId: stranger.user.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await consentRows(sessionId);
    expect(row!.userId).toBe(owner.user.id);
    const lines = await auditLines(sessionId);
    expect(lines.every((line) => line.userId === owner.user.id)).toBe(true);
  });

  it.each([
    [{ sessionId: "abc" }, "sessionId", "Ongeldige sessie-id"],
    [{ essential: false }, "essential", "Essentiële cookies kunnen niet worden uitgeschakeld"],
    [{ consentMethod: "popup" }, "consentMethod", "Ongeldige toestemmingsmethode"],
    [{ analytics: "ja" }, "analytics", "analytics moet waar of onwaar zijn"],
  ])("refuses %o with a Dutch message", async (override, field, message) => {
    const response = await inBrowser({
      method: "POST",
      url: "/api/consent",
      payload: { ...consentPayload(randomUUID(), ESSENTIAL_ONLY), ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });
});

describe("GET /api/consent", () => {
  it("answers the session's active consent in the shape of spec §7", async () => {
    const sessionId = randomUUID();
    await post(sessionId, { ...ESSENTIAL_ONLY, functional: true });
    const response = await inBrowser({ method: "GET", url: `/api/consent?sessionId=${sessionId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      essential: true,
      functional: true,
      analytics: false,
      marketing: false,
      policyVersion: "1.0.0",
      consentMethod: "banner",
      userAgent: "Vitest/1.0",
      consentGivenAt: expect.any(String),
    });
  });

  it("never reads another session's record", async () => {
    await post(randomUUID(), EVERYTHING);
    const response = await inBrowser({ method: "GET", url: `/api/consent?sessionId=${randomUUID()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Geen toestemming gevonden");
  });

  it("shows a user's consent only to that user, not to another user or a signed-out visitor", async () => {
    const sessionId = randomUUID();
    await post(sessionId, EVERYTHING, "banner", owner);
    const url = `/api/consent?sessionId=${sessionId}`;
    expect((await owner.request({ method: "GET", url })).statusCode).toBe(200);
    expect((await stranger.request({ method: "GET", url })).statusCode).toBe(404);
    expect((await inBrowser({ method: "GET", url })).statusCode).toBe(404);
    const audit = `/api/consent/audit?sessionId=${sessionId}`;
    expect((await owner.request({ method: "GET", url: audit })).json()).toHaveLength(4);
    expect((await stranger.request({ method: "GET", url: audit })).json()).toEqual([]);
  });

  it("belongs to the browser that gave it: another browser with the same session id neither reads nor overwrites it", async () => {
    const sessionId = randomUUID();
    await post(sessionId, ESSENTIAL_ONLY);
    const url = `/api/consent?sessionId=${sessionId}`;
    const elsewhere = await t.app.inject({ method: "GET", url });
    expect(elsewhere.statusCode).toBe(404);
    const otherBrowser = elsewhere.cookies.find((cookie) => cookie.name === CONSENT_KEY_COOKIE)!;
    expect(otherBrowser).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/consent" });

    const overwrite = await t.app.inject({
      method: "POST",
      url: "/api/consent",
      payload: consentPayload(sessionId, EVERYTHING),
      cookies: { [CONSENT_KEY_COOKIE]: otherBrowser.value },
    });
    expect(overwrite.statusCode).toBe(200);
    expect((await inBrowser({ method: "GET", url })).json()).toMatchObject(ESSENTIAL_ONLY);
    expect(
      (await inBrowser({ method: "GET", url: `/api/consent/audit?sessionId=${sessionId}` })).json(),
    ).toEqual(
      expect.arrayContaining([expect.objectContaining({ categoryChanged: "analytics", newValue: false })]),
    );
    const audit = await t.app.inject({
      method: "GET",
      url: `/api/consent/audit?sessionId=${sessionId}`,
      cookies: { [CONSENT_KEY_COOKIE]: otherBrowser.value },
    });
    expect(audit.json().every((line: { newValue: boolean }) => line.newValue)).toBe(true);
  });

  it("binds a record made before browsers had a key to the first browser that changes it", async () => {
    const sessionId = randomUUID();
    await post(sessionId, ESSENTIAL_ONLY);
    await t.database.db
      .update(cookieConsents)
      .set({ browserKeyHash: null })
      .where(eq(cookieConsents.sessionId, sessionId));
    const url = `/api/consent?sessionId=${sessionId}`;
    expect((await inBrowser({ method: "GET", url })).statusCode).toBe(200);
    later(60);
    await post(sessionId, EVERYTHING);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    expect((await inBrowser({ method: "GET", url })).json()).toMatchObject(EVERYTHING);
  });

  it("refuses a session id that is not a uuid", async () => {
    const response = await inBrowser({ method: "GET", url: "/api/consent?sessionId=1" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Ongeldige sessie-id");
  });
});

describe("GET /api/consent/audit", () => {
  it("answers the last 5 audit lines of the session, newest first", async () => {
    const sessionId = randomUUID();
    await post(sessionId, ESSENTIAL_ONLY);
    later(60);
    await post(sessionId, { ...ESSENTIAL_ONLY, analytics: true }, "settings");
    later(60);
    await post(sessionId, ESSENTIAL_ONLY, "settings");
    const response = await inBrowser({ method: "GET", url: `/api/consent/audit?sessionId=${sessionId}` });
    const lines = response.json();
    expect(lines).toHaveLength(5);
    expect(lines.slice(0, 2).map((line: { action: string }) => line.action)).toEqual([
      "consent_withdrawn",
      "consent_granted",
    ]);
  });
});

describe("GET /api/cookie-policy", () => {
  it("answers policy version 1.0.0, active, with the shared inventory", async () => {
    const response = await inBrowser({ method: "GET", url: "/api/cookie-policy" });
    expect(response.statusCode).toBe(200);
    const policy = response.json();
    expect(policy.version).toBe("1.0.0");
    expect(policy.cookieInventory).toEqual(COOKIE_INVENTORY);
    expect(policy.policyContent).toContain("## Wat zijn cookies?");
  });

  it("notices an inventory changed without a new policy version", async () => {
    expect(await hasInventoryDrifted(t.database.db)).toBe(false);
    await t.database.db
      .update(cookiePolicyVersions)
      .set({ cookieInventory: COOKIE_INVENTORY.slice(1) })
      .where(eq(cookiePolicyVersions.version, "1.0.0"));
    expect(await hasInventoryDrifted(t.database.db)).toBe(true);
    await t.database.db
      .update(cookiePolicyVersions)
      .set({ cookieInventory: [...COOKIE_INVENTORY] })
      .where(eq(cookiePolicyVersions.version, "1.0.0"));
  });

  it("lists an essential cookie added since in the stored version; another change stays a drift to publish", async () => {
    const policy = eq(cookiePolicyVersions.version, "1.0.0");
    const withoutEssentialKey = COOKIE_INVENTORY.filter((cookie) => cookie.name !== CONSENT_KEY_COOKIE);
    await t.database.db
      .update(cookiePolicyVersions)
      .set({ cookieInventory: withoutEssentialKey })
      .where(policy);
    await ensureCookiePolicy(t.database.db, t.now.value);
    expect(await hasInventoryDrifted(t.database.db)).toBe(false);

    const withoutAnalytics = COOKIE_INVENTORY.filter((cookie) => cookie.category !== "analytics");
    await t.database.db.update(cookiePolicyVersions).set({ cookieInventory: withoutAnalytics }).where(policy);
    await ensureCookiePolicy(t.database.db, t.now.value);
    expect(await hasInventoryDrifted(t.database.db)).toBe(true);
    await t.database.db
      .update(cookiePolicyVersions)
      .set({ cookieInventory: [...COOKIE_INVENTORY] })
      .where(policy);
  });

  it("is stored once, however often the app starts", async () => {
    const rows = await t.database.db
      .select()
      .from(cookiePolicyVersions)
      .where(and(eq(cookiePolicyVersions.version, "1.0.0"), eq(cookiePolicyVersions.isActive, true)));
    expect(rows).toHaveLength(1);
  });
});
