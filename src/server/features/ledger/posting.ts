/**
 * Posting: every business event books a balanced journal entry in the same database transaction as the event.
 * 1. An entry is the set of journal lines of one source record (a transaction, an invoice, an invoice's
 *    payment, a bank account's opening balance); posting a source first removes its old lines, so an edit
 *    replaces the entry and a delete removes it.
 * 2. Each posting function is one INSERT … SELECT over the source table: the same statement posts one record
 *    after an edit, the rows of a CSV import, or a user's whole history in `rebuildLedger`.
 * 3. Every entry balances by construction: the last leg is the negative of the others.
 * 4. A change to a booking dated in a filed VAT period is refused (the filing lock, see lock.ts).
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { journalLines, ledgerAccounts } from "../../db/schema/index";
import { ensureChartOfAccounts } from "./chart";
import { EU_COUNTRIES } from "../../../shared/vat";
import { assetEntries, type AssetEntry, type AssetLine, type AssetTerms } from "../../../shared/depreciation";
import { businessDate } from "../../../shared/dates";
import { centsToDecimal, parseCents } from "../../../shared/money";
import { assertPeriodsOpen } from "./lock";

export type PostOptions = {
  /** Refuse when an old or new line falls in a filed VAT period (default true). */
  checkLock?: boolean;
  /** Leave the month totals to the caller (the rebuild recomputes them once at the end). */
  skipTotals?: boolean;
  /** The records were inserted in this transaction, so they have no entries to replace yet (a bulk import). */
  isNew?: boolean;
  /** The records' dates when the caller knows them (a bulk import): the new lines need not be read back. */
  dates?: readonly string[];
  /**
   * The entries carry no VAT (depreciation): a filed VAT return cannot change by them, so only a closed year
   * locks them, not a filed VAT period.
   */
  hasNoVat?: boolean;
};

/** The ids to (re)post, or every record of the user. */
export type Selection = readonly string[] | "all";

/** The system accounts of the user as one row (a column per key), for the posting statements. */
function accountsCte(userId: string): SQL {
  const keys = [
    "equity",
    "suspense",
    "receivables",
    "vat_receivable",
    "vat_payable_21",
    "vat_payable_9",
    "vat_payable_other",
    "vat_payable_reverse_charge",
    "vat_payable_eu",
    "vat_payable_non_eu",
    "payables",
    "general_expenses",
    "revenue_21",
    "revenue_9",
    "revenue_other",
    "revenue_0",
    "revenue_reverse_charge",
    "revenue_eu",
    "revenue_non_eu",
    "private_withdrawals",
    "private_deposits",
    "vat_settlement",
    "closed_results",
  ];
  const columns = sql.join(
    keys.map((key) => sql`(array_agg(id) filter (where system_key = ${key}))[1] as ${sql.identifier(key)}`),
    sql`, `,
  );
  return sql`acc as materialized (select ${columns} from ledger_accounts where user_id = ${userId}::uuid)`;
}

function idFilter(column: SQL, selection: Selection): SQL {
  if (selection === "all") return sql`true`;
  return sql`${column} = any(${toUuidArray(selection)})`;
}

const toUuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** korAppliesOn (shared/kor.ts) in SQL: whether the KOR from `start` to `end` (null: not ended) covers `date`. */
export const korAppliesOnSql = (start: SQL, end: SQL, date: SQL) =>
  sql`coalesce(${date} between ${start} and coalesce(${end}, 'infinity'::date), false)`;
/** The same for the user's own KOR, with company_profiles joined as kp. */
const profileKorOn = (date: SQL) => korAppliesOnSql(sql`kp.kor_start_date`, sql`kp.kor_end_date`, date);

/** Removes the lines of the sources (or those `filter` picks); answers the distinct dates they had. */
async function removeEntries(
  db: Database,
  userId: string,
  sourceType: string,
  selection: Selection,
  filter: SQL = idFilter(sql`source_id`, selection),
): Promise<string[]> {
  const result = await db.execute<{ date: string }>(sql`
    with removed as (
      delete from journal_lines
      where user_id = ${userId}::uuid and source_type = ${sourceType}::journal_source
        and ${filter}
      returning date)
    select distinct date::text as date from removed`);
  return rowsOf<{ date: string }>(result).map((row) => row.date);
}

/** node-postgres answers { rows }, PGlite too; both through Drizzle's execute. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function replace(
  db: Database,
  userId: string,
  sourceType: string,
  selection: Selection,
  insert: SQL,
  options: PostOptions,
  /** Which lines are the sources' when their source_id is not the record's id (depreciation). */
  sourceFilter?: SQL,
): Promise<void> {
  if (selection !== "all" && selection.length === 0) return;
  // One posting at a time per user, so the month totals are recomputed from a journal no one else is changing.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:ledger:${userId}`}))`);
  const oldDates = options.isNew ? [] : await removeEntries(db, userId, sourceType, selection, sourceFilter);
  let newDates: readonly string[];
  if (options.dates) {
    await db.execute(insert);
    newDates = options.dates;
  } else {
    const result = await db.execute<{ date: string }>(sql`
      with inserted as (${insert} returning date) select distinct date::text as date from inserted`);
    newDates = rowsOf<{ date: string }>(result).map((row) => row.date);
  }
  if (options.checkLock ?? true) {
    await assertPeriodsOpen(db, userId, [...oldDates, ...newDates], { yearsOnly: options.hasNoVat });
  }
  if (!options.skipTotals) await refreshMonthTotals(db, userId, [...oldDates, ...newDates]);
}

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * Recomputes the month totals of the given dates' months (or all of the user's) from the journal lines.
 * Callers hold the user's ledger lock (replace) or rebuild the whole journal.
 */
export async function refreshMonthTotals(
  db: Database,
  userId: string,
  dates: readonly string[] | "all",
): Promise<void> {
  if (dates !== "all" && dates.length === 0) return;
  const months = dates === "all" ? null : [...new Set(dates.map(monthOf))];
  const monthFilter = (column: SQL) =>
    months === null ? sql`true` : sql`${column} = any(${`{${months.join(",")}}`}::date[])`;
  await db.execute(sql`
    delete from journal_month_totals where user_id = ${userId}::uuid and ${monthFilter(sql`month`)}`);
  const first = months === null ? null : months.reduce((a, b) => (a < b ? a : b));
  await db.execute(sql`
    insert into journal_month_totals (user_id, month, account_id, vat_box, amount)
    select user_id, date_trunc('month', date)::date, account_id, coalesce(vat_box, ''), sum(amount)
    from journal_lines
    where user_id = ${userId}::uuid
      ${first === null ? sql`` : sql`and date >= ${first}::date`}
      and ${monthFilter(sql`date_trunc('month', date)::date`)}
    group by 1, 2, 3, 4
    having sum(amount) <> 0`);
}

/**
 * Income or expense on a bank account (Bank / Omzet or Kosten / btw). Only completed transactions are booked
 * (pending ones have not happened yet). A transaction that pays a sales invoice settles Debiteuren instead:
 * its revenue and VAT were booked when the invoice was sent; one that pays a purchase invoice settles
 * Crediteuren (its cost and VAT were booked with the purchase invoice).
 */
export async function postTransactions(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  await replace(db, userId, "transaction", selection, transactionEntries(userId, selection), options);
}

/** The INSERT … SELECT of the journal lines of transactions: three simple legs over one pass of the rows. */
export function transactionEntries(userId: string, selection: Selection): SQL {
  return sql`
    with ${accountsCte(userId)},
    src as materialized (
      select t.user_id, t.id, t.date, t.description, t.type,
        -- A balance-sheet booking (private, transfer, VAT payment) carries no VAT and no result. Under the KOR
        -- purchase VAT is not deductible: it stays in the cost.
        t.amount_including_vat as total,
        case when t.balance_booking is null and not (t.type = 'expense' and ${profileKorOn(sql`t.date`)})
             then t.vat_amount else 0 end as vat,
        t.balance_booking is not null as on_balance,
        -- Exempt or outside the scope of VAT (interest received): in no rubriek of the return.
        t.vat_treatment in ('exempt', 'outside_scope') as untaxed,
        -- Paying a sales or purchase invoice settles Debiteuren or Crediteuren: no new revenue, cost or VAT.
        (t.type = 'income' and t.invoice_id is not null) or (t.type = 'expense' and t.purchase_invoice_id is not null)
          as settles,
        -- The money: in on the bank for income, out for an expense (including VAT).
        coalesce(bank.id, acc.suspense) as money_account,
        -- The VAT: payable on income, deductible (voorbelasting, 5b) on an expense.
        case when t.type = 'expense' then acc.vat_receivable
             when t.vat_rate = 21 then acc.vat_payable_21
             when t.vat_rate = 9 then acc.vat_payable_9
             else acc.vat_payable_other end as vat_account,
        case when t.type = 'expense' then '5b' when t.vat_treatment = 'export' then '3a'
             when t.vat_rate = 21 then '1a' when t.vat_rate = 9 then '1b'
             when t.vat_rate = 0 then '1e' else '1c' end as box,
        -- The rest: revenue or cost (Debiteuren for an invoice payment), so the entry always balances.
        case when t.balance_booking = 'private' and t.type = 'income' then acc.private_deposits
             when t.balance_booking = 'private' then acc.private_withdrawals
             when t.balance_booking = 'transfer' then acc.suspense
             when t.balance_booking = 'vat' then acc.vat_settlement
             when t.type = 'income' and t.invoice_id is not null then acc.receivables
             when t.type = 'expense' and t.purchase_invoice_id is not null then acc.payables
             when t.type = 'expense' then coalesce(c.ledger_account_id, acc.general_expenses)
             else coalesce(c.ledger_account_id,
               case when t.vat_treatment = 'export' then acc.revenue_non_eu
                    when t.vat_rate = 21 then acc.revenue_21 when t.vat_rate = 9 then acc.revenue_9
                    when t.vat_rate = 0 then acc.revenue_0 else acc.revenue_other end) end as other_account
      from transactions t
      cross join acc
      left join ledger_accounts bank on bank.bank_account_id = t.bank_account_id
      left join categories c on c.id = t.category_id
      left join company_profiles kp on kp.user_id = t.user_id
      where t.user_id = ${userId}::uuid and t.status = 'completed' and ${idFilter(sql`t.id`, selection)})
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select user_id, 'transaction'::journal_source, id, date, money_account,
      case when type = 'income' then total else -total end, null::text, description
    from src where total <> 0
    union all
    select user_id, 'transaction'::journal_source, id, date, vat_account, case when type = 'income' then -vat else vat end, box,
      description
    from src where vat <> 0 and not settles
    union all
    select user_id, 'transaction'::journal_source, id, date, other_account,
      case when settles and type = 'income' then -total when settles then total
           when type = 'income' then vat - total else total - vat end,
      case when settles or on_balance or untaxed or type = 'expense' then null else box end, description
    from src where (case when settles then total else total - vat end) <> 0`;
}

/**
 * A sent invoice or credit note (factuurstelsel: dated on the invoice date): Debiteuren / Omzet per VAT
 * treatment / Te betalen btw per rate. A credit note has negative lines, so it posts the reverse.
 * Treatment: 21% → 1a, 9% → 1b, 0% → 1e; reverse charge to a Dutch client (btw verlegd) → 1e, to a client in
 * another EU country (intracommunautair) → 3b, outside the EU (not taxed in the Netherlands) → 1e; export of
 * goods outside the EU (uitvoer) → 3a; an intra-community supply of goods → 3b (and the opgaaf ICP); exempt
 * (KOR) is not in the return. VAT per rate on the sum of the lines, as on the invoice (shared/invoices/math.ts).
 */
export async function postInvoices(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  const eu = sql`${`{${EU_COUNTRIES.join(",")}}`}::text[]`;
  const insert = sql`
    with ${accountsCte(userId)},
    inv as (
      select i.id, i.issue_date, i.invoice_number, i.credit_note_for_number, i.subtotal, i.tax_amount,
        coalesce(i.client_snapshot->>'country', 'NL') as country
      from invoices i
      where i.user_id = ${userId}::uuid and i.status <> 'draft' and ${idFilter(sql`i.id`, selection)}),
    base as (
      select inv.id, tr.treatment, sum(it.amount) as amount,
        round(sum(it.amount) * max(it.vat_rate) / 100, 2) as vat
      from inv
      join invoice_items it on it.invoice_id = inv.id
      cross join lateral (select case
        when it.vat_category = 'reverse_charge' and inv.country = 'NL' then 'reverse_charge'
        when it.vat_category = 'reverse_charge' and inv.country = any(${eu}) then 'eu'
        when it.vat_category = 'reverse_charge' then 'non_eu'
        else it.vat_category::text end as treatment) as tr
      group by inv.id, tr.treatment
      union all
      -- An invoice without lines books its totals as typed.
      select inv.id, case when inv.tax_amount = 0 then '0' else '21' end, inv.subtotal, inv.tax_amount
      from inv
      where not exists (select 1 from invoice_items it where it.invoice_id = inv.id)),
    legs as (
      select b.id, case b.treatment when '21' then acc.revenue_21 when '9' then acc.revenue_9
          when 'reverse_charge' then acc.revenue_reverse_charge when 'eu' then acc.revenue_eu
          when 'intra_eu_goods' then acc.revenue_eu when 'non_eu' then acc.revenue_non_eu
          when 'export' then acc.revenue_non_eu else acc.revenue_0 end as account_id,
        -b.amount as amount,
        case b.treatment when '21' then '1a' when '9' then '1b' when 'eu' then '3b' when 'intra_eu_goods' then '3b'
          when 'export' then '3a' when 'exempt' then null else '1e' end as vat_box
      from base b cross join acc
      union all
      select b.id, case b.treatment when '21' then acc.vat_payable_21 else acc.vat_payable_9 end, -b.vat,
        case b.treatment when '21' then '1a' else '1b' end
      from base b cross join acc
      where b.treatment in ('21', '9')),
    balanced as (
      select id, account_id, amount, vat_box from legs
      union all
      select l.id, acc.receivables, -sum(l.amount), null from legs l cross join acc group by l.id, acc.receivables)
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select ${userId}::uuid, 'invoice', inv.id, inv.issue_date, b.account_id, b.amount, b.vat_box,
      case when inv.credit_note_for_number is null then 'Factuur ' || inv.invoice_number
           else 'Creditnota ' || inv.invoice_number || ' bij ' || inv.credit_note_for_number end
    from balanced b join inv on inv.id = b.id
    where b.amount <> 0`;
  await replace(db, userId, "invoice", selection, insert, options);
  await postInvoicePayments(db, userId, selection, options);
}

/** Where a payment's money is (p: the payment row): Kas for cash, else the default bank account. */
const paymentMoneyAccount = sql`
  case when p.method = 'cash' then coalesce((select a.id from ledger_accounts a
                                             where a.user_id = p.user_id and a.system_key = 'cash'), acc.suspense)
       else coalesce((select a.id from ledger_accounts a join bank_accounts b on b.id = a.bank_account_id
                      where b.user_id = p.user_id and b.is_default), acc.suspense) end`;

/**
 * The payments received on invoices (invoice_payments): Bank / Debiteuren per payment on its date, on the
 * default bank account (Kas for cash); a refund books the reverse. One entry per invoice holds all its payments.
 * A payment with a bank transaction is left out: that transaction is the payment (postTransactions).
 */
export async function postInvoicePayments(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  const insert = sql`
    with ${accountsCte(userId)},
    pay as (
      select p.invoice_id as id, p.date, p.amount, i.invoice_number,
        ${paymentMoneyAccount} as money_id
      from invoice_payments p
      join invoices i on i.id = p.invoice_id
      cross join acc
      where p.user_id = ${userId}::uuid and p.transaction_id is null and ${idFilter(sql`p.invoice_id`, selection)})
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select ${userId}::uuid, 'invoice_payment', pay.id, pay.date, leg.account_id, leg.amount, null,
      case when pay.amount < 0 then 'Terugbetaling factuur ' else 'Betaling factuur ' end || pay.invoice_number
    from pay cross join acc
    cross join lateral (values (pay.money_id, pay.amount), (acc.receivables, -pay.amount)) as leg(account_id, amount)
    where pay.amount <> 0`;
  await replace(db, userId, "invoice_payment", selection, insert, options);
}

/**
 * A booked purchase invoice (factuurstelsel: dated on the invoice date): Kosten per line on its category's
 * account (Algemene kosten without one) / Te vorderen btw (5b) / Crediteuren. With the VAT shifted to the buyer
 * the supplier charged none: the buyer declares it (Te betalen btw verlegd, 2a; binnen de EU, 4b; buiten de EU,
 * 4a — the cost line carries the rubriek as its turnover) and deducts it in the same return (5b). Without
 * deductible VAT, and on a date in the KOR, the VAT is part of the cost. A supplier's credit note has negative
 * lines: the reverse.
 */
export async function postPurchaseInvoices(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  const insert = sql`
    with ${accountsCte(userId)},
    inv as (
      select p.id, p.invoice_date, p.vat_treatment,
        trim('Inkoopfactuur ' || coalesce(p.invoice_number, '') || ' ' || coalesce(p.supplier_name, '')) as description,
        case p.vat_treatment when 'reverse_charge' then '2a' when 'eu' then '4b' when 'non_eu' then '4a' end as shifted_box,
        ${profileKorOn(sql`p.invoice_date`)} as in_kor
      from purchase_invoices p
      left join company_profiles kp on kp.user_id = p.user_id
      where p.user_id = ${userId}::uuid and p.status in ('booked', 'paid') and ${idFilter(sql`p.id`, selection)}),
    line as (
      select inv.id, inv.vat_treatment, inv.shifted_box, inv.in_kor, l.net_amount, l.vat_amount,
        coalesce(c.ledger_account_id, acc.general_expenses) as cost_account
      from inv
      join purchase_invoice_lines l on l.purchase_invoice_id = inv.id
      cross join acc
      left join categories c on c.id = l.category_id),
    legs as (
      select id, cost_account as account_id,
        case when vat_treatment = 'none' or (in_kor and shifted_box is null) then net_amount + vat_amount
             else net_amount end as amount,
        shifted_box as vat_box
      from line
      union all
      -- Under the KOR nothing is deductible: shifted VAT is still declared, and is a cost (no rubriek).
      select id, cost_account, vat_amount, null from line where in_kor and shifted_box is not null
      union all
      select id, acc.vat_receivable, vat_amount, '5b' from line cross join acc
      where vat_treatment <> 'none' and not in_kor
      union all
      select id, case vat_treatment when 'reverse_charge' then acc.vat_payable_reverse_charge
          when 'eu' then acc.vat_payable_eu else acc.vat_payable_non_eu end, -vat_amount, shifted_box
      from line cross join acc where shifted_box is not null),
    balanced as (
      select id, account_id, amount, vat_box from legs
      union all
      select l.id, acc.payables, -sum(l.amount), null from legs l cross join acc group by l.id, acc.payables)
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select ${userId}::uuid, 'purchase_invoice', inv.id, inv.invoice_date, b.account_id, b.amount, b.vat_box,
      inv.description
    from balanced b join inv on inv.id = b.id
    where b.amount <> 0`;
  await replace(db, userId, "purchase_invoice", selection, insert, options);
  await postPurchaseInvoicePayments(db, userId, selection, options);
}

/**
 * The payments made on purchase invoices: Crediteuren / Bank (Kas for cash) per payment on its date; a refund
 * from the supplier books the reverse. One entry per purchase invoice holds all its payments. A payment with a
 * bank transaction is left out: that transaction is the payment.
 */
export async function postPurchaseInvoicePayments(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  const insert = sql`
    with ${accountsCte(userId)},
    pay as (
      select p.purchase_invoice_id as id, p.date, p.amount,
        trim(coalesce(i.invoice_number, '') || ' ' || coalesce(i.supplier_name, '')) as about,
        ${paymentMoneyAccount} as money_id
      from purchase_invoice_payments p
      join purchase_invoices i on i.id = p.purchase_invoice_id
      cross join acc
      where p.user_id = ${userId}::uuid and p.transaction_id is null
        and ${idFilter(sql`p.purchase_invoice_id`, selection)})
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select ${userId}::uuid, 'purchase_invoice_payment', pay.id, pay.date, leg.account_id, leg.amount, null,
      case when pay.amount < 0 then 'Terugbetaling inkoopfactuur ' else 'Betaling inkoopfactuur ' end || pay.about
    from pay cross join acc
    cross join lateral (values (acc.payables, pay.amount), (pay.money_id, -pay.amount)) as leg(account_id, amount)
    where pay.amount <> 0`;
  await replace(db, userId, "purchase_invoice_payment", selection, insert, options);
}

/** The records booked with a category: what must be booked again when the category's account changes. */
export type CategoryBookings = { transactionIds: string[]; purchaseInvoiceIds: string[] };

export async function bookingsOfCategory(
  db: Database,
  userId: string,
  categoryId: string,
): Promise<CategoryBookings> {
  // One after the other: the caller's transaction has one connection.
  const transactions = await db.execute<{ id: string }>(sql`
    select id from transactions where user_id = ${userId}::uuid and category_id = ${categoryId}::uuid`);
  const purchases = await db.execute<{ id: string }>(sql`
    select distinct purchase_invoice_id as id from purchase_invoice_lines
    where user_id = ${userId}::uuid and category_id = ${categoryId}::uuid`);
  return {
    transactionIds: rowsOf<{ id: string }>(transactions).map((row) => row.id),
    purchaseInvoiceIds: rowsOf<{ id: string }>(purchases).map((row) => row.id),
  };
}

/**
 * Books a category's records again on its (new) account, or on the default once it is gone; their VAT stays as
 * it is, so a filed period's return does not change (hence no filing lock).
 */
export async function repostCategoryBookings(
  db: Database,
  userId: string,
  bookings: CategoryBookings,
): Promise<void> {
  await postTransactions(db, userId, bookings.transactionIds, { checkLock: false });
  await postPurchaseInvoices(db, userId, bookings.purchaseInvoiceIds, { checkLock: false });
}

/** The records booked on a bank account's ledger account: what must be booked again once the account is gone. */
export type BankAccountBookings = { transactionIds: string[]; invoicePaymentIds: string[] };

/**
 * Takes a bank account's entries off the books before the account (and its ledger account) is deleted: its
 * transactions and invoice payments, to book again without it (repostBankAccountBookings), and its opening
 * balance, which goes with it.
 */
export async function unpostBankAccount(
  db: Database,
  userId: string,
  bankAccountId: string,
): Promise<BankAccountBookings> {
  const affected = await db
    .selectDistinct({ sourceType: journalLines.sourceType, sourceId: journalLines.sourceId })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(eq(journalLines.userId, userId), eq(ledgerAccounts.bankAccountId, bankAccountId)));
  const idsOf = (type: string) =>
    affected.filter((row) => row.sourceType === type).map((row) => row.sourceId);
  for (const type of ["transaction", "invoice_payment", "opening_balance"] as const) {
    const ids = idsOf(type);
    if (ids.length === 0) continue;
    await db
      .delete(journalLines)
      .where(
        and(
          eq(journalLines.userId, userId),
          eq(journalLines.sourceType, type),
          inArray(journalLines.sourceId, ids),
        ),
      );
  }
  return { transactionIds: idsOf("transaction"), invoicePaymentIds: idsOf("invoice_payment") };
}

/**
 * Books a deleted bank account's records again: its transactions wait on Kruisposten, its payments too. VAT
 * figures do not change, so filed periods are no obstacle (no filing lock).
 */
export async function repostBankAccountBookings(
  db: Database,
  userId: string,
  bookings: BankAccountBookings,
): Promise<void> {
  const options = { checkLock: false };
  await postTransactions(db, userId, bookings.transactionIds, options);
  await postInvoicePayments(db, userId, bookings.invoicePaymentIds, options);
  await refreshMonthTotals(db, userId, "all");
}

/** A bank account's opening balance: Bank / Eigen vermogen, on its opening date (else the day it was added). */
export async function postOpeningBalances(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  const insert = sql`
    with ${accountsCte(userId)}
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select b.user_id, 'opening_balance', b.id,
      coalesce(b.opening_date, (b.created_at at time zone 'Europe/Amsterdam')::date),
      leg.account_id, leg.amount, null, 'Beginsaldo ' || b.name
    from bank_accounts b
    join ledger_accounts bank on bank.bank_account_id = b.id
    cross join acc
    cross join lateral (values (bank.id, b.opening_balance), (acc.equity, -b.opening_balance))
      as leg(account_id, amount)
    where b.user_id = ${userId}::uuid and b.opening_balance <> 0 and ${idFilter(sql`b.id`, selection)}`;
  await replace(db, userId, "opening_balance", selection, insert, options);
}

/**
 * A memorial entry (memoriaal, memorial/service.ts): its lines as typed, on its date. The service lets only
 * balanced entries on the user's own accounts in; the join on the account keeps another user's out regardless.
 * No rubriek: the VAT return reads rubrieken only, so a VAT correction on the VAT accounts leaves it unchanged.
 */
export async function postMemorialEntries(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  const insert = sql`
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select e.user_id, 'memorial', e.id, e.date, l.ledger_account_id, l.amount,
      -- Privégebruik (1d): the VAT on Te betalen btw, and the value taken out (a credit on revenue or costs).
      case when e.vat_rubriek = '1d'
             and (a.system_key in ('vat_payable_21', 'vat_payable_9', 'vat_payable_other')
                  or (a.kind in ('revenue', 'expense') and l.amount < 0))
           then '1d' end,
      coalesce(nullif(l.description, ''), 'Memoriaal ' || e.number || ': ' || e.description)
    from memorial_entries e
    join memorial_lines l on l.entry_id = e.id
    join ledger_accounts a on a.id = l.ledger_account_id and a.user_id = e.user_id
    where e.user_id = ${userId}::uuid and ${idFilter(sql`e.id`, selection)}`;
  await replace(db, userId, "memorial", selection, insert, options);
}

/**
 * A filed VAT return (vat_return_filings): the period's balances of the VAT accounts move to Af te dragen btw,
 * dated on the period's last day, so the payment to (or refund from) the Belastingdienst clears that account.
 * The period is filed, hence locked: the balances it moves cannot change afterwards.
 */
export async function postVatReturns(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  const insert = sql`
    with ${accountsCte(userId)},
    moved as (
      select f.id, f.end_date, f.period, l.account_id, sum(l.amount) as balance
      from vat_return_filings f
      cross join acc
      join journal_lines l on l.user_id = f.user_id and l.date between f.start_date and f.end_date
        and l.source_type <> 'vat_return'
        and l.account_id in (acc.vat_payable_21, acc.vat_payable_9, acc.vat_payable_other, acc.vat_receivable,
                             acc.vat_payable_reverse_charge, acc.vat_payable_eu, acc.vat_payable_non_eu)
      where f.user_id = ${userId}::uuid and ${idFilter(sql`f.id`, selection)}
      group by f.id, f.end_date, f.period, l.account_id
      having sum(l.amount) <> 0),
    legs as (
      select id, end_date, period, account_id, -balance as amount from moved
      union all
      select m.id, m.end_date, m.period, acc.vat_settlement, sum(m.balance) from moved m cross join acc
      group by m.id, m.end_date, m.period, acc.vat_settlement)
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select ${userId}::uuid, 'vat_return', id, end_date, account_id, amount, null, 'Btw-aangifte ' || period
    from legs where amount <> 0`;
  await replace(db, userId, "vat_return", selection, insert, { ...options, checkLock: false });
}

/**
 * Closing a year (year_closings): on the first day of the next year the year's result goes to Eigen vermogen,
 * against Verwerkte resultaten (which the balance sheet sets off against its computed 'Resultaat voorgaande
 * jaren'), and the year's privé-opnamen and -stortingen are cleared into Eigen vermogen too. The P&L accounts
 * keep their lines, so every report of the year reads the same after closing. No VAT: no filing lock applies.
 */
export async function postYearEnd(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions = {},
): Promise<void> {
  const insert = sql`
    with ${accountsCte(userId)},
    closing as (
      select c.id, c.year, make_date(c.year, 12, 31) as last_day, make_date(c.year + 1, 1, 1) as first_day
      from year_closings c
      where c.user_id = ${userId}::uuid and ${idFilter(sql`c.id`, selection)}),
    sums as (
      select c.id, c.year, c.first_day,
        coalesce(sum(l.amount) filter (where a.kind in ('revenue', 'expense')), 0) as result,
        coalesce(sum(l.amount) filter (where l.account_id = acc.private_withdrawals), 0) as withdrawals,
        coalesce(sum(l.amount) filter (where l.account_id = acc.private_deposits), 0) as deposits
      from closing c
      cross join acc
      -- The year's own movements: earlier years are closed first (year-end.ts), which cleared their privé.
      left join journal_lines l on l.user_id = ${userId}::uuid
        and l.date between make_date(c.year, 1, 1) and c.last_day and l.source_type <> 'year_end'
      left join ledger_accounts a on a.id = l.account_id
      group by c.id, c.year, c.first_day),
    legs as (
      -- The P&L lines sum to minus the profit: the profit is credited to Eigen vermogen.
      select s.id, s.year, s.first_day, acc.closed_results as account_id, -s.result as amount from sums s cross join acc
      union all
      select s.id, s.year, s.first_day, acc.private_withdrawals, -s.withdrawals from sums s cross join acc
      union all
      select s.id, s.year, s.first_day, acc.private_deposits, -s.deposits from sums s cross join acc
      union all
      select s.id, s.year, s.first_day, acc.equity, s.result + s.withdrawals + s.deposits from sums s cross join acc)
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select ${userId}::uuid, 'year_end', id, first_day, account_id, amount, null,
      'Jaarafsluiting ' || year || ': resultaat en privé naar eigen vermogen'
    from legs where amount <> 0`;
  await replace(db, userId, "year_end", selection, insert, { ...options, checkLock: false });
}

type AssetRow = {
  id: string;
  name: string;
  purchase_date: string;
  cost: string;
  residual_value: string;
  useful_life_months: number;
  frequency: AssetTerms["frequency"];
  disposal_date: string | null;
  disposal_amount: string | null;
};

const assetTermsOf = (row: AssetRow): AssetTerms => ({
  purchaseDate: row.purchase_date,
  costCents: parseCents(row.cost)!,
  residualValueCents: parseCents(row.residual_value)!,
  usefulLifeMonths: row.useful_life_months,
  frequency: row.frequency,
  disposalDate: row.disposal_date,
  disposalAmountCents: row.disposal_amount === null ? null : parseCents(row.disposal_amount),
});

const assetLineDescription = (name: string, entry: AssetEntry, line: AssetLine) => {
  switch (line.kind) {
    case "depreciation":
      return `Afschrijving ${name} ${entry.label ?? ""}`.trim();
    case "cost":
      return `Desinvestering ${name}: aanschafwaarde`;
    case "accumulated":
      return `Desinvestering ${name}: cumulatieve afschrijving`;
    case "proceeds":
      return `Desinvestering ${name}: verkoopopbrengst`;
    case "result":
      return `Desinvestering ${name}: boekresultaat`;
  }
};

/** An asset's entry of one date: the journal keeps one date per entry, so its id comes from the asset and the date. */
const assetEntryId = (assetId: SQL, date: SQL) => sql`md5(${assetId}::text || ':' || ${date}::text)::uuid`;

/**
 * The asset register (fixed_assets, shared/depreciation.ts): per asset an entry per date up to `today` —
 * Afschrijvingskosten / Cumulatieve afschrijving at each period's end, and the disposal on its date. An entry's
 * source_id is derived from the asset's id and the entry's date (an md5 uuid): the same on every repost, and
 * found again from a line's own date, so an asset's entries are replaced as a whole.
 * The purchase is not booked here: the user books it (bank or purchase invoice) on a category that books on
 * Inventaris, and the sale's proceeds likewise; so every euro is in the books once (depreciation.ts, 5).
 * No VAT: a filed VAT period does not lock these entries, a closed year does. With `since`, only the entries
 * dated after it are posted (the daily job adds the periods that became due).
 */
export async function postDepreciation(
  db: Database,
  userId: string,
  selection: Selection,
  options: PostOptions & { today?: string; since?: string | null } = {},
): Promise<void> {
  if (selection !== "all" && selection.length === 0) return;
  const today = options.today ?? businessDate(new Date());
  const since = options.since ?? null;
  const result = await db.execute(sql`
    select id, name, purchase_date::text as purchase_date, cost::text as cost,
      residual_value::text as residual_value, useful_life_months, frequency,
      disposal_date::text as disposal_date, disposal_amount::text as disposal_amount
    from fixed_assets where user_id = ${userId}::uuid and ${idFilter(sql`id`, selection)}`);
  const lines = rowsOf<AssetRow>(result).flatMap((asset) =>
    assetEntries(assetTermsOf(asset), today)
      .filter((entry) => since === null || entry.date > since)
      .flatMap((entry) =>
        entry.lines.map((line) => ({
          asset_id: asset.id,
          date: entry.date,
          account: line.account,
          amount: centsToDecimal(line.amountCents),
          description: assetLineDescription(asset.name, entry, line),
        })),
      ),
  );
  const insert = sql`
    insert into journal_lines (user_id, source_type, source_id, date, account_id, amount, vat_box, description)
    select ${userId}::uuid, 'depreciation', ${assetEntryId(sql`l.asset_id`, sql`l.date`)}, l.date, a.id, l.amount,
      null, l.description
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
      as l(asset_id uuid, date date, account text, amount numeric, description text)
    join ledger_accounts a on a.user_id = ${userId}::uuid and a.system_key = l.account`;
  const ofAssets =
    selection === "all"
      ? sql`true`
      : sql`exists (select 1 from unnest(${toUuidArray(selection)}) as s(id)
                    where journal_lines.source_id = ${assetEntryId(sql`s.id`, sql`journal_lines.date`)})`;
  const filter = since === null ? ofAssets : sql`${ofAssets} and journal_lines.date > ${since}::date`;
  await replace(db, userId, "depreciation", selection, insert, { ...options, hasNoVat: true }, filter);
}

/** The last day each asset's depreciation is booked up to (the date of its latest entry), for the daily job. */
export async function depreciationBookedUntil(
  db: Database,
  assets: ReadonlyArray<{ id: string; userId: string }>,
): Promise<Map<string, string>> {
  if (assets.length === 0) return new Map();
  const result = await db.execute(sql`
    select s.id::text as id, max(l.date)::text as until
    from unnest(${toUuidArray(assets.map((asset) => asset.id))}, ${toUuidArray(assets.map((asset) => asset.userId))})
      as s(id, user_id)
    join journal_lines l on l.user_id = s.user_id and l.source_type = 'depreciation'
      and l.source_id = ${assetEntryId(sql`s.id`, sql`l.date`)}
    group by s.id`);
  return new Map(rowsOf<{ id: string; until: string }>(result).map((row) => [row.id, row.until]));
}

/**
 * (Re)creates the user's chart of accounts where missing and replaces ALL the user's journal entries from the
 * source records. Set-based: a handful of statements whatever the number of records. Used to back-fill
 * existing users and after bulk inserts (demo data). Does not apply the filing lock: it rebuilds what is there.
 */
export async function rebuildLedger(
  db: Database,
  userId: string,
  {
    refreshStatistics = false,
    today = businessDate(new Date()),
  }: {
    refreshStatistics?: boolean;
    /** Depreciation is booked up to this day (the app's clock; tests move it). */
    today?: string;
  } = {},
): Promise<void> {
  await ensureChartOfAccounts(db, userId);
  // After a large bulk insert the planner's statistics may still describe empty tables (PGlite has no
  // autovacuum); fresh ones turn the per-row nested loops into hash joins. Sampling costs time, so only then.
  if (refreshStatistics) await refreshPlannerStatistics(db);
  await db.execute(sql`delete from journal_lines where user_id = ${userId}::uuid`);
  const options = { checkLock: false, skipTotals: true };
  await postOpeningBalances(db, userId, "all", options);
  await postTransactions(db, userId, "all", options);
  await postInvoices(db, userId, "all", options);
  await postPurchaseInvoices(db, userId, "all", options);
  await postMemorialEntries(db, userId, "all", options);
  await postDepreciation(db, userId, "all", { ...options, today });
  // Last: it moves the balances the entries above put on the VAT accounts.
  await postVatReturns(db, userId, "all", options);
  // After everything it sums: the closing of a year moves the year's result and privé to equity.
  await postYearEnd(db, userId, "all", options);
  await refreshMonthTotals(db, userId, "all");
  if (refreshStatistics) await refreshJournalStatistics(db);
}

const refreshPlannerStatistics = (db: Database) =>
  db.execute(
    sql`analyze transactions, invoices, invoice_items, invoice_payments, purchase_invoices, purchase_invoice_lines,
      purchase_invoice_payments, ledger_accounts, categories, bank_accounts`,
  );

/**
 * The journal's statistics, once it is written: without them the planner takes a large journal for a few rows
 * and reads a range of it in key order (the audit file's keyset scan) by sorting all of it instead of the index.
 */
const refreshJournalStatistics = (db: Database) =>
  db.execute(sql`analyze journal_lines, journal_month_totals`);

/** Start-up back-fill: every user who has no chart of accounts yet gets one and their books. */
export async function backfillLedgers(db: Database): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    select u.id from users u where not exists (select 1 from ledger_accounts a where a.user_id = u.id)`);
  const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
  if (ids.length > 0) await refreshPlannerStatistics(db);
  let rebuilt = 0;
  for (const id of ids) {
    await db.transaction(async (tx) => {
      // Two instances starting together: one rebuilds, the other finds the chart there and skips.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:ledger:${id}`}))`);
      const found = await tx.execute(sql`select 1 from ledger_accounts where user_id = ${id}::uuid limit 1`);
      if (rowsOf(found).length > 0) return;
      await rebuildLedger(tx, id);
      rebuilt += 1;
    });
  }
  if (rebuilt > 0) await refreshJournalStatistics(db);
  // Books posted before the month totals existed get them once.
  const untotalled = await db.execute<{ user_id: string }>(sql`
    select u.id as user_id from users u
    where exists (select 1 from journal_lines l where l.user_id = u.id)
      and not exists (select 1 from journal_month_totals t where t.user_id = u.id)`);
  for (const { user_id: userId } of rowsOf<{ user_id: string }>(untotalled)) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:ledger:${userId}`}))`);
      await refreshMonthTotals(tx, userId, "all");
    });
  }
  // Returns filed before filing moved the VAT to Af te dragen btw get that entry once.
  const unposted = await db.execute<{ user_id: string; id: string }>(sql`
    select f.user_id, f.id from vat_return_filings f
    where not exists (select 1 from journal_lines l where l.source_type = 'vat_return' and l.source_id = f.id)`);
  for (const filing of rowsOf<{ user_id: string; id: string }>(unposted)) {
    await db.transaction((tx) => postVatReturns(tx, filing.user_id, [filing.id]));
  }
  return rebuilt;
}
