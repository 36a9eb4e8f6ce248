/**
 * New KOR dates (Settings) and the books: costs dated between the old and the new dates are booked again (their
 * VAT is deductible outside the KOR and a cost inside it, posting.ts), and dates that would put sales with VAT
 * inside the KOR are refused, since under the KOR no VAT is charged (shared/kor.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { formatDate } from "../../../shared/format";
import type { KorDates } from "../../../shared/kor";
import type { Database } from "../../db/client";
import { invalidField } from "../../errors";
import { korAppliesOnSql, postPurchaseInvoices, postTransactions, rowsOf } from "./posting";

export const korChargedVatMessage = (date: string) =>
  `Op ${formatDate(date)} heb je btw in rekening gebracht. Onder de KOR kan dat niet: kies datums waarbinnen je geen btw rekende.`;

/** The rule for given dates rather than the stored ones. */
const appliesOn = (kor: KorDates, date: SQL) =>
  korAppliesOnSql(sql`${kor.korStartDate}::date`, sql`${kor.korEndDate}::date`, date);

/** Checks the new dates against the sales and books again the costs they change; in `db`'s transaction. */
export async function applyKorChange(
  db: Database,
  userId: string,
  before: KorDates,
  after: KorDates,
): Promise<void> {
  if (before.korStartDate === after.korStartDate && before.korEndDate === after.korEndDate) return;
  // VAT charged: a credit on a VAT payable account in a sales rubriek (a credit note debits it, and may follow).
  const charged = rowsOf<{ date: string | null }>(
    await db.execute(sql`
      select min(l.date)::text as date
      from journal_lines l
      join ledger_accounts a on a.id = l.account_id and a.kind = 'liability'
      where l.user_id = ${userId}::uuid and l.vat_box in ('1a', '1b', '1c') and l.amount < 0
        and ${appliesOn(after, sql`l.date`)}`),
  )[0]?.date;
  if (charged) throw invalidField("korStartDate", korChargedVatMessage(charged), 409);

  const changed = (date: SQL) => sql`${appliesOn(before, date)} <> ${appliesOn(after, date)}`;
  const transactionIds = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from transactions
      where user_id = ${userId}::uuid and type = 'expense' and status = 'completed' and vat_amount <> 0
        and ${changed(sql`date`)}`),
  ).map((row) => row.id);
  const purchaseIds = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from purchase_invoices
      where user_id = ${userId}::uuid and status in ('booked', 'paid') and ${changed(sql`invoice_date`)}`),
  ).map((row) => row.id);
  // Refused when one lies in a filed period or a closed year (the locks): those bookings are final.
  await postTransactions(db, userId, transactionIds);
  await postPurchaseInvoices(db, userId, purchaseIds);
}
