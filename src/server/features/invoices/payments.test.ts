import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import {
  invoiceBody,
  issuedInvoice,
  ONE_LINE,
  ONE_LINE_TOTALS,
  postJson as post,
} from "../../../../tests/invoices";
import { PAYMENT_MESSAGES } from "./payments";

let t: TestApp;
let owner: SignedIn;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  // Ten days after the invoices' date, so the balances read today hold the payments.
  t.now.value = new Date("2026-11-30T10:00:00Z");
  owner = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  clientId = (await createClientRecord(t.database.db, owner.user.id)).id;
});
afterAll(() => t.close());

/** An issued invoice of € 1.210,00, due 4 December. */
const invoiceOf = (as: SignedIn, client: string) =>
  issuedInvoice(as, invoiceBody(client, { items: ONE_LINE, ...ONE_LINE_TOTALS }));
const pay = (id: string, payload: object) => post(owner, `/api/invoices/${id}/payments`, payload);
const receivables = async (as: SignedIn) =>
  (await as.request({ method: "GET", url: "/api/ledger/accounts" }))
    .json()
    .find((row: { name: string }) => row.name === "Debiteuren").balance;

describe("POST /api/invoices/{id}/payments", () => {
  it("takes partial and multiple payments; the open amount and status follow, and match Debiteuren", async () => {
    const invoice = await invoiceOf(owner, clientId);
    const first = await pay(invoice.id, {
      date: "2026-11-22",
      amount: "500,00",
      method: "bank",
      note: "Termijn 1",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      status: "sent",
      openAmount: "710.00",
      paidAmount: "500.00",
      paidDate: null,
      payments: [
        { date: "2026-11-22", amount: "500.00", method: "bank", transactionId: null, note: "Termijn 1" },
      ],
    });
    expect(await receivables(owner)).toBe("710.00");
    // Without an amount: what is still open, in cash.
    const rest = await pay(invoice.id, { date: "2026-11-25", method: "cash" });
    expect(rest.json().paymentCount).toBe(2);
    expect(rest.json()).toMatchObject({
      status: "paid",
      openAmount: "0.00",
      paidAmount: "1210.00",
      paidDate: "2026-11-25",
    });
    expect(await receivables(owner)).toBe("0.00");
    const accounts = (await owner.request({ method: "GET", url: "/api/ledger/accounts" })).json();
    expect(accounts.find((row: { name: string }) => row.name === "Kas").balance).toBe("710.00");
  });

  it("shows an overpayment as a credit to refund, and takes the refund", async () => {
    const invoice = await invoiceOf(owner, clientId);
    const over = await pay(invoice.id, { date: "2026-11-21", amount: "1250.00" });
    expect(over.json()).toMatchObject({ status: "paid", openAmount: "-40.00" });
    const tooMuch = await pay(invoice.id, { date: "2026-11-22", amount: "-50.00" });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors).toEqual({ amount: PAYMENT_MESSAGES.refundTooLarge(4000) });
    const refund = await pay(invoice.id, { date: "2026-11-22", amount: "-40.00" });
    expect(refund.json()).toMatchObject({ status: "paid", openAmount: "0.00", paidAmount: "1210.00" });
  });

  it("books the payment as a bank transaction when asked, which goes with the payment", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id);
    const invoice = await invoiceOf(someone, (await createClientRecord(t.database.db, someone.user.id)).id);
    const paid = await post(someone, `/api/invoices/${invoice.id}/payments`, {
      date: "2026-11-23",
      amount: "210.00",
      bookTransaction: true,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const transactions = (await someone.request({ method: "GET", url: "/api/transactions" })).json();
    expect(transactions).toEqual([
      expect.objectContaining({
        type: "income",
        amountIncludingVat: "210.00",
        description: "Betaling factuur INV-000001",
      }),
    ]);
    expect(paid.json().payments[0].transactionId).toBe(transactions[0].id);
    expect(await receivables(someone)).toBe("1000.00");
    const removed = await someone.request({
      method: "DELETE",
      url: `/api/invoices/${invoice.id}/payments/${paid.json().payments[0].id}`,
    });
    expect(removed.json()).toMatchObject({ status: "sent", openAmount: "1210.00", payments: [] });
    expect((await someone.request({ method: "GET", url: "/api/transactions" })).json()).toEqual([]);
    expect(await receivables(someone)).toBe("1210.00");
  });

  it.each([
    [{ date: "" }, "date", "Betaaldatum is verplicht"],
    [{ date: "2026-02-30" }, "date", "Vul een geldige datum in"],
    [{ date: "2026-11-01" }, "date", PAYMENT_MESSAGES.beforeIssue],
    [{ date: "2026-11-21", amount: "veel" }, "amount", "Vul een geldig bedrag in, bijvoorbeeld 250,00"],
    [{ date: "2026-11-21", amount: "0" }, "amount", PAYMENT_MESSAGES.zero],
    [{ date: "2026-11-21", amount: "-1" }, "amount", PAYMENT_MESSAGES.refundTooLarge(0)],
    [{ date: "2026-11-21", method: "bitcoin" }, "method", "Kies hoe er is betaald"],
    [{ date: "2026-11-21", note: "x".repeat(501) }, "note", "Een notitie mag maximaal 500 tekens zijn"],
    [
      { date: "2026-11-21", bookTransaction: true, bankAccountId: "00000000-0000-4000-8000-000000000000" },
      "bankAccountId",
      "Bankrekening niet gevonden",
    ],
  ])(
    "refuses case %# with its Dutch message under its field, and changes nothing",
    async (payload, field, message) => {
      const invoice = await invoiceOf(owner, clientId);
      const response = await pay(invoice.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
      const after = (await owner.request({ method: "GET", url: `/api/invoices/${invoice.id}` })).json();
      expect(after).toMatchObject({ openAmount: "1210.00", payments: [] });
      expect((await owner.request({ method: "GET", url: "/api/transactions" })).json()).toEqual([]);
    },
  );

  it("refuses a payment on a draft or on a credit note", async () => {
    const draft = (
      await owner.request({ method: "POST", url: "/api/invoices", payload: invoiceBody(clientId) })
    ).json();
    expect((await pay(draft.id, { date: "2026-11-21" })).json()).toEqual({ message: PAYMENT_MESSAGES.draft });
    const invoice = await invoiceOf(owner, clientId);
    const note = (
      await post(owner, `/api/invoices/${invoice.id}/credit`, { issueDate: "2026-11-20" })
    ).json();
    const response = await pay(note.id, { date: "2026-11-21", amount: "10" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.creditNote });
  });

  it("answers 404 for an unknown payment", async () => {
    const invoice = await invoiceOf(owner, clientId);
    for (const paymentId of ["geen-id", "00000000-0000-4000-8000-000000000000"]) {
      const response = await owner.request({
        method: "DELETE",
        url: `/api/invoices/${invoice.id}/payments/${paymentId}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.notFound });
    }
  });

  it("names the refundable amount in euros", () => {
    expect(PAYMENT_MESSAGES.refundTooLarge(4000)).toContain(formatEuro(4000));
  });
});
