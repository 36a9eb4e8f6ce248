import { pgEnum, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { MAIL_TEMPLATE_KINDS } from "../../../shared/schemas/mail-templates";
import { timestamps } from "./columns";
import { documentLanguageEnum } from "./enums";
import { users } from "./users";

export const mailTemplateKindEnum = pgEnum("mail_template_kind", MAIL_TEMPLATE_KINDS);

/**
 * Settings → Factuuropmaak: the user's own subject and text of an e-mail Balans sends for them, per kind and
 * language. No row means the standard text (shared/schemas/mail-templates.ts), so the standard stays in one place.
 */
export const mailTemplates = pgTable(
  "mail_templates",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: mailTemplateKindEnum("kind").notNull(),
    language: documentLanguageEnum("language").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    ...timestamps(),
  },
  // The key serves both the settings list (user) and the one template a sending path reads (user, kind, language).
  (table) => [
    primaryKey({ name: "mail_templates_pkey", columns: [table.userId, table.kind, table.language] }),
  ],
);
