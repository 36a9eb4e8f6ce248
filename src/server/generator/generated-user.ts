import { randomInt } from "node:crypto";
import { businessDate } from "../../shared/dates";
import type { Database } from "../db/client";
import { users } from "../db/schema/index";
import { hashPassword } from "../features/auth/passwords";
import type { SessionUser } from "../features/auth/sessions";
import { generateAccount, type GeneratorSize } from "./generate";
import { writeGeneratedAccount } from "./write";

export type GeneratedUserOptions = {
  username: string;
  password: string;
  size: GeneratorSize;
  /** Defaults to a random seed. */
  seed?: number;
  /** "Today" for the generated year; defaults to now. */
  now?: Date;
};

/**
 * A registered user (who can sign in with the password) with a generated year of data and its books, in one
 * transaction: seeds (`npm run db:seed`), benchmarks and tests.
 */
export async function createGeneratedUser(db: Database, options: GeneratedUserOptions): Promise<SessionUser> {
  const now = options.now ?? new Date();
  const account = generateAccount({
    seed: options.seed ?? randomInt(2 ** 31),
    size: options.size,
    today: businessDate(now),
  });
  const passwordHash = await hashPassword(options.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: options.username,
        email: `${options.username.toLowerCase()}@${account.company.website.replace(/^www\./, "")}`,
        passwordHash,
        firstName: account.owner.firstName,
        lastName: account.owner.lastName,
        companyName: account.company.tradeName,
      })
      .returning();
    await writeGeneratedAccount(tx, user!.id, account);
    return user!;
  });
}
