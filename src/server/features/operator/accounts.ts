/**
 * Operator accounts: made from the command line only (scripts/create-operator.ts), never by sign-up. They are
 * rows of `users` with isOperator set, so sign-in, password hashing, sessions and two-factor sign-in are the
 * customers' own; the boundary between the two kinds is plugins/session.ts.
 */
import { randomBytes } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import { z } from "@shared/validation";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/index";
import { AppError } from "../../errors";
import { createOperatorAccount, resetOperatorPassword } from "../auth/accounts";
import { hashPassword } from "../auth/passwords";

export const OPERATOR_EMAIL_INVALID_MESSAGE = "Geef een geldig e-mailadres voor de beheerder";
export const CUSTOMER_ADDRESS_MESSAGE =
  "Dit adres hoort bij een klantaccount. Een beheerder krijgt een eigen adres, los van de klantaccounts.";

export type CreatedOperator = { email: string; password: string; isNew: boolean };

/**
 * Creates the operator with this address (it is the username too), or gives an existing operator a new password
 * and ends its sessions. The password is random (24 characters), shown once by the caller and never stored in the
 * clear.
 */
export async function createOperator(db: Database, rawEmail: string): Promise<CreatedOperator> {
  const parsed = z.email().max(254).safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success) throw new AppError(400, OPERATOR_EMAIL_INVALID_MESSAGE);
  const email = parsed.data;
  const password = randomBytes(18).toString("base64url");
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, isOperator: users.isOperator })
      .from(users)
      .where(or(eq(sql`lower(${users.username})`, email), eq(sql`lower(${users.email})`, email)))
      .for("update");
    if (existing && !existing.isOperator) throw new AppError(409, CUSTOMER_ADDRESS_MESSAGE);
    if (existing) {
      await resetOperatorPassword(tx, existing.id, passwordHash);
      return { email, password, isNew: false };
    }
    await createOperatorAccount(tx, email, passwordHash);
    return { email, password, isNew: true };
  });
}
