import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../tests/factories";
import { withRoutes, type FuzzRoute } from "../../../tests/route-fuzz";
import { SINGLE_LINE_MESSAGE } from "../../shared/validation";
import { CONTROL_CHARACTER_MESSAGE } from "./input-hygiene";

let t: TestApp & { routes: FuzzRoute[] };
let owner: SignedIn;

beforeAll(async () => {
  t = await withRoutes(buildTestApp);
  owner = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  await createClientRecord(t.database.db, owner.user.id);
});
afterAll(() => t.close());

describe("control characters", () => {
  it("are refused in a search term, anonymous or signed in, with one Dutch message", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/search?q=%00" });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toBe(CONTROL_CHARACTER_MESSAGE);
    const signedIn = await owner.request({ method: "GET", url: "/api/transactions?search=a%00b" });
    expect(signedIn.statusCode).toBe(400);
  });

  it("are refused in a body field, and nothing is stored", async () => {
    const before = (await owner.request({ method: "GET", url: "/api/clients" })).json().length;
    const response = await owner.request({
      method: "POST",
      url: "/api/clients",
      payload: { name: "Bakkerij\u0000 Jansen", email: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect((await owner.request({ method: "GET", url: "/api/clients" })).json()).toHaveLength(before);
  });

  it("are removed from an uploaded CSV, which then imports", async () => {
    const response = await owner.request({
      method: "POST",
      url: "/api/transactions/import",
      headers: { "content-type": "text/csv" },
      payload: "Datum,Type,Beschrijving,Bedrag,BTW%,Categorie\n2026-11-02,expense,Koffie\u0000,3.50,21,\n",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ imported: 1 });
  });
});

describe("ids and periods", () => {
  it("a bank account id that is no id is a field error, not a 500", async () => {
    const response = await owner.request({
      method: "POST",
      url: "/api/invoices/00000000-0000-0000-0000-000000000000/mark-paid",
      payload: { paidDate: "2026-11-02", bookTransaction: true, bankAccountId: "geen-id" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.bankAccountId).toBe("Bankrekening niet gevonden");
  });

  it("a VAT period in year 0 or 1 does not exist and cannot be filed", async () => {
    expect((await owner.request({ method: "GET", url: "/api/vat-returns/0000-Q1" })).statusCode).toBe(404);
    const filed = await owner.request({
      method: "POST",
      url: "/api/vat-returns/0001-Q1/file",
      payload: { filedOn: "2026-10-10", reference: "X" },
    });
    expect(filed.statusCode).toBe(404);
  });
});

/**
 * Every route the app has, each method, with odd input in every place (path parameters, query, body): no answer
 * is a 500. The inputs come from a fixed seed, so a failure repeats.
 */
describe("no route answers 500", () => {
  let seed = 20261123;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const ODD_TEXT = [
    "",
    " ",
    "x".repeat(5000),
    "0000-Q1",
    "-1",
    "1e309",
    "NaN",
    "'; drop table users; --",
    "😀",
    "../..",
    "null",
  ];
  const ODD_VALUES: unknown[] = [...ODD_TEXT, -1, 0, 1e21, 1.005, true, null, [], {}, ["x"], { a: { b: 1 } }];
  const FIELDS = [
    "name",
    "description",
    "amount",
    "date",
    "id",
    "email",
    "iban",
    "vatRate",
    "items",
    "status",
    "period",
    "year",
    "type",
    "categoryId",
    "clientId",
    "bankAccountId",
    "issueDate",
    "dueDate",
    "quantity",
    "total",
    "payments",
    "kind",
    "ids",
    "reference",
    "filedOn",
  ];

  const body = () =>
    Object.fromEntries(FIELDS.filter(() => random() < 0.4).map((field) => [field, pick(ODD_VALUES)]));
  const query = () =>
    FIELDS.filter(() => random() < 0.3)
      .map((field) => `${field}=${encodeURIComponent(String(pick(ODD_TEXT)))}`)
      .join("&");

  it("to odd parameters, queries and bodies", async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const all = t.routes.filter(({ url }) => url.startsWith("/api/"));
    expect(all.length).toBeGreaterThan(80);
    for (const { method, url: path } of all) {
      if (path === "/api/logout" || path === "/api/demo/start") continue; // would end or replace the session
      for (let attempt = 0; attempt < 4; attempt++) {
        const url = path.replace(/:\w+/g, () =>
          encodeURIComponent(pick(["x", "0000-Q1", "00000000-0000-0000-0000-000000000000", "-1", "😀"])),
        );
        const response = await owner.request({
          method: method as "GET",
          url: `${url}?${query()}`,
          ...(method === "GET" || method === "DELETE" ? {} : { payload: body() }),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          failures.push(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // The sweep reached the services, not only the schemas: some odd input is valid enough to succeed.
    expect(statuses.get(200)).toBeGreaterThan(20);
  }, 120_000);
});

describe("one-line fields", () => {
  it("refuse a line break in a client's name and a trade name", async () => {
    const client = await owner.request({
      method: "POST",
      url: "/api/clients",
      payload: { name: "Bakkerij\nJansen" },
    });
    expect(client.statusCode).toBe(400);
    expect(client.json().fieldErrors.name).toBe(SINGLE_LINE_MESSAGE);
    const company = await owner.request({
      method: "PUT",
      url: "/api/settings/company",
      payload: { tradeName: "De Vries\r\nOntwerp" },
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().fieldErrors.tradeName).toBe(SINGLE_LINE_MESSAGE);
  });
});
