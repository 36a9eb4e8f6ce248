import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMOUNT_AMBIGUOUS_MESSAGE } from "../../../shared/schemas/amount";
import type { BankAccount } from "../../../shared/schemas/bank-accounts";
import { bankAccounts, transactions } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createTransaction } from "../../../../tests/factories";

let t: TestApp;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  stranger = await t.signIn();
});
afterAll(() => t.close());

const list = async (as: SignedIn): Promise<BankAccount[]> =>
  (await as.request({ method: "GET", url: "/api/bank-accounts" })).json();

async function create(as: SignedIn, payload: object): Promise<BankAccount> {
  const response = await as.request({ method: "POST", url: "/api/bank-accounts", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const countAccounts = async (userId: string) =>
  (await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId))).length;

describe("POST /api/bank-accounts", () => {
  it("saves a new account with the IBAN grouped, the balance in decimals, not as the default", async () => {
    const user = await t.signIn();
    const account = await create(user, {
      name: "  Spaarrekening ",
      iban: "nl91abna0417164300",
      openingBalance: "1234,5",
      openingDate: "2026-01-01",
    });
    expect(account).toEqual({
      id: expect.any(String),
      name: "Spaarrekening",
      iban: "NL91 ABNA 0417 1643 00",
      isDefault: false,
      openingBalance: "1234.50",
      openingDate: "2026-01-01",
      balance: "1234.50",
    });
    // The default stays first; the new account follows.
    expect((await list(user)).map((row) => [row.name, row.isDefault])).toEqual([
      ["Hoofdrekening", true],
      ["Spaarrekening", false],
    ]);
  });

  it("empty optional fields mean no IBAN, a zero opening balance and no opening date", async () => {
    const user = await t.signIn();
    const account = await create(user, { name: "Kas", iban: "", openingBalance: "", openingDate: "" });
    expect(account).toMatchObject({ iban: null, openingBalance: "0.00", openingDate: null, balance: "0.00" });
    const overdrawn = await create(user, { name: "Rood", openingBalance: -250 });
    expect(overdrawn.openingBalance).toBe("-250.00");
  });

  it("makes a new account the default when asked, unsetting the previous default", async () => {
    const user = await t.signIn();
    const account = await create(user, { name: "Zakelijk", isDefault: true });
    expect(account.isDefault).toBe(true);
    expect((await list(user)).filter((row) => row.isDefault).map((row) => row.id)).toEqual([account.id]);
  });

  it.each([
    [{ name: "" }, "name", "Naam is verplicht"],
    [{ name: "   " }, "name", "Naam is verplicht"],
    [{ name: undefined }, "name", "Naam is verplicht"],
    [{ name: "x".repeat(101) }, "name", "Naam mag maximaal 100 tekens zijn"],
    [{ iban: "NL00ABNA0417164300" }, "iban", "Ongeldig IBAN"],
    [
      { openingBalance: "12,3456" },
      "openingBalance",
      "Beginsaldo moet een bedrag zijn met maximaal 2 decimalen",
    ],
    [{ openingBalance: "12,345" }, "openingBalance", AMOUNT_AMBIGUOUS_MESSAGE],
    [
      { openingBalance: "veel" },
      "openingBalance",
      "Beginsaldo moet een bedrag zijn met maximaal 2 decimalen",
    ],
    [{ openingBalance: "1000000000000" }, "openingBalance", "Beginsaldo is te groot"],
    [{ openingDate: "2026-02-30" }, "openingDate", "Ongeldige datum"],
    [{ openingDate: "1-1-2026" }, "openingDate", "Ongeldige datum"],
  ])("rejects %j with 400, the message under %s, and writes nothing", async (overrides, field, message) => {
    const user = await t.signIn();
    const response = await user.request({
      method: "POST",
      url: "/api/bank-accounts",
      payload: { name: "Geldige naam", ...overrides },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
    expect(await countAccounts(user.user.id)).toBe(1);
  });
});

describe("PUT /api/bank-accounts/:id", () => {
  it("edits an account and switches the default in one go", async () => {
    const user = await t.signIn();
    const [main] = await list(user);
    const savings = await create(user, { name: "Spaar" });
    const response = await user.request({
      method: "PUT",
      url: `/api/bank-accounts/${savings.id}`,
      payload: {
        name: "Spaarrekening",
        iban: "NL91 abna 0417 1643 00",
        openingBalance: "50",
        isDefault: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: savings.id,
      name: "Spaarrekening",
      iban: "NL91 ABNA 0417 1643 00",
      isDefault: true,
      openingBalance: "50.00",
    });
    const after = await list(user);
    expect(after.map((row) => [row.id, row.isDefault])).toEqual([
      [savings.id, true],
      [main!.id, false],
    ]);
  });

  it("keeps the default when the current default is saved with isDefault false", async () => {
    const user = await t.signIn();
    const [main] = await list(user);
    const response = await user.request({
      method: "PUT",
      url: `/api/bank-accounts/${main!.id}`,
      payload: { name: "Betaalrekening", isDefault: false },
    });
    expect(response.json()).toMatchObject({ name: "Betaalrekening", isDefault: true });
  });

  it("answers validation errors with the field messages", async () => {
    const user = await t.signIn();
    const [main] = await list(user);
    const response = await user.request({
      method: "PUT",
      url: `/api/bank-accounts/${main!.id}`,
      payload: { name: "", iban: "NL1" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ name: "Naam is verplicht", iban: "Ongeldig IBAN" });
  });
});

describe("DELETE /api/bank-accounts/:id", () => {
  it("refuses the default account with a Dutch message", async () => {
    const user = await t.signIn();
    const [main] = await list(user);
    const response = await user.request({ method: "DELETE", url: `/api/bank-accounts/${main!.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "De standaardrekening kan niet worden verwijderd. Maak eerst een andere rekening standaard.",
    );
    expect(await countAccounts(user.user.id)).toBe(1);
  });

  it("deletes another account and keeps its transactions without the link", async () => {
    const user = await t.signIn();
    const savings = await create(user, { name: "Spaar" });
    const booked = await createTransaction(t.database.db, user.user.id, { bankAccountId: savings.id });
    const response = await user.request({ method: "DELETE", url: `/api/bank-accounts/${savings.id}` });
    expect(response.statusCode).toBe(204);
    expect((await list(user)).map((row) => row.id)).not.toContain(savings.id);
    const [kept] = await t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, booked.id), eq(transactions.userId, user.user.id)));
    expect(kept).toBeDefined();
    expect(kept!.bankAccountId).toBeNull();
  });
});

describe("another user's account", () => {
  it("answers 404 on every verb and stays untouched", async () => {
    const owner = await t.signIn();
    const account = await create(owner, { name: "Privé", iban: "NL91ABNA0417164300" });
    const url = `/api/bank-accounts/${account.id}`;
    const put = await stranger.request({ method: "PUT", url, payload: { name: "Van mij", isDefault: true } });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe("Bankrekening niet gevonden");
    expect((await stranger.request({ method: "DELETE", url })).statusCode).toBe(404);
    expect((await list(stranger)).map((row) => row.id)).not.toContain(account.id);
    expect((await list(owner)).find((row) => row.id === account.id)).toEqual(account);
    // A malformed id is just as unknown.
    expect((await stranger.request({ method: "DELETE", url: "/api/bank-accounts/abc" })).statusCode).toBe(
      404,
    );
  });
});
