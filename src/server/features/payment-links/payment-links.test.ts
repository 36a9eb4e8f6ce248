import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_LINK_MESSAGES } from "../../../shared/schemas/payment-links";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import { journalLines, outboxMessages, paymentLinks } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { expectEveryEntryBalanced } from "../../../../tests/books";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { invoiceBody, issuedInvoice, ONE_LINE, ONE_LINE_TOTALS } from "../../../../tests/invoices";
import { startMollieDouble, type MollieDouble } from "../../../../tests/mollie-double/server";
import { pdfText } from "../../../../tests/pdf-text";
import { WEBHOOK_PATH } from "./service";

const KEY = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM";
const OTHER_KEY = "test_k8JmW3xYp2Qr5Tn7Vb9Cd1Fg4Hj6Lz";
const REFUSED_KEY = "live_abcdefghijklmnopqrstuvwxyz0123";

let mollie: MollieDouble;
let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let previousTls: string | undefined;

beforeAll(async () => {
  // Mollie's client speaks only HTTPS; the double's certificate is self-signed (tests/mollie-double/server.ts).
  previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  mollie = await startMollieDouble({ keys: [KEY, OTHER_KEY] });
  t = await buildTestApp({ publicUrl: "https://balans.test" }, { mollieApiUrl: mollie.apiEndpoint });
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  await createCompanyProfile(t.database.db, stranger.user.id);
});
afterAll(async () => {
  await t.close();
  await mollie.close();
  if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
});
afterEach(() => mollie.failAll(false));

const saveKey = (as: SignedIn, apiKey: unknown) =>
  as.request({ method: "PUT", url: "/api/settings/online-payments", payload: { apiKey } });

async function issued(as: SignedIn): Promise<InvoiceDetail> {
  const client = await createClientRecord(t.database.db, as.user.id, { email: "klant@example.nl" });
  return issuedInvoice(as, invoiceBody(client.id, { items: ONE_LINE, ...ONE_LINE_TOTALS }));
}

const webhook = (id: string) =>
  t.app.inject({
    method: "POST",
    url: WEBHOOK_PATH,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `id=${encodeURIComponent(id)}`,
  });

const linksOf = (invoiceId: string) =>
  t.database.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, invoiceId));

async function invoiceOf(as: SignedIn, id: string): Promise<InvoiceDetail> {
  const response = await as.request({ method: "GET", url: `/api/invoices/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function pdfOf(as: SignedIn, id: string): Promise<string> {
  const response = await as.request({ method: "GET", url: `/api/invoices/${id}/pdf` });
  expect(response.statusCode, response.body).toBe(200);
  return (await pdfText(response.rawPayload)).join("\n");
}

/** A link made through the PDF, its provider payment, and that payment's id. */
async function linkedInvoice(as: SignedIn) {
  const invoice = await issued(as);
  await pdfOf(as, invoice.id);
  const [link] = await linksOf(invoice.id);
  return { invoice, link: link!, payment: mollie.payments.get(link!.providerPaymentId)! };
}

describe("Settings → Online betalen", () => {
  it("refuses a malformed key with its message and keeps nothing", async () => {
    for (const apiKey of ["", "sk_live_123", "test_short"]) {
      const response = await saveKey(owner, apiKey);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(
        apiKey === "" ? PAYMENT_LINK_MESSAGES.keyRequired : PAYMENT_LINK_MESSAGES.keyMalformed,
      );
    }
    const state = await owner.request({ method: "GET", url: "/api/settings/online-payments" });
    expect(state.json()).toEqual({ isConfigured: false });
  });

  it("refuses a key Mollie refuses, and says so when Mollie cannot be reached", async () => {
    const refused = await saveKey(owner, REFUSED_KEY);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: PAYMENT_LINK_MESSAGES.keyRefused });
    mollie.failAll(true);
    const unreachable = await saveKey(owner, KEY);
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.body).toContain(PAYMENT_LINK_MESSAGES.providerUnreachable);
    const state = await owner.request({ method: "GET", url: "/api/settings/online-payments" });
    expect(state.json()).toEqual({ isConfigured: false });
  });

  it("without a key the invoice keeps the offline path only: no link on the PDF or in the e-mail", async () => {
    const invoice = await issued(owner);
    const text = await pdfOf(owner, invoice.id);
    expect(text).toContain("overmaken naar");
    expect(text).not.toContain("Betaal online");
    expect(await linksOf(invoice.id)).toEqual([]);
  });

  it("saves an accepted key, shows it masked only, and removes it", async () => {
    const saved = await saveKey(owner, KEY);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      isConfigured: true,
      provider: "mollie",
      mode: "test",
      maskedKey: "test_…lXsM",
    });
    const read = await owner.request({ method: "GET", url: "/api/settings/online-payments" });
    expect(read.body).not.toContain(KEY);
    expect(read.json()).toMatchObject({ isConfigured: true, maskedKey: "test_…lXsM" });
    // Another user's settings are their own.
    const theirs = await stranger.request({ method: "GET", url: "/api/settings/online-payments" });
    expect(theirs.json()).toEqual({ isConfigured: false });

    // The data export (AVG art. 15) names the setting, with the key masked there too.
    const exported = await owner.request({ method: "GET", url: "/api/privacy/export" });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(KEY);
    expect(exported.json().onlinePayments.settings).toMatchObject({ maskedKey: "test_…lXsM" });

    const removed = await owner.request({ method: "DELETE", url: "/api/settings/online-payments" });
    expect(removed.statusCode).toBe(204);
    const after = await owner.request({ method: "GET", url: "/api/settings/online-payments" });
    expect(after.json()).toEqual({ isConfigured: false });
    expect((await saveKey(owner, KEY)).statusCode).toBe(200);
  });
});

describe("the link on the PDF and in the e-mail", () => {
  it("puts 'Betaal online' with the checkout URL for the open amount on the PDF, and reuses it", async () => {
    const invoice = await issued(owner);
    const text = await pdfOf(owner, invoice.id);
    const [link] = await linksOf(invoice.id);
    expect(link).toMatchObject({ amount: "1210.00", status: "open", userId: owner.user.id });
    expect(text).toContain("Betaal online");
    expect(text).toContain(link!.checkoutUrl);
    // The offline path stays beside it.
    expect(text).toContain("overmaken naar");
    const payment = mollie.payments.get(link!.providerPaymentId)!;
    expect(payment).toMatchObject({
      cents: 121_000,
      webhookUrl: `https://balans.test${WEBHOOK_PATH}`,
      redirectUrl: `https://balans.test/betaling?id=${link!.id}`,
      metadata: { invoiceId: invoice.id, linkId: link!.id },
    });
    // A second PDF for the same open amount: the same link.
    await pdfOf(owner, invoice.id);
    expect(await linksOf(invoice.id)).toHaveLength(1);
  });

  it("makes a new link when the open amount changed", async () => {
    const { invoice } = await linkedInvoice(owner);
    const part = await owner.request({
      method: "POST",
      url: `/api/invoices/${invoice.id}/payments`,
      payload: { date: "2026-11-20", amount: "210.00", method: "bank" },
    });
    expect(part.statusCode, part.body).toBe(201);
    await pdfOf(owner, invoice.id);
    const links = await linksOf(invoice.id);
    expect(links.map((link) => link.amount).sort()).toEqual(["1000.00", "1210.00"]);
  });

  it("sends the e-mail with the link, and the attached PDF carries it too", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { email: "betaler@example.nl" });
    const draft = await owner.request({
      method: "POST",
      url: "/api/invoices",
      payload: invoiceBody(client.id, { items: ONE_LINE, ...ONE_LINE_TOTALS }),
    });
    const id = (draft.json() as InvoiceDetail).id;
    const sent = await owner.request({ method: "POST", url: `/api/invoices/${id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    const [link] = await linksOf(id);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.userId, owner.user.id), eq(outboxMessages.recipient, "betaler@example.nl")),
      );
    expect(mail!.text).toContain(`Betaal online: ${link!.checkoutUrl}`);
    // Sending again reuses the open link.
    await owner.request({ method: "POST", url: `/api/invoices/${id}/send` });
    expect(await linksOf(id)).toHaveLength(1);
  });

  it("sends the invoice without a link when Mollie fails, and makes one with the next PDF", async () => {
    const invoice = await issued(owner);
    mollie.failAll(true);
    const text = await pdfOf(owner, invoice.id);
    expect(text).not.toContain("Betaal online");
    expect(text).toContain("overmaken naar");
    mollie.failAll(false);
    expect(await pdfOf(owner, invoice.id)).toContain("Betaal online");
  });
});

describe("the webhook", () => {
  it("records a paid payment once through the payment path: invoice paid, ledger booked", async () => {
    const { invoice, link, payment } = await linkedInvoice(owner);
    mollie.setStatus(payment.id, "paid");
    // Repeated and concurrent calls: one payment.
    const answers = await Promise.all([webhook(payment.id), webhook(payment.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await webhook(payment.id)).statusCode).toBe(200);

    const paid = await invoiceOf(owner, invoice.id);
    expect(paid).toMatchObject({ status: "paid", openAmount: "0.00", paidAmount: "1210.00" });
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({ amount: "1210.00", method: "other" });
    const ledger = await t.database.db
      .select()
      .from(journalLines)
      .where(and(eq(journalLines.userId, owner.user.id), eq(journalLines.sourceType, "invoice_payment")));
    // One entry per invoice holds its payments: Bank (or the money account) against Debiteuren.
    const lines = ledger.filter((line) => line.sourceId === invoice.id);
    expect(lines.map((line) => line.amount).sort()).toEqual(["-1210.00", "1210.00"]);
    await expectEveryEntryBalanced(t.database.db, owner.user.id);
    const [after] = await linksOf(invoice.id);
    expect(after).toMatchObject({ id: link.id, status: "paid", recordedAmount: "1210.00" });
  });

  it("records a partial refund and a full refund each once, as negative payments", async () => {
    const { invoice, payment } = await linkedInvoice(owner);
    mollie.setStatus(payment.id, "paid");
    await webhook(payment.id);
    mollie.refund(payment.id, 10_000);
    await webhook(payment.id);
    await webhook(payment.id);
    let state = await invoiceOf(owner, invoice.id);
    expect(state.openAmount).toBe("100.00");
    expect(state.payments.map((row) => row.amount).sort()).toEqual(["-100.00", "1210.00"]);
    expect(state.status).not.toBe("paid");

    mollie.refund(payment.id, 111_000);
    await Promise.all([webhook(payment.id), webhook(payment.id)]);
    state = await invoiceOf(owner, invoice.id);
    expect(state.openAmount).toBe("1210.00");
    expect(state.payments).toHaveLength(3);
    await expectEveryEntryBalanced(t.database.db, owner.user.id);
  });

  it("a failed, canceled or expired payment only changes the link", async () => {
    for (const status of ["failed", "canceled", "expired"] as const) {
      const { invoice, payment } = await linkedInvoice(owner);
      mollie.setStatus(payment.id, status);
      expect((await webhook(payment.id)).statusCode).toBe(200);
      const state = await invoiceOf(owner, invoice.id);
      expect(state).toMatchObject({ status: "sent", openAmount: "1210.00", payments: [] });
      const [link] = await linksOf(invoice.id);
      expect(link!.status).toBe(status);
      // The next PDF gets a new link for the open amount.
      await pdfOf(owner, invoice.id);
      expect(await linksOf(invoice.id)).toHaveLength(2);
    }
  });

  it("records nothing that overpays an invoice paid in the meantime", async () => {
    const { invoice, link, payment } = await linkedInvoice(owner);
    const byBank = await owner.request({
      method: "POST",
      url: `/api/invoices/${invoice.id}/mark-paid`,
      payload: { paidDate: "2026-11-20" },
    });
    expect(byBank.statusCode, byBank.body).toBe(200);
    mollie.setStatus(payment.id, "paid");
    expect((await webhook(payment.id)).statusCode).toBe(200);
    const state = await invoiceOf(owner, invoice.id);
    expect(state).toMatchObject({ status: "paid", openAmount: "0.00" });
    expect(state.payments).toHaveLength(1);
    const [after] = await linksOf(invoice.id);
    expect(after).toMatchObject({ id: link.id, status: "paid", recordedAmount: "0.00" });
    // Refunding that payment in Mollie then reopens nothing it never recorded.
    mollie.refund(payment.id, 121_000);
    await webhook(payment.id);
    expect((await invoiceOf(owner, invoice.id)).openAmount).toBe("0.00");
  });

  it("answers 200 to an unknown id and changes nothing; a malformed call is refused", async () => {
    const before = await t.database.db.select().from(paymentLinks);
    expect((await webhook("tr_unknown123")).statusCode).toBe(200);
    expect(await t.database.db.select().from(paymentLinks)).toEqual(before);
    const empty = await t.app.inject({
      method: "POST",
      url: WEBHOOK_PATH,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
  });

  it("asks Mollie again later (503) when Mollie cannot be reached", async () => {
    const { invoice, payment } = await linkedInvoice(owner);
    mollie.setStatus(payment.id, "paid");
    mollie.failAll(true);
    expect((await webhook(payment.id)).statusCode).toBe(503);
    expect((await invoiceOf(owner, invoice.id)).openAmount).toBe("1210.00");
    mollie.failAll(false);
    expect((await webhook(payment.id)).statusCode).toBe(200);
    expect((await invoiceOf(owner, invoice.id)).status).toBe("paid");
  });
});

describe("the return page and the invoice's links", () => {
  it("tells the payer the payment is being processed, then paid, and records it without a webhook", async () => {
    const { invoice, link, payment } = await linkedInvoice(owner);
    const processing = await t.app.inject({ method: "GET", url: `/api/payment-links/${link.id}/return` });
    expect(processing.json()).toMatchObject({ state: "processing", amount: "1210.00" });
    mollie.setStatus(payment.id, "paid");
    const paid = await t.app.inject({ method: "GET", url: `/api/payment-links/${link.id}/return` });
    expect(paid.json()).toMatchObject({ state: "paid", invoiceNumber: invoice.invoiceNumber });
    expect((await invoiceOf(owner, invoice.id)).status).toBe("paid");
    const unknown = await t.app.inject({ method: "GET", url: "/api/payment-links/not-a-link/return" });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists and makes an invoice's link; another user's invoice answers 404 on every route", async () => {
    const invoice = await issued(owner);
    const made = await owner.request({ method: "POST", url: `/api/payment-links/invoices/${invoice.id}` });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ amount: "1210.00", status: "open" });
    const list = await owner.request({ method: "GET", url: `/api/payment-links/invoices/${invoice.id}` });
    expect(list.json()).toHaveLength(1);

    for (const method of ["GET", "POST"] as const) {
      const foreign = await stranger.request({ method, url: `/api/payment-links/invoices/${invoice.id}` });
      expect(foreign.statusCode).toBe(404);
    }
    for (const url of [`/api/invoices/${invoice.id}/pdf`, `/api/invoices/${invoice.id}/send`]) {
      const foreign = await stranger.request({ method: url.endsWith("send") ? "POST" : "GET", url });
      expect(foreign.statusCode).toBe(404);
    }
    expect(await linksOf(invoice.id)).toHaveLength(1);
  });

  it("explains why there is no link: not configured, or nothing to pay", async () => {
    const invoice = await issued(stranger);
    const notConfigured = await stranger.request({
      method: "POST",
      url: `/api/payment-links/invoices/${invoice.id}`,
    });
    expect(notConfigured.statusCode).toBe(409);
    expect(notConfigured.body).toContain(PAYMENT_LINK_MESSAGES.notConfigured);
    expect((await saveKey(stranger, OTHER_KEY)).statusCode).toBe(200);
    await stranger.request({
      method: "POST",
      url: `/api/invoices/${invoice.id}/mark-paid`,
      payload: { paidDate: "2026-11-20" },
    });
    const nothing = await stranger.request({
      method: "POST",
      url: `/api/payment-links/invoices/${invoice.id}`,
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.body).toContain(PAYMENT_LINK_MESSAGES.nothingToPay);
  });
});
