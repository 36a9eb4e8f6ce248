/**
 * Starting Balans.
 * 1. Read the configuration from the environment.
 * 2. Open the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL) and apply the migrations.
 * 3. Bring the site search index up to date with the public content (only what changed is rewritten).
 * 4. Build the app, start the scheduled jobs, listen.
 * 5. On SIGINT/SIGTERM: stop accepting requests, let those in flight finish, stop the jobs, checkpoint, close.
 */
import { resolve } from "node:path";
import { FAQ_ITEMS } from "@shared/content/faq";
import { PUBLIC_ROUTES } from "@shared/routes";
import { buildApp } from "./app";
import { findInboxOwner, receiveMail } from "./features/purchase-invoices/inbox";
import { startInboxReceiver } from "./features/purchase-invoices/inbox/smtp-receiver";
import { resumeReading } from "./features/purchase-invoices/reading-queue";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/lock";
import { migrateDatabase } from "./db/migrate";
import { backfillLedgers } from "./features/ledger/posting";
import { jobsFor } from "./jobs/index";
import { startJobs } from "./jobs/scheduler";
import { jobTestRoutes } from "./jobs/test-routes";
import { mailDeliveryJob } from "./mail/delivery";
import { indexSiteContent } from "./features/site-search/indexer";
import { collectSiteDocuments } from "./features/site-search/sources";

async function main() {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await migrateDatabase(database);
  // Users from before the ledger get their chart of accounts and their books from their records.
  await backfillLedgers(database.db);

  const clock = () => new Date();
  const app = await buildApp({
    db: database.db,
    config,
    clock,
    testHelpers: config.testHelpers,
    listen: database.listen,
    // Several instances may share a PostgreSQL database; the embedded one has a single process.
    sharedRateLimits: database.kind === "postgres",
    documents: { storage: config.documentStorage, dataDir: config.dataDir, s3: config.s3 },
    inboxDomain: config.inbox?.domain,
    mollieApiUrl: config.mollieApiUrl,
    billing: config.billing,
  });
  // Documents a stopped server left unread are read now.
  await resumeReading(database.db, app.readingQueue);
  const inbox = config.inbox
    ? await startInboxReceiver({
        ...config.inbox,
        findRecipient: (localPart) => findInboxOwner(database.db, localPart),
        deliver: (userId, mail) =>
          receiveMail(database.db, app.documentStore, app.readingQueue, userId, mail),
        logger: app.log,
      })
    : null;
  if (inbox) app.log.info(`purchase-invoice inbox listens for mail on port ${inbox.port}`);
  try {
    const documents = await collectSiteDocuments({
      // The prerendered public pages (scripts/prerender.ts), beside the built client.
      pagesDir: config.clientDir && resolve(config.clientDir, "..", "prerendered"),
      blogDir: resolve("content/blog"),
      faqItems: FAQ_ITEMS,
      routes: PUBLIC_ROUTES,
    });
    const outcome = await indexSiteContent(database.db, documents, clock());
    app.log.info(outcome, "site search index up to date");
  } catch (error) {
    // Search is not worth refusing to start over; the next start tries again.
    app.log.error({ err: error }, "indexing the site search failed");
  }
  // Without SMTP_URL mail stays in the outbox table (architecture.md).
  const mailJobs = config.smtpUrl ? [mailDeliveryJob(config.smtpUrl, config.mailFrom)] : [];
  const scheduled = [
    ...jobsFor(database.kind, {
      demoPoolSize: config.demoPoolSize,
      documentStore: app.documentStore,
      paymentLinks: app.paymentLinks,
      billing: app.billing,
    }),
    ...mailJobs,
  ];
  // Browser tests run a job at the moment they choose: POST /api/test/jobs/:name.
  if (config.testHelpers) await app.register(jobTestRoutes, { db: database.db, jobs: scheduled });
  const jobs = startJobs({ db: database.db, jobs: scheduled, clock, log: app.log });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: shutting down`);
    try {
      await inbox?.close();
      await app.close();
      await jobs.stop();
      await database.checkpoint();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  app.log.info(`Balans listens on http://localhost:${config.port} (${where})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
