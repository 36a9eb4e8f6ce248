import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { MARKETING } from "@shared/content/marketing";
import type { S3Settings } from "./features/documents/backends";

/** Every environment variable Balans reads, parsed once at start-up. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET moet minimaal 32 tekens zijn").optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Balans <noreply@balans.nl>"),
  SUPPORT_EMAIL: z.email().default(MARKETING.support.email),
  PUBLIC_URL: z.url().optional(),
  NODE_ENV: z.string().default("development"),
  TRUST_PROXY: z.string().optional(),
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  E2E_HELPERS: z.enum(["on", "off"]).default("off"),
  DEMO_POOL_SIZE: z.coerce.number().int().min(0).max(200).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DOCUMENT_STORAGE: z.enum(["database", "disk", "s3"]).default("database"),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  INBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOX_SMTP_HOST: z.string().default("0.0.0.0"),
  INBOX_DOMAIN: z.string().optional(),
  MOLLIE_API_URL: z.url().optional(),
  BILLING_MOLLIE_API_KEY: z.string().trim().optional(),
  BILLING_ADMINISTRATION_USERNAME: z.string().trim().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  /** The sender of every e-mail (MAIL_FROM). */
  mailFrom: string;
  /** Where contact messages are mailed for the team to answer (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The address users reach Balans at; origin checks and absolute links use it. */
  publicUrl: string | undefined;
  isProduction: boolean;
  logLevel: string;
  /** Behind a load balancer: which X-Forwarded-* hops to trust (true, a hop count, or addresses). */
  trustProxy: boolean | number | string;
  /** Off only for benchmarks and browser tests that sign up many users from one address. */
  rateLimits: boolean;
  /** Where the built client lives; undefined when the API runs alone (tests). */
  clientDir: string | undefined;
  /** Browser tests only: routes that read what the server mailed (never in production). */
  testHelpers: boolean;
  /** Demo accounts kept ready; unset: a default for the kind of database (see jobsFor). */
  demoPoolSize: number | undefined;
  /** Where uploaded documents (receipts, purchase invoices) are kept: in the database, under dataDir or in S3. */
  documentStorage: "database" | "disk" | "s3";
  /** The S3-compatible bucket for DOCUMENT_STORAGE=s3 (S3_BUCKET and the other S3_ variables). */
  s3: S3Settings | undefined;
  /**
   * The e-mail inbox for purchase invoices: the built-in SMTP receiver's port (unset: off), its address and
   * the domain of the private addresses (<token>@domain; default the PUBLIC_URL's host, else localhost).
   */
  inbox: { port: number; host: string; domain: string } | undefined;
  /** Another address for Mollie's API than api.mollie.com: the browser tests' local double; never in production. */
  mollieApiUrl: string | undefined;
  /**
   * Balans's own subscriptions (features/billing): its Mollie key (BILLING_MOLLIE_API_KEY) and the account whose
   * books issue the invoices (BILLING_ADMINISTRATION_USERNAME). Unset: no subscriptions and no trial limit.
   */
  billing: { apiKey: string; administrationUsername: string | null } | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Ongeldige configuratie:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  if (values.DOCUMENT_STORAGE === "s3" && !values.S3_BUCKET)
    throw new Error("Ongeldige configuratie:\nS3_BUCKET: nodig bij DOCUMENT_STORAGE=s3");
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY))
    throw new Error(
      "Ongeldige configuratie:\nS3_ACCESS_KEY_ID en S3_SECRET_ACCESS_KEY: geef ze allebei of geen van beide",
    );
  const dataDir = resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL || undefined,
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: values.SMTP_URL || undefined,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    publicUrl: values.PUBLIC_URL?.replace(/\/$/, ""),
    isProduction: values.NODE_ENV === "production",
    logLevel: values.LOG_LEVEL,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    rateLimits: values.RATE_LIMITS === "on",
    clientDir: resolve("dist/client"),
    testHelpers: values.E2E_HELPERS === "on" && values.NODE_ENV !== "production",
    demoPoolSize: values.DEMO_POOL_SIZE,
    documentStorage: values.DOCUMENT_STORAGE,
    s3: s3SettingsOf(values),
    inbox:
      values.INBOX_SMTP_PORT === undefined
        ? undefined
        : {
            port: values.INBOX_SMTP_PORT,
            host: values.INBOX_SMTP_HOST,
            domain:
              values.INBOX_DOMAIN ?? (values.PUBLIC_URL ? new URL(values.PUBLIC_URL).hostname : "localhost"),
          },
    mollieApiUrl: values.NODE_ENV === "production" ? undefined : values.MOLLIE_API_URL,
    billing: values.BILLING_MOLLIE_API_KEY
      ? {
          apiKey: values.BILLING_MOLLIE_API_KEY,
          administrationUsername: values.BILLING_ADMINISTRATION_USERNAME || null,
        }
      : undefined,
  };
}

function s3SettingsOf(values: z.infer<typeof EnvSchema>): S3Settings | undefined {
  if (!values.S3_BUCKET) return undefined;
  return {
    bucket: values.S3_BUCKET,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    credentials:
      values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Services other than AWS mostly address buckets by path; AWS itself by host name.
    forcePathStyle: values.S3_FORCE_PATH_STYLE
      ? values.S3_FORCE_PATH_STYLE === "true"
      : Boolean(values.S3_ENDPOINT),
  };
}

/** Without SESSION_SECRET a secret is generated once and kept in the data directory, so restarts keep sessions. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
