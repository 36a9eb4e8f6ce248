import { and, eq } from "drizzle-orm";
import {
  DEFAULT_INVOICE_STYLE,
  InvoiceStyleInputSchema,
  type InvoiceStyle,
  type InvoiceStyleInput,
} from "../../../shared/schemas/invoice-styles";
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from "../../../shared/invoices/document-texts";
import {
  DEFAULT_MAIL_TEMPLATES,
  fillMailTemplate,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_MESSAGES,
  mailTemplateInputSchema,
  type MailTemplate,
  type MailTemplateFormInput,
  type MailTemplateKind,
  type MailTemplateText,
  type MailTemplateValues,
} from "../../../shared/schemas/mail-templates";
import type { Database } from "../../db/client";
import { invoiceStyles, mailTemplates } from "../../db/schema/index";
import { AppError } from "../../errors";

const STYLE_COLUMNS = {
  accentColor: invoiceStyles.accentColor,
  pageFooter: invoiceStyles.pageFooter,
  layout: invoiceStyles.layout,
};

/** The look of the user's documents (Settings → Factuuropmaak); the standard look before anything is saved. */
export async function getInvoiceStyle(db: Database, userId: string): Promise<InvoiceStyle> {
  const [row] = await db.select(STYLE_COLUMNS).from(invoiceStyles).where(eq(invoiceStyles.userId, userId));
  return row ?? DEFAULT_INVOICE_STYLE;
}

/** Creates or replaces the user's one style row. Parsed again here so no caller can store an unchecked colour. */
export async function saveInvoiceStyle(
  db: Database,
  userId: string,
  input: InvoiceStyleInput,
): Promise<InvoiceStyle> {
  const values = InvoiceStyleInputSchema.parse(input);
  const [row] = await db
    .insert(invoiceStyles)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: invoiceStyles.userId, set: { ...values, updatedAt: new Date() } })
    .returning(STYLE_COLUMNS);
  return row!;
}

/** The address's kind and language, or 404: they are the template's id, so anything else is a missing record. */
export function mailTemplateKey(kind: string, language: string): [MailTemplateKind, DocumentLanguage] {
  if (
    !(MAIL_TEMPLATE_KINDS as readonly string[]).includes(kind) ||
    !(DOCUMENT_LANGUAGES as readonly string[]).includes(language)
  )
    throw new AppError(404, MAIL_TEMPLATE_MESSAGES.notFound);
  return [kind as MailTemplateKind, language as DocumentLanguage];
}

/** Every e-mail text the user can edit, each kind in each language: the saved one or the standard text. */
export async function listMailTemplates(db: Database, userId: string): Promise<MailTemplate[]> {
  const saved = await db.select().from(mailTemplates).where(eq(mailTemplates.userId, userId));
  return MAIL_TEMPLATE_KINDS.flatMap((kind) =>
    DOCUMENT_LANGUAGES.map((language) => {
      const own = saved.find((row) => row.kind === kind && row.language === language);
      const text = own ?? DEFAULT_MAIL_TEMPLATES[kind][language];
      return { kind, language, subject: text.subject, body: text.body, isCustom: Boolean(own) };
    }),
  );
}

/** The template a mail of this kind and language is written from. */
async function mailTemplateOf(
  db: Database,
  userId: string,
  kind: MailTemplateKind,
  language: DocumentLanguage,
): Promise<MailTemplateText> {
  const [own] = await db
    .select({ subject: mailTemplates.subject, body: mailTemplates.body })
    .from(mailTemplates)
    .where(
      and(
        eq(mailTemplates.userId, userId),
        eq(mailTemplates.kind, kind),
        eq(mailTemplates.language, language),
      ),
    );
  return own ?? DEFAULT_MAIL_TEMPLATES[kind][language];
}

/**
 * The one way a mail Balans sends for the user gets its subject and text (invoices/sending.ts, quotes/sending.ts,
 * reminders/service.ts): the user's template for the kind and the client's language, filled with plain values.
 */
export async function renderMailTemplate(
  db: Database,
  userId: string,
  kind: MailTemplateKind,
  language: DocumentLanguage,
  values: MailTemplateValues,
): Promise<MailTemplateText> {
  return fillMailTemplate(await mailTemplateOf(db, userId, kind, language), values);
}

/** PUT /api/settings/mail-templates/{kind}/{language}: the user's own text replaces the standard one. */
export async function saveMailTemplate(
  db: Database,
  userId: string,
  kind: string,
  language: string,
  input: MailTemplateFormInput,
): Promise<MailTemplate> {
  const [templateKind, templateLanguage] = mailTemplateKey(kind, language);
  const parsed = mailTemplateInputSchema(templateKind).safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new AppError(400, Object.values(fieldErrors).join(" "), { fieldErrors });
  }
  const values = parsed.data;
  await db
    .insert(mailTemplates)
    .values({ userId, kind: templateKind, language: templateLanguage, ...values })
    .onConflictDoUpdate({
      target: [mailTemplates.userId, mailTemplates.kind, mailTemplates.language],
      set: { ...values, updatedAt: new Date() },
    });
  return { kind: templateKind, language: templateLanguage, ...values, isCustom: true };
}

/** DELETE /api/settings/mail-templates/{kind}/{language}: back to the standard text. */
export async function resetMailTemplate(
  db: Database,
  userId: string,
  kind: string,
  language: string,
): Promise<MailTemplate> {
  const [templateKind, templateLanguage] = mailTemplateKey(kind, language);
  await db
    .delete(mailTemplates)
    .where(
      and(
        eq(mailTemplates.userId, userId),
        eq(mailTemplates.kind, templateKind),
        eq(mailTemplates.language, templateLanguage),
      ),
    );
  return {
    kind: templateKind,
    language: templateLanguage,
    ...DEFAULT_MAIL_TEMPLATES[templateKind][templateLanguage],
    isCustom: false,
  };
}

/** The data export (privacy/service.ts): the look of documents and the e-mail texts the user wrote. */
export async function exportInvoiceStyle(db: Database, userId: string) {
  const style = await getInvoiceStyle(db, userId);
  const ownTemplates = await db
    .select({
      kind: mailTemplates.kind,
      language: mailTemplates.language,
      subject: mailTemplates.subject,
      body: mailTemplates.body,
    })
    .from(mailTemplates)
    .where(eq(mailTemplates.userId, userId));
  return { ...style, mailTemplates: ownTemplates };
}

/** Erasure (privacy/erasure.ts): the look of documents is no fiscal record, so a closed account keeps none. */
export async function forgetInvoiceStyle(tx: Database, userId: string): Promise<void> {
  await tx.delete(invoiceStyles).where(eq(invoiceStyles.userId, userId));
  await tx.delete(mailTemplates).where(eq(mailTemplates.userId, userId));
}
