import { and, eq, sql } from "drizzle-orm";
import { formatSeriesNumber } from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import { invoiceNumberCounters, invoices } from "../../db/schema/index";

/**
 * Takes the next number of the user's series (INV-000001, INV-000002, …). Must run inside the transaction that
 * inserts the invoice: the upsert locks the user's counter row until that transaction ends, so two invoices
 * created at the same moment get consecutive numbers, and a failed creation rolls its number back
 * (Wet OB art. 35a: unique and sequential). A number already taken by a hand-typed invoice is skipped.
 */
export async function takeNextInvoiceNumber(tx: Database, userId: string): Promise<string> {
  for (;;) {
    const [counter] = await tx
      .insert(invoiceNumberCounters)
      .values({ userId, lastNumber: 1 })
      .onConflictDoUpdate({
        target: invoiceNumberCounters.userId,
        set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: invoiceNumberCounters.lastNumber });
    const candidate = formatSeriesNumber(counter!.lastNumber);
    const [taken] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.invoiceNumber, candidate)))
      .limit(1);
    if (!taken) return candidate;
  }
}

/** The number the next invoice will get, for the form's hint; nothing is reserved. */
export async function peekNextInvoiceNumber(db: Database, userId: string): Promise<string> {
  const [counter] = await db
    .select({ lastNumber: invoiceNumberCounters.lastNumber })
    .from(invoiceNumberCounters)
    .where(eq(invoiceNumberCounters.userId, userId));
  let next = (counter?.lastNumber ?? 0) + 1;
  // Skip numbers typed by hand, as takeNextInvoiceNumber does.
  for (;;) {
    const candidate = formatSeriesNumber(next);
    const [taken] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.invoiceNumber, candidate)))
      .limit(1);
    if (!taken) return candidate;
    next += 1;
  }
}
