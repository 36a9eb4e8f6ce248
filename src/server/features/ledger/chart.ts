/**
 * The chart of accounts (grootboekrekeningschema) every user gets, RGS-classified (domain.md §5).
 * 1. System accounts: the accounts the books post to automatically, found by their key.
 * 2. A bank ledger account per bank account (BLimBanRba), numbered 1100, 1101, …
 * 3. The starter categories' cost and revenue accounts; a category without one books on the default.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, ledgerAccounts } from "../../db/schema/index";
import { setCategoryLedgerAccount } from "../categories/accounts";

export type LedgerAccountKind = "asset" | "liability" | "equity" | "revenue" | "expense";

export type ChartAccount = {
  key: string;
  code: string;
  rgsCode: string;
  name: string;
  kind: LedgerAccountKind;
};

export const CHART_OF_ACCOUNTS: readonly ChartAccount[] = [
  // The asset register (fixed-assets): cost and accumulated depreciation of business assets.
  { key: "fixed_assets", code: "0200", rgsCode: "BMvaBeiVvp", name: "Inventaris", kind: "asset" },
  {
    key: "accumulated_depreciation",
    code: "0210",
    rgsCode: "BMvaBeiCae",
    name: "Cumulatieve afschrijving inventaris",
    kind: "asset",
  },
  { key: "equity", code: "0500", rgsCode: "BEivKapOnd", name: "Eigen vermogen", kind: "equity" },
  { key: "private_withdrawals", code: "0510", rgsCode: "BEivKapPro", name: "Privé-opnamen", kind: "equity" },
  { key: "private_deposits", code: "0520", rgsCode: "BEivKapPrs", name: "Privé-stortingen", kind: "equity" },
  // The results of closed years, moved to Eigen vermogen (jaarafsluiting): the counterpart of the balance
  // sheet's computed 'Resultaat voorgaande jaren', so that line shows only results not yet closed.
  { key: "closed_results", code: "0590", rgsCode: "BEivOvr", name: "Verwerkte resultaten", kind: "equity" },
  { key: "cash", code: "1000", rgsCode: "BLimKasKas", name: "Kas", kind: "asset" },
  // Money booked without a bank account (its account was removed) waits here until it is assigned.
  { key: "suspense", code: "1090", rgsCode: "BLimKru", name: "Kruisposten", kind: "asset" },
  { key: "receivables", code: "1300", rgsCode: "BVorDebHad", name: "Debiteuren", kind: "asset" },
  { key: "vat_receivable", code: "1510", rgsCode: "BVorVbkTvo", name: "Te vorderen btw", kind: "asset" },
  { key: "payables", code: "1600", rgsCode: "BSchCreHac", name: "Crediteuren", kind: "liability" },
  {
    key: "vat_payable_21",
    code: "1710",
    rgsCode: "BSchBepBla",
    name: "Te betalen btw hoog (21%)",
    kind: "liability",
  },
  {
    key: "vat_payable_9",
    code: "1720",
    rgsCode: "BSchBepBlv",
    name: "Te betalen btw laag (9%)",
    kind: "liability",
  },
  {
    key: "vat_payable_other",
    code: "1730",
    rgsCode: "BSchBepBlo",
    name: "Te betalen btw overige tarieven",
    kind: "liability",
  },
  // The VAT a buyer declares when the supplier shifted it (btw verlegd): 2a, 4b and 4a of the return.
  {
    key: "vat_payable_reverse_charge",
    code: "1740",
    rgsCode: "BSchBepBlw",
    name: "Te betalen btw verlegd",
    kind: "liability",
  },
  {
    key: "vat_payable_eu",
    code: "1750",
    rgsCode: "BSchBepBlu",
    name: "Te betalen btw inkopen binnen de EU",
    kind: "liability",
  },
  {
    key: "vat_payable_non_eu",
    code: "1760",
    rgsCode: "BSchBepBlb",
    name: "Te betalen btw inkopen buiten de EU",
    kind: "liability",
  },
  // Filing a return moves the period's VAT here; the payment to (or refund from) the Belastingdienst clears it.
  { key: "vat_settlement", code: "1790", rgsCode: "BSchBepBaf", name: "Af te dragen btw", kind: "liability" },
  { key: "housing", code: "4000", rgsCode: "WBedHui", name: "Huisvestingskosten", kind: "expense" },
  { key: "car", code: "4100", rgsCode: "WBedAut", name: "Auto- en vervoerskosten", kind: "expense" },
  { key: "office_supplies", code: "4200", rgsCode: "WBedKanKan", name: "Kantoorkosten", kind: "expense" },
  { key: "software", code: "4210", rgsCode: "WBedKanSof", name: "Software en abonnementen", kind: "expense" },
  { key: "telephone", code: "4220", rgsCode: "WBedKanTef", name: "Telefoon en internet", kind: "expense" },
  { key: "accounting", code: "4230", rgsCode: "WBedKanBoe", name: "Boekhoudkosten", kind: "expense" },
  { key: "advertising", code: "4300", rgsCode: "WBedVkkRea", name: "Reclame en marketing", kind: "expense" },
  { key: "entertainment", code: "4310", rgsCode: "WBedVkkRep", name: "Representatiekosten", kind: "expense" },
  { key: "travel", code: "4320", rgsCode: "WBedVkkRev", name: "Reiskosten", kind: "expense" },
  { key: "bank_costs", code: "4400", rgsCode: "WBedAdlBan", name: "Bankkosten", kind: "expense" },
  { key: "education", code: "4500", rgsCode: "WBedAlkKzo", name: "Opleidingskosten", kind: "expense" },
  { key: "insurance", code: "4510", rgsCode: "WBedAlkOal", name: "Verzekeringen", kind: "expense" },
  // The default cost account of an expense category without its own account.
  { key: "general_expenses", code: "4590", rgsCode: "WBedAlkOal", name: "Algemene kosten", kind: "expense" },
  {
    key: "depreciation",
    code: "4800",
    rgsCode: "WAfsAmvBei",
    name: "Afschrijvingskosten inventaris",
    kind: "expense",
  },
  {
    key: "asset_disposal_result",
    code: "4810",
    rgsCode: "WAfsRvmBei",
    name: "Boekresultaat verkoop inventaris",
    kind: "expense",
  },
  { key: "purchases", code: "7000", rgsCode: "WKpr", name: "Inkoopwaarde van de omzet", kind: "expense" },
  // Omzet per VAT treatment; an income category without its own account books here by its VAT rate.
  {
    key: "revenue_21",
    code: "8000",
    rgsCode: "WOmzNodOdh",
    name: "Omzet hoog tarief (21%)",
    kind: "revenue",
  },
  { key: "revenue_9", code: "8010", rgsCode: "WOmzNodOdl", name: "Omzet laag tarief (9%)", kind: "revenue" },
  {
    key: "revenue_other",
    code: "8015",
    rgsCode: "WOmzNodOdl",
    name: "Omzet overige tarieven",
    kind: "revenue",
  },
  { key: "revenue_0", code: "8020", rgsCode: "WOmzNodOdg", name: "Omzet 0% of niet belast", kind: "revenue" },
  {
    key: "revenue_reverse_charge",
    code: "8030",
    rgsCode: "WOmzNodOdv",
    name: "Omzet btw verlegd",
    kind: "revenue",
  },
  { key: "revenue_eu", code: "8040", rgsCode: "WOmzNodOdi", name: "Omzet binnen de EU", kind: "revenue" },
  { key: "revenue_non_eu", code: "8050", rgsCode: "WOmzNodOdb", name: "Omzet buiten de EU", kind: "revenue" },
  { key: "interest_income", code: "8900", rgsCode: "WFbeRlm", name: "Rentebaten", kind: "revenue" },
];

/** The account each starter category (categories/service.ts) books on. */
export const STARTER_CATEGORY_ACCOUNTS: Readonly<Record<string, string>> = {
  rente: "interest_income",
  kantoorkosten: "office_supplies",
  "software en abonnementen": "software",
  "telefoon en internet": "telephone",
  reiskosten: "travel",
  "auto en vervoer": "car",
  "marketing en reclame": "advertising",
  opleiding: "education",
  representatie: "entertainment",
  bankkosten: "bank_costs",
  verzekeringen: "insurance",
  huisvesting: "housing",
  inkoop: "purchases",
  "overige kosten": "general_expenses",
};

/** Bank ledger accounts are numbered from here. */
const BANK_CODE_START = 1100;

/**
 * Creates what is missing of the user's chart: the system accounts, a ledger account per bank account, and
 * (the first time only) the starter categories' accounts. Safe to run again at any time.
 */
export async function ensureChartOfAccounts(db: Database, userId: string): Promise<void> {
  const inserted = await db
    .insert(ledgerAccounts)
    .values(
      CHART_OF_ACCOUNTS.map((account) => ({
        userId,
        code: account.code,
        rgsCode: account.rgsCode,
        name: account.name,
        kind: account.kind,
        systemKey: account.key,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  await ensureBankLedgerAccounts(db, userId);
  // A new chart: the starter categories get their accounts. Later the user decides.
  if (inserted.length === CHART_OF_ACCOUNTS.length) await mapStarterCategories(db, userId);
}

/** A ledger account for every bank account that has none yet, numbered after the highest bank number in use. */
export async function ensureBankLedgerAccounts(db: Database, userId: string): Promise<void> {
  await db.execute(sql`
    insert into ledger_accounts (user_id, code, rgs_code, name, kind, bank_account_id)
    select ${userId}::uuid,
      (coalesce((select max(code::int) from ledger_accounts
                 where user_id = ${userId}::uuid and bank_account_id is not null and code ~ '^[0-9]+$'),
                ${BANK_CODE_START - 1}) + row_number() over (order by b.is_default desc, b.created_at, b.id))::text,
      'BLimBanRba', b.name, 'asset', b.id
    from bank_accounts b
    where b.user_id = ${userId}::uuid
      and not exists (select 1 from ledger_accounts a where a.bank_account_id = b.id)
    on conflict do nothing`);
}

/** A bank account's ledger account carries the bank account's name. */
export async function renameBankLedgerAccount(
  db: Database,
  userId: string,
  bankAccountId: string,
  name: string,
): Promise<void> {
  await db
    .update(ledgerAccounts)
    .set({ name })
    .where(and(eq(ledgerAccounts.bankAccountId, bankAccountId), eq(ledgerAccounts.userId, userId)));
}

async function mapStarterCategories(db: Database, userId: string): Promise<void> {
  const accounts = await db
    .select({ id: ledgerAccounts.id, key: ledgerAccounts.systemKey })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const byKey = new Map(accounts.map((account) => [account.key, account.id]));
  const rows = await db
    .select({ id: categories.id, name: categories.name, type: categories.type })
    .from(categories)
    .where(and(eq(categories.userId, userId), isNull(categories.ledgerAccountId)));
  for (const row of rows) {
    const key = STARTER_CATEGORY_ACCOUNTS[row.name.toLowerCase()];
    const accountId = key ? byKey.get(key) : undefined;
    const kind = CHART_OF_ACCOUNTS.find((account) => account.key === key)?.kind;
    if (!accountId || kind !== (row.type === "income" ? "revenue" : "expense")) continue;
    await setCategoryLedgerAccount(db, userId, row.id, accountId);
  }
}
