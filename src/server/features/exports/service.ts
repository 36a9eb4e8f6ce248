/**
 * The ledger exports for the accountant, read from the books the reports read (ledger/queries.ts), never
 * written to. Each export is an ExportDocument whose rows are fetched in keyset-paged batches while the file is
 * written (render.ts), so a year of 50,000 transactions never sits in memory.
 * 1. Grootboekkaarten: per account the opening balance, every line with a running balance, the closing balance.
 * 2. Proef- en saldibalans: per account the period's debit and credit and the balance on its side.
 * 3. Journaal: every entry with its lines, in date order.
 * 4. Openstaande posten: the debtors' or creditors' sub-ledger on a date, per relation, with ageing.
 * 5. Btw-aansluiting: per VAT period the VAT accounts' balances against the return as filed.
 * Every query filters on the owner first.
 */
import { sql } from "drizzle-orm";
import { addDays } from "../../../shared/dates";
import { formatDate } from "../../../shared/format";
import { isUuid } from "../../../shared/validation";
import {
  LEDGER_EXPORT_MESSAGES,
  type GeneralLedgerQuery,
  type LedgerExportOverview,
  type OpenItemRole,
  type PeriodExportQuery,
} from "../../../shared/schemas/exports";
import { VAT_PERIOD_STATE_LABELS } from "../../../shared/vat-periods";
import type { Database } from "../../db/client";
import { notFound } from "../../errors";
import type { LedgerAccountKind } from "../ledger/chart";
import { rowsOf } from "../ledger/posting";
import { journalAmounts } from "../ledger/queries";
import { vatPeriodsOf, vatReturn } from "../vat-returns/queries";
import type { ExportBlock, ExportColumn, ExportDocument, ExportRow } from "./render";

/** Lines per database round trip: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 2000;

type Range = { from: string; to: string };

/** The journal an entry belongs to (dagboek), after what booked it. */
export const JOURNAL_LABELS: Readonly<Record<string, string>> = {
  transaction: "Bank/kas",
  invoice: "Verkoop",
  invoice_payment: "Ontvangsten",
  purchase_invoice: "Inkoop",
  purchase_invoice_payment: "Betalingen",
  opening_balance: "Beginbalans",
  vat_return: "Btw-aangifte",
  memorial: "Memoriaal",
  depreciation: "Afschrijving",
  year_end: "Jaarafsluiting",
};

const yearStartOf = (date: string) => `${date.slice(0, 4)}-01-01`;
const periodLabel = (range: Range) => `${formatDate(range.from)} t/m ${formatDate(range.to)}`;
const cents = (text: string | null | undefined) => (text ? Number(text) : 0);

/** A document over a period: the company and the period under the title, the period in the file name. */
function periodDocument(
  title: string,
  fileStem: string,
  companyName: string,
  range: Range,
  blocks: AsyncIterable<ExportBlock>,
): ExportDocument {
  return {
    title,
    subtitle: `${companyName} · ${periodLabel(range)}`,
    filename: `${fileStem}_${range.from}_${range.to}`,
    blocks,
  };
}

/** A line of text under the tables. */
const note = (text: string): ExportBlock => ({ kind: "note", text });

const NO_BOOKINGS = note("Geen boekingen in deze periode.");

// --- Balances per account -------------------------------------------------------------------------------

type AccountTotalsRow = {
  id: string;
  code: string;
  rgs_code: string;
  name: string;
  kind: LedgerAccountKind;
  opening: string;
  debit: string;
  credit: string;
};

export type AccountTotals = {
  id: string;
  code: string;
  rgsCode: string;
  name: string;
  kind: LedgerAccountKind;
  /** Debit positive. Balance-sheet accounts: everything before the period; results: the year to date. */
  openingCents: number;
  debitCents: number;
  creditCents: number;
  closingCents: number;
};

const NO_AMOUNTS = sql`select null::uuid as account_id, ''::text as vat_box, null::date as month, 0::numeric as amount where false`;

/**
 * Per account the opening balance at `from`, the debits and credits of the period and the closing balance. A
 * balance-sheet account opens with all that came before; a revenue or cost account opens with the year to date
 * (a new year starts it at nil), as the P&L report counts it.
 */
export async function accountTotals(
  db: Database,
  userId: string,
  range: Range,
  accountId?: string,
): Promise<AccountTotals[]> {
  const dayBefore = addDays(range.from, -1);
  const yearStart = yearStartOf(range.from);
  const resultOpening =
    range.from > yearStart ? journalAmounts(userId, { from: yearStart, to: dayBefore }) : NO_AMOUNTS;
  const result = await db.execute(sql`
    with balance_opening as (
      select l.account_id, sum(l.amount) as amount from (${journalAmounts(userId, { to: dayBefore })}) l group by 1),
    result_opening as (
      select l.account_id, sum(l.amount) as amount from (${resultOpening}) l group by 1),
    moves as (
      select j.account_id, sum(j.amount) filter (where j.amount > 0) as debit,
        -sum(j.amount) filter (where j.amount < 0) as credit
      from journal_lines j
      where j.user_id = ${userId}::uuid and j.date between ${range.from}::date and ${range.to}::date
      group by 1)
    select a.id, a.code, a.rgs_code, a.name, a.kind,
      (coalesce(case when a.kind in ('revenue', 'expense') then r.amount else b.amount end, 0) * 100)::bigint::text
        as opening,
      (coalesce(m.debit, 0) * 100)::bigint::text as debit,
      (coalesce(m.credit, 0) * 100)::bigint::text as credit
    from ledger_accounts a
    left join balance_opening b on b.account_id = a.id
    left join result_opening r on r.account_id = a.id
    left join moves m on m.account_id = a.id
    where a.user_id = ${userId}::uuid ${accountId ? sql`and a.id = ${accountId}::uuid` : sql``}
    order by a.code`);
  return rowsOf<AccountTotalsRow>(result).map((row) => {
    const openingCents = cents(row.opening);
    const debitCents = cents(row.debit);
    const creditCents = cents(row.credit);
    return {
      id: row.id,
      code: row.code,
      rgsCode: row.rgs_code,
      name: row.name,
      kind: row.kind,
      openingCents,
      debitCents,
      creditCents,
      closingCents: openingCents + debitCents - creditCents,
    };
  });
}

/**
 * The results of the years before the period's year (debit positive: a profit is negative). The revenue and cost
 * accounts open each year at nil, so the trial balance shows these as one line, as the balance sheet shows its
 * 'Resultaat voorgaande jaren' (closed years are set off on Verwerkte resultaten).
 */
export async function resultOfEarlierYears(db: Database, userId: string, from: string): Promise<number> {
  const result = await db.execute(sql`
    select (coalesce(sum(l.amount), 0) * 100)::bigint::text as total
    from (${journalAmounts(userId, { to: addDays(yearStartOf(from), -1) })}) l
    join ledger_accounts a on a.id = l.account_id
    where a.kind in ('revenue', 'expense')`);
  return cents(rowsOf<{ total: string }>(result)[0]?.total);
}

// --- Journal lines, keyset-paged ------------------------------------------------------------------------

type LineRow = {
  date: string;
  source_type: string;
  source_id: string;
  row_key: string;
  account_code: string;
  account_name: string;
  description: string;
  amount: string;
  relation: string | null;
  document: string | null;
};

export type JournalLine = {
  date: string;
  journal: string;
  /** The entry's document number (invoice, purchase invoice, memoriaal) or else a short code of the entry. */
  entryNumber: string;
  /** Identifies the entry: its lines share it. */
  entryKey: string;
  accountCode: string;
  accountName: string;
  description: string;
  relation: string;
  amountCents: number;
};

type Cursor = { date: string; sourceType: string; sourceId: string; rowKey: string };

/**
 * One batch of journal lines after the cursor, in (date, source, line) order: the order of the journal and of
 * an account's card. The row's physical position (ctid) breaks ties between identical lines of one entry; the
 * export reads lines only, so it stays put while the batches are read.
 */
async function journalLineBatch(
  db: Database,
  userId: string,
  range: Range,
  accountId: string | null,
  after: Cursor | null,
): Promise<LineRow[]> {
  const result = await db.execute(sql`
    select l.date::text as date, l.source_type::text as source_type, l.source_id::text as source_id,
      l.ctid::text as row_key, a.code as account_code, a.name as account_name, l.description,
      (l.amount * 100)::bigint::text as amount,
      case
        when l.source_type in ('invoice', 'invoice_payment') then inv.client_snapshot->>'name'
        when l.source_type in ('purchase_invoice', 'purchase_invoice_payment') then pin.supplier_name
        when l.source_type = 'transaction'
          then coalesce(tc.name, tinv.client_snapshot->>'name', tpin.supplier_name)
      end as relation,
      case
        when l.source_type in ('invoice', 'invoice_payment') then inv.invoice_number
        when l.source_type in ('purchase_invoice', 'purchase_invoice_payment') then pin.invoice_number
        when l.source_type = 'transaction' then coalesce(tinv.invoice_number, tpin.invoice_number)
        when l.source_type = 'memorial' then 'MEM ' || me.number
      end as document
    from journal_lines l
    join ledger_accounts a on a.id = l.account_id and a.user_id = l.user_id
    left join invoices inv on l.source_type in ('invoice', 'invoice_payment') and inv.id = l.source_id
      and inv.user_id = l.user_id
    left join purchase_invoices pin on l.source_type in ('purchase_invoice', 'purchase_invoice_payment')
      and pin.id = l.source_id and pin.user_id = l.user_id
    left join transactions tr on l.source_type = 'transaction' and tr.id = l.source_id and tr.user_id = l.user_id
    left join clients tc on tc.id = tr.client_id
    left join invoices tinv on tinv.id = tr.invoice_id
    left join purchase_invoices tpin on tpin.id = tr.purchase_invoice_id
    left join memorial_entries me on l.source_type = 'memorial' and me.id = l.source_id and me.user_id = l.user_id
    where l.user_id = ${userId}::uuid and l.date between ${range.from}::date and ${range.to}::date
      ${accountId ? sql`and l.account_id = ${accountId}::uuid` : sql``}
      ${
        after
          ? sql`and (l.date, l.source_type, l.source_id, l.ctid)
                  > (${after.date}::date, ${after.sourceType}::journal_source, ${after.sourceId}::uuid, ${after.rowKey}::tid)`
          : sql``
      }
    order by l.date, l.source_type, l.source_id, l.ctid
    limit ${EXPORT_BATCH_SIZE}`);
  return rowsOf<LineRow>(result);
}

/** Every journal line of the range (of one account, or all), batch by batch. */
export async function* journalLines(
  db: Database,
  userId: string,
  range: Range,
  accountId: string | null = null,
): AsyncGenerator<JournalLine[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await journalLineBatch(db, userId, range, accountId, after);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      date: row.date,
      journal: JOURNAL_LABELS[row.source_type] ?? row.source_type,
      entryNumber: row.document ?? row.source_id.slice(0, 8).toUpperCase(),
      entryKey: `${row.date}|${row.source_type}|${row.source_id}`,
      accountCode: row.account_code,
      accountName: row.account_name,
      description: row.description,
      relation: row.relation ?? "",
      amountCents: cents(row.amount),
    }));
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { date: last.date, sourceType: last.source_type, sourceId: last.source_id, rowKey: last.row_key };
  }
}

// --- 1. Grootboekkaarten --------------------------------------------------------------------------------

const debit = (amount: number) => (amount > 0 ? amount : null);
const credit = (amount: number) => (amount < 0 ? -amount : null);

/** The account of ?account=: its number (1300) or its id; another user's answers 404 like a missing one. */
async function findAccountId(db: Database, userId: string, account: string): Promise<string> {
  const result = await db.execute(sql`
    select id from ledger_accounts
    where user_id = ${userId}::uuid and (code = ${account} ${isUuid(account) ? sql`or id = ${account}::uuid` : sql``})
    limit 1`);
  const row = rowsOf<{ id: string }>(result)[0];
  if (!row) throw notFound(LEDGER_EXPORT_MESSAGES.accountNotFound);
  return row.id;
}

const CARD_COLUMNS: ExportColumn[] = [
  { label: "Datum", kind: "date", width: 62 },
  { label: "Boekstuk", kind: "text", width: 78 },
  { label: "Dagboek", kind: "text", width: 72 },
  { label: "Omschrijving", kind: "text", width: 230 },
  { label: "Relatie", kind: "text", width: 120 },
  { label: "Debet", kind: "money", width: 78 },
  { label: "Credit", kind: "money", width: 78 },
  { label: "Saldo", kind: "money", width: 82 },
];

const cardRow = (label: string, date: string, balance: number, style: ExportRow["style"]): ExportRow => ({
  cells: [date, "", "", label, "", null, null, balance],
  style,
});

export async function generalLedgerExport(
  db: Database,
  userId: string,
  query: GeneralLedgerQuery,
  companyName: string,
): Promise<ExportDocument> {
  const range = { from: query.from, to: query.to };
  const accountId = query.account ? await findAccountId(db, userId, query.account) : undefined;
  const accounts = (await accountTotals(db, userId, range, accountId)).filter(
    (account) =>
      accountId !== undefined ||
      account.openingCents !== 0 ||
      account.debitCents !== 0 ||
      account.creditCents !== 0,
  );
  async function* blocks(): AsyncGenerator<ExportBlock> {
    if (accounts.length === 0) {
      yield NO_BOOKINGS;
      return;
    }
    for (const account of accounts) {
      yield {
        kind: "table",
        title: `${account.code} ${account.name} (RGS ${account.rgsCode})`,
        columns: CARD_COLUMNS,
      };
      let balance = account.openingCents;
      yield { kind: "rows", rows: [cardRow("Beginsaldo", range.from, balance, "heading")] };
      if (account.debitCents !== 0 || account.creditCents !== 0) {
        for await (const lines of journalLines(db, userId, range, account.id)) {
          yield {
            kind: "rows",
            rows: lines.map((line) => {
              balance += line.amountCents;
              return {
                cells: [
                  line.date,
                  line.entryNumber,
                  line.journal,
                  line.description,
                  line.relation,
                  debit(line.amountCents),
                  credit(line.amountCents),
                  balance,
                ],
              };
            }),
          };
        }
      }
      yield {
        kind: "rows",
        rows: [
          {
            cells: [range.to, "", "", "Totaal mutaties", "", account.debitCents, account.creditCents, null],
            style: "total",
          },
          cardRow("Eindsaldo", range.to, balance, "heading"),
        ],
      };
    }
    yield note(
      "Saldo: positief is een debetsaldo, negatief een creditsaldo. Opbrengst- en kostenrekeningen beginnen elk boekjaar op nul.",
    );
  }
  return periodDocument("Grootboekkaarten", "grootboekkaarten", companyName, range, blocks());
}

// --- 2. Proef- en saldibalans ---------------------------------------------------------------------------

const TRIAL_COLUMNS: ExportColumn[] = [
  { label: "Rekening", kind: "text", width: 50 },
  { label: "RGS-code", kind: "text", width: 78 },
  { label: "Omschrijving", kind: "text", width: 200 },
  { label: "Beginsaldo", kind: "money", width: 80 },
  { label: "Debet", kind: "money", width: 80 },
  { label: "Credit", kind: "money", width: 80 },
  { label: "Saldo debet", kind: "money", width: 80 },
  { label: "Saldo credit", kind: "money", width: 80 },
];

export type TrialBalance = {
  accounts: AccountTotals[];
  /** Results of earlier years (debit positive), not on an account: see resultOfEarlierYears. */
  earlierResultsCents: number;
  totals: { debitCents: number; creditCents: number; balanceDebitCents: number; balanceCreditCents: number };
};

export async function trialBalance(db: Database, userId: string, range: Range): Promise<TrialBalance> {
  const accounts = (await accountTotals(db, userId, range)).filter(
    (account) => account.openingCents !== 0 || account.debitCents !== 0 || account.creditCents !== 0,
  );
  const earlierResultsCents = await resultOfEarlierYears(db, userId, range.from);
  const balances = [...accounts.map((account) => account.closingCents), earlierResultsCents];
  return {
    accounts,
    earlierResultsCents,
    totals: {
      debitCents: accounts.reduce((sum, account) => sum + account.debitCents, 0),
      creditCents: accounts.reduce((sum, account) => sum + account.creditCents, 0),
      balanceDebitCents: balances.reduce((sum, balance) => sum + Math.max(balance, 0), 0),
      balanceCreditCents: balances.reduce((sum, balance) => sum + Math.max(-balance, 0), 0),
    },
  };
}

export async function trialBalanceExport(
  db: Database,
  userId: string,
  query: PeriodExportQuery,
  companyName: string,
): Promise<ExportDocument> {
  const range = { from: query.from, to: query.to };
  const balance = await trialBalance(db, userId, range);
  async function* blocks(): AsyncGenerator<ExportBlock> {
    yield { kind: "table", title: "Proef- en saldibalans", columns: TRIAL_COLUMNS };
    const rows: ExportRow[] = balance.accounts.map((account) => ({
      cells: [
        account.code,
        account.rgsCode,
        account.name,
        account.openingCents,
        account.debitCents,
        account.creditCents,
        debit(account.closingCents),
        credit(account.closingCents),
      ],
    }));
    if (balance.earlierResultsCents !== 0) {
      rows.push({
        cells: [
          "",
          "",
          "Resultaat voorgaande boekjaren",
          balance.earlierResultsCents,
          null,
          null,
          debit(balance.earlierResultsCents),
          credit(balance.earlierResultsCents),
        ],
      });
    }
    const { totals } = balance;
    rows.push({
      cells: [
        "",
        "",
        "Totaal",
        null,
        totals.debitCents,
        totals.creditCents,
        totals.balanceDebitCents,
        totals.balanceCreditCents,
      ],
      style: "total",
    });
    yield { kind: "rows", rows };
    if (balance.accounts.length === 0) yield NO_BOOKINGS;
    const agrees =
      totals.debitCents === totals.creditCents && totals.balanceDebitCents === totals.balanceCreditCents;
    yield note(
      agrees
        ? "De totalen sluiten: debet is gelijk aan credit, en de debetsaldi zijn gelijk aan de creditsaldi."
        : "Let op: de totalen sluiten niet. Neem contact op met de ondersteuning.",
    );
    yield note(
      "Opbrengst- en kostenrekeningen beginnen elk boekjaar op nul; de resultaten van eerdere jaren staan op één regel (afgesloten jaren zijn verwerkt op 0590 Verwerkte resultaten).",
    );
  }
  return periodDocument("Proef- en saldibalans", "proef-en-saldibalans", companyName, range, blocks());
}

// --- 3. Journaal ----------------------------------------------------------------------------------------

const JOURNAL_COLUMNS: ExportColumn[] = [
  { label: "Datum", kind: "date", width: 58 },
  { label: "Boekstuk", kind: "text", width: 74 },
  { label: "Dagboek", kind: "text", width: 68 },
  { label: "Rekening", kind: "text", width: 44 },
  { label: "Rekeningnaam", kind: "text", width: 120 },
  { label: "Omschrijving", kind: "text", width: 190 },
  { label: "Relatie", kind: "text", width: 100 },
  { label: "Debet", kind: "money", width: 72 },
  { label: "Credit", kind: "money", width: 72 },
];

export async function journalExport(
  db: Database,
  userId: string,
  query: PeriodExportQuery,
  companyName: string,
): Promise<ExportDocument> {
  const range = { from: query.from, to: query.to };
  async function* blocks(): AsyncGenerator<ExportBlock> {
    yield { kind: "table", title: "Journaal", columns: JOURNAL_COLUMNS };
    let previousEntry = "";
    let debitTotal = 0;
    let creditTotal = 0;
    let count = 0;
    for await (const lines of journalLines(db, userId, range)) {
      yield {
        kind: "rows",
        rows: lines.map((line) => {
          const isFirst = line.entryKey !== previousEntry;
          if (isFirst) count += 1;
          previousEntry = line.entryKey;
          debitTotal += debit(line.amountCents) ?? 0;
          creditTotal += credit(line.amountCents) ?? 0;
          return {
            cells: [
              line.date,
              line.entryNumber,
              line.journal,
              line.accountCode,
              line.accountName,
              line.description,
              line.relation,
              debit(line.amountCents),
              credit(line.amountCents),
            ],
            ...(isFirst ? { style: "first" as const } : {}),
          };
        }),
      };
    }
    yield {
      kind: "rows",
      rows: [
        {
          cells: ["", "", "", "", "", `Totaal (${count} boekingen)`, "", debitTotal, creditTotal],
          style: "total",
        },
      ],
    };
    if (count === 0) yield NO_BOOKINGS;
  }
  return periodDocument("Journaal", "journaal", companyName, range, blocks());
}

// --- 4. Openstaande posten ------------------------------------------------------------------------------

export const AGEING_BUCKETS = [
  "Niet vervallen",
  "0–30 dagen",
  "31–60 dagen",
  "61–90 dagen",
  "> 90 dagen",
] as const;

/** Days past due → the bucket's index: not yet due, 0–30, 31–60, 61–90, more than 90 days. */
export function ageingBucket(daysPastDue: number): number {
  if (daysPastDue < 0) return 0;
  if (daysPastDue <= 30) return 1;
  if (daysPastDue <= 60) return 2;
  if (daysPastDue <= 90) return 3;
  return 4;
}

export type OpenItem = {
  id: string;
  number: string;
  relation: string;
  invoiceDate: string;
  dueDate: string;
  daysPastDue: number;
  /** Open for the role: to receive (debtors) or to pay (creditors); negative is paid too much. */
  openCents: number;
};

type OpenItemRow = {
  id: string;
  number: string | null;
  relation: string | null;
  invoice_date: string;
  due_date: string;
  days: number;
  amount: string;
};

/**
 * The sub-ledger of Debiteuren (sales invoices) or Crediteuren (purchase invoices) on a date: each invoice's
 * lines up to and including that date — its own entry, its credit notes, payments and the bank transactions
 * that paid it (as receivablesByInvoice in ledger/queries.ts) — where they do not add up to nil.
 */
export async function openItems(
  db: Database,
  userId: string,
  role: OpenItemRole,
  date: string,
): Promise<{ items: OpenItem[]; accountBalanceCents: number }> {
  const isDebtors = role === "debtors";
  const items = isDebtors
    ? sql`
      with sub as (
        select coalesce(credit.credit_note_for_id, paid.invoice_id, l.source_id) as invoice_id, sum(l.amount) as amount
        from journal_lines l
        join ledger_accounts a on a.id = l.account_id and a.system_key = 'receivables'
        left join invoices credit on l.source_type = 'invoice' and credit.id = l.source_id
          and credit.credit_note_for_id is not null
        left join transactions paid on l.source_type = 'transaction' and paid.id = l.source_id
        where l.user_id = ${userId}::uuid and l.date <= ${date}::date
        group by 1
        having sum(l.amount) <> 0)
      select i.id, i.invoice_number as number, i.client_snapshot->>'name' as relation,
        i.issue_date::text as invoice_date, i.due_date::text as due_date, (${date}::date - i.due_date) as days,
        (sub.amount * 100)::bigint::text as amount
      from sub join invoices i on i.id = sub.invoice_id and i.user_id = ${userId}::uuid`
    : sql`
      with sub as (
        select coalesce(paid.purchase_invoice_id, l.source_id) as invoice_id, sum(l.amount) as amount
        from journal_lines l
        join ledger_accounts a on a.id = l.account_id and a.system_key = 'payables'
        left join transactions paid on l.source_type = 'transaction' and paid.id = l.source_id
        where l.user_id = ${userId}::uuid and l.date <= ${date}::date
        group by 1
        having sum(l.amount) <> 0)
      select p.id, p.invoice_number as number, p.supplier_name as relation,
        p.invoice_date::text as invoice_date, coalesce(p.due_date, p.invoice_date)::text as due_date,
        (${date}::date - coalesce(p.due_date, p.invoice_date)) as days,
        (-sub.amount * 100)::bigint::text as amount
      from sub join purchase_invoices p on p.id = sub.invoice_id and p.user_id = ${userId}::uuid`;
  const itemResult = await db.execute(sql`${items} order by 3, 5, 2`);
  const balanceResult = await db.execute(sql`
    select (coalesce(sum(l.amount), 0) * 100)::bigint::text as total
    from journal_lines l
    join ledger_accounts a on a.id = l.account_id and a.system_key = ${isDebtors ? "receivables" : "payables"}
    where l.user_id = ${userId}::uuid and l.date <= ${date}::date`);
  const sign = isDebtors ? 1 : -1;
  return {
    items: rowsOf<OpenItemRow>(itemResult).map((row) => ({
      id: row.id,
      number: row.number ?? "",
      relation: row.relation?.trim() || "Onbekende relatie",
      invoiceDate: row.invoice_date,
      dueDate: row.due_date,
      daysPastDue: Number(row.days),
      openCents: cents(row.amount),
    })),
    accountBalanceCents: sign * cents(rowsOf<{ total: string }>(balanceResult)[0]?.total),
  };
}

const OPEN_ITEM_COLUMNS: ExportColumn[] = [
  { label: "Relatie", kind: "text", width: 130 },
  { label: "Factuur", kind: "text", width: 80 },
  { label: "Factuurdatum", kind: "date", width: 62 },
  { label: "Vervaldatum", kind: "date", width: 62 },
  { label: "Dagen", kind: "number", width: 48 },
  { label: "Openstaand", kind: "money", width: 72 },
  ...AGEING_BUCKETS.map((label) => ({ label, kind: "money" as const, width: 66 })),
];

function bucketCells(amount: number, bucket: number | null): Array<number | null> {
  return AGEING_BUCKETS.map((_, index) => (bucket === index ? amount : null));
}

export async function openItemsExport(
  db: Database,
  userId: string,
  query: { role: OpenItemRole; date: string },
  companyName: string,
): Promise<ExportDocument> {
  const { items, accountBalanceCents } = await openItems(db, userId, query.role, query.date);
  const isDebtors = query.role === "debtors";
  const title = isDebtors ? "Openstaande posten debiteuren" : "Openstaande posten crediteuren";
  async function* blocks(): AsyncGenerator<ExportBlock> {
    yield { kind: "table", title: `${title} per ${formatDate(query.date)}`, columns: OPEN_ITEM_COLUMNS };
    const totals = AGEING_BUCKETS.map(() => 0);
    let total = 0;
    const rows: ExportRow[] = [];
    for (let index = 0; index < items.length;) {
      const relation = items[index]!.relation;
      const relationTotals = AGEING_BUCKETS.map(() => 0);
      let relationTotal = 0;
      for (; index < items.length && items[index]!.relation === relation; index++) {
        const item = items[index]!;
        const bucket = ageingBucket(item.daysPastDue);
        relationTotals[bucket]! += item.openCents;
        totals[bucket]! += item.openCents;
        relationTotal += item.openCents;
        total += item.openCents;
        rows.push({
          cells: [
            relation,
            item.number,
            item.invoiceDate,
            item.dueDate,
            Math.max(item.daysPastDue, 0),
            item.openCents,
            ...bucketCells(item.openCents, bucket),
          ],
        });
      }
      rows.push({
        cells: [
          `Totaal ${relation}`,
          "",
          null,
          null,
          null,
          relationTotal,
          ...relationTotals.map((value) => value || null),
        ],
        style: "heading",
      });
    }
    rows.push({ cells: ["Totaal", "", null, null, null, total, ...totals], style: "total" });
    const unassigned = accountBalanceCents - total;
    if (unassigned !== 0) {
      rows.push({
        cells: [
          "Niet aan een factuur gekoppeld (memoriaal)",
          "",
          null,
          null,
          null,
          unassigned,
          null,
          null,
          null,
          null,
          null,
        ],
      });
    }
    rows.push({
      cells: [
        `Saldo ${isDebtors ? "1300 Debiteuren" : "1600 Crediteuren"}`,
        "",
        null,
        null,
        null,
        accountBalanceCents,
      ],
      style: "total",
    });
    yield { kind: "rows", rows };
    if (items.length === 0) yield note("Er staan op deze datum geen facturen open.");
    yield note(
      `Uit het grootboek: per factuur de boekingen tot en met ${formatDate(query.date)} (factuur, creditnota's en betalingen). Ouderdom in dagen na de vervaldatum.`,
    );
  }
  return {
    title,
    subtitle: `${companyName} · per ${formatDate(query.date)}`,
    filename: `openstaande-posten-${isDebtors ? "debiteuren" : "crediteuren"}_${query.date}`,
    blocks: blocks(),
  };
}

// --- 5. Btw-aansluiting ---------------------------------------------------------------------------------

/** The VAT accounts of the chart, as the filing of a return moves them (posting.ts, postVatReturns). */
const VAT_ACCOUNT_KEYS = [
  "vat_payable_21",
  "vat_payable_9",
  "vat_payable_other",
  "vat_payable_reverse_charge",
  "vat_payable_eu",
  "vat_payable_non_eu",
  "vat_receivable",
] as const;

type VatAccountRow = { system_key: string; code: string; name: string; amount: string };

/** Per VAT account the movements of a period, without the filing's own entry that empties them. */
async function vatAccountMovements(db: Database, userId: string, range: Range) {
  const keys = sql`${`{${VAT_ACCOUNT_KEYS.join(",")}}`}::text[]`;
  const result = await db.execute(sql`
    select a.system_key, a.code, a.name,
      (coalesce(sum(l.amount), 0) * 100)::bigint::text as amount
    from ledger_accounts a
    left join journal_lines l on l.account_id = a.id and l.user_id = ${userId}::uuid
      and l.date between ${range.from}::date and ${range.to}::date and l.source_type <> 'vat_return'
    where a.user_id = ${userId}::uuid and a.system_key = any(${keys})
    group by a.system_key, a.code, a.name
    order by a.code`);
  return rowsOf<VatAccountRow>(result).map((row) => ({
    systemKey: row.system_key,
    code: row.code,
    name: row.name,
    amountCents: cents(row.amount),
  }));
}

/** The balance the filing of a period moved to Af te dragen btw (credit positive: to pay). */
async function movedToSettlement(db: Database, userId: string, periodId: string): Promise<number | null> {
  const result = await db.execute(sql`
    select (coalesce(-sum(l.amount), 0) * 100)::bigint::text as amount, count(l.*)::int as count
    from vat_return_filings f
    join ledger_accounts a on a.user_id = f.user_id and a.system_key = 'vat_settlement'
    left join journal_lines l on l.user_id = f.user_id and l.source_type = 'vat_return' and l.source_id = f.id
      and l.account_id = a.id
    where f.user_id = ${userId}::uuid and f.period = ${periodId}`);
  const row = rowsOf<{ amount: string; count: number }>(result)[0];
  return row ? cents(row.amount) : null;
}

const VAT_COLUMNS: ExportColumn[] = [
  { label: "Rekening", kind: "text", width: 50 },
  { label: "Omschrijving", kind: "text", width: 260 },
  { label: "Rubriek", kind: "text", width: 50 },
  { label: "Volgens boeken", kind: "money", width: 90 },
  { label: "Volgens aangifte", kind: "money", width: 90 },
  { label: "Verschil", kind: "money", width: 90 },
];

export type VatReconciliationPeriod = {
  id: string;
  label: string;
  state: string;
  accounts: Array<{ code: string; name: string; amountCents: number; systemKey: string }>;
  /** Books: payable VAT (credit positive), deductible VAT (debit positive), their difference. */
  booksPayableCents: number;
  booksDeductibleCents: number;
  /** The return (as filed when filed): 5a, 5b and 5g in whole euros, as cents. */
  returnPayableCents: number;
  returnDeductibleCents: number;
  movedCents: number | null;
};

export async function vatReconciliation(
  db: Database,
  userId: string,
  year: number,
  today: string,
): Promise<VatReconciliationPeriod[]> {
  const { periods } = await vatPeriodsOf(db, userId, year, today);
  const answer: VatReconciliationPeriod[] = [];
  for (const period of periods) {
    const accounts = await vatAccountMovements(db, userId, { from: period.startDate, to: period.endDate });
    const vat = await vatReturn(db, userId, period.id, today);
    const moved = await movedToSettlement(db, userId, period.id);
    const euros = (code: string) =>
      (vat?.rubrieken.find((rubriek) => rubriek.code === code)?.vatEuros ?? 0) * 100;
    answer.push({
      id: period.id,
      label: period.label,
      state: VAT_PERIOD_STATE_LABELS[period.state],
      accounts,
      booksPayableCents: -accounts
        .filter((account) => account.systemKey !== "vat_receivable")
        .reduce((sum, account) => sum + account.amountCents, 0),
      booksDeductibleCents: accounts
        .filter((account) => account.systemKey === "vat_receivable")
        .reduce((sum, account) => sum + account.amountCents, 0),
      returnPayableCents: euros("5a"),
      returnDeductibleCents: euros("5b"),
      movedCents: period.state === "filed" ? moved : null,
    });
  }
  return answer;
}

export async function vatReconciliationExport(
  db: Database,
  userId: string,
  year: number,
  today: string,
  companyName: string,
): Promise<ExportDocument> {
  const periods = await vatReconciliation(db, userId, year, today);
  async function* blocks(): AsyncGenerator<ExportBlock> {
    for (const period of periods) {
      yield { kind: "table", title: `${period.label} · ${period.state}`, columns: VAT_COLUMNS };
      const rows: ExportRow[] = period.accounts.map((account) => ({
        cells: [
          account.code,
          account.name,
          "",
          account.systemKey === "vat_receivable" ? account.amountCents : -account.amountCents,
          null,
          null,
        ],
      }));
      const booksBalance = period.booksPayableCents - period.booksDeductibleCents;
      const returnBalance = period.returnPayableCents - period.returnDeductibleCents;
      rows.push(
        {
          cells: [
            "",
            "Verschuldigde btw",
            "5a",
            period.booksPayableCents,
            period.returnPayableCents,
            period.booksPayableCents - period.returnPayableCents,
          ],
          style: "total",
        },
        {
          cells: [
            "",
            "Voorbelasting",
            "5b",
            period.booksDeductibleCents,
            period.returnDeductibleCents,
            period.booksDeductibleCents - period.returnDeductibleCents,
          ],
        },
        {
          cells: [
            "",
            "Te betalen (terug te vragen: negatief)",
            "5g",
            booksBalance,
            returnBalance,
            booksBalance - returnBalance,
          ],
          style: "total",
        },
      );
      if (period.movedCents !== null) {
        rows.push({
          cells: ["1790", "Bij het indienen geboekt op Af te dragen btw", "", period.movedCents, null, null],
        });
      }
      yield { kind: "rows", rows };
    }
    if (periods.length === 0) yield note("Geen btw-perioden in dit jaar.");
    yield note(
      "Volgens boeken: de mutaties op de btw-rekeningen in de periode, zonder de boeking van de aangifte zelf. Volgens aangifte: de ingediende aangifte (anders de aangifte zoals die nu zou luiden), in hele euro's. Een verschil onder € 1 per rubriek is afronding in je voordeel; een groter verschil is een correctie die in een latere aangifte hoort.",
    );
  }
  return {
    title: "Btw-aansluiting",
    subtitle: `${companyName} · ${year}`,
    filename: `btw-aansluiting_${year}`,
    blocks: blocks(),
  };
}

/** The first and last day of the books, read from the journal's (user, date) index. */
export async function exportOverview(db: Database, userId: string): Promise<LedgerExportOverview> {
  const result = await db.execute(sql`
    select min(date)::text as first_date, max(date)::text as last_date
    from journal_lines where user_id = ${userId}::uuid`);
  const row = rowsOf<{ first_date: string | null; last_date: string | null }>(result)[0];
  return { firstDate: row?.first_date ?? null, lastDate: row?.last_date ?? null };
}
