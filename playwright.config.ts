import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests: Debian's Chromium drives the built app, served by the real server on a fresh embedded
 * database of its own (removed again by e2e/global-teardown.ts). `npm run test:e2e` builds first.
 */
const port = Number(process.env.E2E_PORT ?? 3999);
// A fresh data directory per run, made once by the main process (workers inherit the variable).
process.env.BALANS_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "balans-e2e-"));
export const E2E_DATA_DIR = process.env.BALANS_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
/** The local double of Mollie's API (tests/mollie-double), beside the server: specs reach it at this address. */
const MOLLIE_DOUBLE_URL = `https://127.0.0.1:${port + 1000}`;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // CI runs two workers, the server and two browsers on two cores: a journey with several accessibility scans
  // can take over half a minute there, and well over a minute while the other worker renders PDFs. The tests check
  // behaviour, not speed (npm run bench measures that); each wait still ends after expect's own 10 seconds.
  timeout: process.env.CI ? 180_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    // A trace costs every test a third more time; on a developer machine it is kept for the tests that fail.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node --import tsx tests/mollie-double/main.ts",
      url: `${MOLLIE_DOUBLE_URL}/_double/payments`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MOLLIE_DOUBLE_PORT: String(port + 1000) },
    },
    {
      command: "node --import tsx src/server/main.ts",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: "",
        RATE_LIMITS: "off",
        // Lets specs read the mail a visitor got (newsletter confirmation links): GET /api/test/outbox.
        E2E_HELPERS: "on",
        LOG_LEVEL: "warn",
        // Payment links talk to the double, which serves a self-signed certificate (Mollie's client is HTTPS only).
        MOLLIE_API_URL: `${MOLLIE_DOUBLE_URL}/v2/`,
        NODE_TLS_REJECT_UNAUTHORIZED: "0",
        // Balans's own subscriptions on the double (e2e/billing.spec.ts registers this key with it), invoiced
        // from the administration of the account that spec makes under this name.
        BILLING_MOLLIE_API_KEY: "test_e2eBillingKey00000000000000000000",
        BILLING_ADMINISTRATION_USERNAME: "balans_facturatie",
      },
    },
  ],
});
