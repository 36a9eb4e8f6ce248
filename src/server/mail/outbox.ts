import type { Database } from "../db/client";
import { outboxMessages } from "../db/schema/index";

export type MailMessage = { recipient: string; subject: string; text: string };

/**
 * Sends an e-mail by storing it in the outbox (architecture.md: "without SMTP_URL, an outbox table that the app
 * shows"). Delivery over SMTP is a later step that reads unsent rows; storing first means a message is never
 * lost when the mail server is down. Pass a transaction handle to send only when the surrounding work commits.
 */
export async function sendMail(db: Database, message: MailMessage): Promise<{ id: string }> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ recipient: message.recipient, subject: message.subject, text: message.text })
    .returning({ id: outboxMessages.id });
  return row!;
}
