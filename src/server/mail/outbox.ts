import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { isUuid } from "../../shared/ids";
import type { OutboxEntry } from "../../shared/schemas/settings";
import type { Database } from "../db/client";
import { outboxAttachments, outboxMessages } from "../db/schema/index";

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailMessage = {
  recipient: string;
  subject: string;
  text: string;
  /** The account the message is sent for; its outbox is shown in Settings. */
  userId?: string | null;
  /** What it is about ("invoice:<id>"), for mailsAbout. */
  reference?: string;
  attachments?: readonly MailAttachment[];
};

/**
 * Sends an e-mail by storing it in the outbox (architecture.md: "without SMTP_URL, an outbox table that the app
 * shows"). Delivery over SMTP is a later step that reads unsent rows; storing first means a message is never
 * lost when the mail server is down. Pass a transaction handle to send only when the surrounding work commits.
 */
export async function sendMail(db: Database, message: MailMessage): Promise<{ id: string }> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      recipient: message.recipient,
      subject: message.subject,
      text: message.text,
      userId: message.userId ?? null,
      reference: message.reference ?? null,
    })
    .returning({ id: outboxMessages.id });
  if (message.attachments?.length) {
    await db
      .insert(outboxAttachments)
      .values(message.attachments.map((attachment) => ({ ...attachment, messageId: row!.id })));
  }
  return row!;
}

/** The attachments of some messages, by message id, for delivery. */
export async function attachmentsOf(
  db: Database,
  messageIds: readonly string[],
): Promise<Map<string, MailAttachment[]>> {
  const byMessage = new Map<string, MailAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.messageId, [...messageIds]));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({ filename: row.filename, contentType: row.contentType, content: row.content });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** One message about a record: to whom, when it was put in the outbox, and when a mail server took it (or null). */
export type MailAbout = { recipient: string; queuedAt: string; sentAt: string | null };

/** The user's messages about each of `references`, oldest first, by reference. */
export async function mailsAbout(
  db: Database,
  userId: string,
  references: readonly string[],
): Promise<Map<string, MailAbout[]>> {
  const byReference = new Map<string, MailAbout[]>();
  if (references.length === 0) return byReference;
  const rows = await db
    .select({
      reference: outboxMessages.reference,
      recipient: outboxMessages.recipient,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), inArray(outboxMessages.reference, [...references])))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  for (const row of rows) {
    const list = byReference.get(row.reference!) ?? [];
    list.push({
      recipient: row.recipient,
      queuedAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    });
    byReference.set(row.reference!, list);
  }
  return byReference;
}

/** The user's latest messages, newest first, for Settings. */
export async function listOutbox(db: Database, userId: string, limit = 50): Promise<OutboxEntry[]> {
  const messages = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.userId, userId))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  const files =
    messages.length === 0
      ? []
      : await db
          .select({
            id: outboxAttachments.id,
            messageId: outboxAttachments.messageId,
            filename: outboxAttachments.filename,
          })
          .from(outboxAttachments)
          .where(
            inArray(
              outboxAttachments.messageId,
              messages.map((message) => message.id),
            ),
          );
  return messages.map((message) => ({
    id: message.id,
    recipient: message.recipient,
    subject: message.subject,
    text: message.text,
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt?.toISOString() ?? null,
    attachments: files
      .filter((file) => file.messageId === message.id)
      .map((file) => ({ id: file.id, filename: file.filename })),
  }));
}

/** One attachment of one of the user's messages, or null (another user's looks absent). */
export async function getOutboxAttachment(
  db: Database,
  userId: string,
  attachmentId: string,
): Promise<MailAttachment | null> {
  if (!isUuid(attachmentId)) return null;
  const [row] = await db
    .select({
      filename: outboxAttachments.filename,
      contentType: outboxAttachments.contentType,
      content: outboxAttachments.content,
    })
    .from(outboxAttachments)
    .innerJoin(outboxMessages, eq(outboxMessages.id, outboxAttachments.messageId))
    .where(and(eq(outboxAttachments.id, attachmentId), eq(outboxMessages.userId, userId)));
  return row ?? null;
}

/**
 * Mail Balans itself sent to an address (contact and newsletter confirmations, privacy answers): the messages
 * to it that belong to no account's outbox. An account's mail to a client stays that account's record.
 */
const toAddressWithoutAccount = (address: string) =>
  and(eq(sql`lower(${outboxMessages.recipient})`, address.toLowerCase()), isNull(outboxMessages.userId));

/** For an access request (AVG art. 15): what was mailed to the address, without the attachments. */
export async function mailsToAddress(db: Database, address: string) {
  return db
    .select({
      subject: outboxMessages.subject,
      text: outboxMessages.text,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(toAddressWithoutAccount(address))
    .orderBy(asc(outboxMessages.createdAt));
}

/** Erasure of an account (AVG art. 17): the mail it sent goes from the outbox, attachments with it (cascade). */
export async function forgetMailsOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(outboxMessages).where(eq(outboxMessages.userId, userId));
}

/** For erasure (AVG art. 17): the mail to the address goes, attachments with it (cascade). */
export async function forgetMailsToAddress(tx: Database, address: string): Promise<void> {
  await tx.delete(outboxMessages).where(toAddressWithoutAccount(address));
}

/** For erasure: Balans's own messages about some records (a contact message's copy for the team). */
export async function forgetMailsAbout(tx: Database, references: readonly string[]): Promise<void> {
  if (references.length === 0) return;
  await tx
    .delete(outboxMessages)
    .where(and(inArray(outboxMessages.reference, [...references]), isNull(outboxMessages.userId)));
}
