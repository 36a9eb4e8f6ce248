/**
 * SMTP delivery of the outbox, when SMTP_URL is set (architecture.md: nodemailer over SMTP_URL, else the outbox).
 * 1. A scheduled job picks up to 20 unsent messages, oldest first, skipping rows another instance holds.
 * 2. Each is handed to the SMTP server and stamped sent_at; a failure is logged and retried on the next run.
 * Delivery is at least once: a crash between sending and stamping sends that message again.
 */
import { and, asc, eq, isNull, notExists, or } from "drizzle-orm";
import { createTransport } from "nodemailer";
import type { Database } from "../db/client";
import { outboxMessages, users } from "../db/schema/index";
import type { Job } from "../jobs/scheduler";
import { attachmentsOf, type MailAttachment } from "./outbox";

const BATCH_SIZE = 20;
const MINUTE = 60 * 1000;

/** What delivery needs from a mail transport; nodemailer's transporter fits, and tests pass a fake. */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
};

export async function deliverOutbox(
  db: Database,
  transport: MailTransport,
  options: { from: string; now: Date },
): Promise<{ sent: number; failed: number }> {
  const pending = await db
    .select()
    .from(outboxMessages)
    // Demo accounts never send real e-mail (spec §6): their messages stay in the outbox, which shows them.
    .where(
      and(
        isNull(outboxMessages.sentAt),
        or(
          isNull(outboxMessages.userId),
          notExists(
            db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.id, outboxMessages.userId), eq(users.isDemo, true))),
          ),
        ),
      ),
    )
    .orderBy(asc(outboxMessages.createdAt))
    .limit(BATCH_SIZE)
    .for("update", { skipLocked: true });
  const attachments = await attachmentsOf(
    db,
    pending.map((message) => message.id),
  );
  let sent = 0;
  let failed = 0;
  for (const message of pending) {
    try {
      const files = attachments.get(message.id);
      await transport.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        ...(files ? { attachments: files } : {}),
      });
      await db.update(outboxMessages).set({ sentAt: options.now }).where(eq(outboxMessages.id, message.id));
      sent++;
    } catch (error) {
      failed++;
      console.warn(`Verzenden van e-mail ${message.id} mislukt; volgende ronde opnieuw.`, error);
    }
  }
  return { sent, failed };
}

/** The scheduled job that empties the outbox over SMTP every minute. */
export function mailDeliveryJob(smtpUrl: string, from: string): Job {
  const transport = createTransport(smtpUrl);
  return {
    name: "deliver-outbox",
    intervalMs: MINUTE,
    run: (db, now) => deliverOutbox(db, transport, { from, now }),
  };
}
