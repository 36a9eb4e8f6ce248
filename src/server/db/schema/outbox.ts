import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/**
 * Every e-mail Balans sends is written here first (architecture.md: without SMTP_URL the outbox is where mail
 * ends up, and the app can show it). `sentAt` is set once an SMTP server accepted the message.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: id(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // Reading the outbox newest first (tests, an admin view, a retry of unsent mail).
    index("outbox_messages_created_at_idx").on(table.createdAt),
  ],
);
