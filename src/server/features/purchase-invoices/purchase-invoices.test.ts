import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { postJson as post } from "../../../../tests/invoices";
import { PURCHASE_MESSAGES, type PurchaseInvoiceDetail } from "../../../shared/schemas/purchase-invoices";
import { IBAN_MESSAGE } from "../../../shared/validators/iban";
import { eq } from "drizzle-orm";
import { purchaseInboxes, purchaseInvoices, storedDocuments } from "../../db/schema/index";
import { eraseDataOf } from "../privacy/erasure";
import { cashflowForecast } from "../reports/cashflow";
import { getInbox } from "./inbox";

const fixture = (name: string) => readFileSync(new URL(`./reading/fixtures/${name}`, import.meta.url));
/** A Peppol BIS 3 invoice of Groothandel Jansen: € 100 at 21% and € 50 at 9%, € 175,50, dated 12 March 2026. */
const PEPPOL = fixture("xml/peppol-nl-21-9.xml");

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let costCategoryId: string;
let incomeCategoryId: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-03-20T10:00:00Z");
  owner = await t.signIn();
  other = await t.signIn();
  const categories: Array<{ id: string; name: string; type: string }> = (
    await owner.request({ method: "GET", url: "/api/categories" })
  ).json();
  costCategoryId = categories.find((category) => category.name === "Inkoop")!.id;
  incomeCategoryId = categories.find((category) => category.type === "income")!.id;
});
afterAll(() => t.close());

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });
const put = (as: SignedIn, url: string, payload: object) => as.request({ method: "PUT", url, payload });

/** Uploads a file as the screen does and waits until it has been read. */
async function upload(as: SignedIn, bytes: Buffer, name: string): Promise<PurchaseInvoiceDetail> {
  const response = await as.request({
    method: "POST",
    url: `/api/purchase-invoices/documents?name=${encodeURIComponent(name)}`,
    headers: { "content-type": "application/octet-stream" },
    payload: bytes,
  });
  expect(response.statusCode, response.body).toBe(202);
  // Read in the background: a small e-invoice may already be read by the time the answer is written.
  expect(["reading", "review"]).toContain(response.json().status);
  await t.app.readingQueue.idle();
  return (await get(as, `/api/purchase-invoices/${response.json().id}`)).json();
}

/** The review form as the screen sends it back, with changes. */
function formOf(detail: PurchaseInvoiceDetail, changes: object = {}) {
  return {
    supplierId: detail.supplierId,
    supplierName: detail.supplierName,
    invoiceNumber: detail.invoiceNumber,
    invoiceDate: detail.invoiceDate,
    dueDate: detail.dueDate,
    description: detail.description,
    vatTreatment: detail.vatTreatment,
    iban: detail.iban,
    paymentReference: detail.paymentReference,
    lines: detail.lines,
    ...changes,
  };
}

const rubriek = async (as: SignedIn, period: string, code: string) =>
  (await get(as, `/api/vat-returns/${period}`))
    .json()
    .rubrieken.find((row: { code: string }) => row.code === code);
const balance = async (as: SignedIn, name: string) =>
  (await get(as, "/api/ledger/accounts")).json().find((row: { name: string }) => row.name === name).balance;

describe("an e-invoice from upload to paid", () => {
  let booked: PurchaseInvoiceDetail;

  it("reads every field from the e-invoice, each with its source, and proposes the supplier", async () => {
    const read = await upload(owner, PEPPOL, "factuur-2026-0042.xml");
    expect(read).toMatchObject({
      status: "review",
      source: "upload",
      supplierId: null,
      supplierName: "Groothandel Jansen & Zn. B.V.",
      invoiceNumber: "2026-0042",
      invoiceDate: "2026-03-12",
      dueDate: "2026-04-11",
      vatTreatment: "domestic",
      iban: "NL91 ABNA 0417 1643 00",
      paymentReference: "1234567890123456",
      total: "175.50",
      netAmount: "150.00",
      vatAmount: "25.50",
      document: { fileName: "factuur-2026-0042.xml", mimeType: "application/xml" },
      proposedSupplier: {
        name: "Groothandel Jansen & Zn. B.V.",
        vatNumber: "NL853746333B01",
        kvkNumber: "12345678",
      },
    });
    expect(read.lines).toEqual([
      { description: null, categoryId: null, vatRate: 21, netAmount: "100.00", vatAmount: "21.00" },
      { description: null, categoryId: null, vatRate: 9, netAmount: "50.00", vatAmount: "4.50" },
    ]);
    expect(read.reading).toMatchObject({
      method: "e_invoice",
      warnings: [],
      origins: {
        invoiceNumber: { source: "e_invoice", confidence: 1 },
        total: { source: "e_invoice", confidence: 1 },
      },
    });
    // The original comes back byte for byte.
    const original = await get(owner, `/api/purchase-invoices/${read.id}/document?download=1`);
    expect(original.rawPayload.equals(PEPPOL)).toBe(true);
    expect(original.headers["content-disposition"]).toContain("attachment");

    const lines = read.lines.map((line) => ({ ...line, categoryId: costCategoryId }));
    const response = await post(owner, `/api/purchase-invoices/${read.id}/book`, formOf(read, { lines }));
    expect(response.statusCode, response.body).toBe(200);
    booked = response.json();
    expect(booked).toMatchObject({ status: "booked", openAmount: "175.50", total: "175.50" });
  });

  it("books Crediteuren, the cost and the voorbelasting, and the VAT return's 5b", async () => {
    expect(await balance(owner, "Crediteuren")).toBe("175.50");
    expect(await balance(owner, "Inkoopwaarde van de omzet")).toBe("150.00");
    expect(await balance(owner, "Te vorderen btw")).toBe("25.50");
    expect(await rubriek(owner, "2026-Q1", "5b")).toMatchObject({ vat: "25.50", vatEuros: 26 });
    const list = (await get(owner, "/api/purchase-invoices")).json();
    expect(list.counters).toMatchObject({ toReview: 0, open: { count: 1, amount: "175.50" } });
    // The dashboard's 'Te betalen' is the same figure as the list's and the books' Crediteuren.
    const dashboard = (await get(owner, "/api/dashboard/metrics?period=quarter")).json();
    expect(dashboard.payables).toEqual({ amount: "175.50", count: 1 });
  });

  it("created the supplier from the document and learnt its defaults", async () => {
    const suppliers = (await get(owner, "/api/clients?role=supplier")).json();
    expect(suppliers).toHaveLength(1);
    expect(suppliers[0]).toMatchObject({
      id: booked.supplierId,
      name: "Groothandel Jansen & Zn. B.V.",
      taxNumber: "NL 853.746.333.B01",
      kvkNumber: "1234 5678",
      iban: "NL91 ABNA 0417 1643 00",
      isCustomer: false,
      isSupplier: true,
      defaultCategoryId: costCategoryId,
      defaultVatTreatment: "domestic",
    });
    expect((await get(owner, "/api/clients?role=customer")).json()).toHaveLength(0);
  });

  it("matches the next invoice of that supplier and applies its defaults", async () => {
    const changed = Buffer.from(PEPPOL.toString("utf8").replaceAll("2026-0042", "2026-0077"));
    const next = await upload(owner, changed, "factuur-2026-0077.xml");
    expect(next).toMatchObject({
      supplierId: booked.supplierId,
      proposedSupplier: null,
      invoiceNumber: "2026-0077",
    });
    expect(next.lines.every((line) => line.categoryId === costCategoryId)).toBe(true);
    expect(next.reading?.origins).toMatchObject({
      supplier: { source: "supplier" },
      category: { source: "supplier" },
    });
    // A field the user corrects is theirs from then on; the others keep their source.
    const saved = await put(
      owner,
      `/api/purchase-invoices/${next.id}`,
      formOf(next, { invoiceNumber: "2026-0078" }),
    );
    expect(saved.json().reading.origins).toMatchObject({
      invoiceNumber: { source: "user", confidence: 1 },
      invoiceDate: { source: "e_invoice", confidence: 1 },
    });
    await owner.request({ method: "DELETE", url: `/api/purchase-invoices/${next.id}` });
  });

  it("refuses the same file twice, and the same supplier's invoice number booked twice", async () => {
    const again = await owner.request({
      method: "POST",
      url: "/api/purchase-invoices/documents?name=kopie.xml",
      payload: PEPPOL,
      headers: { "content-type": "application/xml" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PURCHASE_MESSAGES.duplicate);
    const manual = await post(owner, "/api/purchase-invoices", {
      supplierId: booked.supplierId,
      invoiceNumber: "2026-0042",
      invoiceDate: "2026-03-13",
      lines: [{ vatRate: 21, netAmount: "10,00", vatAmount: "2,10" }],
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const refused = await post(
      owner,
      `/api/purchase-invoices/${manual.json().id}/book`,
      formOf(manual.json()),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      PURCHASE_MESSAGES.duplicateNumber("2026-0042", "Groothandel Jansen & Zn. B.V."),
    );
  });

  it("is paid through the one payment path; the open amount, status and Crediteuren follow", async () => {
    const part = await post(owner, `/api/purchase-invoices/${booked.id}/payments`, {
      date: "2026-03-18",
      amount: "75,50",
      method: "bank",
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ status: "booked", openAmount: "100.00" });
    const rest = await post(owner, `/api/purchase-invoices/${booked.id}/payments`, {
      date: "2026-03-19",
      method: "bank",
      bookTransaction: true,
    });
    expect(rest.json()).toMatchObject({ status: "paid", openAmount: "0.00" });
    expect(await balance(owner, "Crediteuren")).toBe("0.00");
    // The second payment is a bank transaction that settles Crediteuren: no cost counted twice.
    expect(await balance(owner, "Inkoopwaarde van de omzet")).toBe("150.00");
    const payment = rest.json().payments[1];
    expect(payment.transactionId).not.toBeNull();
    const deleteTransaction = await owner.request({
      method: "DELETE",
      url: `/api/transactions/${payment.transactionId}`,
    });
    expect(deleteTransaction.statusCode).toBe(409);
    const paidAgain = await post(owner, `/api/purchase-invoices/${booked.id}/payments`, {
      date: "2026-03-27",
    });
    expect(paidAgain.json().message).toBe(PURCHASE_MESSAGES.alreadyPaid);
    // Undoing the payment opens the invoice again.
    const undone = await owner.request({
      method: "DELETE",
      url: `/api/purchase-invoices/${booked.id}/payments/${payment.id}`,
    });
    expect(undone.json()).toMatchObject({ status: "booked", openAmount: "100.00" });
  });

  it("refuses to delete a booked invoice, and corrects it with a credit", async () => {
    const refused = await owner.request({ method: "DELETE", url: `/api/purchase-invoices/${booked.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PURCHASE_MESSAGES.deleteBooked);
    const credit = await post(owner, `/api/purchase-invoices/${booked.id}/credit`);
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({
      status: "review",
      total: "-175.50",
      supplierId: booked.supplierId,
    });
    expect(credit.json().lines.map((line: { netAmount: string }) => line.netAmount)).toEqual([
      "-100.00",
      "-50.00",
    ]);
  });
});

describe("reverse charge and receipts", () => {
  it("declares and deducts VAT on a service from another EU country (4b, 5b): nothing to pay on balance", async () => {
    const created = await post(owner, "/api/purchase-invoices", {
      supplierName: "Software Ireland Ltd",
      invoiceNumber: "IE-2026-1",
      invoiceDate: "2026-02-01",
      vatTreatment: "eu",
      lines: [{ vatRate: 21, netAmount: "59,99", categoryId: costCategoryId }],
    });
    const booked = await post(
      owner,
      `/api/purchase-invoices/${created.json().id}/book`,
      formOf(created.json()),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    // The supplier charged no VAT: what is owed is the amount; Balans computed the VAT to declare.
    expect(booked.json()).toMatchObject({ total: "59.99", vatAmount: "12.60" });
    expect(await rubriek(owner, "2026-Q1", "4b")).toMatchObject({ turnover: "59.99", vat: "12.60" });
    expect(await balance(owner, "Te betalen btw inkopen binnen de EU")).toBe("12.60");
  });

  it("reads an EU supplier's reverse-charge e-invoice as 4b at the Dutch rate, not the supplier's 0%", async () => {
    const as = await t.signIn();
    const read = await upload(as, fixture("xml/reverse-charge-ae.xml"), "RE-2026-1187.xml");
    expect(read).toMatchObject({ vatTreatment: "eu", total: "1000.00", vatAmount: "210.00" });
    expect(read.lines).toMatchObject([{ vatRate: 21, netAmount: "1000.00", vatAmount: "210.00" }]);
    expect(read.reading?.origins.vatTreatment).toMatchObject({ source: "e_invoice" });
  });

  it.each([
    ["reverse_charge", "2a", "Te betalen btw verlegd"],
    ["non_eu", "4a", "Te betalen btw inkopen buiten de EU"],
  ])("declares %s purchases in %s and deducts them in 5b", async (treatment, code, account) => {
    const as = await t.signIn();
    const before = (await get(as, "/api/ledger/profit-and-loss?from=2026-01-01&to=2026-03-31")).json();
    const created = await post(as, "/api/purchase-invoices", {
      supplierName: "Onderaannemer",
      invoiceDate: "2026-02-10",
      vatTreatment: treatment,
      lines: [{ vatRate: 21, netAmount: "1000" }],
    });
    const booked = await post(as, `/api/purchase-invoices/${created.json().id}/book`, formOf(created.json()));
    expect(booked.json()).toMatchObject({ total: "1000.00", vatAmount: "210.00" });
    expect(await rubriek(as, "2026-Q1", code)).toMatchObject({ turnover: "1000.00", vat: "210.00" });
    expect(await rubriek(as, "2026-Q1", "5b")).toMatchObject({ vat: "210.00" });
    expect(await rubriek(as, "2026-Q1", "5g")).toMatchObject({ vat: "0.00" });
    expect(await balance(as, account)).toBe("210.00");
    // The cost is the amount excluding VAT: the shifted VAT is declared and deducted, never a cost.
    const after = (await get(as, "/api/ledger/profit-and-loss?from=2026-01-01&to=2026-03-31")).json();
    expect(Number(after.totalExpenses) - Number(before.totalExpenses)).toBe(1000);
  });

  it("books a receipt paid at the till in one step", async () => {
    const created = await post(owner, "/api/purchase-invoices", {
      supplierName: "Kantoorboekhandel De Pen",
      invoiceDate: "2026-03-18",
      lines: [{ vatRate: 21, netAmount: "10,00", vatAmount: "2,10" }],
    });
    const booked = await post(owner, `/api/purchase-invoices/${created.json().id}/book`, {
      ...formOf(created.json()),
      paidOn: "2026-03-18",
      paidWith: "card",
    });
    expect(booked.json()).toMatchObject({ status: "paid", openAmount: "0.00", total: "12.10" });
    expect(booked.json().payments).toMatchObject([{ date: "2026-03-18", amount: "12.10", method: "card" }]);
  });
});

describe("bad input changes nothing", () => {
  let draft: PurchaseInvoiceDetail;
  beforeAll(async () => {
    draft = (await post(owner, "/api/purchase-invoices", { lines: [] })).json();
  });

  it.each([
    ["supplierId", {}, PURCHASE_MESSAGES.supplierRequired],
    ["invoiceDate", { supplierName: "X" }, PURCHASE_MESSAGES.invoiceDateRequired],
    ["lines", { supplierName: "X", invoiceDate: "2026-03-01" }, PURCHASE_MESSAGES.linesRequired],
  ])("booking needs %s", async (field, changes, message) => {
    const response = await post(owner, `/api/purchase-invoices/${draft.id}/book`, { lines: [], ...changes });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors?.[field] ?? response.json().message).toBe(message);
  });

  it.each([
    [
      "a VAT amount that does not fit the rate",
      { lines: [{ vatRate: 21, netAmount: "100", vatAmount: "30" }] },
      PURCHASE_MESSAGES.vatMismatch(21),
    ],
    ["a rate that is not Dutch", { lines: [{ vatRate: 19, netAmount: "100" }] }, PURCHASE_MESSAGES.rate],
    [
      "an income category",
      { lines: [{ vatRate: 21, netAmount: "100", categoryId: "" }] },
      PURCHASE_MESSAGES.category,
    ],
    ["an amount that is not one", { lines: [{ vatRate: 21, netAmount: "abc" }] }, PURCHASE_MESSAGES.amount],
    [
      "a due date before the invoice date",
      { invoiceDate: "2026-03-10", dueDate: "2026-03-01" },
      PURCHASE_MESSAGES.dueBeforeInvoice,
    ],
    ["an invalid IBAN", { iban: "NL00BANK0123456789" }, IBAN_MESSAGE],
    ["an invalid date", { invoiceDate: "31-02-2026" }, PURCHASE_MESSAGES.invalidDate],
    ["an unknown treatment", { vatTreatment: "half" }, PURCHASE_MESSAGES.treatment],
  ])("refuses %s", async (_what, changes, message) => {
    const body =
      "lines" in changes && (changes.lines as Array<{ categoryId?: string }>)[0]?.categoryId === ""
        ? { lines: [{ vatRate: 21, netAmount: "100", categoryId: incomeCategoryId }] }
        : changes;
    const response = await put(owner, `/api/purchase-invoices/${draft.id}`, { ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    const after: PurchaseInvoiceDetail = (await get(owner, `/api/purchase-invoices/${draft.id}`)).json();
    expect(after).toMatchObject({ lines: [], invoiceDate: null, iban: null });
  });

  it("refuses an empty file and one over 25 MB with a Dutch message", async () => {
    const empty = await owner.request({
      method: "POST",
      url: "/api/purchase-invoices/documents?name=leeg.pdf",
      headers: { "content-type": "application/pdf" },
      payload: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PURCHASE_MESSAGES.empty);
    const large = await owner.request({
      method: "POST",
      url: "/api/purchase-invoices/documents?name=groot.pdf",
      headers: { "content-type": "application/pdf" },
      payload: Buffer.alloc(26 * 1024 * 1024, 1),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(PURCHASE_MESSAGES.tooLarge);
    expect((await get(owner, "/api/purchase-invoices?status=reading")).json().total).toBe(0);
  });

  it("keeps a file no reader understands, says why, and lets the user book it by hand", async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const kept = await upload(owner, zip, "bonnetjes.zip");
    expect(kept).toMatchObject({
      status: "review",
      document: { fileName: "bonnetjes.zip", mimeType: "application/zip" },
    });
    expect(kept.reading?.warnings.length).toBeGreaterThan(0);
    expect((await get(owner, `/api/purchase-invoices/${kept.id}/document`)).rawPayload.equals(zip)).toBe(
      true,
    );
    // Deleting an unbooked one removes its original too.
    expect(
      (await owner.request({ method: "DELETE", url: `/api/purchase-invoices/${kept.id}` })).statusCode,
    ).toBe(204);
    expect((await get(owner, `/api/purchase-invoices/${kept.id}/document`)).statusCode).toBe(404);
  });
});

describe("another user's purchase invoices", () => {
  it("answer 404 everywhere", async () => {
    const mine: PurchaseInvoiceDetail = (
      await post(owner, "/api/purchase-invoices", {
        supplierName: "Eigen leverancier",
        invoiceDate: "2026-03-02",
        lines: [{ vatRate: 21, netAmount: "1", vatAmount: "0,21" }],
      })
    ).json();
    const url = `/api/purchase-invoices/${mine.id}`;
    const attempts = [
      other.request({ method: "GET", url }),
      put(other, url, {}),
      post(other, `${url}/book`, formOf(mine)),
      post(other, `${url}/payments`, { date: "2026-03-03" }),
      post(other, `${url}/credit`),
      other.request({ method: "GET", url: `${url}/document` }),
      other.request({ method: "DELETE", url }),
      other.request({ method: "GET", url: "/api/purchase-invoices/not-an-id" }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(PURCHASE_MESSAGES.notFound);
    }
    expect((await get(other, "/api/purchase-invoices")).json().total).toBe(0);
    expect((await get(owner, url)).json().status).toBe("review");
  });
});

describe("what is to pay reaches the bell and the cash-flow forecast", () => {
  it("lists a purchase invoice due within three days, and forecasts its payment in its month", async () => {
    const as = await t.signIn();
    const created = await post(as, "/api/purchase-invoices", {
      supplierName: "Drukkerij Snel",
      invoiceNumber: "D-9",
      invoiceDate: "2026-03-01",
      dueDate: "2026-03-22",
      lines: [{ vatRate: 21, netAmount: "200", vatAmount: "42" }],
    });
    await post(as, `/api/purchase-invoices/${created.json().id}/book`, formOf(created.json()));
    const bell = (await get(as, "/api/notifications")).json();
    expect(bell.items).toContainEqual(
      expect.objectContaining({
        kind: "purchase_due",
        title: "Inkoopfactuur Drukkerij Snel moet betaald worden",
        href: "/app/purchase-invoices",
      }),
    );
    const forecast = await cashflowForecast(t.database.db, as.user.id, "2026-03-20");
    expect(forecast[0]).toMatchObject({ month: "2026-03", outCents: 24200 });
  });
});

describe("erasure of an account whose books must be kept", () => {
  it("keeps booked purchase invoices with their originals, and removes the rest and the inbox", async () => {
    const as = await t.signIn();
    const booked = await upload(as, PEPPOL, "geboekt.xml");
    const lines = booked.lines.map((line) => ({ ...line, categoryId: null }));
    expect(
      (await post(as, `/api/purchase-invoices/${booked.id}/book`, formOf(booked, { lines }))).statusCode,
    ).toBe(200);
    const unbooked = await upload(as, Buffer.from("%PDF-1.4\nkapot"), "los.pdf");
    await getInbox(t.database.db, as.user.id, "inbox.test");
    const outcome = await t.database.db.transaction((tx) =>
      eraseDataOf(tx, { email: as.user.email!, userId: as.user.id }, new Date("2026-03-21T10:00:00Z")),
    );
    expect(outcome.retained?.what).toContain("geboekte inkoopfacturen en bonnetjes, met hun originelen");
    const kept = await t.database.db
      .select()
      .from(purchaseInvoices)
      .where(eq(purchaseInvoices.userId, as.user.id));
    expect(kept.map((row) => row.id)).toEqual([booked.id]);
    expect(await t.app.documentStore.get(t.database.db, as.user.id, kept[0]!.documentId!)).not.toBeNull();
    expect(await t.database.db.$count(storedDocuments, eq(storedDocuments.userId, as.user.id))).toBe(1);
    expect(await t.database.db.$count(purchaseInboxes, eq(purchaseInboxes.userId, as.user.id))).toBe(0);
    expect(unbooked.status).toBe("review");
  });
});
