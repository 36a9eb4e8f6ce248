import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMOUNT_AMBIGUOUS_MESSAGE_EN } from "../../../shared/schemas/amount";
import { INVOICE_MESSAGES } from "../../../shared/schemas/invoices";
import { clients, invoiceItems, invoices } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import {
  createInvoice,
  invoiceBody,
  issuedInvoice,
  ONE_LINE,
  postJson as post,
  TWO_LINES,
  TWO_LINES_TOTALS,
} from "../../../../tests/invoices";
import { CREDIT_MESSAGES } from "./crediting";
import { ISSUE_MESSAGES } from "./issuing";
import { PAYMENT_MESSAGES } from "./payments";
import { DELETE_SENT_MESSAGE, FROZEN_MESSAGE, KOR_MESSAGE } from "./service";
import { markOverdueInvoices } from "./settlement";

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

const body = (overrides: object = {}) => invoiceBody(clientId, overrides);
const create = createInvoice;

describe("POST /api/invoices", () => {
  it("stores the lines, checks the totals and numbers the invoice in the user's series", async () => {
    const invoice = await create(owner, body());
    expect(invoice).toMatchObject({
      // A draft has no number: it is given when the invoice is issued, so drafts leave no gaps.
      invoiceNumber: null,
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
      openAmount: "0.00",
      paidAmount: "0.00",
      creditedAmount: "0.00",
      creditNoteForNumber: null,
      creditNotes: [],
      payments: [],
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
    const sent = await post(owner, `/api/invoices/${invoice.id}/mark-sent`);
    expect(sent.json()).toMatchObject({ invoiceNumber: "INV-000001", status: "sent", openAmount: "222.87" });
    // Issued straight from the form: the next number.
    expect((await create(owner, body({ status: "sent" }))).invoiceNumber).toBe("INV-000002");
  });

  it("numbers at issue: a deleted draft leaves no gap, and issue order is number order", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id);
    const theirClient = await createClientRecord(t.database.db, someone.user.id);
    const first = await create(someone, invoiceBody(theirClient.id));
    const second = await create(someone, invoiceBody(theirClient.id));
    const third = await create(someone, invoiceBody(theirClient.id));
    expect((await someone.request({ method: "DELETE", url: `/api/invoices/${first.id}` })).statusCode).toBe(
      204,
    );
    expect((await someone.request({ method: "GET", url: "/api/invoices/next-number" })).json()).toEqual({
      invoiceNumber: "INV-000001",
    });
    expect((await post(someone, `/api/invoices/${third.id}/mark-sent`)).json().invoiceNumber).toBe(
      "INV-000001",
    );
    expect((await post(someone, `/api/invoices/${second.id}/mark-sent`)).json().invoiceNumber).toBe(
      "INV-000002",
    );
    // The number field of old clients is ignored: numbers are never typed.
    const typed = await create(
      someone,
      invoiceBody(theirClient.id, { invoiceNumber: "X-1", status: "sent" }),
    );
    expect(typed.invoiceNumber).toBe("INV-000003");
  });

  it("refuses to issue an invoice dated before the last one issued, and changes nothing", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id);
    const theirClient = await createClientRecord(t.database.db, someone.user.id);
    const early = await create(someone, invoiceBody(theirClient.id, { issueDate: "2026-11-10" }));
    await create(someone, invoiceBody(theirClient.id, { status: "sent" }));
    const refused = await post(someone, `/api/invoices/${early.id}/mark-sent`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fieldErrors).toEqual({
      issueDate: ISSUE_MESSAGES.dateBeforeLast.list("2026-11-20"),
    });
    const fromForm = await someone.request({
      method: "PUT",
      url: `/api/invoices/${early.id}`,
      payload: invoiceBody(theirClient.id, { issueDate: "2026-11-10", status: "sent" }),
    });
    expect(fromForm.statusCode).toBe(409);
    expect(fromForm.json().message).toBe(ISSUE_MESSAGES.dateBeforeLast.form("2026-11-20"));
    expect((await someone.request({ method: "GET", url: `/api/invoices/${early.id}` })).json()).toMatchObject(
      {
        status: "draft",
        invoiceNumber: null,
      },
    );
    // Dated on or after the last one, it is issued with the next number.
    const moved = await someone.request({
      method: "PUT",
      url: `/api/invoices/${early.id}`,
      payload: invoiceBody(theirClient.id, { issueDate: "2026-11-20", status: "sent" }),
    });
    expect(moved.json()).toMatchObject({ status: "sent", invoiceNumber: "INV-000002" });
  });

  it("refuses an invoice without lines (Wet OB art. 35a: nature, quantity and rate)", async () => {
    for (const items of [[], undefined]) {
      const response = await owner.request({
        method: "POST",
        url: "/api/invoices",
        payload: body({ items, subtotal: "100", taxAmount: 21, total: "121.00", status: "sent" }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.items).toBe(INVOICE_MESSAGES.linesRequired);
    }
  });

  it("numbers invoices issued at the same moment without gaps or doubles", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id);
    const theirClient = await createClientRecord(t.database.db, someone.user.id);
    const drafts = await Promise.all(
      Array.from({ length: 8 }, () => create(someone, invoiceBody(theirClient.id))),
    );
    const issued = await Promise.all(
      drafts.map((draft) => post(someone, `/api/invoices/${draft.id}/mark-sent`)),
    );
    expect(issued.map((response) => response.json().invoiceNumber).sort()).toEqual(
      Array.from({ length: 8 }, (_, index) => `INV-00000${index + 1}`),
    );
  });

  it.each([
    [{ issueDate: "" }, "issueDate", INVOICE_MESSAGES.issueDateRequired],
    [{ issueDate: undefined }, "issueDate", "Issue date is required"],
    [{ dueDate: "" }, "dueDate", "Due date is required"],
    [{ dueDate: "2026-02-30" }, "dueDate", "Enter a valid date"],
    [{ dueDate: "2026-11-19" }, "dueDate", "Due date cannot be before the issue date"],
    [{ items: ONE_LINE, subtotal: "" }, "subtotal", "Subtotal is required"],
    [{ items: ONE_LINE, total: null }, "total", "Total is required"],
    [{ items: ONE_LINE, subtotal: -1, taxAmount: 0, total: -1 }, "subtotal", "Subtotal must be 0 or more"],
    [{ items: ONE_LINE, subtotal: 10, taxAmount: -1, total: 9 }, "taxAmount", "Tax Amount must be 0 or more"],
    [
      { items: ONE_LINE, subtotal: "10.0001", total: 10 },
      "subtotal",
      "Subtotal must be an amount with at most 2 decimals",
    ],
    [{ items: ONE_LINE, subtotal: "10.001", total: 10 }, "subtotal", AMOUNT_AMBIGUOUS_MESSAGE_EN],
    [
      { items: ONE_LINE, subtotal: 1000, taxAmount: 210, total: 1200 },
      "total",
      "Total must equal Subtotal + Tax Amount",
    ],
    [{ items: [] }, "items", INVOICE_MESSAGES.linesRequired],
    [{ subtotal: "185.00", total: "222.12" }, "subtotal", INVOICE_MESSAGES.linesMismatch("Subtotal", 18575)],
    [
      { taxAmount: "37.13", total: "222.88" },
      "taxAmount",
      INVOICE_MESSAGES.linesMismatch("Tax Amount", 3712),
    ],
    [{ clientId: "" }, "clientId", "Client is required"],
    [{ clientId: "00000000-0000-4000-8000-000000000000" }, "clientId", "Client not found"],
    [{ status: "betaald" }, "status", "Status must be draft, sent, paid or overdue"],
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
    // The trade name comes from the registration's company name; the rest is missing.
    const message = ISSUE_MESSAGES.companyIncomplete.form([
      "address",
      "postcode",
      "city",
      "KvK number",
      "VAT ID",
    ]);
    expect(response.json()).toEqual({ message, fieldErrors: { companyProfile: message } });
    // Nothing was stored; a draft is fine: the data can be completed before sending.
    expect(await t.database.db.$count(invoices, eq(invoices.userId, someone.user.id))).toBe(0);
    await create(someone, body({ clientId: theirClient.id }));
  });

  it("keeps a KOR user's invoices free of VAT", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id, { korStartDate: "2000-01-01" });
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
    await create(owner, body());
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
    expect(drafts.length).toBe(all.filter((row: { status: string }) => row.status === "draft").length);
    expect(drafts.every((row: { invoiceNumber: string | null }) => row.invoiceNumber === null)).toBe(true);
    expect((await owner.request({ method: "GET", url: "/api/invoices?status=paid" })).json()).toEqual([]);
    expect((await stranger.request({ method: "GET", url: "/api/invoices" })).json()).toEqual([]);
    expect((await owner.request({ method: "GET", url: "/api/invoices?status=open" })).statusCode).toBe(400);
    // The screen's pages: newest first, without overlap.
    const firstPage = (await owner.request({ method: "GET", url: "/api/invoices?limit=2" })).json();
    const secondPage = (await owner.request({ method: "GET", url: "/api/invoices?limit=2&offset=2" })).json();
    expect([...firstPage, ...secondPage].map((row: { id: string }) => row.id)).toEqual(
      all.slice(0, 4).map((row: { id: string }) => row.id),
    );
    expect((await owner.request({ method: "GET", url: "/api/invoices?limit=0" })).statusCode).toBe(400);
  });

  it("finds invoices by number and by the client's name as the invoice shows it", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { name: "Zoekhoek 100% BV" });
    const issued = await issuedInvoice(owner, body({ clientId: client.id }));
    // The client is renamed after the invoice was sent: the sent invoice keeps the old name, a draft the new.
    await t.database.db.update(clients).set({ name: "Vindplaats BV" }).where(eq(clients.id, client.id));
    const draft = await create(owner, body({ clientId: client.id }));
    const search = async (text: string, as: SignedIn = owner) => {
      const url = `/api/invoices?search=${encodeURIComponent(text)}`;
      const response = await as.request({ method: "GET", url });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().map((row: { id: string }) => row.id);
    };
    expect(await search(issued.invoiceNumber!)).toEqual([issued.id]);
    expect(await search("zoekhoek")).toEqual([issued.id]);
    expect(await search("vindplaats")).toEqual([draft.id]);
    // A typed % is a character, not a wildcard; another user finds nothing of this user's.
    expect(await search("100%")).toEqual([issued.id]);
    expect(await search("0%B")).toEqual([]);
    expect(await search("zoekhoek", stranger)).toEqual([]);
    const tooLong = await owner.request({ method: "GET", url: `/api/invoices?search=${"x".repeat(101)}` });
    expect(tooLong.statusCode).toBe(400);
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
    expect(paidTooEarly.json()).toEqual({ message: PAYMENT_MESSAGES.draft });
    const creditDraft = await post(owner, `/api/invoices/${draft.id}/credit`);
    expect(creditDraft.statusCode).toBe(409);
    expect(creditDraft.json()).toEqual({ message: CREDIT_MESSAGES.draft });

    const sent = await post(owner, `/api/invoices/${draft.id}/mark-sent`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: "sent",
      sentAt: "2026-11-20T10:00:00.000Z",
      openAmount: "205.70",
    });
    const number = sent.json().invoiceNumber as string;
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
      contactPerson: null,
      language: "nl",
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
    expect(beforeIssue.json().fieldErrors).toEqual({ date: PAYMENT_MESSAGES.beforeIssue });
    const paid = await post(owner, `/api/invoices/${draft.id}/mark-paid`, { paidDate: "2026-11-25" });
    expect(paid.json()).toMatchObject({ status: "paid", paidDate: "2026-11-25", openAmount: "0.00" });
    const paidTwice = await post(owner, `/api/invoices/${draft.id}/mark-paid`, { paidDate: "2026-11-26" });
    expect(paidTwice.json()).toEqual({ message: PAYMENT_MESSAGES.alreadyPaid });

    // Credited after it was paid: the client paid for what was taken back, a credit to refund.
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
      openAmount: "0.00",
      creditNoteForId: draft.id,
      creditNoteForNumber: number,
      clientName: "Levenscyclus BV",
      notes: null,
      items: [
        expect.objectContaining({ quantity: "-2.00", rate: "85.00", amount: "-170.00", vatAmount: "-35.70" }),
      ],
    });
    expect(note.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const original = (await owner.request({ method: "GET", url: `/api/invoices/${draft.id}` })).json();
    expect(original).toMatchObject({
      status: "paid",
      openAmount: "-205.70",
      creditedAmount: "205.70",
      creditNotes: [
        { id: note.id, invoiceNumber: note.invoiceNumber, issueDate: "2026-11-20", total: "-205.70" },
      ],
    });

    const twice = await post(owner, `/api/invoices/${draft.id}/credit`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: CREDIT_MESSAGES.exceeds(0) });
    const creditOfCredit = await post(owner, `/api/invoices/${note.id}/credit`);
    expect(creditOfCredit.json()).toEqual({ message: CREDIT_MESSAGES.ofCreditNote });
    // The refund settles it.
    const refund = await post(owner, `/api/invoices/${draft.id}/payments`, {
      date: "2026-11-27",
      amount: "-205.70",
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({ status: "paid", openAmount: "0.00", paidAmount: "0.00" });
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
    expect(response.json()).toEqual({ message: ISSUE_MESSAGES.reverseChargeNeedsVat.list });
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
    expect(document.legalTexts).toContain("Btw-nummer afnemer: BE0403019261");
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
    const invoice = await create(owner, body({ status: "sent" }));
    const id = invoice.id;
    const paymentId = (
      await post(owner, `/api/invoices/${id}/payments`, { date: "2026-11-21", amount: "10.00" })
    ).json().payments[0].id;
    const attempts = [
      stranger.request({ method: "GET", url: `/api/invoices/${id}` }),
      stranger.request({ method: "PUT", url: `/api/invoices/${id}`, payload: body() }),
      stranger.request({ method: "DELETE", url: `/api/invoices/${id}` }),
      post(stranger, `/api/invoices/${id}/mark-sent`),
      post(stranger, `/api/invoices/${id}/mark-paid`, { paidDate: "2026-11-25" }),
      post(stranger, `/api/invoices/${id}/credit`),
      post(stranger, `/api/invoices/${id}/credit`, { amount: "10.00" }),
      post(stranger, `/api/invoices/${id}/payments`, { date: "2026-11-25", amount: "10.00" }),
      stranger.request({ method: "DELETE", url: `/api/invoices/${id}/payments/${paymentId}` }),
      stranger.request({ method: "GET", url: `/api/invoices/${id}/send-preview` }),
      post(stranger, `/api/invoices/${id}/send`),
      stranger.request({ method: "GET", url: `/api/invoices/${id}/document` }),
      stranger.request({ method: "GET", url: `/api/invoices/${id}/pdf` }),
      stranger.request({ method: "GET", url: "/api/invoices/geen-id" }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Factuur niet gevonden" });
    }
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
    expect(stored).toMatchObject({ status: "sent", total: invoice.total, openAmount: "212.87" });
    // Another user's payment id under one's own invoice is not found either.
    const own = await create(
      stranger,
      invoiceBody((await createClientRecord(t.database.db, stranger.user.id)).id),
    );
    const foreignPayment = await stranger.request({
      method: "DELETE",
      url: `/api/invoices/${own.id}/payments/${paymentId}`,
    });
    expect(foreignPayment.statusCode).toBe(404);
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

    const statusOf = async (id: string) =>
      (await someone.request({ method: "GET", url: `/api/invoices/${id}` })).json().status;
    // Issued after its due date: overdue at once. Credited in full: settled, never overdue.
    expect(await statusOf(pastDue)).toBe("overdue");
    expect(await statusOf(credited)).toBe("paid");
    // 10:00 UTC on 20 November is 20 November in Amsterdam: nothing new is overdue.
    expect(await markOverdueInvoices(t.database.db, t.now.value)).toBe(0);
    expect(await statusOf(dueToday)).toBe("sent");
    expect(await statusOf(draft)).toBe("draft");
    expect(await statusOf(note.id)).toBe("sent");
    // The next day (Amsterdam), the one due today is overdue as well.
    expect(await markOverdueInvoices(t.database.db, new Date("2026-11-20T23:30:00Z"))).toBe(1);
    expect(await statusOf(dueToday)).toBe("overdue");
    // Partly paid: still overdue, for what is left.
    await post(someone, `/api/invoices/${pastDue}/payments`, { date: "2026-11-20", amount: "22.87" });

    const summary = (await someone.request({ method: "GET", url: "/api/invoices/summary" })).json();
    expect(summary).toEqual({
      total: { count: 5, amount: "668.61" },
      paid: { count: 1, amount: "222.87" },
      sent: { count: 1, amount: "0.00" },
      overdue: { count: 2, amount: "422.87" },
    });
  });
});

describe("the data export (AVG art. 15 and 20)", () => {
  it("holds the user's company data and invoices with their lines and payments, and none of another user", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id);
    const theirClient = await createClientRecord(t.database.db, someone.user.id);
    const invoice = await issuedInvoice(someone, invoiceBody(theirClient.id));
    await post(someone, `/api/invoices/${invoice.id}/payments`, { date: "2026-11-21", amount: "100.00" });
    const data = (await someone.request({ method: "GET", url: "/api/privacy/export" })).json();
    expect(data.companyProfile).toMatchObject({ tradeName: "De Vries Ontwerp", kvkNumber: "8765 4321" });
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ invoiceNumber: "INV-000001", openAmount: "122.87" });
    expect(data.invoices[0].items.map((item: { description: string }) => item.description)).toEqual([
      "Ontwerp homepage",
      "Drukwerk",
    ]);
    expect(data.invoices[0].payments).toEqual([
      expect.objectContaining({ date: "2026-11-21", amount: "100.00" }),
    ]);
    const theirs = (await stranger.request({ method: "GET", url: "/api/privacy/export" })).json();
    expect(theirs.invoices.map((row: { id: string }) => row.id)).not.toContain(invoice.id);
  });
});
