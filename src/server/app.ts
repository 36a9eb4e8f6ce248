/**
 * buildApp: the whole HTTP application, without listening. main.ts and the tests both build it here.
 * 1. Zod validates every request body and query with the schemas in src/shared.
 * 2. Cross-cutting plugins: errors, security headers + origin check + rate limiter, sessions.
 * 3. Feature routes under /api; the signed-in ones check the session first.
 * 4. The built React app for every other path.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import { requestArrival } from "./db/query-order";
import { apiTokenRoutes } from "./features/api-tokens/routes";
import { administrationRoutes } from "./features/administrations/routes";
import { authRoutes } from "./features/auth/routes";
import { billingRoutes, billingWebhookRoutes } from "./features/billing/routes";
import { billingTestRoutes } from "./features/billing/test-routes";
import type { BillingDeps } from "./features/billing/service";
import { codeStep, twoFactorRoutes } from "./features/auth/two-factor-routes";
import { ledgerRoutes } from "./features/ledger/routes";
import { vatReturnRoutes } from "./features/vat-returns/routes";
import { memorialRoutes } from "./features/memorial/routes";
import { createMollieSubscriptions, mollieProviders } from "./features/payment-links/mollie";
import { paymentLinkPublicRoutes, paymentLinkRoutes } from "./features/payment-links/routes";
import type { PaymentLinkSource } from "./features/invoices/sending";
import { paymentLinkSource } from "./features/payment-links/service";
import { reminderRoutes } from "./features/reminders/routes";
import { recurringInvoiceRoutes } from "./features/recurring-invoices/routes";
import { bankAccountRoutes } from "./features/bank/accounts-routes";
import { bankStatementRoutes } from "./features/bank/routes";
import { categoryRoutes } from "./features/categories/routes";
import { clientRoutes } from "./features/clients/routes";
import { consentRoutes } from "./features/consent/routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import { demoRoutes } from "./features/demo/routes";
import { fixedAssetRoutes } from "./features/fixed-assets/routes";
import { healthRoutes } from "./features/health/routes";
import { invoiceRoutes } from "./features/invoices/routes";
import { importReportRoutes } from "./features/imports/routes";
import { notificationRoutes } from "./features/notifications/routes";
import { onboardingRoutes } from "./features/onboarding/routes";
import { openApiPlugin } from "./features/openapi/plugin";
import { operatorRoutes } from "./features/operator/routes";
import { operatorTestRoutes } from "./features/operator/test-routes";
import { projectRoutes } from "./features/projects/routes";
import { publicQuoteRoutes, quoteRoutes } from "./features/quotes/routes";
import { openDocumentStore, type DocumentStore, type DocumentStoreOptions } from "./features/documents/store";
import { createReadingQueue, type ReadingQueue } from "./features/purchase-invoices/reading-queue";
import { purchaseInvoiceRoutes } from "./features/purchase-invoices/routes";
import { reportRoutes } from "./features/reports/routes";
import { auditFileRoutes } from "./features/exports/xaf-routes";
import { ledgerExportRoutes } from "./features/exports/routes";
import { invoiceStyleRoutes } from "./features/invoice-styles/routes";
import { settingsRoutes } from "./features/settings/routes";
import { timeTrackingRoutes } from "./features/time-tracking/routes";
import { privacyRoutes } from "./features/privacy/routes";
import { publicSiteRoutes } from "./features/public-site/routes";
import { siteSearchRoutes } from "./features/site-search/routes";
import { transactionRoutes } from "./features/transactions/routes";
import { outboxTestRoutes } from "./mail/outbox-test-routes";
import { clientPlugin } from "./plugins/client";
import { errorsPlugin } from "./plugins/errors";
import { inputHygienePlugin } from "./plugins/input-hygiene";
import { securityPlugin } from "./plugins/security";
import { sessionPlugin } from "./plugins/session";

export type AppDependencies = {
  db: Database;
  config: Pick<
    Config,
    | "sessionSecret"
    | "publicUrl"
    | "isProduction"
    | "clientDir"
    | "logLevel"
    | "trustProxy"
    | "rateLimits"
    | "smtpUrl"
    | "port"
    | "supportEmail"
  >;
  /** The current moment; tests move it. */
  clock?: () => Date;
  /** Fastify's logger options; tests pass false. */
  logger?: boolean | object;
  /**
   * Count rate limits in the database (rate_limit_hits), so that every instance on it shares them: on PostgreSQL.
   * Otherwise they are counted in this process's memory.
   */
  sharedRateLimits?: boolean;
  /**
   * The database's change notifications (DatabaseHandle.listen): signed-in requests then find their session in
   * memory, which the notifications keep exact. Without it every request reads the session from the database.
   */
  listen?: DatabaseHandle["listen"];
  /** Browser tests: GET /api/test/outbox reads the last e-mail to an address (config.testHelpers). */
  testHelpers?: boolean;
  /** Where uploaded originals are kept (DOCUMENT_STORAGE, DATA_DIR, S3_*); by default in the database. */
  documents?: DocumentStoreOptions;
  /** The mail domain of the purchase-invoice inbox when its SMTP receiver runs (main.ts starts it). */
  inboxDomain?: string;
  /** Mollie's API elsewhere than api.mollie.com (MOLLIE_API_URL): the tests' local double. */
  mollieApiUrl?: string;
  /** Balans's own subscriptions (config.billing); without it nothing expires. */
  billing?: Config["billing"];
};

declare module "fastify" {
  interface FastifyInstance {
    /** Reads uploaded and mailed documents in the background; tests wait on `idle()`. */
    readingQueue: ReadingQueue;
    documentStore: DocumentStore;
    /** The 'Betaal online' link of an invoice being sent, for the scheduled jobs that send invoices too. */
    paymentLinks: PaymentLinkSource;
    /** Balans's own subscriptions, for the billing job (main.ts). */
    billing: BillingDeps;
  }
}

/** Log paths that would carry a credential, censored wherever a request or its headers are logged. */
export const LOG_REDACTIONS = {
  paths: [
    "req.headers.authorization",
    "req.headers.cookie",
    "headers.authorization",
    "headers.cookie",
    'res.headers["set-cookie"]',
  ],
  censor: "[verborgen]",
};

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { db, config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    // Credentials never reach the log, whoever logs a request's headers (API tokens, session cookies).
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, redact: LOG_REDACTIONS, ...(deps.logger as object) },
    bodyLimit: 1024 * 1024,
    // Fastify accepts a hop count too; its types list only the other forms.
    trustProxy: config.trustProxy as boolean | string,
    // Requests in flight finish on shutdown; idle keep-alive connections are closed.
    forceCloseConnections: "idle",
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // On the embedded database, statements are run for the request that arrived first (db/query-order.ts).
  app.addHook("onRequest", (_request, _reply, done) =>
    requestArrival.run({ arrival: performance.now(), spentMs: 0 }, done),
  );
  await app.register(errorsPlugin);
  await app.register(inputHygienePlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    rateLimits: config.rateLimits,
    rateLimitDatabase: deps.sharedRateLimits ? db : undefined,
  });
  await app.register(sessionPlugin, {
    db,
    secret: config.sessionSecret,
    clock,
    publicUrl: config.publicUrl,
    listen: deps.listen,
    isBillingOn: Boolean(deps.billing),
  });

  // Before the routes: it collects each route's schema as it is added.
  await app.register(openApiPlugin);
  await app.register(healthRoutes, { db });
  const store = await openDocumentStore(deps.documents ?? { storage: "database" });
  const queue = createReadingQueue({ db, store, log: app.log });
  app.decorate("documentStore", store);
  app.decorate("readingQueue", queue);
  app.addHook("onClose", () => queue.close());
  // Links in account mails point at the public address; without one, at this server itself (never at a Host header).
  const linkBase = config.publicUrl ?? `http://localhost:${config.port}`;
  const step = codeStep(config.sessionSecret, config.publicUrl);
  await app.register(authRoutes, { db, clock, linkBase, step });
  await app.register(twoFactorRoutes, { db, clock, step });
  await app.register(consentRoutes, { db, clock, publicUrl: config.publicUrl });
  await app.register(demoRoutes, { db, clock });
  await app.register(privacyRoutes, { db, clock, publicUrl: config.publicUrl });
  await app.register(administrationRoutes, { db, clock, linkBase });
  await app.register(publicSiteRoutes, {
    db,
    clock,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    rateLimits: config.rateLimits,
    supportEmail: config.supportEmail,
  });
  await app.register(siteSearchRoutes, { db, clock });
  // Payment links: the provider reaches the webhook only at a public address; the payer returns to linkBase.
  const paymentLinks = {
    providers: mollieProviders({ apiEndpoint: deps.mollieApiUrl }),
    linkBase,
    webhookBase: config.publicUrl ?? null,
  };
  // Every way of sending an invoice or its reminder gives it the same link (the routes here, the jobs: main.ts).
  const linkSource = paymentLinkSource({ ...paymentLinks, log: app.log });
  app.decorate("paymentLinks", linkSource);
  await app.register(paymentLinkPublicRoutes, { db, clock, deps: paymentLinks });
  await app.register(publicQuoteRoutes, { db, clock });
  // Balans's own subscriptions, on Balans's key: the same provider adapter as payment links.
  const billing = {
    provider: deps.billing ? createMollieSubscriptions(deps.billing.apiKey, deps.mollieApiUrl) : null,
    billingUsername: deps.billing?.administrationUsername ?? null,
    linkBase,
    webhookBase: config.publicUrl ?? null,
  };
  app.decorate("billing", { ...billing, log: app.log });
  await app.register(billingWebhookRoutes, { db, clock, deps: billing });
  // The operator back office: its own sign-in, the rest behind requireOperator.
  await app.register(operatorRoutes, { db, clock, step });
  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", signedIn.requireUser);
    await signedIn.register(categoryRoutes, { db });
    await signedIn.register(clientRoutes, { db, clock });
    await signedIn.register(invoiceRoutes, {
      db,
      clock,
      sendsMail: Boolean(config.smtpUrl),
      paymentLinks: linkSource,
    });
    await signedIn.register(paymentLinkRoutes, { db, clock, deps: paymentLinks });
    await signedIn.register(projectRoutes, { db });
    await signedIn.register(settingsRoutes, { db, clock });
    await signedIn.register(invoiceStyleRoutes, { db });
    await signedIn.register(timeTrackingRoutes, { db, clock });
    await signedIn.register(transactionRoutes, { db, clock });
    await signedIn.register(bankAccountRoutes, { db });
    await signedIn.register(bankStatementRoutes, { db, clock });
    await signedIn.register(ledgerRoutes, { db, clock });
    await signedIn.register(vatReturnRoutes, { db, clock });
    await signedIn.register(memorialRoutes, { db, clock });
    await signedIn.register(reminderRoutes, { db, clock, paymentLinks: linkSource });
    await signedIn.register(quoteRoutes, { db, clock, linkBase, sendsMail: Boolean(config.smtpUrl) });
    await signedIn.register(recurringInvoiceRoutes, { db, clock, paymentLinks: linkSource });
    await signedIn.register(dashboardRoutes, { db, clock });
    await signedIn.register(onboardingRoutes, { db });
    await signedIn.register(apiTokenRoutes, { db, clock });
    await signedIn.register(notificationRoutes, { db, clock, isBillingOn: Boolean(deps.billing) });
    await signedIn.register(billingRoutes, { db, clock, deps: billing });
    await signedIn.register(importReportRoutes, { db, clock });
    await signedIn.register(reportRoutes, { db, clock });
    await signedIn.register(auditFileRoutes, { db, clock });
    await signedIn.register(ledgerExportRoutes, { db, clock });
    await signedIn.register(fixedAssetRoutes, { db, clock });
    await signedIn.register(purchaseInvoiceRoutes, {
      db,
      clock,
      store,
      queue,
      inboxDomain: deps.inboxDomain,
    });
  });

  if (deps.testHelpers) {
    await app.register(outboxTestRoutes, { db });
    await app.register(operatorTestRoutes, { db });
    await app.register(billingTestRoutes, { db, clock });
  }
  if (config.clientDir) {
    await app.register(clientPlugin, { clientDir: config.clientDir, publicUrl: config.publicUrl });
  }
  return app;
}
