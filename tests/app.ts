import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp, type AppDependencies } from "../src/server/app";
import type { DatabaseHandle } from "../src/server/db/client";
import { sessionStore } from "../src/server/features/auth/sessions";
import { SESSION_COOKIE } from "../src/server/plugins/session";
import { createTestDatabase } from "./database";
import { createCompanyProfile, createUser } from "./factories";

const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";

/** The configuration every test app runs with: API only, rate limits on, silent. */
export const TEST_APP_CONFIG = {
  sessionSecret: TEST_SECRET,
  publicUrl: undefined,
  isProduction: false,
  clientDir: undefined,
  logLevel: "silent",
  trustProxy: false,
  rateLimits: true,
  smtpUrl: undefined,
  port: 5000,
  supportEmail: "support@balans.nl",
} satisfies AppDependencies["config"];

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The moment the app believes it is; tests may move it. */
  now: { value: Date };
  /** A new user with a session: pass `cookie` as the `cookie` header. */
  signIn(overrides?: Parameters<typeof createUser>[1]): Promise<SignedIn>;
  close(): Promise<void>;
};

export type SignedIn = {
  user: Awaited<ReturnType<typeof createUser>>;
  cookie: string;
  /** app.inject as this user. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
};

/**
 * The real app on this test file's own database, API only (no built client). `config` changes the test
 * configuration (e.g. a mail server URL); `documents` keeps uploaded originals elsewhere than in the database.
 */
export async function buildTestApp(
  config: Partial<AppDependencies["config"]> = {},
  options: Pick<AppDependencies, "documents" | "mollieApiUrl" | "billing"> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const now = { value: new Date() };
  const clock = () => now.value;
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    clock,
    logger: false,
    config: { ...TEST_APP_CONFIG, ...config },
    documents: options.documents,
    mollieApiUrl: options.mollieApiUrl,
    billing: options.billing,
  });
  await app.ready();
  const sessions = sessionStore(TEST_SECRET);

  return {
    app,
    database,
    now,
    async signIn(overrides) {
      const user = await createUser(database.db, overrides);
      const token = await sessions.create(database.db, user.id, clock());
      const cookie = `${SESSION_COOKIE}=${token}`;
      return {
        user,
        cookie,
        request: (options) => app.inject({ ...options, headers: { ...options.headers, cookie } }),
      };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app on Friday 20 November 2026, 11:00 in Amsterdam, with an owner whose company data is complete, so
 * their invoices and quotes can be issued (`company` changes it), and a stranger, who must get 404 for the
 * owner's records.
 */
export async function buildAppWithOwner(
  company: Parameters<typeof createCompanyProfile>[2] = {},
): Promise<{ t: TestApp; owner: SignedIn; stranger: SignedIn }> {
  const t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
  const owner = await t.signIn();
  const stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id, company);
  return { t, owner, stranger };
}

/** The session cookie an answer sets, ready to send back as a `cookie` header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string | undefined {
  const found = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  return found && found.value ? `${SESSION_COOKIE}=${found.value}` : undefined;
}

let addressCounter = 0;

/**
 * A POST as a browser sends it, each from an address of its own (unless one is given), so that the per-IP limits
 * of sign-up, sign-in and the account links do not add up across tests.
 */
export function postFrom(
  app: FastifyInstance,
  url: string,
  payload: object,
  options: { cookie?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  addressCounter++;
  return app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress:
      options.remoteAddress ?? `10.0.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
    headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}
