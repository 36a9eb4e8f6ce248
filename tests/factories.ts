import { randomBytes } from "node:crypto";
import type { Database } from "../src/server/db/client";
import {
  clients,
  companyProfiles,
  projects,
  timeEntries,
  transactions,
  users,
} from "../src/server/db/schema/index";
import { centsToDecimal } from "../src/shared/money";
import { computeVat } from "../src/shared/vat";
import { hashPassword } from "../src/server/features/auth/passwords";
import { setUpNewUser } from "../src/server/features/auth/service";
import { createGeneratedUser, type GeneratedUserOptions } from "../src/server/generator/generated-user";
import { postTransactions } from "../src/server/features/ledger/posting";

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
  await setUpNewUser(db, user!.id);
  return user!;
}

/**
 * A booked transaction with consistent money (VAT and total computed with the shared VAT math). Amounts in
 * cents; the rest as stored.
 */
export async function createTransaction(
  db: Database,
  userId: string,
  overrides: Partial<Omit<typeof transactions.$inferInsert, "amount" | "vatRate">> & {
    amountCents?: number;
    vatRate?: number;
  } = {},
) {
  const { amountCents = 10_000, vatRate = 21, ...rest } = overrides;
  const vat = computeVat(amountCents, vatRate * 100);
  const [row] = await db
    .insert(transactions)
    .values({
      userId,
      type: "expense",
      description: "Kantoorartikelen",
      date: "2026-03-15",
      amount: centsToDecimal(amountCents),
      vatRate: centsToDecimal(vatRate * 100),
      vatAmount: centsToDecimal(vat.vatAmount),
      amountIncludingVat: centsToDecimal(vat.amountIncludingVat),
      ...rest,
    })
    .returning();
  // Booked like the service books it (the factory is not subject to the filing lock).
  await postTransactions(db, userId, [row!.id], { checkLock: false });
  return row!;
}

/** A project of the user: a name and a rate of € 85,00 unless told otherwise. */
export async function createProject(
  db: Database,
  userId: string,
  overrides: Partial<typeof projects.$inferInsert> = {},
) {
  const [project] = await db
    .insert(projects)
    .values({ userId, name: `Project ${randomBytes(3).toString("hex")}`, hourlyRate: "85.00", ...overrides })
    .returning();
  return project!;
}

/** A billable time entry of the user: one hour, this morning at 09:00 UTC unless told otherwise. */
export async function createTimeEntry(
  db: Database,
  userId: string,
  overrides: Partial<typeof timeEntries.$inferInsert> = {},
) {
  const startTime = overrides.startTime ?? new Date("2026-11-20T09:00:00Z");
  const duration = overrides.duration ?? 60;
  const [entry] = await db
    .insert(timeEntries)
    .values({
      userId,
      description: "Ontwerp homepage",
      startTime,
      endTime: new Date(startTime.getTime() + duration * 60_000),
      duration,
      hourlyRate: "85.00",
      ...overrides,
    })
    .returning();
  return entry!;
}

/** A client of the user, as the client form stores it (normalised), with a 14-day payment term. */
export async function createClientRecord(
  db: Database,
  userId: string,
  overrides: Partial<typeof clients.$inferInsert> = {},
) {
  const [client] = await db
    .insert(clients)
    .values({
      userId,
      name: "Bakkerij De Korenschoof",
      email: "els@korenschoof.nl",
      street: "Dorpsstraat",
      houseNumber: "12a",
      postalCode: "1234 AB",
      city: "Oudewater",
      country: "NL",
      address: "Dorpsstraat 12a, 1234 AB Oudewater",
      taxNumber: "NL 123.456.789.B01",
      kvkNumber: "1234 5678",
      paymentTermsDays: 14,
      ...overrides,
    })
    .returning();
  return client!;
}

/** Complete company data in Settings, so the user's invoices can be issued. */
export async function createCompanyProfile(
  db: Database,
  userId: string,
  overrides: Partial<typeof companyProfiles.$inferInsert> = {},
) {
  const [profile] = await db
    .insert(companyProfiles)
    .values({
      userId,
      tradeName: "De Vries Ontwerp",
      address: "Keizersgracht 12",
      postalCode: "1015 CJ",
      city: "Amsterdam",
      country: "NL",
      kvkNumber: "8765 4321",
      vatNumber: "NL 000.099.998.B57",
      iban: "NL91 ABNA 0417 1643 00",
      bic: "ABNANL2A",
      email: "factuur@devries.nl",
      paymentTermsDays: 30,
      ...overrides,
    })
    .returning();
  return profile!;
}

/**
 * A user full of realistic data: a generated year of clients, projects, hours, invoices in every status and
 * transactions, with the books (src/server/generator). Signs in with FACTORY_PASSWORD.
 */
export function createFilledUser(
  db: Database,
  overrides: Partial<Omit<GeneratedUserOptions, "password">> = {},
) {
  return createGeneratedUser(db, {
    username: `gevuld_${randomBytes(4).toString("hex")}`,
    password: FACTORY_PASSWORD,
    size: "small",
    seed: 1,
    ...overrides,
  });
}
