/**
 * The XAF audit file (XML Auditfile Financieel 3.2, namespace http://www.auditfiles.nl/XAF/3.2; domain.md §5),
 * written from the journal as a stream of text chunks: each journal is read in batches of whole entries (keyset
 * pages in key order, their source facts joined on), so a year of any size never sits in memory at once.
 * 1. header, company, the relations the period's entries refer to, the chart with its RGS codes, the VAT codes
 *    (the rubrieken of the return), the months of the fiscal year;
 * 2. the opening balance: every account's balance before the first day, earlier years' results on Verwerkte
 *    resultaten (the counterpart the year-end closing posts against), so it balances and is never counted twice;
 * 3. the entries per journal (one per kind of source record), each entry with its lines.
 * Reads the books only; every statement filters on the owner.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { sql, type SQL } from "drizzle-orm";
import { escapeUTF8 } from "entities";
import { addDays, businessDate } from "../../../shared/dates";
import { monthEnd } from "../../../shared/periods";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { AuditFilePeriod } from "../../../shared/schemas/exports";
import { CLIENT_COUNTRIES } from "../../../shared/schemas/clients";
import { EU_COUNTRIES } from "../../../shared/vat";
import type { Database } from "../../db/client";
import type { LedgerAccountKind } from "../ledger/chart";
import { rowsOf } from "../ledger/posting";
import { journalAmounts } from "../ledger/queries";
import { VAT_RUBRIEK_LABELS, type VatRubriekCode } from "../vat-returns/queries";

const { version: SOFTWARE_VERSION } = createRequire(import.meta.url)("../../../../package.json") as {
  version: string;
};

export const XAF_NAMESPACE = "http://www.auditfiles.nl/XAF/3.2";

/**
 * Lines read per statement. Each statement costs the embedded database a plan and a pass over its indexes, so
 * fewer, larger pages are cheaper; but larger answers cost memory. Measured on a year of 50,000 transactions
 * (`npm run bench -- xaf`): on PostgreSQL pages of 500 lines add some 30 MB to the server while exporting, pages
 * of 1000 some 160 MB for no gain in time; on the embedded database 500 lines take 2.8 s, 250 lines 3.5 s.
 */
const BATCH_LINES = 500;
/** Text is handed on in chunks of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

export type AuditFileOwner = {
  userId: string;
  /** The company name when Settings has no trade name: the user's own name. */
  fallbackName: string;
};

// --- Writing XML ---------------------------------------------------------------------------------------------

/** Characters XML 1.0 does not allow in text (C0 controls other than tab and newlines, unpaired surrogates). */
const NOT_XML_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The XSD's String50, String999, …: at most `max` characters (code points, as a validator counts them). */
function fit(value: string, max?: number): string {
  const clean = value.replace(NOT_XML_CHARS, "");
  // UTF-16 length is at least the number of code points: only a long text needs counting.
  if (max === undefined || clean.length <= max) return clean;
  const chars = Array.from(clean);
  return chars.length <= max ? clean : chars.slice(0, max).join("");
}

/**
 * Text that needs neither escaping nor cleaning, as most values are (codes, dates, amounts, numbers): none of
 * the characters XML escapes, no control characters, no surrogates (paired ones take the long way round too).
 */
// eslint-disable-next-line no-control-regex
const PLAIN_TEXT = /^[^"&'<>\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]*$/;

/** An element with text; `max` is the XSD's maximum length. */
const el = (name: string, value: string | number, max?: number) => {
  const text = String(value);
  const plain = (max === undefined || text.length <= max) && PLAIN_TEXT.test(text);
  return `<${name}>${plain ? text : escapeUTF8(fit(text, max))}</${name}>`;
};

/** An optional element: left out when there is nothing to say. */
const opt = (name: string, value: string | number | null | undefined, max?: number) =>
  value === null || value === undefined || String(value).trim() === ""
    ? ""
    : el(name, String(value).trim(), max);

/** Amounts are positive with D (debit) or C (credit) beside them; the journal keeps debit positive. */
const amount = (cents: number) => centsToDecimal(Math.abs(cents));
const side = (cents: number) => (cents < 0 ? "C" : "D");

/** The XSD's country list is ISO 3166; codes outside the ones Balans stores (e.g. EL for Greece) are left out. */
const KNOWN_COUNTRIES = new Set<string>([
  ...CLIENT_COUNTRIES,
  ...EU_COUNTRIES.filter((code) => code !== "EL"),
  "GR",
]);
const country = (code: string | null | undefined) => {
  const upper = code?.trim().toUpperCase();
  return upper && KNOWN_COUNTRIES.has(upper) ? upper : null;
};

/** A VAT or KvK number as an identifier: without the spaces and dots of its printed form. */
const identifier = (value: string | null | undefined) => value?.replace(/[\s.]/g, "") || null;

const cents = (text: string | null | undefined) => (text ? parseCents(text)! : 0);

// --- The books -----------------------------------------------------------------------------------------------

type AccountRow = {
  id: string;
  code: string;
  rgs_code: string;
  name: string;
  kind: LedgerAccountKind;
  system_key: string | null;
};

/** The rubrieken of the return as VAT codes, with the accounts their VAT is booked on (chart.ts keys). */
const VAT_CODES: ReadonlyArray<{ id: VatRubriekCode; toPay?: string; toClaim?: string; rate?: number }> = [
  { id: "1a", toPay: "vat_payable_21", rate: 21 },
  { id: "1b", toPay: "vat_payable_9", rate: 9 },
  { id: "1c", toPay: "vat_payable_other" },
  // Privégebruik: the rate follows from the entry's VAT and the value taken out (none for a forfait).
  { id: "1d", toPay: "vat_payable_21" },
  { id: "1e", rate: 0 },
  { id: "2a", toPay: "vat_payable_reverse_charge", toClaim: "vat_receivable" },
  { id: "3b", rate: 0 },
  { id: "4a", toPay: "vat_payable_non_eu", toClaim: "vat_receivable" },
  { id: "4b", toPay: "vat_payable_eu", toClaim: "vat_receivable" },
  { id: "5b", toClaim: "vat_receivable" },
];
const VAT_CODE_BY_ID = new Map(VAT_CODES.map((code) => [code.id as string, code]));
const VAT_ACCOUNT_KEYS = new Set([
  "vat_receivable",
  "vat_payable_21",
  "vat_payable_9",
  "vat_payable_other",
  "vat_payable_reverse_charge",
  "vat_payable_eu",
  "vat_payable_non_eu",
]);

/** One journal per kind of source record, in the order an accountant reads them (jrnTp: XAF 3.2 journal types). */
const JOURNALS = [
  { source: "opening_balance", id: "BEGIN", desc: "Beginsaldi bankrekeningen", type: "O" },
  { source: "invoice", id: "VERKOOP", desc: "Verkoopboek: facturen en creditnota's", type: "S" },
  { source: "purchase_invoice", id: "INKOOP", desc: "Inkoopboek: inkoopfacturen", type: "P" },
  { source: "transaction", id: "BANK", desc: "Bankboek: geboekte bankmutaties", type: "B" },
  { source: "invoice_payment", id: "ONTVANGST", desc: "Ontvangsten op verkoopfacturen", type: "B" },
  { source: "purchase_invoice_payment", id: "BETALING", desc: "Betalingen op inkoopfacturen", type: "B" },
  { source: "memorial", id: "MEMORIAAL", desc: "Memoriaal", type: "M" },
  { source: "depreciation", id: "AFSCHRIJVING", desc: "Afschrijvingen vaste activa", type: "M" },
  { source: "vat_return", id: "BTW", desc: "Btw-aangiften: btw naar af te dragen btw", type: "M" },
  {
    source: "year_end",
    id: "JAARAFSLUITING",
    desc: "Jaarafsluiting: resultaat en privé naar eigen vermogen",
    type: "M",
  },
] as const;

/** Depreciation, VAT filings, closings and opening balances concern no relation and have no document number. */
const hasSourceFacts = (source: string) =>
  [
    "transaction",
    "invoice",
    "invoice_payment",
    "purchase_invoice",
    "purchase_invoice_payment",
    "memorial",
  ].includes(source);

/**
 * Who a source record concerns and what documents it: the client of an invoice (or of the invoice a bank
 * transaction pays), the supplier of a purchase invoice, the client set on a transaction. A relation without a
 * record (deleted, or a supplier known by name only) is identified by its name. Joined on the owner throughout.
 */
function sourceFacts(userId: string, source: string, ids: SQL) {
  const owner = sql`${userId}::uuid`;
  const isTransaction = source === "transaction";
  const isInvoice = source === "invoice" || source === "invoice_payment";
  const isPurchase = source === "purchase_invoice" || source === "purchase_invoice_payment";
  const isMemorial = source === "memorial";
  if (!hasSourceFacts(source)) return null;
  // Only the lookups of this journal's kind of record, each a primary-key probe (kept a separate step by its limit).
  // A transaction's invoice and purchase invoice are looked up only when it has one: the condition on the outer
  // row alone is checked before the probe, which the embedded database otherwise starts for every transaction
  // (and on a small table as a scan, whose start asks the file system for the table's size).
  const none = (columns: string) => sql.raw(`(select ${columns}) `);
  const t = isTransaction
    ? sql`(select t.client_id, t.invoice_id, t.purchase_invoice_id, t.type, t.vat_rate from transactions t
        where t.id = s.source_id and t.user_id = ${owner} limit 1)`
    : none(
        "null::uuid as client_id, null::uuid as invoice_id, null::uuid as purchase_invoice_id, null as type, null::numeric as vat_rate",
      );
  const ti = isTransaction
    ? sql`(select ti.client_id, ti.client_snapshot from invoices ti
        where t.invoice_id is not null and ti.id = t.invoice_id and ti.user_id = ${owner} limit 1)`
    : none("null::uuid as client_id, null::jsonb as client_snapshot");
  const tp = isTransaction
    ? sql`(select tp.supplier_id, tp.supplier_name from purchase_invoices tp
        where t.purchase_invoice_id is not null and tp.id = t.purchase_invoice_id and tp.user_id = ${owner}
        limit 1)`
    : none("null::uuid as supplier_id, null::text as supplier_name");
  const i = isInvoice
    ? sql`(select i.client_id, i.client_snapshot, i.invoice_number from invoices i
        where i.id = s.source_id and i.user_id = ${owner} limit 1)`
    : none("null::uuid as client_id, null::jsonb as client_snapshot, null::text as invoice_number");
  const p = isPurchase
    ? sql`(select p.supplier_id, p.supplier_name, p.invoice_number,
          (select case when min(pl.vat_rate) = max(pl.vat_rate) then min(pl.vat_rate) end
           from purchase_invoice_lines pl where pl.purchase_invoice_id = p.id and pl.user_id = ${owner}) as single_rate
        from purchase_invoices p where p.id = s.source_id and p.user_id = ${owner} limit 1)`
    : none(
        "null::uuid as supplier_id, null::text as supplier_name, null::text as invoice_number, null::numeric as single_rate",
      );
  const m = isMemorial
    ? sql`(select m.id, m.number from memorial_entries m where m.id = s.source_id and m.user_id = ${owner} limit 1)`
    : none("null::uuid as id, null::int as number");
  return sql`
    select s.source_id::text as source_id,
      coalesce(t.client_id, ti.client_id, tp.supplier_id, i.client_id, p.supplier_id)::text as client_id,
      nullif(trim(coalesce(ti.client_snapshot->>'name', tp.supplier_name, i.client_snapshot->>'name',
        p.supplier_name)), '') as relation_name,
      coalesce(ti.client_snapshot, i.client_snapshot) as snapshot,
      case when ${sql.raw(String(isInvoice))} or t.type = 'income' then 'C' else 'S' end as role,
      coalesce(i.invoice_number, p.invoice_number) as invoice_ref,
      case when m.id is not null then 'Memoriaal ' || m.number end as memorial_ref,
      coalesce(t.vat_rate, p.single_rate)::text as vat_rate
    from (${ids}) as s(source_id)
    left join lateral ${t} t on true
    left join lateral ${ti} ti on true
    left join lateral ${tp} tp on true
    left join lateral ${i} i on true
    left join lateral ${p} p on true
    left join lateral ${m} m on true`;
}

/**
 * The relations of the period's entries, read from the source records the way posting.ts dates their entries
 * (invoices on their date, payments on theirs, completed transactions), with the same identity as sourceFacts.
 */
function periodRelations(userId: string, period: AuditFilePeriod) {
  const owner = sql`${userId}::uuid`;
  const dates = (column: ReturnType<typeof sql>) =>
    sql`${column} between ${period.from}::date and ${period.to}::date`;
  return sql`
    select i.client_id, i.client_snapshot->>'name' as relation_name, i.client_snapshot as snapshot, 'C' as role
    from invoices i where i.user_id = ${owner} and i.status <> 'draft' and ${dates(sql`i.issue_date`)}
    union all
    select i.client_id, i.client_snapshot->>'name', i.client_snapshot, 'C'
    from invoice_payments ip join invoices i on i.id = ip.invoice_id and i.user_id = ${owner}
    where ip.user_id = ${owner} and ip.transaction_id is null and ${dates(sql`ip.date`)}
    union all
    select p.supplier_id, p.supplier_name, null, 'S'
    from purchase_invoices p
    where p.user_id = ${owner} and p.status in ('booked', 'paid') and ${dates(sql`p.invoice_date`)}
    union all
    select p.supplier_id, p.supplier_name, null, 'S'
    from purchase_invoice_payments pp join purchase_invoices p on p.id = pp.purchase_invoice_id and p.user_id = ${owner}
    where pp.user_id = ${owner} and pp.transaction_id is null and ${dates(sql`pp.date`)}
    union all
    select coalesce(t.client_id, ti.client_id, tp.supplier_id), coalesce(ti.client_snapshot->>'name', tp.supplier_name),
      ti.client_snapshot, case when t.type = 'income' then 'C' else 'S' end
    from transactions t
    left join invoices ti on ti.id = t.invoice_id and ti.user_id = ${owner}
    left join purchase_invoices tp on tp.id = t.purchase_invoice_id and tp.user_id = ${owner}
    where t.user_id = ${owner} and t.status = 'completed' and ${dates(sql`t.date`)}
      and (t.client_id is not null or t.invoice_id is not null or t.purchase_invoice_id is not null)`;
}

type SourceFactsRow = {
  source_id: string;
  client_id: string | null;
  relation_name: string | null;
  snapshot: {
    country?: string;
    vatNumber?: string | null;
    kvkNumber?: string | null;
    email?: string | null;
  } | null;
  role: "C" | "S";
  invoice_ref: string | null;
  memorial_ref: string | null;
  vat_rate: string | null;
};

/** custSupID: a client's uuid without its dashes (IdentificationString35), or N + a hash of the name. */
function relationId(
  row: Pick<SourceFactsRow, "client_id" | "relation_name">,
  nameHashes: Map<string, string>,
) {
  if (row.client_id) return row.client_id.replaceAll("-", "");
  if (row.relation_name) return nameHashes.get(row.relation_name.toLowerCase()) ?? null;
  return null;
}

type LineRow = {
  date: string;
  source_id: string;
  account_id: string;
  amount: string;
  vat_box: string | null;
  description: string;
  /** The amount in cents, parsed once: sorting, totals and VAT all need it. */
  cents: number;
  /** The entry's source facts, shared by its lines (journals whose records have them). */
  facts?: SourceFactsRow;
};

/** A page as the database hands it over: its lines and its entries' facts, each as JSON arrays (see below). */
type PageRow = {
  lines: Array<[string, string, string, string, string | null, string]> | null;
  facts: Array<
    [
      string,
      string | null,
      string | null,
      SourceFactsRow["snapshot"],
      "C" | "S",
      string | null,
      string | null,
      string | null,
    ]
  > | null;
};

/**
 * A journal's lines of the period in batches of whole entries, in key order (date, source id): one keyset scan
 * over the (user, date) index from the journal's first day to its last, `batchLines` lines a statement. The
 * index gives the days in order, so the database sorts only each day's lines by source id (an incremental sort),
 * never the whole journal. The plan needs the journal's statistics (the rebuild refreshes them, posting.ts).
 * A page may end inside an entry: that entry starts the next page (or, larger than a page, is read alone).
 * A page comes back as one row of two JSON arrays (its lines, and the facts of its entries once each) rather
 * than a row per line: the embedded database's driver decodes every field of a result on its own, which cost
 * more than the export's queries themselves did.
 */
async function* journalBatches(
  db: Database,
  userId: string,
  source: string,
  days: { first: string; last: string },
  batchLines: number,
): AsyncGenerator<LineRow[]> {
  // The entries' source facts, once per entry of the page: every line of an entry refers to the same object.
  const facts = sourceFacts(userId, source, sql`select distinct p.source_id from page p`);
  const read = async (where: SQL, limit?: number): Promise<LineRow[]> => {
    const [page] = rowsOf<PageRow>(
      await db.execute(sql`
        with page as materialized (
          select l.date, l.source_id, l.account_id, l.amount, l.vat_box, l.description from journal_lines l
          where l.user_id = ${userId}::uuid and l.source_type = ${source}::journal_source and ${where}
          order by l.date, l.source_id ${limit === undefined ? sql`` : sql`limit ${limit}`})
        select
          (select json_agg(json_build_array(l.date::text, l.source_id::text, l.account_id::text, l.amount::text,
            l.vat_box, l.description) order by l.date, l.source_id) from page l) as lines,
          ${
            facts
              ? sql`(select json_agg(json_build_array(f.source_id, f.client_id, f.relation_name, f.snapshot, f.role,
                  f.invoice_ref, f.memorial_ref, f.vat_rate)) from (${facts}) f)`
              : sql`null::json`
          } as facts`),
    );
    const factsOf = new Map<string, SourceFactsRow>();
    for (const [
      source_id,
      client_id,
      relation_name,
      snapshot,
      role,
      invoice_ref,
      memorial_ref,
      vat_rate,
    ] of page?.facts ?? []) {
      factsOf.set(source_id, {
        source_id,
        client_id,
        relation_name,
        snapshot,
        role,
        invoice_ref,
        memorial_ref,
        vat_rate,
      });
    }
    return (page?.lines ?? []).map(([date, source_id, account_id, amount, vat_box, description]) => ({
      date,
      source_id,
      account_id,
      amount,
      vat_box,
      description,
      cents: cents(amount),
      facts: factsOf.get(source_id),
    }));
  };
  let after: { date: string; sourceId: string } | null = null;
  for (;;) {
    const page = await read(
      after
        ? sql`l.date between ${after.date}::date and ${days.last}::date
            and (l.date > ${after.date}::date or l.source_id > ${after.sourceId}::uuid)`
        : sql`l.date between ${days.first}::date and ${days.last}::date`,
      batchLines,
    );
    if (page.length === 0) return;
    const last = page[page.length - 1]!;
    let whole =
      page.length < batchLines
        ? page
        : page.filter((line) => line.source_id !== last.source_id || line.date !== last.date);
    if (whole.length === 0)
      whole = await read(sql`l.date = ${last.date}::date and l.source_id = ${last.source_id}::uuid`);
    yield whole;
    if (page.length < batchLines) return;
    const end = whole[whole.length - 1]!;
    after = { date: end.date, sourceId: end.source_id };
  }
}

type VatElement = { code: string; rate: number; cents: number };

/**
 * The VAT of an entry's lines, each amount once: on the turnover lines of a rubriek (shared in proportion when
 * there are several), or on the VAT lines themselves when the rubriek has no turnover line (voorbelasting). The
 * percentage is the rubriek's own (1a 21%, 1b 9%, 1e and 3b 0%) or the source's single rate; where neither
 * exists the element is left out rather than guessed.
 */
function vatOfEntry(
  lines: readonly LineRow[],
  isVatAccount: (id: string) => boolean,
  sourceRate: number | null,
) {
  const result = new Map<LineRow, VatElement>();
  const byBox = new Map<string, LineRow[]>();
  for (const line of lines) {
    if (!line.vat_box || !VAT_CODE_BY_ID.has(line.vat_box)) continue;
    const boxLines = byBox.get(line.vat_box) ?? [];
    boxLines.push(line);
    byBox.set(line.vat_box, boxLines);
  }
  for (const [box, boxLines] of byBox) {
    const vatLines = boxLines.filter((line) => isVatAccount(line.account_id));
    const bases = boxLines.filter((line) => !isVatAccount(line.account_id));
    const rate = VAT_CODE_BY_ID.get(box)!.rate ?? (box === "1d" ? impliedRate(vatLines, bases) : sourceRate);
    if (rate === null) continue;
    if (bases.length === 0) {
      for (const line of vatLines) result.set(line, { code: box, rate, cents: line.cents });
      continue;
    }
    const vatCents = vatLines.reduce((sum, line) => sum + line.cents, 0);
    const weights = bases.map((line) => Math.abs(line.cents));
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
    let given = 0;
    bases.forEach((line, index) => {
      const share =
        index === bases.length - 1
          ? vatCents - given
          : totalWeight === 0
            ? 0
            : Math.round((vatCents * weights[index]!) / totalWeight);
      given += share;
      result.set(line, { code: box, rate, cents: share });
    });
  }
  return result;
}

/** The percentage the VAT lines are of the turnover lines, to the hundredth; null without turnover. */
function impliedRate(vatLines: readonly LineRow[], bases: readonly LineRow[]): number | null {
  const base = bases.reduce((sum, line) => sum + line.cents, 0);
  if (base === 0) return null;
  const vat = vatLines.reduce((sum, line) => sum + line.cents, 0);
  return Math.round((vat * 10_000) / base) / 100;
}

/** The Amsterdam calendar months of the fiscal year, numbered 1–12. */
function monthsOfYear(year: number) {
  return Array.from({ length: 12 }, (_, index) => {
    const month = String(index + 1).padStart(2, "0");
    const start = `${year}-${month}-01`;
    return { number: index + 1, start, end: monthEnd(start) };
  });
}

/**
 * The audit file of the period as text chunks, in document order. Throws (ending the download unfinished) if the
 * journal changed while it was being read, so a file that completes is always consistent with its totals.
 * `batchLines` (lines read per statement) changes how the journal is read, never what is written.
 */
export async function* writeAuditFile(
  db: Database,
  owner: AuditFileOwner,
  period: AuditFilePeriod,
  now: Date,
  { batchLines = BATCH_LINES }: { batchLines?: number } = {},
): AsyncGenerator<string> {
  const { userId } = owner;
  let buffer = "";
  const out = (text: string) => {
    buffer += text;
  };
  const full = () => buffer.length >= CHUNK_CHARS;
  const take = () => {
    const chunk = buffer;
    buffer = "";
    return chunk;
  };

  const accounts = rowsOf<AccountRow>(
    await db.execute(sql`
      select id::text as id, code, rgs_code, name, kind, system_key from ledger_accounts
      where user_id = ${userId}::uuid order by code`),
  );
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const codeOfKey = new Map(accounts.filter((a) => a.system_key).map((a) => [a.system_key!, a.code]));
  const vatAccountIds = new Set(
    accounts.filter((a) => a.system_key && VAT_ACCOUNT_KEYS.has(a.system_key)).map((a) => a.id),
  );
  const isVatAccount = (id: string) => vatAccountIds.has(id);

  // --- header and company
  const [profile] = rowsOf<{
    trade_name: string | null;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    country: string;
    kvk_number: string | null;
    vat_number: string | null;
  }>(
    await db.execute(sql`
      select trade_name, address, postal_code, city, country, kvk_number, vat_number
      from company_profiles where user_id = ${userId}::uuid`),
  );
  out(`<?xml version="1.0" encoding="UTF-8"?>\n<auditfile xmlns="${XAF_NAMESPACE}">`);
  out(
    `<header>${el("fiscalYear", period.fiscalYear, 9)}${el("startDate", period.from)}${el("endDate", period.to)}` +
      `${el("curCode", "EUR")}${el("dateCreated", businessDate(now))}${el("softwareDesc", "Balans", 50)}` +
      `${el("softwareVersion", SOFTWARE_VERSION, 20)}</header>`,
  );
  const companyCountry = country(profile?.country) ?? "NL";
  out(
    `<company>${opt("companyIdent", identifier(profile?.kvk_number), 35)}` +
      `${el("companyName", profile?.trade_name?.trim() || owner.fallbackName, 999)}` +
      `${el("taxRegistrationCountry", companyCountry)}${el("taxRegIdent", identifier(profile?.vat_number) ?? "", 30)}`,
  );
  if (profile && (profile.address || profile.city || profile.postal_code)) {
    out(
      `<streetAddress>${opt("streetname", profile.address, 999)}${opt("city", profile.city, 50)}` +
        `${opt("postalCode", profile.postal_code, 10)}${el("country", companyCountry)}</streetAddress>`,
    );
  }

  // --- customers and suppliers: every relation an entry of the period refers to
  const relationRows = rowsOf<SourceFactsRow & { roles: string[] }>(
    await db.execute(sql`
      select f.client_id::text as client_id, min(nullif(trim(f.relation_name), '')) as relation_name,
        (array_agg(f.snapshot) filter (where f.snapshot is not null))[1] as snapshot,
        array_agg(distinct f.role order by f.role) as roles
      from (${periodRelations(userId, period)}) f
      where f.client_id is not null or nullif(trim(f.relation_name), '') is not null
      -- A relation without a record is one per name, whatever its capitals.
      group by f.client_id, case when f.client_id is null then lower(trim(f.relation_name)) end
      order by min(f.relation_name), f.client_id`),
  );
  const nameHashes = new Map<string, string>();
  for (const row of relationRows.filter((relation) => !relation.client_id)) {
    const key = row.relation_name!.toLowerCase();
    if (!nameHashes.has(key)) nameHashes.set(key, `N${createHash("md5").update(key).digest("hex")}`);
  }
  const clientIds = relationRows.flatMap((row) => (row.client_id ? [row.client_id] : []));
  const clientRecords = new Map(
    rowsOf<{
      id: string;
      name: string;
      contact_person: string | null;
      phone: string | null;
      email: string | null;
      kvk_number: string | null;
      country: string;
      tax_number: string | null;
      street: string | null;
      house_number: string | null;
      address: string | null;
      postal_code: string | null;
      city: string | null;
      iban: string | null;
    }>(
      clientIds.length === 0
        ? { rows: [] }
        : await db.execute(sql`
            select id::text as id, name, contact_person, phone, email, kvk_number, country, tax_number, street,
              house_number, address, postal_code, city, iban
            from clients where user_id = ${userId}::uuid and id = any(${`{${clientIds.join(",")}}`}::uuid[])`),
    ).map((client) => [client.id, client]),
  );
  const written = new Set<string>();
  let relations = "";
  for (const row of relationRows) {
    const id = relationId(row, nameHashes);
    if (!id || written.has(id)) continue;
    written.add(id);
    const type = row.roles.length > 1 ? "B" : row.roles[0]!;
    const client = row.client_id ? clientRecords.get(row.client_id) : undefined;
    if (client) {
      const street = [client.street, client.house_number].filter(Boolean).join(" ") || client.address;
      const clientCountry = country(client.country);
      relations +=
        `<customerSupplier>${el("custSupID", id, 35)}${el("custSupName", client.name, 50)}` +
        `${opt("contact", client.contact_person, 50)}${opt("telephone", client.phone, 30)}${opt("eMail", client.email)}` +
        `${opt("commerceNr", identifier(client.kvk_number), 999)}${opt("taxRegistrationCountry", clientCountry)}` +
        `${opt("taxRegIdent", identifier(client.tax_number), 30)}${el("custSupTp", type)}` +
        `<streetAddress>${opt("streetname", street, 999)}${opt("city", client.city, 50)}` +
        `${opt("postalCode", client.postal_code, 10)}${opt("country", clientCountry)}</streetAddress>` +
        (client.iban ? `<bankAccount>${el("bankAccNr", identifier(client.iban)!, 35)}</bankAccount>` : "") +
        `</customerSupplier>`;
    } else {
      // Known by name only (a supplier without a record, or a client removed since): the invoice's copy.
      const snapshot = row.snapshot;
      relations +=
        `<customerSupplier>${el("custSupID", id, 35)}${el("custSupName", row.relation_name ?? "", 50)}` +
        `${opt("eMail", snapshot?.email)}${opt("commerceNr", identifier(snapshot?.kvkNumber), 999)}` +
        `${opt("taxRegistrationCountry", country(snapshot?.country))}` +
        `${opt("taxRegIdent", identifier(snapshot?.vatNumber), 30)}${el("custSupTp", type)}</customerSupplier>`;
    }
  }
  if (relations) out(`<customersSuppliers>${relations}</customersSuppliers>`);

  // --- the chart of accounts: B balance sheet, P profit and loss; the RGS code as lead code
  if (accounts.length > 0) {
    out("<generalLedger>");
    for (const account of accounts) {
      out(
        `<ledgerAccount>${el("accID", account.code, 35)}${el("accDesc", account.name, 999)}` +
          `${el("accTp", account.kind === "revenue" || account.kind === "expense" ? "P" : "B")}` +
          `${el("leadCode", account.rgs_code, 999)}${el("leadDescription", "RGS-referentiecode", 999)}</ledgerAccount>`,
      );
    }
    out("</generalLedger>");
  }

  // --- VAT codes: the rubrieken of the VAT return
  out("<vatCodes>");
  for (const code of VAT_CODES) {
    const toPay = code.toPay ? codeOfKey.get(code.toPay) : undefined;
    const toClaim = code.toClaim ? codeOfKey.get(code.toClaim) : undefined;
    out(
      `<vatCode>${el("vatID", code.id)}${el("vatDesc", `${code.id}: ${VAT_RUBRIEK_LABELS[code.id]}`, 999)}` +
        `${opt("vatToPayAccID", toPay)}${opt("vatToClaimAccID", toClaim)}</vatCode>`,
    );
  }
  out("</vatCodes>");

  out("<periods>");
  for (const month of monthsOfYear(period.fiscalYear)) {
    out(
      `<period>${el("periodNumber", month.number)}${el("periodDesc", month.start.slice(0, 7))}` +
        `${el("startDatePeriod", month.start)}${el("endDatePeriod", month.end)}</period>`,
    );
  }
  out("</periods>");

  // --- opening balance: balances before the first day. Results of earlier fiscal years are on no P&L account
  // any more: they count on Verwerkte resultaten, which the 1 January closing entry (in the journal) clears.
  const fiscalStart = `${period.fiscalYear}-01-01`;
  const opening = rowsOf<{ account_id: string; total: string; prior: string }>(
    await db.execute(sql`
      select l.account_id::text as account_id, sum(l.amount)::text as total,
        coalesce(sum(l.amount) filter (where l.month < ${fiscalStart}::date), 0)::text as prior
      from (${journalAmounts(userId, { to: addDays(period.from, -1) })}) l
      group by l.account_id`),
  );
  const openingCents = new Map<string, number>();
  const closedResults = accounts.find((account) => account.system_key === "closed_results");
  for (const row of opening) {
    const account = accountById.get(row.account_id);
    if (!account) continue;
    const isResult = account.kind === "revenue" || account.kind === "expense";
    const balance = isResult ? cents(row.total) - cents(row.prior) : cents(row.total);
    openingCents.set(account.id, (openingCents.get(account.id) ?? 0) + balance);
    if (isResult && closedResults) {
      openingCents.set(closedResults.id, (openingCents.get(closedResults.id) ?? 0) + cents(row.prior));
    }
  }
  const obLines = accounts.filter((account) => (openingCents.get(account.id) ?? 0) !== 0);
  const obDebit = obLines.reduce((sum, a) => sum + Math.max(0, openingCents.get(a.id)!), 0);
  const obCredit = obLines.reduce((sum, a) => sum + Math.max(0, -openingCents.get(a.id)!), 0);
  out(
    `<openingBalance>${el("opBalDate", period.from)}${el("opBalDesc", `Beginbalans per ${period.from}`)}` +
      `${el("linesCount", obLines.length)}${el("totalDebit", amount(obDebit))}${el("totalCredit", amount(obCredit))}`,
  );
  obLines.forEach((account, index) => {
    const balance = openingCents.get(account.id)!;
    out(
      `<obLine>${el("nr", index + 1)}${el("accID", account.code, 35)}${el("amnt", amount(balance))}` +
        `${el("amntTp", side(balance))}</obLine>`,
    );
  });
  out("</openingBalance>");

  // --- transactions: totals first (the XSD puts them before the journals), then every journal's entries
  // The lines per journal: the totals the XSD wants before the journals, and each journal's days.
  const journalTotals = rowsOf<{
    source_type: string;
    first: string;
    last: string;
    lines: number;
    debit: string;
    credit: string;
  }>(
    await db.execute(sql`
      select l.source_type::text as source_type, min(l.date)::text as first, max(l.date)::text as last,
        count(*)::int as lines,
        coalesce(sum(l.amount) filter (where l.amount > 0), 0)::text as debit,
        coalesce(-sum(l.amount) filter (where l.amount < 0), 0)::text as credit
      from journal_lines l
      where l.user_id = ${userId}::uuid and l.date between ${period.from}::date and ${period.to}::date
      group by 1`),
  );
  // Each journal's first and last day bound its scan.
  const daysOf = new Map(journalTotals.map((row) => [row.source_type, { first: row.first, last: row.last }]));
  const expected = { lines: 0, debit: 0, credit: 0 };
  for (const row of journalTotals) {
    expected.lines += Number(row.lines);
    expected.debit += cents(row.debit);
    expected.credit += cents(row.credit);
  }
  out(
    `<transactions>${el("linesCount", expected.lines)}${el("totalDebit", amount(expected.debit))}` +
      `${el("totalCredit", amount(expected.credit))}`,
  );
  const seen = { lines: 0, debit: 0, credit: 0 };
  for (const journal of JOURNALS) {
    const days = daysOf.get(journal.source);
    if (!days) continue;
    out(`<journal>${el("jrnID", journal.id)}${el("desc", journal.desc)}${el("jrnTp", journal.type)}`);
    let entryNumber = 0;
    const hasFacts = hasSourceFacts(journal.source);
    for await (const lines of journalBatches(db, userId, journal.source, days, batchLines)) {
      const entries = new Map<string, LineRow[]>();
      for (const line of lines) {
        const key = `${line.date}|${line.source_id}`;
        const entry = entries.get(key) ?? [];
        entry.push(line);
        entries.set(key, entry);
      }
      for (const entryLines of entries.values()) {
        entryNumber += 1;
        // Debit lines first, then credit, each by size: the order the books show an entry in.
        entryLines.sort((a, b) => b.cents - a.cents || a.account_id.localeCompare(b.account_id));
        const first = entryLines[0]!;
        const fact = hasFacts ? first.facts : undefined;
        const relation = fact ? relationId(fact, nameHashes) : null;
        const custSupId = relation && written.has(relation) ? relation : null;
        const docRef = fact?.invoice_ref ?? fact?.memorial_ref ?? first.source_id;
        const rate = fact?.vat_rate ? Number(fact.vat_rate) : null;
        const vat = vatOfEntry(entryLines, isVatAccount, rate);
        const debit = entryLines.reduce((sum, line) => sum + Math.max(0, line.cents), 0);
        out(
          `<transaction>${el("nr", entryNumber)}${el("desc", first.description)}` +
            `${el("periodNumber", Number(first.date.slice(5, 7)))}${el("trDt", first.date)}` +
            `${el("amnt", amount(debit))}${el("amntTp", "D")}`,
        );
        entryLines.forEach((line, index) => {
          const lineCents = line.cents;
          seen.lines += 1;
          if (lineCents > 0) seen.debit += lineCents;
          else seen.credit -= lineCents;
          const lineVat = vat.get(line);
          out(
            `<trLine>${el("nr", index + 1)}${el("accID", accountById.get(line.account_id)?.code ?? "", 35)}` +
              `${el("docRef", docRef, 999)}${el("effDate", line.date)}${el("desc", line.description)}` +
              `${el("amnt", amount(lineCents))}${el("amntTp", side(lineCents))}` +
              `${opt("custSupID", custSupId, 35)}${opt("invRef", fact?.invoice_ref, 999)}` +
              (lineVat
                ? `<vat>${el("vatID", lineVat.code)}${el("vatPerc", lineVat.rate.toFixed(2))}` +
                  `${el("vatAmnt", amount(lineVat.cents))}${el("vatAmntTp", side(lineVat.cents))}</vat>`
                : "") +
              `</trLine>`,
          );
        });
        out("</transaction>");
        if (full()) yield take();
      }
    }
    out("</journal>");
  }
  if (seen.lines !== expected.lines || seen.debit !== expected.debit || seen.credit !== expected.credit) {
    throw new Error("The journal changed while the audit file was being written");
  }
  out("</transactions></company></auditfile>\n");
  yield take();
}
