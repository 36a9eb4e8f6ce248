import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id } from "./columns";
import { users } from "./users";

/**
 * Every e-mail Balans sends is written here first (architecture.md: without SMTP_URL the outbox is where mail
 * ends up, and the app can show it). `sentAt` is set once an SMTP server accepted the message.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: id(),
    // The user a message was sent for (an invoice to their client), so Settings can show their outbox; null
    // for mail that belongs to no account (privacy requests of visitors).
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // What the message is about, so its owner can show whether it went out: "invoice:<id>" (mail/outbox.ts).
    reference: text("reference"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // Reading the outbox newest first (tests, an admin view, a retry of unsent mail).
    index("outbox_messages_created_at_idx").on(table.createdAt),
    // A user's outbox in Settings, newest first.
    index("outbox_messages_user_id_created_at_idx").on(table.userId, table.createdAt),
    // The mail about one invoice, on its timeline.
    index("outbox_messages_user_id_reference_idx").on(table.userId, table.reference),
  ],
);

/** Files sent with a message (an invoice PDF), kept with it so Settings can offer them for download. */
export const outboxAttachments = pgTable(
  "outbox_attachments",
  {
    id: id(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => outboxMessages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Loading a message's attachments, and the cascade when a message is deleted.
    index("outbox_attachments_message_id_idx").on(table.messageId),
  ],
);
