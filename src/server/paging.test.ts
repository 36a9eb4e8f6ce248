import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../tests/app";
import { createClientRecord, createTimeEntry, createTransaction } from "../../tests/factories";
import { createInvoice, invoiceBody } from "../../tests/invoices";

/** README "Lists and paging": every list answer carries X-Total-Count and, when paged, Link next/prev. */
let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
  const db = t.database.db;
  const client = await createClientRecord(db, owner.user.id, { name: "Studio Zeewind" });
  clientId = client.id;
  for (let index = 0; index < 54; index++) {
    await createTransaction(db, owner.user.id, {
      description: `Uitgave ${index}`,
      date: `2026-03-${String(1 + (index % 28)).padStart(2, "0")}`,
    });
  }
  // The client's payment: its description does not name the client.
  await createTransaction(db, owner.user.id, { type: "income", description: "Factuur 2026-0007", clientId });
  for (let index = 0; index < 6; index++) {
    await createClientRecord(db, owner.user.id, { name: `Klant ${index}` });
    await createTimeEntry(db, owner.user.id, { startTime: new Date(Date.UTC(2026, 10, 2 + index, 9)) });
    await createInvoice(owner, invoiceBody(clientId));
  }
  // Another user's records never count.
  await createClientRecord(db, stranger.user.id, { name: "Studio Zeewind" });
  await createTransaction(db, stranger.user.id, { description: "Uitgave vreemd" });
  await createTimeEntry(db, stranger.user.id);
});
afterAll(() => t.close());

async function list(url: string) {
  const response = await owner.request({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json(), total: response.headers["x-total-count"], link: response.headers.link };
}

describe("paging metadata of the list endpoints", () => {
  it("GET /api/transactions: the spec's first page of 50 as a plain array, the total and the next page", async () => {
    const first = await list("/api/transactions");
    expect(first.body).toHaveLength(50);
    expect(first.total).toBe("55");
    expect(first.link).toBe('</api/transactions?limit=50&offset=50>; rel="next"');

    const last = await list("/api/transactions?limit=50&offset=50");
    expect(last.body).toHaveLength(5);
    expect(last.link).toBe('</api/transactions?limit=50&offset=0>; rel="prev"');
  });

  it("keeps the filters in the links", async () => {
    const page = await list("/api/transactions?type=expense&limit=20&offset=20");
    expect(page.total).toBe("54");
    expect(page.link).toBe(
      '</api/transactions?type=expense&limit=20&offset=40>; rel="next", ' +
        '</api/transactions?type=expense&limit=20&offset=0>; rel="prev"',
    );
  });

  it("the search finds a payment by its client's name, never another user's", async () => {
    const found = await list("/api/transactions?search=zeewind");
    expect(found.body.map((row: { description: string }) => row.description)).toEqual(["Factuur 2026-0007"]);
    expect(found.total).toBe("1");
    expect(found.link).toBeUndefined();
  });

  it("GET /api/clients: all of them without limit, pages with it", async () => {
    const all = await list("/api/clients");
    expect(all.body).toHaveLength(7);
    expect(all.total).toBe("7");
    expect(all.link).toBeUndefined();
    const page = await list("/api/clients?limit=3&search=klant");
    expect(page.body).toHaveLength(3);
    expect(page.total).toBe("6");
    expect(page.link).toBe('</api/clients?limit=3&search=klant&offset=3>; rel="next"');
  });

  it("GET /api/invoices: the total of the filtered list", async () => {
    const page = await list(`/api/invoices?clientId=${clientId}&limit=4`);
    expect(page.body).toHaveLength(4);
    expect(page.total).toBe("6");
    expect(page.link).toContain('offset=4>; rel="next"');
    expect((await list("/api/invoices?clientId=not-a-client")).total).toBe("0");
  });

  it("GET /api/time-entries: all of the period by default, a page with limit", async () => {
    const all = await list("/api/time-entries?from=2026-11-01&to=2026-11-30");
    expect(all.body).toHaveLength(6);
    expect(all.total).toBe("6");
    const page = await list("/api/time-entries?from=2026-11-01&to=2026-11-30&limit=4&offset=4");
    expect(page.body).toHaveLength(2);
    expect(page.total).toBe("6");
    expect(page.link).toBe('</api/time-entries?from=2026-11-01&to=2026-11-30&limit=4&offset=0>; rel="prev"');
  });

  it("refuses a page size out of range with a Dutch message and no rows", async () => {
    for (const url of [
      "/api/time-entries?limit=0",
      "/api/transactions?limit=201",
      "/api/clients?offset=-1",
    ]) {
      const response = await owner.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(
        /^(Aantal per pagina|Begin van de pagina) moet een heel getal/,
      );
      expect(response.headers["x-total-count"], url).toBeUndefined();
    }
  });
});
