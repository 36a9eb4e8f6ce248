import { randomBytes } from "node:crypto";
import type { Database } from "../src/server/db/client";
import { users } from "../src/server/db/schema/index";
import { createDefaultBankAccount } from "../src/server/features/bank-accounts/service";
import { createStarterCategories } from "../src/server/features/categories/service";
import { hashPassword } from "../src/server/features/auth/passwords";

/** The password of every factory user. */
export const FACTORY_PASSWORD = "geheim-wachtwoord";

let passwordHash: Promise<string> | undefined;

/** A user as registration leaves one (default bank account, starter categories), without the cost of hashing. */
export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const suffix = randomBytes(4).toString("hex");
  const [user] = await db
    .insert(users)
    .values({
      username: `gebruiker_${suffix}`,
      email: `gebruiker_${suffix}@voorbeeld.nl`,
      firstName: "Sanne",
      lastName: "de Vries",
      companyName: "De Vries Ontwerp",
      passwordHash: await passwordHash,
      ...overrides,
    })
    .returning();
  await createDefaultBankAccount(db, user!.id);
  await createStarterCategories(db, user!.id);
  return user!;
}
