import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { settleInvoices } from "../../src/server/features/invoices/settlement";

/**
 * The benchmarks insert invoices in bulk with a status: the paid ones get their payment (in full, on the paid
 * date or else the invoice date) and every invoice its open amount and status, as the app's payments leave them.
 */
export async function settleBenchInvoices(db: Database, userId: string, today: string): Promise<void> {
  await db.execute(sql`
    insert into invoice_payments (user_id, invoice_id, date, amount, method)
    select user_id, id, coalesce(paid_date, issue_date), total, 'bank'
    from invoices where user_id = ${userId}::uuid and status = 'paid' and total <> 0`);
  await db.execute(
    sql`update invoices set invoice_number = null where user_id = ${userId}::uuid and status = 'draft'`,
  );
  await settleInvoices(db, userId, "all", today);
}
