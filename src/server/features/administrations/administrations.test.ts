import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMINISTRATION_MESSAGES,
  OWNER_ONLY_SETTINGS_TABS,
  type AccessLogPage,
  type Administration,
  type Member,
} from "../../../shared/schemas/administrations";
import { SETTINGS_TABS, type SettingsTab } from "../../../shared/routes";
import type { LedgerAccountAnswer } from "../../../shared/schemas/ledger";
import { outboxMessages } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { ACCOUNTANT_WRITES } from "../../plugins/session";

let t: TestApp;
let owner: SignedIn;
let accountant: SignedIn;
let reader: SignedIn;
let stranger: SignedIn;

const confirmed = (email: string) => ({ email, emailVerifiedAt: new Date("2026-01-01T00:00:00Z") });

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-10-15T10:00:00Z");
  owner = await t.signIn({ companyName: "Eigenaar Design", email: "eigenaar@voorbeeld.nl" });
  accountant = await t.signIn({ companyName: "Boekhoudkantoor Jansen", ...confirmed("jansen@kantoor.nl") });
  reader = await t.signIn({ companyName: "Meelezer", ...confirmed("lezer@voorbeeld.nl") });
  stranger = await t.signIn({ companyName: "Vreemde", ...confirmed("vreemd@voorbeeld.nl") });
});
afterAll(() => t.close());

const invite = (as: SignedIn, payload: object) =>
  as.request({ method: "POST", url: "/api/administration/members", payload });

/** The token of the latest invitation mailed to `email`, read from the outbox as the invitee would. */
async function mailedToken(email: string): Promise<string> {
  const [message] = await t.database.db
    .select({ text: outboxMessages.text })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const match = /\/uitnodiging\?token=([A-Za-z0-9_-]+)/.exec(message?.text ?? "");
  expect(match, message?.text).not.toBeNull();
  return match![1]!;
}

const accept = (as: SignedIn, token: string) =>
  as.request({ method: "POST", url: `/api/invitations/${token}/accept` });

const switchTo = (as: SignedIn, ownerId: string) =>
  as.request({ method: "POST", url: "/api/administrations/active", payload: { ownerId } });

async function members(): Promise<Member[]> {
  const response = await owner.request({ method: "GET", url: "/api/administration/members" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Invites `as` with `role`, accepts and opens the owner's administration. */
async function join(as: SignedIn, role: "accountant" | "read_only"): Promise<Member> {
  const invited = await invite(owner, { email: as.user.email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await accept(as, await mailedToken(as.user.email!));
  expect(accepted.statusCode, accepted.body).toBe(200);
  const switched = await switchTo(as, owner.user.id);
  expect(switched.statusCode, switched.body).toBe(200);
  return invited.json();
}

describe("inviting", () => {
  it("refuses bad input with Dutch messages and changes nothing", async () => {
    const cases: [object, string][] = [
      [{ role: "accountant" }, ADMINISTRATION_MESSAGES.emailRequired],
      [{ email: "   ", role: "accountant" }, ADMINISTRATION_MESSAGES.emailRequired],
      [{ email: "geen-adres", role: "accountant" }, ADMINISTRATION_MESSAGES.emailInvalid],
      [{ email: "iemand@voorbeeld.nl", role: "admin" }, ADMINISTRATION_MESSAGES.roleInvalid],
      [{ email: "EIGENAAR@voorbeeld.nl", role: "accountant" }, ADMINISTRATION_MESSAGES.inviteSelf],
    ];
    for (const [payload, message] of cases) {
      const response = await invite(owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await members()).toEqual([]);
  });

  it("mails an unguessable single-use link and lists the invitation as pending; a second one is refused", async () => {
    const response = await invite(owner, { email: "Nieuw@Voorbeeld.nl", role: "read_only" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      email: "nieuw@voorbeeld.nl",
      role: "read_only",
      status: "pending",
    });
    const token = await mailedToken("nieuw@voorbeeld.nl");
    expect(token.length).toBeGreaterThanOrEqual(43);
    const info = await t.app.inject({ method: "GET", url: `/api/invitations/${token}` });
    expect(info.json()).toEqual({
      ownerName: "Eigenaar Design",
      email: "nieuw@voorbeeld.nl",
      role: "read_only",
    });
    const again = await invite(owner, { email: "nieuw@voorbeeld.nl", role: "accountant" });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(ADMINISTRATION_MESSAGES.alreadyMember);
    // Withdrawn before use: the link no longer opens.
    const id = response.json<Member>().id;
    expect(
      (await owner.request({ method: "DELETE", url: `/api/administration/members/${id}` })).statusCode,
    ).toBe(204);
    const gone = await t.app.inject({ method: "GET", url: `/api/invitations/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain(ADMINISTRATION_MESSAGES.invitationInvalid);
  });
});

describe("accepting", () => {
  it("is bound to the invited, confirmed address", async () => {
    await invite(owner, { email: "vreemd@voorbeeld.nl", role: "accountant" });
    const token = await mailedToken("vreemd@voorbeeld.nl");
    const wrong = await accept(reader, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain(ADMINISTRATION_MESSAGES.invitationWrongAddress);
    const unconfirmed = await t.signIn({ email: "vreemd2@voorbeeld.nl", emailVerifiedAt: null });
    await invite(owner, { email: "vreemd2@voorbeeld.nl", role: "accountant" });
    const notConfirmed = await accept(unconfirmed, await mailedToken("vreemd2@voorbeeld.nl"));
    expect(notConfirmed.statusCode).toBe(403);
    expect(notConfirmed.body).toContain(ADMINISTRATION_MESSAGES.invitationWrongAddress);
    const unsigned = await t.app.inject({ method: "POST", url: `/api/invitations/${token}/accept` });
    expect(unsigned.statusCode).toBe(401);
    for (const member of await members()) {
      await owner.request({ method: "DELETE", url: `/api/administration/members/${member.id}` });
    }
  });

  it("works once, and not after seven days", async () => {
    await invite(owner, { email: "vreemd@voorbeeld.nl", role: "read_only" });
    const token = await mailedToken("vreemd@voorbeeld.nl");
    t.now.value = new Date("2026-10-22T10:00:01Z");
    const expired = await accept(stranger, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(ADMINISTRATION_MESSAGES.invitationExpired);
    t.now.value = new Date("2026-10-15T10:00:00Z");
    const first = await accept(stranger, token);
    expect(first.statusCode, first.body).toBe(200);
    const reused = await accept(stranger, token);
    expect(reused.statusCode).toBe(404);
    expect(reused.body).toContain(ADMINISTRATION_MESSAGES.invitationInvalid);
    const [member] = await members();
    expect(member).toMatchObject({ email: "vreemd@voorbeeld.nl", status: "active", expiresAt: null });
    await owner.request({ method: "DELETE", url: `/api/administration/members/${member!.id}` });
  });
});

describe("switching and working in another's administration", () => {
  let accountantMember: Member;
  let entryId: string;

  beforeAll(async () => {
    accountantMember = await join(accountant, "accountant");
    await join(reader, "read_only");
    const accounts: LedgerAccountAnswer[] = (
      await owner.request({ method: "GET", url: "/api/ledger/accounts?date=2026-12-31" })
    ).json();
    const account = (name: string) => accounts.find((row) => row.name === name)!.id;
    const created = await accountant.request({
      method: "POST",
      url: "/api/memorial-entries",
      payload: {
        date: "2026-10-01",
        description: "Correctie door accountant",
        lines: [
          { ledgerAccountId: account("Kantoorkosten"), amount: "10,00" },
          { ledgerAccountId: account("Algemene kosten"), amount: "-10,00" },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    entryId = created.json<{ id: string }>().id;
  });

  it("lists own and membered administrations with the open one marked", async () => {
    const response = await accountant.request({ method: "GET", url: "/api/administrations" });
    const list: Administration[] = response.json();
    expect(list).toEqual([
      { ownerId: accountant.user.id, name: "Boekhoudkantoor Jansen", role: null, isActive: false },
      { ownerId: owner.user.id, name: "Eigenaar Design", role: "accountant", isActive: true },
    ]);
  });

  it("shows the owner's records to the member, and writes the accountant's entry into the owner's books", async () => {
    const asOwner = await owner.request({ method: "GET", url: `/api/memorial-entries/${entryId}` });
    expect(asOwner.statusCode).toBe(200);
    const asReader = await reader.request({ method: "GET", url: `/api/memorial-entries/${entryId}` });
    expect(asReader.statusCode).toBe(200);
  });

  it("refuses a read-only member's writes and an accountant's other writes in Dutch", async () => {
    const readOnly = await reader.request({ method: "POST", url: "/api/memorial-entries", payload: {} });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.body).toContain(ADMINISTRATION_MESSAGES.readOnly);
    const client = await accountant.request({ method: "POST", url: "/api/clients", payload: { name: "X" } });
    expect(client.statusCode).toBe(403);
    expect(client.body).toContain(ADMINISTRATION_MESSAGES.accountantWrite);
  });

  it("never lets a member manage access, tokens or the owner's account", async () => {
    for (const [method, url] of [
      ["GET", "/api/administration/members"],
      ["GET", "/api/administration/access-log"],
      ["POST", "/api/administration/members"],
      ["GET", "/api/api-tokens"],
      ["PUT", "/api/user/password"],
      ["POST", "/api/user/two-factor/setup"],
    ] as const) {
      const response = await accountant.request({ method, url, payload: method === "GET" ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).toContain(ADMINISTRATION_MESSAGES.ownerOnly);
    }
  });

  it("answers GET /api/user with the open administration's owner and, beside it, who is signed in", async () => {
    const asAccountant = await accountant.request({ method: "GET", url: "/api/user" });
    expect(asAccountant.statusCode).toBe(200);
    expect(asAccountant.json()).toMatchObject({
      id: owner.user.id,
      companyName: "Eigenaar Design",
      signedInAs: {
        id: accountant.user.id,
        companyName: "Boekhoudkantoor Jansen",
        email: "jansen@kantoor.nl",
        role: "accountant",
      },
    });
    const asReader = await reader.request({ method: "GET", url: "/api/user" });
    expect(asReader.json()).toMatchObject({
      id: owner.user.id,
      signedInAs: { id: reader.user.id, role: "read_only" },
    });
    // In one's own administration there is no one else to name.
    for (const as of [owner, stranger]) {
      const own = await as.request({ method: "GET", url: "/api/user" });
      expect(own.json().id).toBe(as.user.id);
      expect(own.json()).not.toHaveProperty("signedInAs");
    }
  });

  it("refuses a member exactly the routes of the Settings tabs that are the owner's only", async () => {
    // What each tab needs: its list, or for the account's own tabs the change it is for.
    const probes: Record<SettingsTab, { method: "GET" | "PUT" | "DELETE"; url: string }> = {
      company: { method: "GET", url: "/api/settings/company" },
      profile: { method: "PUT", url: "/api/user" },
      password: { method: "PUT", url: "/api/user/password" },
      "bank-accounts": { method: "GET", url: "/api/bank-accounts" },
      "ledger-accounts": { method: "GET", url: "/api/ledger/accounts" },
      api: { method: "GET", url: "/api/api-tokens" },
      access: { method: "GET", url: "/api/administration/members" },
      subscription: { method: "DELETE", url: "/api/billing/subscription" },
    };
    expect(Object.keys(probes).sort()).toEqual([...SETTINGS_TABS].sort());
    for (const as of [accountant, reader]) {
      for (const tab of SETTINGS_TABS) {
        const { method, url } = probes[tab];
        const response = await as.request({ method, url, payload: method === "PUT" ? {} : undefined });
        if (OWNER_ONLY_SETTINGS_TABS.includes(tab)) {
          expect(response.statusCode, tab).toBe(403);
          expect(response.body).toContain(ADMINISTRATION_MESSAGES.ownerOnly);
        } else {
          expect(response.statusCode, `${tab}: ${response.body}`).toBe(200);
        }
      }
    }
  });

  it("refuses a switch to an administration one is not a member of, or that does not exist", async () => {
    for (const ownerId of [owner.user.id, "00000000-0000-4000-8000-000000000000", "geen-id"]) {
      const response = await stranger.request({
        method: "POST",
        url: "/api/administrations/active",
        payload: { ownerId },
      });
      expect(response.statusCode, ownerId).toBe(404);
    }
    const foreign = await stranger.request({ method: "GET", url: `/api/memorial-entries/${entryId}` });
    expect(foreign.statusCode).toBe(404);
  });

  it("logs every request of a member, refused ones too, for the owner to read in pages", async () => {
    const response = await owner.request({ method: "GET", url: "/api/administration/access-log?limit=2" });
    expect(response.statusCode, response.body).toBe(200);
    const page: AccessLogPage = response.json();
    expect(page.total).toBeGreaterThan(5);
    expect(page.entries).toHaveLength(2);
    const all: AccessLogPage = (
      await owner.request({ method: "GET", url: "/api/administration/access-log?limit=100" })
    ).json();
    expect(all.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          memberEmail: "jansen@kantoor.nl",
          method: "POST",
          url: "/api/memorial-entries",
          statusCode: 201,
        }),
        expect.objectContaining({
          memberEmail: "jansen@kantoor.nl",
          method: "POST",
          url: "/api/clients",
          statusCode: 403,
        }),
        expect.objectContaining({ memberEmail: "lezer@voorbeeld.nl", method: "GET", statusCode: 200 }),
      ]),
    );
    const bad = await owner.request({ method: "GET", url: "/api/administration/access-log?limit=0" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Aantal per pagina moet een heel getal van 1 tot en met 100 zijn");
  });

  it("changes a role at once, and only the owner's own members", async () => {
    const changed = await owner.request({
      method: "PATCH",
      url: `/api/administration/members/${accountantMember.id}`,
      payload: { role: "read_only" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: "read_only" });
    const now = await accountant.request({ method: "POST", url: "/api/memorial-entries", payload: {} });
    expect(now.statusCode).toBe(403);
    expect(now.body).toContain(ADMINISTRATION_MESSAGES.readOnly);
    const badRole = await owner.request({
      method: "PATCH",
      url: `/api/administration/members/${accountantMember.id}`,
      payload: { role: "eigenaar" },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.body).toContain(ADMINISTRATION_MESSAGES.roleInvalid);
    for (const method of ["PATCH", "DELETE"] as const) {
      const foreign = await stranger.request({
        method,
        url: `/api/administration/members/${accountantMember.id}`,
        payload: method === "PATCH" ? { role: "accountant" } : undefined,
      });
      expect(foreign.statusCode, method).toBe(404);
    }
    await owner.request({
      method: "PATCH",
      url: `/api/administration/members/${accountantMember.id}`,
      payload: { role: "accountant" },
    });
  });

  it("revokes at once: the member's next request is in their own administration", async () => {
    const revoked = await owner.request({
      method: "DELETE",
      url: `/api/administration/members/${accountantMember.id}`,
    });
    expect(revoked.statusCode).toBe(204);
    const entry = await accountant.request({ method: "GET", url: `/api/memorial-entries/${entryId}` });
    expect(entry.statusCode).toBe(404);
    const list: Administration[] = (
      await accountant.request({ method: "GET", url: "/api/administrations" })
    ).json();
    expect(list).toEqual([
      { ownerId: accountant.user.id, name: "Boekhoudkantoor Jansen", role: null, isActive: true },
    ]);
    expect((await switchTo(accountant, owner.user.id)).statusCode).toBe(404);
    const own = await accountant.request({ method: "GET", url: "/api/user" });
    expect(own.json()).toMatchObject({ id: accountant.user.id });
  });
});

/** Every registered route, read from Fastify's own route tree. */
function registeredRoutes(): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const url = parents.join("") + match[2]!;
    parents.push(match[2]!);
    for (const method of match[3]?.split(", ") ?? []) routes.push({ method, url });
  }
  return routes;
}

const concrete = (url: string) =>
  url
    .replace(/:year\b/g, "2026")
    .replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000")
    .replace(/\*/g, "x");

describe("authorisation matrix: every route × role", () => {
  let routes: { method: string; url: string }[];
  let memberRoutes: { method: string; url: string }[];

  beforeAll(async () => {
    await join(accountant, "accountant");
    routes = registeredRoutes();
    // The routes behind sign-in: without a session they answer 401. The back office is another kind of account,
    // and switching or accepting run as the member's own account (tested above).
    memberRoutes = [];
    for (const route of routes) {
      if (["GET", "HEAD", "OPTIONS"].includes(route.method) || route.url.startsWith("/api/operator"))
        continue;
      if (route.url === "/api/administrations/active" || route.url === "/api/invitations/:token/accept")
        continue;
      const anonymous = await t.app.inject({
        method: route.method as "POST",
        url: concrete(route.url),
        payload: {},
      });
      if (anonymous.statusCode === 401) memberRoutes.push(route);
    }
  });

  it("finds the application's routes", () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(memberRoutes.length).toBeGreaterThan(80);
    expect(memberRoutes).toEqual(
      expect.arrayContaining(
        [...ACCOUNTANT_WRITES].map((key) => {
          const [method, url] = key.split(" ");
          return { method, url };
        }),
      ),
    );
  });

  it("answers a read-only member 403 with the Dutch text on every write", async () => {
    for (const route of memberRoutes) {
      const response = await reader.request({
        method: route.method as "POST",
        url: concrete(route.url),
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.body, `${route.method} ${route.url}`).toMatch(
        new RegExp(`${ADMINISTRATION_MESSAGES.readOnly}|${ADMINISTRATION_MESSAGES.ownerOnly}`),
      );
    }
  });

  it("answers an accountant 403 on every write except memoriaal entries and closing years", async () => {
    for (const route of memberRoutes) {
      const response = await accountant.request({
        method: route.method as "POST",
        url: concrete(route.url),
        payload: {},
      });
      const label = `${route.method} ${route.url}`;
      if (ACCOUNTANT_WRITES.has(label)) {
        expect(response.statusCode, label).not.toBe(403);
      } else {
        expect(response.statusCode, label).toBe(403);
      }
    }
  });

  it("answers a non-member 404 for the owner's records", async () => {
    const [entry] = (await owner.request({ method: "GET", url: "/api/memorial-entries" })).json<
      { id: string }[]
    >();
    for (const method of ["GET", "DELETE"] as const) {
      const response = await stranger.request({ method, url: `/api/memorial-entries/${entry!.id}` });
      expect(response.statusCode, method).toBe(404);
    }
    const locked = await stranger.request({ method: "POST", url: `/api/memorial-entries/${entry!.id}/lock` });
    expect(locked.statusCode).toBe(404);
    const stillThere = await owner.request({ method: "GET", url: `/api/memorial-entries/${entry!.id}` });
    expect(stillThere.statusCode).toBe(200);
  });
});
