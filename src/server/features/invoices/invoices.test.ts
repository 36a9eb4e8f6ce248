import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_MESSAGES, type InvoiceDetail } from "../../../shared/schemas/invoices";
import { clients, invoiceItems, invoices } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import {
  ALREADY_PAID_MESSAGE,
  alreadyCreditedMessage,
  COMPANY_INCOMPLETE_MESSAGE,
  CREDIT_DRAFT_MESSAGE,
  CREDIT_OF_CREDIT_MESSAGE,
  DELETE_SENT_MESSAGE,
  FROZEN_MESSAGE,
  KOR_MESSAGE,
  MARK_PAID_DRAFT_MESSAGE,
  markOverdueInvoices,
  numberTakenMessage,
  PAID_BEFORE_ISSUE_MESSAGE,
  REVERSE_CHARGE_NEEDS_VAT_MESSAGE,
} from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  clientId = (await createClientRecord(t.database.db, owner.user.id)).id;
});
afterAll(() => t.close());

/** Two lines, 21% and 9%: 2 × 85.00 = 170.00 (VAT 35.70) and 1.5 × 10.50 = 15.75 (VAT 1.4175 -> 1.42). */
const TWO_LINES = [
  { description: "Ontwerp homepage", quantity: 2, unitPrice: 85, vatCategory: "21" },
  { description: "Drukwerk", quantity: "1.5", unitPrice: "10.50", vatCategory: "9" },
];
const TWO_LINES_TOTALS = { subtotal: "185.75", taxAmount: "37.12", total: "222.87" };

const body = (overrides: object = {}) => ({
  clientId,
  issueDate: "2026-11-20",
  dueDate: "2026-12-04",
  items: TWO_LINES,
  ...TWO_LINES_TOTALS,
  status: "draft",
  notes: "Bedankt!",
  ...overrides,
});

async function create(as: SignedIn, payload: object): Promise<InvoiceDetail> {
  const response = await as.request({ method: "POST", url: "/api/invoices", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const post = (as: SignedIn, url: string, payload?: object) =>
  as.request({ method: "POST", url, ...(payload ? { payload } : {}) });

describe("POST /api/invoices", () => {
  it("stores the lines, checks the totals and numbers the invoice in the user's series", async () => {
    const invoice = await create(owner, body());
    expect(invoice).toMatchObject({
      invoiceNumber: "INV-000001",
      clientId,
      clientName: "Bakkerij De Korenschoof",
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      supplyDate: null,
      ...TWO_LINES_TOTALS,
      status: "draft",
      notes: "Bedankt!",
      sentAt: null,
      paidDate: null,
      creditNoteForNumber: null,
      creditedBy: null,
    });
    expect(invoice.items).toEqual([
      expect.objectContaining({
        description: "Ontwerp homepage",
        quantity: "2.00",
        rate: "85.00",
        vatRate: "21.00",
        vatCategory: "21",
        amount: "170.00",
        vatAmount: "35.70",
        totalAmount: "205.70",
      }),
      expect.objectContaining({
        description: "Drukwerk",
        quantity: "1.50",
        rate: "10.50",
        vatRate: "9.00",
        vatCategory: "9",
        amount: "15.75",
        vatAmount: "1.42",
        totalAmount: "17.17",
      }),
    ]);
    expect((await create(owner, body())).invoiceNumber).toBe("INV-000002");
  });

  it("accepts a number typed by hand, refuses it twice, and the series skips it", async () => {
    expect((await create(owner, body({ invoiceNumber: "INV-000003" }))).invoiceNumber).toBe("INV-000003");
    const twice = await owner.request({
      method: "POST",
      url: "/api/invoices",
      payload: body({ invoiceNumber: "INV-000003" }),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: numberTakenMessage("INV-000003"),
      fieldErrors: { invoiceNumber: "Invoice number INV-000003 is already in use" },
    });
    expect((await owner.request({ method: "GET", url: "/api/invoices/next-number" })).json()).toEqual({
      invoiceNumber: "INV-000004",
    });
    expect((await create(owner, body())).invoiceNumber).toBe("INV-000004");
    // The same number is free for another user.
    await createCompanyProfile(t.database.db, stranger.user.id);
    const theirClient = await createClientRecord(t.database.db, stranger.user.id);
    const theirs = await create(stranger, body({ clientId: theirClient.id, invoiceNumber: "INV-000003" }));
    expect(theirs.invoiceNumber).toBe("INV-000003");
  });

  it("accepts the spec's form without lines when Total = Subtotal + Tax Amount", async () => {
    const invoice = await create(owner, body({ items: [], subtotal: "100", taxAmount: 21, total: "121.00" }));
    expect(invoice).toMatchObject({ subtotal: "100.00", taxAmount: "21.00", total: "121.00", items: [] });
  });

  it("numbers invoices created at the same moment without gaps or doubles", async () => {
    const someone = await t.signIn();
    const theirClient = await createClientRecord(t.database.db, someone.user.id);
    const created = await Promise.all(
      Array.from({ length: 8 }, () => create(someone, body({ clientId: theirClient.id }))),
    );
    expect(created.map((invoice) => invoice.invoiceNumber).sort()).toEqual(
      Array.from({ length: 8 }, (_, index) => `INV-00000${index + 1}`),
    );
  });

  it.each([
    [{ issueDate: "" }, "issueDate", INVOICE_MESSAGES.issueDateRequired],
    [{ issueDate: undefined }, "issueDate", "Issue date is required"],
    [{ dueDate: "" }, "dueDate", "Due date is required"],
    [{ dueDate: "2026-02-30" }, "dueDate", "Enter a valid date"],
    [{ dueDate: "2026-11-19" }, "dueDate", "Due date cannot be before the issue date"],
    [{ items: [], subtotal: "" }, "subtotal", "Subtotal is required"],
    [{ items: [], total: null }, "total", "Total is required"],
    [{ items: [], subtotal: -1, taxAmount: 0, total: -1 }, "subtotal", "Subtotal must be 0 or more"],
    [{ items: [], subtotal: 10, taxAmount: -1, total: 9 }, "taxAmount", "Tax Amount must be 0 or more"],
    [
      { items: [], subtotal: "10.001", total: 10 },
      "subtotal",
      "Subtotal must be an amount with at most 2 decimals",
    ],
    [
      { items: [], subtotal: 100, taxAmount: 21, total: 120 },
      "total",
      "Total must equal Subtotal + Tax Amount",
    ],
    [{ subtotal: "185.00", total: "222.12" }, "subtotal", INVOICE_MESSAGES.linesMismatch("Subtotal", 18575)],
    [
      { taxAmount: "37.13", total: "222.88" },
      "taxAmount",
      INVOICE_MESSAGES.linesMismatch("Tax Amount", 3712),
    ],
    [{ clientId: "" }, "clientId", "Client is required"],
    [{ clientId: "00000000-0000-4000-8000-000000000000" }, "clientId", "Client not found"],
    [{ status: "betaald" }, "status", "Status must be draft, sent, paid or overdue"],
    [{ invoiceNumber: "x".repeat(51) }, "invoiceNumber", "Invoice number may be at most 50 characters"],
    [{ items: [{ ...TWO_LINES[0], description: " " }] }, "items.0.description", "Description is required"],
    [{ items: [{ ...TWO_LINES[0], quantity: 0 }] }, "items.0.quantity", "Quantity must be greater than 0"],
    [
      { items: [{ ...TWO_LINES[0], quantity: "twee" }] },
      "items.0.quantity",
      "Quantity must be a number with at most 2 decimals",
    ],
    [{ items: [{ ...TWO_LINES[0], unitPrice: -5 }] }, "items.0.unitPrice", "Unit price must be 0 or more"],
    [{ items: [{ ...TWO_LINES[0], unitPrice: "" }] }, "items.0.unitPrice", "Unit price is required"],
    [{ items: [{ ...TWO_LINES[0], vatCategory: "15" }] }, "items.0.vatCategory", "Choose a VAT rate"],
  ])(
    "rejects case %# with 400, its message under its field, and stores nothing",
    async (overrides, field, message) => {
      const before = await t.database.db.$count(invoices, eq(invoices.userId, owner.user.id));
      const response = await owner.request({
        method: "POST",
        url: "/api/invoices",
        payload: body(overrides),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
      expect(await t.database.db.$count(invoices, eq(invoices.userId, owner.user.id))).toBe(before);
    },
  );

  it("does not let a client of another user be invoiced", async () => {
    const theirClient = await createClientRecord(t.database.db, stranger.user.id);
    const response = await owner.request({
      method: "POST",
      url: "/api/invoices",
      payload: body({ clientId: theirClient.id }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ clientId: "Client not found" });
  });

  it("issues straight away only with complete company data", async () => {
    const someone = await t.signIn();
    const theirClient = await createClientRecord(t.database.db, someone.user.id);
    const response = await someone.request({
      method: "POST",
      url: "/api/invoices",
      payload: body({ clientId: theirClient.id, status: "sent" }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: COMPANY_INCOMPLETE_MESSAGE });
    // A draft is fine: the data can be completed before sending.
    await create(someone, body({ clientId: theirClient.id }));
  });

  it("keeps a KOR user's invoices free of VAT", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id, { isKorApplied: true });
    const theirClient = await createClientRecord(t.database.db, someone.user.id);
    const response = await someone.request({
      method: "POST",
      url: "/api/invoices",
      payload: body({ clientId: theirClient.id }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ "items.0.vatCategory": KOR_MESSAGE });
    const exempt = await create(
      someone,
      body({
        clientId: theirClient.id,
        items: [{ description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "exempt" }],
        subtotal: 100,
        taxAmount: 0,
        total: 100,
      }),
    );
    expect(exempt).toMatchObject({ subtotal: "100.00", taxAmount: "0.00", total: "100.00" });
  });
});

describe("GET /api/invoices", () => {
  it("lists only the user's invoices, filtered by status and client", async () => {
    const otherClient = await createClientRecord(t.database.db, owner.user.id, { name: "Tweede Klant" });
    const forOther = await create(owner, body({ clientId: otherClient.id }));
    const all = (await owner.request({ method: "GET", url: "/api/invoices" })).json();
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((row: { clientId: string }) => row.clientId !== null)).toBe(true);
    const byClient = (
      await owner.request({ method: "GET", url: `/api/invoices?clientId=${otherClient.id}` })
    ).json();
    expect(byClient.map((row: { id: string }) => row.id)).toEqual([forOther.id]);
    expect(byClient[0]).toMatchObject({ clientName: "Tweede Klant", invoiceNumber: forOther.invoiceNumber });
    const drafts = (await owner.request({ method: "GET", url: "/api/invoices?status=draft" })).json();
    expect(drafts.length).toBe(all.length);
    expect((await owner.request({ method: "GET", url: "/api/invoices?status=paid" })).json()).toEqual([]);
    const theirs = (await stranger.request({ method: "GET", url: "/api/invoices" })).json();
    expect(theirs.map((row: { invoiceNumber: string }) => row.invoiceNumber)).toEqual(["INV-000003"]);
    expect((await owner.request({ method: "GET", url: "/api/invoices?status=open" })).statusCode).toBe(400);
    // The screen's pages: newest first, without overlap.
    const firstPage = (await owner.request({ method: "GET", url: "/api/invoices?limit=2" })).json();
    const secondPage = (await owner.request({ method: "GET", url: "/api/invoices?limit=2&offset=2" })).json();
    expect([...firstPage, ...secondPage].map((row: { id: string }) => row.id)).toEqual(
      all.slice(0, 4).map((row: { id: string }) => row.id),
    );
    expect((await owner.request({ method: "GET", url: "/api/invoices?limit=0" })).statusCode).toBe(400);
  });
});

describe("the life of an invoice", () => {
  it("draft → edited → sent (frozen, with the client as it was) → paid → credited", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { name: "Levenscyclus BV" });
    const draft = await create(owner, body({ clientId: client.id }));

    const edited = await owner.request({
      method: "PUT",
      url: `/api/invoices/${draft.id}`,
      payload: body({
        clientId: client.id,
        items: [TWO_LINES[0]],
        subtotal: "170.00",
        taxAmount: "35.70",
        total: "205.70",
        supplyDate: "2026-11-15",
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      invoiceNumber: draft.invoiceNumber,
      total: "205.70",
      supplyDate: "2026-11-15",
      items: [expect.objectContaining({ description: "Ontwerp homepage" })],
    });
    expect(await t.database.db.$count(invoiceItems, eq(invoiceItems.invoiceId, draft.id))).toBe(1);

    const paidTooEarly = await post(owner, `/api/invoices/${draft.id}/mark-paid`, { paidDate: "2026-11-21" });
    expect(paidTooEarly.statusCode).toBe(409);
    expect(paidTooEarly.json()).toEqual({ message: MARK_PAID_DRAFT_MESSAGE });
    const creditDraft = await post(owner, `/api/invoices/${draft.id}/credit`);
    expect(creditDraft.statusCode).toBe(409);
    expect(creditDraft.json()).toEqual({ message: CREDIT_DRAFT_MESSAGE });

    const sent = await post(owner, `/api/invoices/${draft.id}/mark-sent`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "sent", sentAt: "2026-11-20T10:00:00.000Z" });
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, draft.id));
    expect(stored!.clientSnapshot).toEqual({
      name: "Levenscyclus BV",
      address: "Dorpsstraat 12a",
      postalCode: "1234 AB",
      city: "Oudewater",
      country: "NL",
      vatNumber: "NL 123.456.789.B01",
      kvkNumber: "1234 5678",
      email: "els@korenschoof.nl",
    });
    expect(stored!.sellerSnapshot).toMatchObject({ name: "De Vries Ontwerp", kvkNumber: "8765 4321" });

    const frozen = await owner.request({ method: "PUT", url: `/api/invoices/${draft.id}`, payload: body() });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toEqual({ message: FROZEN_MESSAGE });
    const deleteSent = await owner.request({ method: "DELETE", url: `/api/invoices/${draft.id}` });
    expect(deleteSent.statusCode).toBe(409);
    expect(deleteSent.json()).toEqual({ message: DELETE_SENT_MESSAGE });

    // The client changes and is then deleted; the issued invoice keeps the name it was sent to.
    await t.database.db.update(clients).set({ name: "Nieuwe Naam BV" }).where(eq(clients.id, client.id));
    await owner.request({ method: "DELETE", url: `/api/clients/${client.id}` });
    const afterDelete = (await owner.request({ method: "GET", url: `/api/invoices/${draft.id}` })).json();
    expect(afterDelete).toMatchObject({ clientId: null, clientName: "Levenscyclus BV" });

    const noDate = await post(owner, `/api/invoices/${draft.id}/mark-paid`, { paidDate: "" });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().fieldErrors).toEqual({ paidDate: "Betaaldatum is verplicht" });
    const beforeIssue = await post(owner, `/api/invoices/${draft.id}/mark-paid`, { paidDate: "2026-11-01" });
    expect(beforeIssue.statusCode).toBe(400);
    expect(beforeIssue.json().fieldErrors).toEqual({ paidDate: PAID_BEFORE_ISSUE_MESSAGE });
    const paid = await post(owner, `/api/invoices/${draft.id}/mark-paid`, { paidDate: "2026-11-25" });
    expect(paid.json()).toMatchObject({ status: "paid", paidDate: "2026-11-25" });
    const paidTwice = await post(owner, `/api/invoices/${draft.id}/mark-paid`, { paidDate: "2026-11-26" });
    expect(paidTwice.json()).toEqual({ message: ALREADY_PAID_MESSAGE });

    const credit = await post(owner, `/api/invoices/${draft.id}/credit`);
    expect(credit.statusCode, credit.body).toBe(201);
    const note = credit.json();
    expect(note).toMatchObject({
      status: "sent",
      issueDate: "2026-11-20",
      supplyDate: "2026-11-15",
      subtotal: "-170.00",
      taxAmount: "-35.70",
      total: "-205.70",
      creditNoteForId: draft.id,
      creditNoteForNumber: draft.invoiceNumber,
      clientName: "Levenscyclus BV",
      notes: null,
      items: [
        expect.objectContaining({ quantity: "-2.00", rate: "85.00", amount: "-170.00", vatAmount: "-35.70" }),
      ],
    });
    expect(note.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const original = (await owner.request({ method: "GET", url: `/api/invoices/${draft.id}` })).json();
    expect(original.creditedBy).toEqual({ id: note.id, invoiceNumber: note.invoiceNumber });

    const twice = await post(owner, `/api/invoices/${draft.id}/credit`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: alreadyCreditedMessage(note.invoiceNumber) });
    const creditOfCredit = await post(owner, `/api/invoices/${note.id}/credit`);
    expect(creditOfCredit.json()).toEqual({ message: CREDIT_OF_CREDIT_MESSAGE });
  });

  it("refuses to send a reverse-charged invoice to a client without a VAT number", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { taxNumber: null });
    const invoice = await create(
      owner,
      body({
        clientId: client.id,
        items: [{ description: "Montage", quantity: 1, unitPrice: 500, vatCategory: "reverse_charge" }],
        subtotal: 500,
        taxAmount: 0,
        total: 500,
      }),
    );
    const response = await post(owner, `/api/invoices/${invoice.id}/mark-sent`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: REVERSE_CHARGE_NEEDS_VAT_MESSAGE });
  });

  it("sends a reverse-charged invoice to a Belgian client whose VAT number was entered in the client form", async () => {
    const client = await owner.request({
      method: "POST",
      url: "/api/clients",
      payload: { name: "Antwerpse Architecten BV", country: "BE", taxNumber: "BE 0403.019.261" },
    });
    expect(client.statusCode).toBe(201);
    const invoice = await create(
      owner,
      body({
        clientId: client.json().id,
        items: [{ description: "Ontwerp", quantity: 1, unitPrice: 800, vatCategory: "reverse_charge" }],
        subtotal: 800,
        taxAmount: 0,
        total: 800,
      }),
    );
    const response = await post(owner, `/api/invoices/${invoice.id}/mark-sent`);
    expect(response.statusCode).toBe(200);
    const document = (
      await owner.request({ method: "GET", url: `/api/invoices/${invoice.id}/document` })
    ).json();
    expect(document.status).toBe("sent");
    expect(document.client).toMatchObject({ country: "BE", vatNumber: "BE0403019261" });
    expect(document.legalTexts).toContain("Btw verlegd — btw-nummer afnemer: BE0403019261");
  });

  it("deletes a draft with its lines", async () => {
    const draft = await create(owner, body());
    const response = await owner.request({ method: "DELETE", url: `/api/invoices/${draft.id}` });
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.$count(invoiceItems, eq(invoiceItems.invoiceId, draft.id))).toBe(0);
    expect((await owner.request({ method: "GET", url: `/api/invoices/${draft.id}` })).statusCode).toBe(404);
  });
});

describe("another user's invoice", () => {
  it("answers 404 on every route, and changes nothing", async () => {
    const invoice = await create(owner, body());
    const id = invoice.id;
    const attempts = [
      stranger.request({ method: "GET", url: `/api/invoices/${id}` }),
      stranger.request({ method: "PUT", url: `/api/invoices/${id}`, payload: body() }),
      stranger.request({ method: "DELETE", url: `/api/invoices/${id}` }),
      post(stranger, `/api/invoices/${id}/mark-sent`),
      post(stranger, `/api/invoices/${id}/mark-paid`, { paidDate: "2026-11-25" }),
      post(stranger, `/api/invoices/${id}/credit`),
      stranger.request({ method: "GET", url: "/api/invoices/geen-id" }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Factuur niet gevonden" });
    }
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
    expect(stored).toMatchObject({ status: "draft", total: invoice.total });
  });
});

describe("overdue job and counters", () => {
  it("marks sent invoices past their due date as overdue, except credited ones and credit notes", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id);
    const client = await createClientRecord(t.database.db, someone.user.id);
    const make = async (dueDate: string, issue: boolean) => {
      const invoice = await create(someone, body({ clientId: client.id, issueDate: "2026-11-01", dueDate }));
      if (issue) await post(someone, `/api/invoices/${invoice.id}/mark-sent`);
      return invoice.id;
    };
    const pastDue = await make("2026-11-19", true);
    const dueToday = await make("2026-11-20", true);
    const draft = await make("2026-11-10", false);
    const credited = await make("2026-11-10", true);
    const note = (await post(someone, `/api/invoices/${credited}/credit`)).json();

    // 10:00 UTC on 20 November is 20 November in Amsterdam.
    expect(await markOverdueInvoices(t.database.db, t.now.value)).toBe(1);
    const statusOf = async (id: string) =>
      (await someone.request({ method: "GET", url: `/api/invoices/${id}` })).json().status;
    expect(await statusOf(pastDue)).toBe("overdue");
    expect(await statusOf(dueToday)).toBe("sent");
    expect(await statusOf(draft)).toBe("draft");
    expect(await statusOf(credited)).toBe("sent");
    expect(await statusOf(note.id)).toBe("sent");
    // The next day (Amsterdam), the one due today is overdue as well.
    expect(await markOverdueInvoices(t.database.db, new Date("2026-11-20T23:30:00Z"))).toBe(1);
    expect(await statusOf(dueToday)).toBe("overdue");

    const summary = (await someone.request({ method: "GET", url: "/api/invoices/summary" })).json();
    expect(summary).toEqual({
      total: { count: 5, amount: "668.61" },
      paid: { count: 0, amount: "0.00" },
      sent: { count: 2, amount: "0.00" },
      overdue: { count: 2, amount: "445.74" },
    });
  });
});

describe("the data export (AVG art. 15 and 20)", () => {
  it("holds the user's company data and invoices with their lines, and none of another user", async () => {
    const data = (await owner.request({ method: "GET", url: "/api/privacy/export" })).json();
    expect(data.companyProfile).toMatchObject({ tradeName: "De Vries Ontwerp", kvkNumber: "8765 4321" });
    expect(data.invoices.length).toBeGreaterThan(0);
    const first = data.invoices.find(
      (invoice: { invoiceNumber: string }) => invoice.invoiceNumber === "INV-000001",
    );
    expect(first.items.map((item: { description: string }) => item.description)).toEqual([
      "Ontwerp homepage",
      "Drukwerk",
    ]);
    const theirs = (await stranger.request({ method: "GET", url: "/api/privacy/export" })).json();
    expect(theirs.invoices.map((invoice: { invoiceNumber: string }) => invoice.invoiceNumber)).toEqual([
      "INV-000003",
    ]);
  });
});
