import type { Database } from "../../db/client";
import { bankAccounts } from "../../db/schema/index";

/** Every user has a default account to book on from the first day (decisions.md). */
export async function createDefaultBankAccount(db: Database, userId: string): Promise<void> {
  await db.insert(bankAccounts).values({ userId, name: "Hoofdrekening", isDefault: true });
}
