import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { contactSubmissions } from "./public-site";

/**
 * The back office's answers to contact messages: what was mailed to the sender, when and by which operator.
 * Erased with the message it answers (the sender's privacy request deletes the message).
 */
export const contactAnswers = pgTable(
  "contact_answers",
  {
    id: id(),
    contactSubmissionId: uuid("contact_submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    /** The operator's username; kept as text like gdpr_requests.processed_by, so it outlives the account. */
    answeredBy: text("answered_by").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    // The contact list shows each message's answers.
    index("contact_answers_contact_submission_id_idx").on(table.contactSubmissionId),
  ],
);
