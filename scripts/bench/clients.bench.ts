import { clients } from "../../src/server/db/schema/index";
import type { Database } from "../../src/server/db/client";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories";
import { defineBenchmark, request, signIn } from "./harness";

/** Issue 3: the clients screen of a user with 5,000 clients stays responsive. */
const CLIENT_COUNT = 5000;
const USERNAME = "bench_clients";
const CITIES = ["Amsterdam", "Rotterdam", "Utrecht", "Den Haag", "Eindhoven", "Groningen", "Zwolle", "Gent"];

let seeding: Promise<void> | undefined;

/** One user with 5,000 varied, normalised clients; every clients benchmark shares them. */
function seedClients(db: Database): Promise<void> {
  seeding ??= (async () => {
    const user = await createUser(db, { username: USERNAME });
    const rows = Array.from({ length: CLIENT_COUNT }, (_, i) => {
      const number = String(10_000_000 + i);
      return {
        userId: user.id,
        name: `Klant ${String((i * 7919) % CLIENT_COUNT).padStart(4, "0")} ${i % 3 ? "BV" : "Ontwerp"}`,
        contactPerson: `Contact ${i}`,
        email: `klant${i}@voorbeeld.nl`,
        phone: "+31 6 12345678",
        street: "Dorpsstraat",
        houseNumber: String(i % 200),
        postalCode: "1234 AB",
        city: CITIES[i % CITIES.length]!,
        country: i % 10 === 0 ? "BE" : "NL",
        taxNumber: i % 2 ? "NL 123.456.789.B01" : null,
        kvkNumber: `${number.slice(0, 4)} ${number.slice(4)}`,
        iban: "NL91 ABNA 0417 1643 00",
        address: `Dorpsstraat ${i % 200}, 1234 AB ${CITIES[i % CITIES.length]}`,
        notes: i % 5 ? null : "Factuur altijd per e-mail naar de administratie sturen.",
      };
    });
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(clients).values(rows.slice(start, start + 500));
    }
  })();
  return seeding;
}

const signInClientsUser = async ({ baseUrl }: { baseUrl: string }) => ({
  cookie: await signIn(baseUrl, USERNAME, FACTORY_PASSWORD),
});

/** What the clients screen asks first: one page of 50, by name. */
export const clientsFirstPage = defineBenchmark({
  name: "GET /api/clients (page of 50 of 5,000)",
  iterations: 1000,
  warmup: 100,
  budget: { p95Ms: 50 },
  compareTo: "node:http hello world",
  seed: seedClients,
  setup: signInClientsUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, {
      path: "/api/clients?limit=50&sort=name&order=asc",
      cookie: fixture.cookie,
      expect: 200,
    });
  },
});

/** A page deep in the list, newest first. */
export const clientsDeepPage = defineBenchmark({
  name: "GET /api/clients (page 80 by date desc, 5,000)",
  iterations: 500,
  warmup: 50,
  budget: { p95Ms: 50 },
  seed: seedClients,
  setup: signInClientsUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, {
      path: "/api/clients?limit=50&offset=3950&sort=createdAt&order=desc",
      cookie: fixture.cookie,
      expect: 200,
    });
  },
});

/** Searching by KvK number scans all 5,000 of the user's clients. */
export const clientsSearch = defineBenchmark({
  name: "GET /api/clients?search=KvK (5,000)",
  iterations: 500,
  warmup: 50,
  budget: { p95Ms: 50 },
  seed: seedClients,
  setup: signInClientsUser,
  async run({ baseUrl, fixture, iteration }) {
    const kvk = String(10_000_000 + ((iteration * 37) % CLIENT_COUNT));
    await request(baseUrl, {
      path: `/api/clients?limit=50&search=${kvk}`,
      cookie: fixture.cookie,
      expect: 200,
    });
  },
});

/** The four stat cards. */
export const clientsSummary = defineBenchmark({
  name: "GET /api/clients/summary (5,000)",
  iterations: 500,
  warmup: 50,
  budget: { p95Ms: 50 },
  seed: seedClients,
  setup: signInClientsUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, { path: "/api/clients/summary", cookie: fixture.cookie, expect: 200 });
  },
});

/** For comparison, not used by the screen: all 5,000 at once, as a picker elsewhere might ask. */
export const clientsFullList = defineBenchmark({
  name: "GET /api/clients (all 5,000, no budget)",
  iterations: 50,
  warmup: 5,
  seed: seedClients,
  setup: signInClientsUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, { path: "/api/clients", cookie: fixture.cookie, expect: 200 });
  },
});
