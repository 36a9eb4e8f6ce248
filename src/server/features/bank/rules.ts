/**
 * 'Voortaan automatisch': the user's rules for bank lines. A rule books the lines it matches on every import, and
 * when it is made, the open lines it matches at once.
 */
import { and, asc, eq } from "drizzle-orm";
import { centsToDecimal, parseCents } from "../../../shared/money";
import { BANK_MESSAGES, type BankRule, type RuleInput } from "../../../shared/schemas/bank-statements";
import type { Database } from "../../db/client";
import { bankRules, categories } from "../../db/schema/index";
import { invalidField, notFound } from "../../errors";
import { getClient } from "../clients/service";
import type { MatchRule } from "./proposals";
import { isUuid } from "../../../shared/validation";

const ruleColumns = {
  id: bankRules.id,
  name: bankRules.name,
  direction: bankRules.direction,
  counterpartyIban: bankRules.counterpartyIban,
  counterpartyName: bankRules.counterpartyName,
  descriptionContains: bankRules.descriptionContains,
  amountMin: bankRules.amountMin,
  amountMax: bankRules.amountMax,
  booking: bankRules.booking,
  categoryId: bankRules.categoryId,
  categoryName: categories.name,
  vatRate: bankRules.vatRate,
  clientId: bankRules.clientId,
  createdAt: bankRules.createdAt,
};

type RuleRow = {
  [K in keyof typeof ruleColumns]: (typeof ruleColumns)[K]["_"]["data"] | null;
};

const toRule = (row: RuleRow): BankRule => ({
  id: row.id!,
  name: row.name!,
  direction: row.direction!,
  counterpartyIban: row.counterpartyIban,
  counterpartyName: row.counterpartyName,
  descriptionContains: row.descriptionContains,
  amountMin: row.amountMin === null ? null : centsToDecimal(parseCents(row.amountMin)!),
  amountMax: row.amountMax === null ? null : centsToDecimal(parseCents(row.amountMax)!),
  booking: row.booking as BankRule["booking"],
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  vatRate: row.vatRate === null ? null : Number(row.vatRate),
  clientId: row.clientId,
  createdAt: row.createdAt!.toISOString(),
});

/** The user's rules, oldest first: when two match, the older one wins. */
export async function listRules(db: Database, userId: string): Promise<BankRule[]> {
  const rows = await db
    .select(ruleColumns)
    .from(bankRules)
    .leftJoin(categories, eq(categories.id, bankRules.categoryId))
    .where(eq(bankRules.userId, userId))
    .orderBy(asc(bankRules.createdAt), asc(bankRules.id));
  return rows.map(toRule);
}

/** The rules as the matcher reads them. */
export async function matchRules(db: Database, userId: string): Promise<MatchRule[]> {
  return (await listRules(db, userId)).map((rule) => ({
    ...rule,
    amountMinCents: rule.amountMin === null ? null : parseCents(rule.amountMin),
    amountMaxCents: rule.amountMax === null ? null : parseCents(rule.amountMax),
  }));
}

export async function createRule(db: Database, userId: string, input: RuleInput): Promise<BankRule> {
  if (input.categoryId) {
    const [category] = await db
      .select({ type: categories.type })
      .from(categories)
      .where(and(eq(categories.id, input.categoryId), eq(categories.userId, userId)));
    if (!category) throw invalidField("categoryId", "Categorie niet gevonden");
    const direction = input.direction === "any" ? null : input.direction === "in" ? "income" : "expense";
    if (direction && category.type !== direction) {
      throw invalidField("categoryId", BANK_MESSAGES.categoryDirection(direction === "income"));
    }
  }
  if (input.clientId) {
    await getClient(db, userId, input.clientId).catch(() => {
      throw invalidField("clientId", "Klant niet gevonden");
    });
  }
  const [row] = await db
    .insert(bankRules)
    .values({
      userId,
      name: input.name,
      direction: input.direction,
      counterpartyIban: input.counterpartyIban,
      counterpartyName: input.counterpartyName,
      descriptionContains: input.descriptionContains,
      amountMin: input.amountMin === null ? null : centsToDecimal(Math.abs(input.amountMin)),
      amountMax: input.amountMax === null ? null : centsToDecimal(Math.abs(input.amountMax)),
      booking: input.booking,
      categoryId: input.booking === "category" ? input.categoryId : null,
      vatRate: input.booking === "category" ? String(input.vatRate ?? 21) : null,
      clientId: input.booking === "category" ? input.clientId : null,
    })
    .returning({ id: bankRules.id });
  const [created] = (await listRules(db, userId)).filter((rule) => rule.id === row!.id);
  return created!;
}

export async function deleteRule(db: Database, userId: string, ruleId: string): Promise<void> {
  if (!isUuid(ruleId)) throw notFound(BANK_MESSAGES.ruleNotFound);
  const deleted = await db
    .delete(bankRules)
    .where(and(eq(bankRules.id, ruleId), eq(bankRules.userId, userId)))
    .returning({ id: bankRules.id });
  if (deleted.length === 0) throw notFound(BANK_MESSAGES.ruleNotFound);
}
