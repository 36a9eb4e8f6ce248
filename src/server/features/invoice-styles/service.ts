import { eq } from "drizzle-orm";
import {
  DEFAULT_INVOICE_STYLE,
  InvoiceStyleInputSchema,
  type InvoiceStyle,
  type InvoiceStyleInput,
} from "../../../shared/schemas/invoice-styles";
import type { Database } from "../../db/client";
import { invoiceStyles } from "../../db/schema/index";

/** The look of the user's documents (Settings → Factuuropmaak); the standard look before anything is saved. */
export async function getInvoiceStyle(db: Database, userId: string): Promise<InvoiceStyle> {
  const [row] = await db
    .select({ accentColor: invoiceStyles.accentColor, pageFooter: invoiceStyles.pageFooter })
    .from(invoiceStyles)
    .where(eq(invoiceStyles.userId, userId));
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
    .returning({ accentColor: invoiceStyles.accentColor, pageFooter: invoiceStyles.pageFooter });
  return row!;
}

/** Erasure (privacy/erasure.ts): the look of documents is no fiscal record, so a closed account keeps none. */
export async function forgetInvoiceStyle(tx: Database, userId: string): Promise<void> {
  await tx.delete(invoiceStyles).where(eq(invoiceStyles.userId, userId));
}
