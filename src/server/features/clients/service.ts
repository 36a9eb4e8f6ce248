import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { composeAddress, normaliseClientInput } from "../../../shared/schemas/clients";
import type {
  Client,
  ClientInput,
  ClientListQuerySchema,
  ClientSummary,
} from "../../../shared/schemas/clients";
import { isUuid, type z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { clients } from "../../db/schema/index";
import { notFound } from "../../errors";

type ClientRow = typeof clients.$inferSelect;
export type ClientListOptions = z.output<typeof ClientListQuerySchema>;

const CLIENT_NOT_FOUND = "Klant niet gevonden";

/** The answer shape of spec §7: timestamps as ISO strings, the owner left out. */
export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    contactPerson: row.contactPerson,
    email: row.email,
    phone: row.phone,
    address: row.address,
    street: row.street,
    houseNumber: row.houseNumber,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    taxNumber: row.taxNumber,
    kvkNumber: row.kvkNumber,
    iban: row.iban,
    paymentTermsDays: row.paymentTermsDays,
    notes: row.notes,
    isCustomer: row.isCustomer,
    isSupplier: row.isSupplier,
    isConsumer: row.isConsumer,
    documentLanguage: row.documentLanguage,
    defaultCategoryId: row.defaultCategoryId,
    defaultVatTreatment: row.defaultVatTreatment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One user's clients, searched and sorted (spec §2.16); one page when `limit` is given, else all of them. */
export async function listClients(
  db: Database,
  userId: string,
  options: ClientListOptions,
): Promise<Client[]> {
  const query = db
    .select()
    .from(clients)
    .where(listConditions(userId, options))
    .orderBy(...clientOrder(options))
    .offset(options.offset);
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map(toClient);
}

/** How many clients the search finds in all, for the list's paging metadata. */
export async function countClients(
  db: Database,
  userId: string,
  options: Pick<ClientListOptions, "search" | "role">,
): Promise<number> {
  const [row] = await db.select({ count: count() }).from(clients).where(listConditions(userId, options));
  return row!.count;
}

function listConditions(
  userId: string,
  options: Partial<Pick<ClientListOptions, "search" | "role">>,
): SQL | undefined {
  return and(
    eq(clients.userId, userId),
    options.search ? matchesSearch(options.search) : undefined,
    options.role === "customer" ? eq(clients.isCustomer, true) : undefined,
    options.role === "supplier" ? eq(clients.isSupplier, true) : undefined,
  );
}

/**
 * Spec §2.16: name, contact person, e-mail, city, VAT number and KvK number. VAT and KvK numbers are compared
 * without spaces and dots on both sides, so 'NL123456789B01', 'nl 123.456.789.b01' and '1234 5678' all find the
 * stored 'NL 123.456.789.B01' and '1234 5678'.
 */
function matchesSearch(search: string): SQL {
  const pattern = containsPattern(search);
  const conditions: SQL[] = [
    ilike(clients.name, pattern),
    ilike(clients.contactPerson, pattern),
    ilike(clients.email, pattern),
    ilike(clients.city, pattern),
  ];
  const compact = search.replace(/[\s.-]/g, "");
  if (compact) {
    const compactPattern = containsPattern(compact);
    conditions.push(sql`replace(replace(${clients.taxNumber}, ' ', ''), '.', '') ilike ${compactPattern}`);
    conditions.push(sql`replace(${clients.kvkNumber}, ' ', '') ilike ${compactPattern}`);
  }
  return or(...conditions)!;
}

/** The id breaks ties, so pages never overlap or skip a client. */
function clientOrder(options: Pick<ClientListOptions, "sort" | "order">): SQL[] {
  const direction = options.order === "desc" ? desc : asc;
  const key = options.sort === "createdAt" ? clients.createdAt : sql`lower(${clients.name})`;
  return [direction(key), direction(clients.id)];
}

/** The stat cards of spec §2.16 in one pass over the user's relations of the role asked (all without one). */
export async function summariseClients(
  db: Database,
  userId: string,
  options: Pick<ClientListOptions, "role">,
): Promise<ClientSummary> {
  const [summary] = await db
    .select({
      total: count(),
      withVatNumber: count(clients.taxNumber),
      withKvkNumber: count(clients.kvkNumber),
      foreign: sql<number>`count(*) filter (where ${clients.country} <> 'NL')`.mapWith(Number),
    })
    .from(clients)
    .where(listConditions(userId, options));
  return summary!;
}

export async function getClient(db: Database, userId: string, clientId: string): Promise<Client> {
  if (!isUuid(clientId)) throw notFound(CLIENT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.userId, userId)));
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return toClient(row);
}

/** Spec §5: the client is stored normalised. */
export async function createClient(db: Database, userId: string, input: ClientInput): Promise<Client> {
  const [row] = await db
    .insert(clients)
    .values({ ...normaliseClientInput(input), userId })
    .returning();
  return toClient(row!);
}

export async function updateClient(
  db: Database,
  userId: string,
  clientId: string,
  input: ClientInput,
): Promise<Client> {
  if (!isUuid(clientId)) throw notFound(CLIENT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
      .for("update");
    if (!existing) throw notFound(CLIENT_NOT_FOUND);
    // An address that was composed on an earlier save and sent back untouched is composed again from the new
    // street, number, postcode and city; otherwise moving a client would leave the old address behind.
    const wasComposed = existing.address !== null && existing.address === composeAddress(existing);
    const submitted = wasComposed && input.address === existing.address ? { ...input, address: null } : input;
    const [row] = await tx
      .update(clients)
      .set(normaliseClientInput(submitted))
      .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
      .returning();
    return toClient(row!);
  });
}

/**
 * Spec §2.16: linked projects, invoices, transactions and time entries are kept and lose the link. Their
 * foreign keys are ON DELETE SET NULL, so this one statement clears every link in the same transaction.
 */
export async function deleteClient(db: Database, userId: string, clientId: string): Promise<void> {
  if (!isUuid(clientId)) throw notFound(CLIENT_NOT_FOUND);
  const deleted = await db
    .delete(clients)
    .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
    .returning({ id: clients.id });
  if (deleted.length === 0) throw notFound(CLIENT_NOT_FOUND);
}

/** The current names of some of the user's clients, for screens that show a client by its id. */
export async function getClientNames(
  db: Database,
  userId: string,
  clientIds: readonly string[],
): Promise<Map<string, string>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.userId, userId), inArray(clients.id, [...new Set(clientIds)])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Whether each of the user's clients in `clientIds` is a consumer, by id; deleted clients are absent. */
export async function getClientConsumerFlags(
  db: Database,
  userId: string,
  clientIds: readonly string[],
): Promise<Map<string, boolean>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ id: clients.id, isConsumer: clients.isConsumer })
    .from(clients)
    .where(and(eq(clients.userId, userId), inArray(clients.id, [...new Set(clientIds)])));
  return new Map(rows.map((row) => [row.id, row.isConsumer]));
}

/**
 * The ids of the user's clients whose current name contains `text`, as a subquery: another feature filters its
 * own rows on it (invoices by client name) in one query, however many clients match.
 */
export function selectClientIdsByName(db: Database, userId: string, text: string) {
  return db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.userId, userId), ilike(clients.name, containsPattern(text))));
}

/** Erasure of an account whose books must be kept: its relations go (invoices keep their own copy of the client). */
export async function forgetClients(tx: Database, userId: string): Promise<void> {
  await tx.delete(clients).where(eq(clients.userId, userId));
}
