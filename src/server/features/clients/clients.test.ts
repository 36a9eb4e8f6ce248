import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES_MESSAGE, type Client } from "../../../shared/schemas/clients";
import { clients, invoices, projects, timeEntries, transactions } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { MESSY_CLIENT, NORMALISED_CLIENT } from "../../../../tests/clients";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
});
afterAll(() => t.close());

async function create(as: SignedIn, payload: object): Promise<Client> {
  const response = await as.request({ method: "POST", url: "/api/clients", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const countClients = (userId: string) => t.database.db.$count(clients, eq(clients.userId, userId));

describe("POST /api/clients", () => {
  it("stores the client normalised as spec §5 lists and answers with it", async () => {
    const response = await owner.request({ method: "POST", url: "/api/clients", payload: MESSY_CLIENT });
    expect(response.statusCode).toBe(201);
    const client = response.json();
    expect(client).toEqual({
      id: expect.any(String),
      ...NORMALISED_CLIENT,
      // A new relation is a customer unless the form says otherwise.
      isCustomer: true,
      isSupplier: false,
      // A business unless the form says it is a consumer (particulier).
      isConsumer: false,
      // Dutch invoices and quotes unless the form chooses English.
      documentLanguage: "nl",
      defaultCategoryId: null,
      defaultVatTreatment: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const [stored] = await t.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(stored).toMatchObject({ ...NORMALISED_CLIENT, userId: owner.user.id });
  });

  it("needs only a name, and applies the defaults of spec §3", async () => {
    const client = await create(owner, { name: "Alleen Naam" });
    expect(client).toMatchObject({
      name: "Alleen Naam",
      country: "NL",
      paymentTermsDays: 30,
      email: null,
      address: null,
      taxNumber: null,
    });
  });

  it("accepts a payment term typed as text, as a form field sends it", async () => {
    expect((await create(owner, { name: "Tekstveld", paymentTermsDays: "60" })).paymentTermsDays).toBe(60);
  });

  it("accepts a post-2020 btw-identificatienummer (mod 97-10) in any spelling", async () => {
    const client = await create(owner, { name: "Eenmanszaak", taxNumber: "nl000099998b57" });
    expect(client.taxNumber).toBe("NL 000.099.998.B57");
  });

  it("reads a foreign client's phone number in the client's country and keeps the postcode as typed", async () => {
    const client = await create(owner, {
      name: "Brussels Bureau",
      phone: "02 123 45 67",
      postalCode: "1000",
      city: "Brussel",
      country: "BE",
      iban: "BE68539007547034",
    });
    expect(client).toMatchObject({
      phone: "+32 2 123 45 67",
      postalCode: "1000",
      iban: "BE68 5390 0754 7034",
      address: "1000 Brussel",
    });
  });

  it("checks a foreign client's VAT number by its country's rules and stores it as VIES writes it", async () => {
    const belgian = await create(owner, {
      name: "Gentse Studio",
      country: "BE",
      taxNumber: "be 0403.019.261",
    });
    expect(belgian.taxNumber).toBe("BE0403019261");
    const german = await create(owner, { name: "Berliner Agentur", country: "de", taxNumber: "136695976" });
    expect(german.taxNumber).toBe("DE136695976");
  });

  it.each([
    [{ name: "" }, "name", "Naam is verplicht"],
    [{ name: "   " }, "name", "Naam is verplicht"],
    [{ name: undefined }, "name", "Naam is verplicht"],
    [{ email: "geen-adres" }, "email", "Ongeldig e-mailadres"],
    [{ taxNumber: "NL123456788B01" }, "taxNumber", "Ongeldig BTW-nummer. Formaat: NL123456789B01"],
    [{ kvkNumber: "1234567" }, "kvkNumber", "Ongeldig KvK-nummer. Moet 8 cijfers zijn"],
    [{ iban: "NL91ABNA0417164301" }, "iban", "Ongeldig IBAN"],
    [{ iban: "NL91ABNA041716430" }, "iban", "Ongeldig IBAN"],
    [{ iban: "NL9112340417164300" }, "iban", "Ongeldig IBAN"],
    [{ postalCode: "123 AB" }, "postalCode", "Ongeldige postcode. Formaat: 1234 AB"],
    [
      { paymentTermsDays: 366 },
      "paymentTermsDays",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ],
    [
      { paymentTermsDays: -1 },
      "paymentTermsDays",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ],
    [{ country: "JP" }, "country", "Kies een land uit de lijst"],
    [
      { country: "BE", taxNumber: "BE0403019262" },
      "taxNumber",
      "Ongeldig BTW-nummer voor België. Formaat: BE0123456789",
    ],
    [
      { country: "DE", taxNumber: "NL123456789B01" },
      "taxNumber",
      "Ongeldig BTW-nummer voor Duitsland. Formaat: DE123456789",
    ],
    [{ taxNumber: "BE0403019261" }, "taxNumber", "Ongeldig BTW-nummer. Formaat: NL123456789B01"],
  ])("rejects %j with 400, the message under %s, and writes nothing", async (overrides, field, message) => {
    const before = await countClients(owner.user.id);
    const payload = { name: "Geldige Naam", ...overrides };
    const response = await owner.request({ method: "POST", url: "/api/clients", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
    expect(await countClients(owner.user.id)).toBe(before);
  });

  it("reports every invalid field in one answer", async () => {
    const response = await owner.request({
      method: "POST",
      url: "/api/clients",
      payload: { name: "", email: "x", postalCode: "abc", iban: "NL00", kvkNumber: "1", taxNumber: "NL1" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      name: "Naam is verplicht",
      email: "Ongeldig e-mailadres",
      postalCode: "Ongeldige postcode. Formaat: 1234 AB",
      iban: "Ongeldig IBAN",
      kvkNumber: "Ongeldig KvK-nummer. Moet 8 cijfers zijn",
      taxNumber: "Ongeldig BTW-nummer. Formaat: NL123456789B01",
    });
  });

  it("answers 401 without a session", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/clients", payload: { name: "X" } });
    expect(response.statusCode).toBe(401);
  });
});

describe("PUT /api/clients/:id", () => {
  it("saving the same client again changes nothing (normalisation is idempotent)", async () => {
    const created = await create(owner, MESSY_CLIENT);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...asSaved } = created;
    const response = await owner.request({
      method: "PUT",
      url: `/api/clients/${created.id}`,
      payload: asSaved,
    });
    expect(response.statusCode).toBe(200);
    const resaved = response.json();
    expect(resaved).toEqual({ ...created, updatedAt: expect.any(String) });
  });

  it("updates and normalises; clearing a field stores NULL", async () => {
    const created = await create(owner, MESSY_CLIENT);
    const response = await owner.request({
      method: "PUT",
      url: `/api/clients/${created.id}`,
      payload: {
        ...MESSY_CLIENT,
        name: "Korenschoof BV",
        email: "",
        kvkNumber: "8765.4321",
        paymentTermsDays: 0,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      name: "Korenschoof BV",
      email: null,
      kvkNumber: "8765 4321",
      paymentTermsDays: 0,
      createdAt: created.createdAt,
    });
  });

  it("refuses a client moved to another country with the old country's VAT number, and keeps it as it was", async () => {
    const created = await create(owner, { name: "Verhuizer", country: "BE", taxNumber: "BE0403019261" });
    const response = await owner.request({
      method: "PUT",
      url: `/api/clients/${created.id}`,
      payload: { name: "Verhuizer", country: "NL", taxNumber: created.taxNumber },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      taxNumber: "Ongeldig BTW-nummer. Formaat: NL123456789B01",
    });
    const stored = await owner.request({ method: "GET", url: `/api/clients/${created.id}` });
    expect(stored.json()).toMatchObject({ country: "BE", taxNumber: "BE0403019261" });
  });

  it("composes the address again when the client moves and the composed address was sent back untouched", async () => {
    const created = await create(owner, MESSY_CLIENT);
    const moved = await owner.request({
      method: "PUT",
      url: `/api/clients/${created.id}`,
      payload: {
        ...MESSY_CLIENT,
        address: created.address,
        street: "Kerkplein",
        houseNumber: "1",
        postalCode: "3421aa",
      },
    });
    expect(moved.json().address).toBe("Kerkplein 1, 3421 AA Oudewater");
  });

  it("keeps an address the user wrote themselves", async () => {
    const created = await create(owner, { ...MESSY_CLIENT, address: "Postbus 10, 1234 AB Oudewater" });
    const updated = await owner.request({
      method: "PUT",
      url: `/api/clients/${created.id}`,
      payload: { ...MESSY_CLIENT, address: "Postbus 10, 1234 AB Oudewater", street: "Kerkplein" },
    });
    expect(updated.json().address).toBe("Postbus 10, 1234 AB Oudewater");
  });

  it("rejects bad input with 400 and leaves the stored client as it was", async () => {
    const created = await create(owner, MESSY_CLIENT);
    const response = await owner.request({
      method: "PUT",
      url: `/api/clients/${created.id}`,
      payload: { ...MESSY_CLIENT, name: "Nieuwe naam", iban: "NL00RABO1234567890" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Ongeldig IBAN", fieldErrors: { iban: "Ongeldig IBAN" } });
    const [stored] = await t.database.db.select().from(clients).where(eq(clients.id, created.id));
    expect(stored!.name).toBe(NORMALISED_CLIENT.name);
  });
});

describe("ownership", () => {
  it("another user's client answers 404 on GET, PUT and DELETE and is left untouched", async () => {
    const mine = await create(owner, { name: "Van Mij" });
    const url = `/api/clients/${mine.id}`;

    const read = await stranger.request({ method: "GET", url });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: "Klant niet gevonden" });

    const write = await stranger.request({ method: "PUT", url, payload: { name: "Gekaapt" } });
    expect(write.statusCode).toBe(404);

    const remove = await stranger.request({ method: "DELETE", url });
    expect(remove.statusCode).toBe(404);

    const stillMine = await owner.request({ method: "GET", url });
    expect(stillMine.statusCode).toBe(200);
    expect(stillMine.json().name).toBe("Van Mij");
  });

  it("lists, counts and exports only the user's own clients", async () => {
    const loner = await t.signIn();
    await create(loner, { name: "Enige Klant", taxNumber: "NL123456789B01" });
    const list = await loner.request({ method: "GET", url: "/api/clients" });
    expect(list.json().map((client: Client) => client.name)).toEqual(["Enige Klant"]);
    const summary = await loner.request({ method: "GET", url: "/api/clients/summary" });
    expect(summary.json()).toEqual({ total: 1, withVatNumber: 1, withKvkNumber: 0, foreign: 0 });
    const csv = await loner.request({ method: "GET", url: "/api/clients/export" });
    expect(csv.body.trim().split("\r\n")).toHaveLength(2);
  });

  it("answers 404 for an id that does not exist or is not an id at all", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "geen-id", "1"]) {
      expect((await owner.request({ method: "GET", url: `/api/clients/${id}` })).statusCode).toBe(404);
      expect(
        (await owner.request({ method: "PUT", url: `/api/clients/${id}`, payload: { name: "X" } }))
          .statusCode,
      ).toBe(404);
      expect((await owner.request({ method: "DELETE", url: `/api/clients/${id}` })).statusCode).toBe(404);
    }
  });

  it("answers 401 without a session on every route", async () => {
    for (const url of ["/api/clients", "/api/clients/summary", "/api/clients/export"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});

describe("DELETE /api/clients/:id", () => {
  it("removes the client and keeps its transactions, projects, invoices and hours without the link", async () => {
    const doomed = await create(owner, { name: "Vertrekkende Klant" });
    const db = t.database.db;
    const [transaction] = await db
      .insert(transactions)
      .values({
        userId: owner.user.id,
        clientId: doomed.id,
        description: "Ontwerp huisstijl",
        amount: "1000.00",
        vatAmount: "210.00",
        amountIncludingVat: "1210.00",
        type: "income",
        date: "2026-11-02",
      })
      .returning();
    const [project] = await db
      .insert(projects)
      .values({ userId: owner.user.id, clientId: doomed.id, name: "Huisstijl" })
      .returning();
    const [invoice] = await db
      .insert(invoices)
      .values({
        userId: owner.user.id,
        clientId: doomed.id,
        invoiceNumber: "2026-0001",
        issueDate: "2026-11-02",
        dueDate: "2026-12-02",
        subtotal: "1000.00",
        total: "1210.00",
      })
      .returning();
    const [entry] = await db
      .insert(timeEntries)
      .values({ userId: owner.user.id, clientId: doomed.id, startTime: new Date("2026-11-02T09:00:00Z") })
      .returning();

    const response = await owner.request({ method: "DELETE", url: `/api/clients/${doomed.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");

    expect(await db.$count(clients, eq(clients.id, doomed.id))).toBe(0);
    const [keptTransaction] = await db
      .select()
      .from(transactions)
      .where(eq(transactions.id, transaction!.id));
    expect(keptTransaction).toMatchObject({ description: "Ontwerp huisstijl", clientId: null });
    const [keptProject] = await db.select().from(projects).where(eq(projects.id, project!.id));
    expect(keptProject).toMatchObject({ name: "Huisstijl", clientId: null });
    const [keptInvoice] = await db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(keptInvoice).toMatchObject({ invoiceNumber: "2026-0001", clientId: null });
    const [keptEntry] = await db.select().from(timeEntries).where(eq(timeEntries.id, entry!.id));
    expect(keptEntry).toMatchObject({ clientId: null });

    expect((await owner.request({ method: "DELETE", url: `/api/clients/${doomed.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe("GET /api/clients: search, sort and pages", () => {
  let searcher: SignedIn;
  const names = (response: { json(): Client[] }) => response.json().map((client) => client.name);
  const list = (query: string) => searcher.request({ method: "GET", url: `/api/clients${query}` });

  beforeAll(async () => {
    searcher = await t.signIn();
    const db = t.database.db;
    // Explicit creation times, so the createdAt order is known.
    const rows = [
      { name: "anna Architecten", contactPerson: "Anna de Wit", city: "Utrecht", createdAt: "2026-01-03" },
      {
        name: "Bakkerij Brood",
        email: "info@brood.nl",
        city: "Gouda",
        taxNumber: "NL 123.456.789.B01",
        createdAt: "2026-01-01",
      },
      { name: "Café 100%", kvkNumber: "8765 4321", city: "Delft", country: "BE", createdAt: "2026-01-02" },
      { name: "Zeilmakerij", contactPerson: "Piet Zeil", city: "Utrecht", createdAt: "2026-01-04" },
    ];
    await db
      .insert(clients)
      .values(rows.map((row) => ({ ...row, userId: searcher.user.id, createdAt: new Date(row.createdAt) })));
  });

  it("sorts by name case-insensitively, ascending by default", async () => {
    expect(names(await list(""))).toEqual(["anna Architecten", "Bakkerij Brood", "Café 100%", "Zeilmakerij"]);
    expect(names(await list("?sort=name&order=desc"))).toEqual([
      "Zeilmakerij",
      "Café 100%",
      "Bakkerij Brood",
      "anna Architecten",
    ]);
  });

  it("sorts by creation date both ways", async () => {
    expect(names(await list("?sort=createdAt&order=asc"))).toEqual([
      "Bakkerij Brood",
      "Café 100%",
      "anna Architecten",
      "Zeilmakerij",
    ]);
    expect(names(await list("?sort=createdAt&order=desc"))).toEqual([
      "Zeilmakerij",
      "anna Architecten",
      "Café 100%",
      "Bakkerij Brood",
    ]);
  });

  it.each([
    ["ANNA", ["anna Architecten"], "name, any case"],
    ["piet", ["Zeilmakerij"], "contact person"],
    ["brood.nl", ["Bakkerij Brood"], "e-mail"],
    ["utrecht", ["anna Architecten", "Zeilmakerij"], "city"],
    ["NL123456789B01", ["Bakkerij Brood"], "VAT number as typed without separators"],
    ["nl 123.456.789.b01", ["Bakkerij Brood"], "VAT number in lower case with dots"],
    ["123456789", ["Bakkerij Brood"], "part of the VAT number"],
    ["87654321", ["Café 100%"], "KvK number without the space"],
    ["8765 4321", ["Café 100%"], "KvK number as stored"],
    ["100%", ["Café 100%"], "a % is a character, not a wildcard"],
    ["_", [], "an _ is a character, not a wildcard"],
    ["onbekend", [], "nothing"],
  ])("searches %j (%s)", async (search, expected) => {
    expect(names(await list(`?search=${encodeURIComponent(search)}`))).toEqual(expected);
  });

  it("pages with limit and offset without overlap", async () => {
    const first = names(await list("?limit=3&offset=0"));
    const second = names(await list("?limit=3&offset=3"));
    expect(first).toEqual(["anna Architecten", "Bakkerij Brood", "Café 100%"]);
    expect(second).toEqual(["Zeilmakerij"]);
  });

  it("answers a picker's small page of matches, never with another user's clients", async () => {
    const other = await t.signIn();
    await t.database.db.insert(clients).values({ userId: other.user.id, name: "Utrecht Uitgevers" });
    const response = await list("?search=utrecht&sort=name&order=asc&limit=1");
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(["anna Architecten"]);
    expect(names(await list("?search=uitgevers&limit=20"))).toEqual([]);
  });

  it("rejects a search term over 100 characters with its message", async () => {
    const response = await list(`?search=${"x".repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Zoekterm mag maximaal 100 tekens zijn",
      fieldErrors: { search: "Zoekterm mag maximaal 100 tekens zijn" },
    });
  });

  it("rejects a bad sort, order or page size with 400", async () => {
    for (const query of ["?sort=email", "?order=up", "?limit=0", "?limit=1000", "?offset=-1"]) {
      expect((await list(query)).statusCode).toBe(400);
    }
  });

  it("counts the stat cards of spec §2.16 over all clients", async () => {
    const summary = await searcher.request({ method: "GET", url: "/api/clients/summary" });
    expect(summary.json()).toEqual({ total: 4, withVatNumber: 1, withKvkNumber: 1, foreign: 1 });
  });
});

describe("GET /api/clients/export", () => {
  it("downloads klanten_{date}.csv: BOM, semicolons, the 14 columns in order, quoted where needed, formulas neutralised", async () => {
    const exporter = await t.signIn();
    t.now.value = new Date("2026-03-31T22:30:00Z"); // already 1 April in Amsterdam
    await create(exporter, MESSY_CLIENT);
    await create(exporter, {
      name: '=HYPERLINK("http://evil")',
      contactPerson: "@bob",
      notes: 'Regel één; met "aanhalingstekens"\nen een tweede regel',
      city: "-Zwolle",
      country: "DE",
    });

    const response = await exporter.request({ method: "GET", url: "/api/clients/export" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="klanten_2026-04-01.csv"');

    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "Bedrijfsnaam;Contactpersoon;E-mail;Telefoon;Straat;Huisnummer;Postcode;Plaats;Land;BTW-nummer;KvK-nummer;IBAN;Betalingstermijn (dagen);Notities",
    );
    expect(lines).toContain(
      `"'=HYPERLINK(""http://evil"")";'@bob;;;;;;'-Zwolle;DE;;;;30;"Regel één; met ""aanhalingstekens""\nen een tweede regel"`,
    );
    expect(text).toContain(
      "Bakkerij De Korenschoof;Els Bakker;els@korenschoof.nl;'+31 6 12345678;Dorpsstraat;12a;1234 AB;Oudewater;NL;NL 123.456.789.B01;1234 5678;NL91 ABNA 0417 1643 00;14;Levert elke maandag.",
    );
    t.now.value = new Date();
  });

  it("exports what the screen shows: the same search and order", async () => {
    const exporter = await t.signIn();
    await create(exporter, { name: "Alfa", city: "Leiden" });
    await create(exporter, { name: "Beta", city: "Leiden" });
    await create(exporter, { name: "Gamma", city: "Breda" });
    const response = await exporter.request({
      method: "GET",
      url: "/api/clients/export?search=leiden&sort=name&order=desc",
    });
    const rows = response.rawPayload.subarray(3).toString("utf8").trim().split("\r\n").slice(1);
    expect(rows.map((row) => row.split(";")[0])).toEqual(["Beta", "Alfa"]);
  });
});

describe("customers and suppliers", () => {
  it("keeps the roles, filters on them, keeps them on an edit that leaves them out, and needs at least one", async () => {
    const as = await t.signIn();
    const post = (payload: object) => as.request({ method: "POST", url: "/api/clients", payload });
    const supplier = (await post({ name: "Papier B.V.", isCustomer: false, isSupplier: true })).json();
    const both = (await post({ name: "Partner B.V.", isSupplier: true })).json();
    await post({ name: "Klant B.V." });
    const names = async (role: string) =>
      (await as.request({ method: "GET", url: `/api/clients?role=${role}` }))
        .json()
        .map((client: { name: string }) => client.name);
    expect(await names("supplier")).toEqual(["Papier B.V.", "Partner B.V."]);
    expect(await names("customer")).toEqual(["Klant B.V.", "Partner B.V."]);
    const edited = await as.request({
      method: "PUT",
      url: `/api/clients/${both.id}`,
      payload: { name: "Partner" },
    });
    expect(edited.json()).toMatchObject({ isCustomer: true, isSupplier: true });
    const neither = await as.request({
      method: "PUT",
      url: `/api/clients/${supplier.id}`,
      payload: { name: "Papier B.V.", isCustomer: false, isSupplier: false },
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fieldErrors).toEqual({ isCustomer: ROLES_MESSAGE });
    expect(await names("supplier")).toContain("Papier B.V.");
  });

  it("counts the stat cards per role; a relation that is both counts under each", async () => {
    const as = await t.signIn();
    const post = (payload: object) => as.request({ method: "POST", url: "/api/clients", payload });
    await post({ name: "Papier B.V.", isCustomer: false, isSupplier: true, country: "BE" });
    await post({ name: "Partner B.V.", isSupplier: true, kvkNumber: "12345678" });
    await post({ name: "Klant B.V." });
    const summary = async (query: string) =>
      (await as.request({ method: "GET", url: `/api/clients/summary${query}` })).json();
    expect(await summary("")).toEqual({ total: 3, withVatNumber: 0, withKvkNumber: 1, foreign: 1 });
    expect(await summary("?role=customer")).toEqual({
      total: 2,
      withVatNumber: 0,
      withKvkNumber: 1,
      foreign: 0,
    });
    expect(await summary("?role=supplier")).toEqual({
      total: 2,
      withVatNumber: 0,
      withKvkNumber: 1,
      foreign: 1,
    });
    const wrong = await as.request({ method: "GET", url: "/api/clients/summary?role=debiteur" });
    expect(wrong.statusCode).toBe(400);
    const stranger = await t.signIn();
    expect(
      (await stranger.request({ method: "GET", url: "/api/clients/summary?role=supplier" })).json(),
    ).toEqual({ total: 0, withVatNumber: 0, withKvkNumber: 0, foreign: 0 });
  });
});
