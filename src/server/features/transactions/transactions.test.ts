import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMOUNT_AMBIGUOUS_MESSAGE } from "../../../shared/schemas/amount";
import type { ImportResult, Transaction, TransactionSummary } from "../../../shared/schemas/transactions";
import { bankAccounts, categories, transactions } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createTransaction as insertTransaction, createUser } from "../../../../tests/factories";
import { openPglite } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { DUPLICATE_MESSAGE, importTransactions } from "./import";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  // 10:00 in Amsterdam on 21 November 2026: "today" for every rule that needs one.
  t.now.value = new Date("2026-11-21T09:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
});
afterAll(() => t.close());

const VALID = {
  type: "expense",
  amount: "100.00",
  vatRate: "21",
  description: "Nieuwe laptop",
  date: "2026-11-20",
  status: "completed",
  isRecurring: false,
};

async function create(as: SignedIn, payload: object): Promise<Transaction> {
  const response = await as.request({ method: "POST", url: "/api/transactions", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A page of GET /api/transactions (the plain list of spec §7) with GET /api/transactions/summary beside it. */
async function list(
  as: SignedIn,
  query: Record<string, string> = {},
): Promise<TransactionSummary & { transactions: Transaction[] }> {
  const page = await as.request({ method: "GET", url: "/api/transactions", query });
  expect(page.statusCode, page.body).toBe(200);
  expect(Array.isArray(page.json())).toBe(true);
  const summary = await as.request({ method: "GET", url: "/api/transactions/summary", query });
  expect(summary.statusCode, summary.body).toBe(200);
  return { transactions: page.json(), ...summary.json() };
}

const defaultAccountId = async (userId: string) =>
  (
    await t.database.db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true)))
  )[0]!.id;

describe("POST /api/transactions", () => {
  it("stores the transaction with the VAT and total the server computed, on the default account", async () => {
    const created = await create(owner, {
      ...VALID,
      amount: "19.99",
      vatAmount: "4.20",
      amountIncludingVat: "24.19",
    });
    expect(created).toMatchObject({
      type: "expense",
      amount: "19.99",
      vatRate: "21.00",
      vatAmount: "4.20",
      amountIncludingVat: "24.19",
      date: "2026-11-20",
      status: "completed",
      isRecurring: false,
      recurringInterval: null,
      recurringEndDate: null,
      bankAccountId: await defaultAccountId(owner.user.id),
    });
  });

  it("computes VAT and total when the client leaves them out; a comma amount and a 9% rate", async () => {
    const created = await create(owner, { ...VALID, amount: "10,50", vatRate: 9 });
    expect(created).toMatchObject({
      amount: "10.50",
      vatRate: "9.00",
      vatAmount: "0.95",
      amountIncludingVat: "11.45",
    });
  });

  it("refuses a total that does not match the amount and rate", async () => {
    const response = await owner.request({
      method: "POST",
      url: "/api/transactions",
      payload: { ...VALID, amountIncludingVat: "100.00" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      amountIncludingVat: "Het totaal incl. BTW klopt niet met het bedrag en het BTW-percentage",
    });
  });

  it.each([
    [{ amount: "" }, "amount", "Bedrag is verplicht"],
    [{ amount: undefined }, "amount", "Bedrag is verplicht"],
    [{ amount: "-5" }, "amount", "Bedrag mag niet negatief zijn"],
    [{ amount: "1.2345" }, "amount", "Bedrag moet een getal zijn met maximaal 2 decimalen"],
    [{ amount: "1.234" }, "amount", AMOUNT_AMBIGUOUS_MESSAGE],
    [{ amount: "abc" }, "amount", "Bedrag moet een getal zijn met maximaal 2 decimalen"],
    [{ amount: "1000000000" }, "amount", "Bedrag is te groot"],
    [{ date: "" }, "date", "Datum is verplicht"],
    [{ date: "2026-02-30" }, "date", "Ongeldige datum"],
    [{ description: "  " }, "description", "Beschrijving is verplicht"],
    [{ description: "x".repeat(501) }, "description", "Beschrijving mag maximaal 500 tekens zijn"],
    [{ vatRate: "101" }, "vatRate", "BTW-percentage moet tussen 0 en 100 liggen"],
    [{ vatRate: "-1" }, "vatRate", "BTW-percentage moet tussen 0 en 100 liggen"],
    [{ type: "gift" }, "type", "Kies inkomsten of uitgaven"],
    [{ status: "open" }, "status", "Kies voltooid of in behandeling"],
    [{ isRecurring: true }, "recurringInterval", "Kies een interval: wekelijks, maandelijks of jaarlijks"],
    [
      { isRecurring: true, recurringInterval: "daily" },
      "recurringInterval",
      "Kies een interval: wekelijks, maandelijks of jaarlijks",
    ],
    [
      { isRecurring: true, recurringInterval: "monthly", recurringEndDate: "2026-11-01" },
      "recurringEndDate",
      "Einddatum mag niet voor de datum liggen",
    ],
    [{ categoryId: "niet-een-id" }, "categoryId", "Onbekende categorie"],
  ])("answers 400 for %j: %s '%s', and stores nothing", async (change, field, message) => {
    const before = await t.database.db.$count(transactions, eq(transactions.userId, owner.user.id));
    const response = await owner.request({
      method: "POST",
      url: "/api/transactions",
      payload: { ...VALID, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await t.database.db.$count(transactions, eq(transactions.userId, owner.user.id))).toBe(before);
  });

  it("keeps interval and end date only for a recurring transaction (spec §4)", async () => {
    const created = await create(owner, {
      ...VALID,
      recurringInterval: "monthly",
      recurringEndDate: "2027-01-01",
    });
    expect(created).toMatchObject({ isRecurring: false, recurringInterval: null, recurringEndDate: null });
  });

  it("refuses links to another user's category, account or client, with the not-found message", async () => {
    const [foreignCategory] = await t.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.userId, stranger.user.id));
    for (const [field, id, message] of [
      ["categoryId", foreignCategory!.id, "Categorie niet gevonden"],
      ["bankAccountId", await defaultAccountId(stranger.user.id), "Bankrekening niet gevonden"],
      ["clientId", "00000000-0000-4000-8000-000000000000", "Klant niet gevonden"],
      ["projectId", "00000000-0000-4000-8000-000000000000", "Project niet gevonden"],
    ] as const) {
      const response = await owner.request({
        method: "POST",
        url: "/api/transactions",
        payload: { ...VALID, [field]: id },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: message });
    }
  });
});

describe("GET /api/transactions", () => {
  let user: SignedIn;
  let categoryId: string;
  beforeAll(async () => {
    user = await t.signIn();
    const db = t.database.db;
    [{ id: categoryId }] = (await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.userId, user.user.id), eq(categories.name, "Omzet")))) as [{ id: string }];
    await insertTransaction(db, user.user.id, {
      type: "income",
      description: "Factuur 1",
      date: "2026-01-10",
      amountCents: 100_000,
      categoryId,
    });
    await insertTransaction(db, user.user.id, {
      type: "income",
      description: "Factuur 2",
      date: "2026-02-10",
      amountCents: 50_000,
      vatRate: 9,
    });
    await insertTransaction(db, user.user.id, {
      type: "expense",
      description: "Huur kantoor",
      date: "2026-02-15",
      amountCents: 80_000,
      notes: "februari",
    });
    await insertTransaction(db, user.user.id, {
      type: "expense",
      description: "Koffie",
      date: "2026-03-01",
      amountCents: 350,
      vatRate: 9,
    });
    await insertTransaction(db, stranger.user.id, {
      type: "income",
      description: "Factuur van een ander",
      date: "2026-02-01",
    });
  });

  it("lists the user's own transactions newest first, with the totals of the set", async () => {
    const answer = await list(user);
    expect(answer.transactions.map((row) => row.description)).toEqual([
      "Koffie",
      "Huur kantoor",
      "Factuur 2",
      "Factuur 1",
    ]);
    expect(answer.total).toBe(4);
    expect(answer.totals).toEqual({
      income: "1755.00",
      expense: "971.82",
      vatIncome: "255.00",
      vatExpense: "168.32",
    });
  });

  it.each([
    [{ type: "income" }, ["Factuur 2", "Factuur 1"]],
    [{ type: "all" }, ["Koffie", "Huur kantoor", "Factuur 2", "Factuur 1"]],
    [{ startDate: "2026-02-01", endDate: "2026-02-28" }, ["Huur kantoor", "Factuur 2"]],
    [{ startDate: "2026-02-15" }, ["Koffie", "Huur kantoor"]],
    [{ endDate: "2026-01-31" }, ["Factuur 1"]],
    [{ search: "FACTUUR" }, ["Factuur 2", "Factuur 1"]],
    [{ search: "februari" }, ["Huur kantoor"]],
    [{ search: "100%" }, []],
    [{ type: "expense", startDate: "2026-03-01" }, ["Koffie"]],
  ])("filters on %j", async (query, descriptions) => {
    const answer = await list(user, query as Record<string, string>);
    expect(answer.transactions.map((row) => row.description)).toEqual(descriptions);
    expect(answer.total).toBe(descriptions.length);
  });

  it("filters on a category", async () => {
    const answer = await list(user, { categoryId });
    expect(answer.transactions.map((row) => row.description)).toEqual(["Factuur 1"]);
    expect(answer.totals.income).toBe("1210.00");
  });

  it("pages without overlap; the totals stay those of the whole set", async () => {
    const first = await list(user, { limit: "3", offset: "0" });
    const second = await list(user, { limit: "3", offset: "3" });
    expect(first.transactions).toHaveLength(3);
    expect(second.transactions.map((row) => row.description)).toEqual(["Factuur 1"]);
    expect(second.total).toBe(4);
    expect(second.totals).toEqual(first.totals);
  });

  it.each([[{ startDate: "2026-13-01" }], [{ type: "gift" }], [{ limit: "1000" }], [{ categoryId: "x" }]])(
    "answers 400 for a bad filter %j",
    async (query) => {
      const response = await user.request({ method: "GET", url: "/api/transactions", query });
      expect(response.statusCode).toBe(400);
    },
  );
});

describe("one transaction: GET, PUT, DELETE", () => {
  it("updates with recomputed VAT, and deletes", async () => {
    const created = await create(owner, VALID);
    const updated = await owner.request({
      method: "PUT",
      url: `/api/transactions/${created.id}`,
      payload: { ...VALID, amount: "200", vatRate: "9", status: "pending", notes: "Bon in de map" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      amount: "200.00",
      vatAmount: "18.00",
      amountIncludingVat: "218.00",
      status: "pending",
      notes: "Bon in de map",
    });
    expect(
      (await owner.request({ method: "GET", url: `/api/transactions/${created.id}` })).json().amount,
    ).toBe("200.00");
    expect(
      (await owner.request({ method: "DELETE", url: `/api/transactions/${created.id}` })).statusCode,
    ).toBe(204);
    expect((await owner.request({ method: "GET", url: `/api/transactions/${created.id}` })).statusCode).toBe(
      404,
    );
  });

  it("answers 404 to another user on every verb, and changes nothing", async () => {
    const created = await create(owner, VALID);
    const url = `/api/transactions/${created.id}`;
    for (const [method, path, payload] of [
      ["GET", url, undefined],
      ["PUT", url, VALID],
      ["DELETE", url, undefined],
      ["POST", `${url}/stop-recurring`, undefined],
    ] as const) {
      const response = await stranger.request({ method, url: path, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().message).toBe("Transactie niet gevonden");
    }
    expect((await owner.request({ method: "GET", url })).json()).toEqual(created);
    expect((await stranger.request({ method: "GET", url: "/api/transactions/geen-uuid" })).statusCode).toBe(
      404,
    );
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/transactions" })).statusCode).toBe(401);
  });
});

describe("categories", () => {
  it("creates, renames, recolours and deletes; transactions keep existing without the link", async () => {
    const user = await t.signIn();
    const created = await user.request({
      method: "POST",
      url: "/api/categories",
      payload: { name: "Hosting", type: "expense" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json();
    // Without an account of its own, a new category books on the default (ledgerAccountId null).
    expect(category).toEqual({
      id: expect.any(String),
      name: "Hosting",
      type: "expense",
      color: "#2B7CE9",
      ledgerAccountId: null,
      vatTreatment: "taxed",
    });

    const clash = await user.request({
      method: "POST",
      url: "/api/categories",
      payload: { name: "hosting", type: "expense" },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ name: "Er bestaat al een categorie met deze naam" });

    const renamed = await user.request({
      method: "PUT",
      url: `/api/categories/${category.id}`,
      payload: { name: "Hosting en domeinen", type: "expense", color: "#ff0000" },
    });
    expect(renamed.json()).toMatchObject({ name: "Hosting en domeinen", color: "#FF0000" });

    const booked = await create(user, { ...VALID, categoryId: category.id });
    expect((await user.request({ method: "DELETE", url: `/api/categories/${category.id}` })).statusCode).toBe(
      204,
    );
    const after = await user.request({ method: "GET", url: `/api/transactions/${booked.id}` });
    expect(after.json()).toMatchObject({ id: booked.id, categoryId: null });
  });

  it.each([
    [{ name: "", type: "expense" }, "name", "Naam is verplicht"],
    [{ name: "x", type: "x" }, "type", "Kies inkomsten of uitgaven"],
    [{ name: "x", type: "income", color: "rood" }, "color", "Kies een kleur als #RRGGBB"],
  ])("validates %j", async (payload, field, message) => {
    const response = await owner.request({ method: "POST", url: "/api/categories", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it("answers 404 for another user's category on every verb", async () => {
    const [foreign] = await t.database.db
      .select()
      .from(categories)
      .where(eq(categories.userId, stranger.user.id));
    const url = `/api/categories/${foreign!.id}`;
    expect(
      (await owner.request({ method: "PUT", url, payload: { name: "Van mij", type: "income" } })).statusCode,
    ).toBe(404);
    expect((await owner.request({ method: "DELETE", url })).statusCode).toBe(404);
    const [still] = await t.database.db.select().from(categories).where(eq(categories.id, foreign!.id));
    expect(still!.name).toBe(foreign!.name);
  });
});

describe("GET /api/bank-accounts", () => {
  it("gives each account its balance: opening balance plus completed transactions incl. VAT", async () => {
    const user = await t.signIn();
    const accountId = await defaultAccountId(user.user.id);
    await t.database.db
      .update(bankAccounts)
      .set({ openingBalance: "1000.00" })
      .where(eq(bankAccounts.id, accountId));
    await create(user, { ...VALID, type: "income", amount: "500", vatRate: "21" }); // +605
    await create(user, { ...VALID, type: "expense", amount: "100", vatRate: "9" }); // -109
    await create(user, { ...VALID, type: "expense", amount: "999", status: "pending" }); // not booked yet
    const response = await user.request({ method: "GET", url: "/api/bank-accounts" });
    expect(response.json()).toEqual([
      {
        id: accountId,
        name: "Hoofdrekening",
        iban: null,
        isDefault: true,
        openingBalance: "1000.00",
        openingDate: null,
        balance: "1496.00",
      },
    ]);
    await insertTransaction(t.database.db, user.user.id, { description: "Zonder rekening" });
    const onAccount = await list(user, { bankAccountId: accountId });
    expect(onAccount.total).toBe(3);
    expect(onAccount.transactions.map((row) => row.description)).not.toContain("Zonder rekening");
    const strangers = await stranger.request({ method: "GET", url: "/api/bank-accounts" });
    expect(strangers.json().map((account: { id: string }) => account.id)).not.toContain(accountId);
  });
});

describe("POST /api/transactions/import", () => {
  const importCsv = (as: SignedIn, csv: string, query: Record<string, string> = {}) =>
    as.request({
      method: "POST",
      url: "/api/transactions/import",
      query,
      headers: { "content-type": "text/csv" },
      payload: csv,
    });

  const GOOD_AND_BAD = [
    "Datum;Bedrag;Omschrijving;BTW;Categorie",
    '05-01-2026;"1.210,00";Factuur januari;21;Omzet',
    "06-01-2026;-12,50;Parkeren;0;Reiskosten",
    "07-01-2026;abc;Kapot bedrag;21;",
    '2026-01-08;"€ -3,50";"Koffie; met melk";9;Nieuwe categorie',
    "31-02-2026;10;Geen datum;21;",
  ].join("\r\n");

  it("imports the valid rows, reports the others as 'Rij {n}: …', and creates missing categories", async () => {
    const user = await t.signIn();
    const response = await importCsv(user, GOOD_AND_BAD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: 3,
      failed: 2,
      duplicates: 0,
      rowErrors: [
        { row: 4, message: "Ongeldig bedrag 'abc'" },
        { row: 6, message: "Ongeldige datum '31-02-2026'" },
      ],
      errors: ["Rij 4: Ongeldig bedrag 'abc'", "Rij 6: Ongeldige datum '31-02-2026'"],
      createdCategories: ["Nieuwe categorie"],
    });
    const rows = (await list(user)).transactions;
    expect(
      rows.map((row) => [row.date, row.type, row.amount, row.vatAmount, row.description, row.status]),
    ).toEqual([
      ["2026-01-08", "expense", "3.50", "0.32", "Koffie; met melk", "completed"],
      ["2026-01-06", "expense", "12.50", "0.00", "Parkeren", "completed"],
      ["2026-01-05", "income", "1210.00", "254.10", "Factuur januari", "completed"],
    ]);
    const named = await t.database.db
      .select({ name: categories.name })
      .from(categories)
      .where(sql`${categories.id} in (select category_id from transactions where user_id = ${user.user.id})`);
    expect(named.map((row) => row.name).sort()).toEqual(["Nieuwe categorie", "Omzet", "Reiskosten"]);
    expect(rows.every((row) => row.bankAccountId !== null)).toBe(true);
  });

  it("skips and reports duplicates when the same file is imported twice", async () => {
    const user = await t.signIn();
    const csv =
      "Datum,Bedrag,Beschrijving\n01-02-2026,-4.50,Koffie\n01-02-2026,-4.50,Koffie\n02-02-2026,100,Omzet\n";
    expect((await importCsv(user, csv)).json()).toMatchObject({ imported: 3, duplicates: 0 });
    const again = (await importCsv(user, csv.replace("Omzet\n", "Omzet\n03-02-2026,5,Nieuw\n"))).json();
    expect(again).toMatchObject({ imported: 1, failed: 0, duplicates: 3 });
    expect(again.errors).toEqual([
      "Rij 2: Bestaat al (zelfde datum, bedrag, beschrijving en rekening), overgeslagen",
      "Rij 3: Bestaat al (zelfde datum, bedrag, beschrijving en rekening), overgeslagen",
      "Rij 4: Bestaat al (zelfde datum, bedrag, beschrijving en rekening), overgeslagen",
    ]);
    expect((await list(user)).total).toBe(4);
  });

  it("orders the rows left out by number, whichever check left them out", async () => {
    const user = await t.signIn();
    const header = "Datum,Bedrag,Beschrijving";
    await importCsv(user, `${header}\n01-02-2026,-4.50,Koffie\n02-02-2026,100,Omzet\n`);
    // Row 100 fails on reading, rows 2 and 10 later as duplicates; as text, 'Rij 10' would sort before 'Rij 2'.
    const lines = [header];
    for (let row = 2; row <= 101; row++) {
      if (row === 2) lines.push("01-02-2026,-4.50,Koffie");
      else if (row === 10) lines.push("02-02-2026,100,Omzet");
      else if (row === 100) lines.push("03-02-2026,abc,Kapot");
      else lines.push(`04-02-2026,${row},Regel ${row}`);
    }
    const result = (await importCsv(user, lines.join("\n"))).json() as ImportResult;
    expect(result).toMatchObject({ imported: 97, failed: 1, duplicates: 2 });
    expect(result.rowErrors).toEqual([
      { row: 2, message: DUPLICATE_MESSAGE },
      { row: 10, message: DUPLICATE_MESSAGE },
      { row: 100, message: "Ongeldig bedrag 'abc'" },
    ]);
    expect(result.errors).toEqual([
      `Rij 2: ${DUPLICATE_MESSAGE}`,
      `Rij 10: ${DUPLICATE_MESSAGE}`,
      "Rij 100: Ongeldig bedrag 'abc'",
    ]);
  });

  it("reports 1,000 bad rows, each with its row number, and stores nothing from them", async () => {
    const user = await t.signIn();
    const lines = ["Datum,Bedrag,Beschrijving"];
    for (let i = 0; i < 1000; i++) lines.push(`99-99-2026,${i},Rij ${i}`);
    lines.push("01-03-2026,1,Goed");
    const response = await importCsv(user, lines.join("\n"));
    const result = response.json();
    expect(result).toMatchObject({ imported: 1, failed: 1000 });
    expect(result.errors).toHaveLength(1000);
    expect(result.errors[0]).toBe("Rij 2: Ongeldige datum '99-99-2026'");
    expect(result.errors[999]).toBe("Rij 1001: Ongeldige datum '99-99-2026'");
    expect((await list(user)).total).toBe(1);
  });

  it("stores nothing at all when the database fails halfway (one transaction)", async () => {
    const user = await t.signIn();
    // A trigger that fails on one row near the end, after the new category was already created.
    await t.database.db.execute(sql`
      create or replace function fail_on_boom() returns trigger language plpgsql as $$
      begin
        if new.description = 'BOOM' then raise exception 'simulated crash'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger fail_on_boom before insert on transactions for each row execute function fail_on_boom()`,
    );
    try {
      const categoriesBefore = await t.database.db.$count(categories, eq(categories.userId, user.user.id));
      const lines = ["Datum,Bedrag,Beschrijving,Categorie"];
      for (let i = 0; i < 6000; i++) {
        lines.push(`01-04-2026,${i + 1},${i === 5900 ? "BOOM" : `Regel ${i}`},Nieuwe categorie`);
      }
      const response = await importCsv(user, lines.join("\n"));
      expect(response.statusCode).toBe(500);
      expect(await t.database.db.$count(transactions, eq(transactions.userId, user.user.id))).toBe(0);
      expect(await t.database.db.$count(categories, eq(categories.userId, user.user.id))).toBe(
        categoriesBefore,
      );
    } finally {
      await t.database.db.execute(sql`drop trigger fail_on_boom on transactions`);
    }
  });

  it.each([
    ["", "Het bestand is leeg"],
    ["naam,waarde\nx,1\n", "Kolom Datum, Bedrag, Beschrijving ontbreekt"],
    ["Datum,Bedrag,Beschrijving\n", "Het bestand bevat geen transacties"],
  ])("refuses an unreadable file %j", async (csv, message) => {
    const response = await importCsv(owner, csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("refuses a body that is not a CSV file, and another user's account", async () => {
    const json = await owner.request({ method: "POST", url: "/api/transactions/import", payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe("Selecteer een CSV bestand");
    const foreign = await importCsv(owner, "Datum,Bedrag,Beschrijving\n01-01-2026,1,x\n", {
      bankAccountId: await defaultAccountId(stranger.user.id),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ bankAccountId: "Bankrekening niet gevonden" });
  });
});

describe("a large import", () => {
  it("accepts a file over the general 1 MB body limit (15,000 rows) and stores every row", async () => {
    const user = await t.signIn();
    const lines = ["Datum;Bedrag;Omschrijving;BTW;Categorie"];
    for (let i = 0; i < 15_000; i++) {
      lines.push(
        `${String((i % 28) + 1).padStart(2, "0")}-05-2026;"-1.${String(i % 1000).padStart(3, "0")},50";"Leverancier ${i} met een wat langere omschrijving";21;Inkoop`,
      );
    }
    const body = lines.join("\r\n");
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const response = await user.request({
      method: "POST",
      url: "/api/transactions/import",
      headers: { "content-type": "text/csv" },
      payload: body,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json()).toMatchObject({ imported: 15_000, failed: 0, duplicates: 0 });
    expect(await t.database.db.$count(transactions, eq(transactions.userId, user.user.id))).toBe(15_000);
  });
});

describe("import on a brand-new embedded database", () => {
  it("works when the enum types were created by this very process (first start of a fresh DATA_DIR)", async () => {
    // PGlite learns array types when it connects; an enum created afterwards by the migration is unknown to it.
    const fresh = await openPglite({});
    try {
      await migrateDatabase(fresh);
      const user = await createUser(fresh.db);
      const result = await importTransactions(
        fresh.db,
        user.id,
        "Datum,Bedrag,Beschrijving\n01-01-2026,10,In\n02-01-2026,-5,Uit\n",
        {},
      );
      expect(result).toMatchObject({ imported: 2, failed: 0 });
    } finally {
      await fresh.close();
    }
  });
});

describe("an amount typed including VAT (a receipt)", () => {
  it("books the receipt's total to the cent, and the books hold the same VAT as the transaction", async () => {
    const someone = await t.signIn();
    const receipt = await create(someone, {
      ...VALID,
      type: "expense",
      amount: "35,00",
      amountIncludesVat: true,
      vatRate: "21",
      description: "Lunch met klant",
    });
    expect(receipt).toMatchObject({ amount: "28.93", vatAmount: "6.07", amountIncludingVat: "35.00" });

    const accounts = (
      await someone.request({ method: "GET", url: "/api/ledger/accounts?date=2026-12-31" })
    ).json() as Array<{ code: string; name: string; balance: string }>;
    expect(accounts.find((row) => row.code === "1510")?.balance).toBe("6.07");
    expect(accounts.find((row) => row.name === "Hoofdrekening")?.balance).toBe("-35.00");
    expect(await list(someone)).toMatchObject({ totals: { expense: "35.00", vatExpense: "6.07" } });
  });
});
