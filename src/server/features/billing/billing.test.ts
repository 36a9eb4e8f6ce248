import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
import { BILLING_MESSAGES, type BillingStatus } from "../../../shared/schemas/billing";
import type { NotificationList } from "../../../shared/schemas/notifications";
import {
  administrationMembers,
  billingAccounts,
  billingCancellations,
  billingPayments,
  clients,
  invoiceItems,
  invoicePayments,
  invoices,
  outboxMessages,
} from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createCompanyProfile, createUser } from "../../../../tests/factories";
import { startMollieDouble, type MollieDouble } from "../../../../tests/mollie-double/server";
import { pdfText } from "../../../../tests/pdf-text";
import { eraseDataOf } from "../privacy/erasure";
import { billingAccessOf } from "./access";
import { BILLING_WEBHOOK_PATH, runBillingJob } from "./service";

const KEY = "test_BalansBillingKey0123456789abcdefgh";
const OTHER_KEY = "test_SomeoneElsesKey0123456789abcdefgh";
const BILLER = "balans-facturatie";

let mollie: MollieDouble;
let t: TestApp;
let billerId: string;
let previousTls: string | undefined;

beforeAll(async () => {
  // Mollie's client speaks only HTTPS; the double's certificate is self-signed (tests/mollie-double/server.ts).
  previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  mollie = await startMollieDouble({ keys: [KEY, OTHER_KEY] });
  t = await buildTestApp(
    { publicUrl: "https://balans.test" },
    { mollieApiUrl: mollie.apiEndpoint, billing: { apiKey: KEY, administrationUsername: BILLER } },
  );
  const biller = await createUser(t.database.db, { username: BILLER, companyName: "Balans B.V." });
  await createCompanyProfile(t.database.db, biller.id, { tradeName: "Balans B.V." });
  billerId = biller.id;
});
afterAll(async () => {
  await t.close();
  await mollie.close();
  if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
});
afterEach(() => mollie.failAll(false));

/** 2 November 2026, 00:30 in Amsterdam (still 1 November in UTC): the trial's last day is 16 November. */
const SIGNED_UP = new Date("2026-11-01T23:30:00Z");
/** 16 November 23:59 and 17 November 00:00 in Amsterdam (UTC+1). */
const LAST_MINUTE = new Date("2026-11-16T22:59:00Z");
const FIRST_READ_ONLY_MINUTE = new Date("2026-11-16T23:00:00Z");

const customer = () => t.signIn({ createdAt: SIGNED_UP });
const status = async (as: SignedIn): Promise<BillingStatus> => {
  const response = await as.request({ method: "GET", url: "/api/billing" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const newClient = (as: SignedIn, name = "Klant BV") =>
  as.request({ method: "POST", url: "/api/clients", payload: { name } });
const clientCount = async (userId: string) =>
  (await t.database.db.select().from(clients).where(eq(clients.userId, userId))).length;
const webhook = (id: string) =>
  t.app.inject({
    method: "POST",
    url: BILLING_WEBHOOK_PATH,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `id=${encodeURIComponent(id)}`,
  });
const billerInvoices = () => t.database.db.select().from(invoices).where(eq(invoices.userId, billerId));

/** Starts the subscription, pays the first month at the double and tells the webhook. */
async function subscribe(as: SignedIn): Promise<{ paymentId: string; subscriptionId: string }> {
  const started = await as.request({ method: "POST", url: "/api/billing/subscription" });
  expect(started.statusCode, started.body).toBe(200);
  const paymentId = (started.json() as { checkoutUrl: string }).checkoutUrl.split("/").pop()!;
  mollie.setStatus(paymentId, "paid");
  expect((await webhook(paymentId)).statusCode).toBe(200);
  const [account] = await t.database.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, as.user.id));
  return { paymentId, subscriptionId: account!.providerSubscriptionId! };
}

describe("the trial", () => {
  it("lets a new customer write through the 14th day after sign-up (Amsterdam days) and shows the days left", async () => {
    t.now.value = new Date("2026-11-13T09:00:00Z");
    const as = await customer();
    expect(await status(as)).toMatchObject({
      isAvailable: true,
      state: "trial",
      trialEndsOn: "2026-11-16",
      trialDaysLeft: 3,
      paidThrough: null,
      price: { net: "22.00", vat: "4.62", total: "26.62" },
    });
    t.now.value = LAST_MINUTE;
    expect((await newClient(as)).statusCode).toBe(201);
    expect((await status(as)).trialDaysLeft).toBe(0);
  });

  it("turns the books read-only from the 15th day: writes refused with the Dutch text, reads and exports work", async () => {
    t.now.value = LAST_MINUTE;
    const as = await customer();
    expect((await newClient(as, "Eerst")).statusCode).toBe(201);
    t.now.value = FIRST_READ_ONLY_MINUTE;
    const before = await clientCount(as.user.id);
    const refused = await newClient(as, "Daarna");
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(BILLING_MESSAGES.trialEnded);
    const [first] = await t.database.db.select().from(clients).where(eq(clients.userId, as.user.id));
    const removal = await as.request({ method: "DELETE", url: `/api/clients/${first!.id}` });
    expect(removal.statusCode).toBe(403);
    expect(await clientCount(as.user.id)).toBe(before);

    expect((await as.request({ method: "GET", url: "/api/clients" })).statusCode).toBe(200);
    expect((await as.request({ method: "GET", url: "/api/privacy/export" })).statusCode).toBe(200);
    expect((await status(as)).state).toBe("read_only");
    // Account security and the way out stay open: a password change is judged on its content, not refused.
    const password = await as.request({ method: "PUT", url: "/api/user/password", payload: {} });
    expect(password.statusCode).toBe(400);
    // Putting a notice of the bell away changes no books: judged on its own (an unknown report is not found).
    const unknownReport = "00000000-0000-4000-8000-000000000000";
    const read = await as.request({ method: "POST", url: `/api/import-reports/${unknownReport}/read` });
    expect(read.statusCode).toBe(404);
  });

  it("rings the bell three days before the end, on the day and after it", async () => {
    t.now.value = new Date("2026-11-12T09:00:00Z");
    const as = await customer();
    const bell = async () =>
      (
        (await as.request({ method: "GET", url: "/api/notifications" })).json() as NotificationList
      ).items.filter((item) => item.kind === "trial_ending");
    t.now.value = new Date("2026-11-12T09:00:00Z");
    expect(await bell()).toEqual([]);
    t.now.value = new Date("2026-11-13T09:00:00Z");
    expect((await bell()).map((item) => item.title)).toEqual(["Je proefperiode eindigt op 16-11-2026"]);
    t.now.value = new Date("2026-11-16T09:00:00Z");
    expect((await bell()).map((item) => item.title)).toEqual(["Je proefperiode eindigt vandaag"]);
    t.now.value = FIRST_READ_ONLY_MINUTE;
    expect((await bell()).map((item) => item.title)).toEqual(["Je proefperiode is afgelopen"]);
  });

  it("mails a reminder three days before and on the last day, each once however often the job runs", async () => {
    const as = await customer();
    const mails = () =>
      t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, as.user.email!));
    const deps = { ...t.app.billing };
    await runBillingJob(t.database.db, new Date("2026-11-12T09:00:00Z"), deps);
    expect(await mails()).toHaveLength(0);
    await runBillingJob(t.database.db, new Date("2026-11-13T09:00:00Z"), deps);
    await runBillingJob(t.database.db, new Date("2026-11-13T15:00:00Z"), deps);
    expect((await mails()).map((mail) => mail.subject)).toEqual([
      "Je proefperiode van Balans eindigt op 16-11-2026",
    ]);
    await runBillingJob(t.database.db, new Date("2026-11-16T07:00:00Z"), deps);
    await runBillingJob(t.database.db, new Date("2026-11-16T08:00:00Z"), deps);
    const sent = await mails();
    expect(sent.map((mail) => mail.subject).sort()).toEqual([
      "Je proefperiode van Balans eindigt op 16-11-2026",
      "Je proefperiode van Balans eindigt vandaag",
    ]);
    expect(sent[0]!.text).toContain(`${formatEuro(2200)} per maand excl. btw`);
  });

  it("never bills a demo account", async () => {
    t.now.value = new Date("2026-12-20T09:00:00Z");
    const demo = await t.signIn({
      createdAt: SIGNED_UP,
      isDemo: true,
      demoExpiresAt: new Date("2027-01-01T00:00:00Z"),
    });
    t.now.value = new Date("2026-12-20T09:00:00Z");
    expect((await newClient(demo)).statusCode).toBe(201);
    expect(await status(demo)).toMatchObject({ state: "unlimited", isAvailable: false });
    const refused = await demo.request({ method: "POST", url: "/api/billing/subscription" });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(BILLING_MESSAGES.notBilled);
  });

  it("never bills an operator", async () => {
    const operator = await createUser(t.database.db, { createdAt: SIGNED_UP, isOperator: true });
    const access = await billingAccessOf(t.database.db, operator, new Date("2026-12-20T09:00:00Z"), true);
    expect(access.state).toBe("unlimited");
  });

  it("applies the owner's state to a member working in their books", async () => {
    t.now.value = FIRST_READ_ONLY_MINUTE;
    const owner = await customer();
    const accountant = await t.signIn();
    await t.database.db.insert(administrationMembers).values({
      ownerId: owner.user.id,
      email: accountant.user.email!,
      role: "accountant",
      memberId: accountant.user.id,
      acceptedAt: new Date(),
    });
    t.now.value = FIRST_READ_ONLY_MINUTE;
    const switched = await accountant.request({
      method: "POST",
      url: "/api/administrations/active",
      payload: { ownerId: owner.user.id },
    });
    expect(switched.statusCode, switched.body).toBeLessThan(300);
    const entry = await accountant.request({
      method: "POST",
      url: "/api/memorial-entries",
      payload: {},
    });
    expect(entry.statusCode).toBe(403);
    expect(entry.body).toContain(BILLING_MESSAGES.trialEnded);
  });
});

describe("the subscription", () => {
  it("starts with a first payment at the provider and activates the account once it is paid", async () => {
    t.now.value = new Date("2026-11-20T10:00:00Z");
    const as = await customer();
    const started = await as.request({ method: "POST", url: "/api/billing/subscription" });
    expect(started.statusCode, started.body).toBe(200);
    const checkoutUrl = (started.json() as { checkoutUrl: string }).checkoutUrl;
    const paymentId = checkoutUrl.split("/").pop()!;
    const payment = mollie.payments.get(paymentId)!;
    expect(payment).toMatchObject({ sequenceType: "first", cents: 2662, apiKey: KEY });
    expect(mollie.customers.get(payment.customerId!)).toMatchObject({ email: as.user.email });
    // Asking again while it is open: the same checkout.
    const again = await as.request({ method: "POST", url: "/api/billing/subscription" });
    expect(again.json()).toEqual({ checkoutUrl });
    expect(await status(as)).toMatchObject({ state: "read_only", pendingCheckoutUrl: checkoutUrl });

    // Not paid yet: the webhook changes nothing.
    expect((await webhook(paymentId)).statusCode).toBe(200);
    expect((await newClient(as)).statusCode).toBe(403);

    mollie.setStatus(paymentId, "paid");
    expect((await webhook(paymentId)).statusCode).toBe(200);
    expect(await status(as)).toMatchObject({
      state: "active",
      paidThrough: "2026-12-19",
      isRenewing: true,
      isCancelled: false,
      pendingCheckoutUrl: null,
    });
    expect((await newClient(as)).statusCode).toBe(201);
    const [subscription] = [...mollie.subscriptions.values()].filter(
      (candidate) => candidate.customerId === payment.customerId,
    );
    expect(subscription).toMatchObject({
      status: "active",
      startDate: "2026-12-20",
      interval: "1 month",
      cents: 2662,
      webhookUrl: `https://balans.test${BILLING_WEBHOOK_PATH}`,
    });

    const refused = await as.request({ method: "POST", url: "/api/billing/subscription" });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(BILLING_MESSAGES.alreadyActive);
  });

  it("issues one paid Balans invoice with 21% VAT per provider payment, however often the webhook comes", async () => {
    t.now.value = new Date("2026-11-21T10:00:00Z");
    const as = await customer();
    const before = (await billerInvoices()).length;
    const { paymentId } = await subscribe(as);
    expect((await webhook(paymentId)).statusCode).toBe(200);
    await runBillingJob(t.database.db, t.now.value, { ...t.app.billing });
    const [payment] = await t.database.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.providerPaymentId, paymentId));
    const made = await billerInvoices();
    expect(made).toHaveLength(before + 1);
    const invoice = made.find((row) => row.id === payment!.invoiceId)!;
    expect(invoice).toMatchObject({
      status: "paid",
      subtotal: "22.00",
      taxAmount: "4.62",
      total: "26.62",
      openAmount: "0.00",
      issueDate: "2026-11-21",
    });
    const [line] = await t.database.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoice.id));
    expect(line).toMatchObject({ description: "Balans abonnement november 2026", vatCategory: "21" });
    const paid = await t.database.db
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.userId, billerId)));
    expect(paid.map((row) => row.amount)).toEqual(["26.62"]);
    const [client] = await t.database.db.select().from(clients).where(eq(clients.id, invoice.clientId!));
    expect(client).toMatchObject({ userId: billerId, name: as.user.companyName, email: as.user.email });

    // The customer downloads it in Settings → Abonnement; nobody else can.
    const listed = (await status(as)).invoices;
    expect(listed).toEqual([
      expect.objectContaining({ id: payment!.id, invoiceNumber: invoice.invoiceNumber, amount: "26.62" }),
    ]);
    const pdf = await as.request({ method: "GET", url: `/api/billing/invoices/${payment!.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect((await pdfText(pdf.rawPayload)).join("\n")).toContain("Balans abonnement november 2026");
    const stranger = await t.signIn();
    for (const id of [payment!.id, "geen-id", "00000000-0000-4000-8000-000000000000"]) {
      const foreign = await stranger.request({ method: "GET", url: `/api/billing/invoices/${id}/pdf` });
      expect(foreign.statusCode, id).toBe(404);
      expect(foreign.body).toContain(BILLING_MESSAGES.invoiceNotFound);
    }
  });

  it("ignores a webhook for an unknown payment or another account's payment", async () => {
    t.now.value = new Date("2026-11-22T10:00:00Z");
    const as = await customer();
    const started = await as.request({ method: "POST", url: "/api/billing/subscription" });
    const own = mollie.payments.get(
      (started.json() as { checkoutUrl: string }).checkoutUrl.split("/").pop()!,
    )!;
    // A paid first payment of another Mollie account, naming the same customer id.
    mollie.payments.set("tr_foreign01", {
      ...own,
      id: "tr_foreign01",
      apiKey: OTHER_KEY,
      status: "paid",
      paidAt: new Date().toISOString(),
    });
    const paymentsBefore = await t.database.db.select().from(billingPayments);
    const invoicesBefore = await billerInvoices();
    for (const id of ["tr_unknown99", "tr_foreign01"]) {
      expect((await webhook(id)).statusCode, id).toBe(200);
    }
    expect(await t.database.db.select().from(billingPayments)).toEqual(paymentsBefore);
    expect(await billerInvoices()).toEqual(invoicesBefore);
    expect((await status(as)).state).toBe("read_only");
  });

  it("covers a month per paid monthly charge; a failed one covers nothing and the books turn read-only after", async () => {
    t.now.value = new Date("2026-11-23T10:00:00Z");
    const as = await customer();
    const { subscriptionId } = await subscribe(as);
    expect((await status(as)).paidThrough).toBe("2026-12-22");

    t.now.value = new Date("2026-12-23T06:00:00Z");
    const december = mollie.chargeSubscription(subscriptionId, "paid");
    expect((await webhook(december)).statusCode).toBe(200);
    expect(await status(as)).toMatchObject({
      state: "active",
      paidThrough: "2027-01-22",
      hasFailedPayment: false,
    });
    const [recurring] = await t.database.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.providerPaymentId, december));
    expect(recurring).toMatchObject({ sequenceType: "recurring", periodStart: "2026-12-23" });
    expect(recurring!.invoiceId).not.toBeNull();

    t.now.value = new Date("2027-01-20T06:00:00Z");
    const january = mollie.chargeSubscription(subscriptionId, "failed");
    expect((await webhook(january)).statusCode).toBe(200);
    // The paid month runs to its end, with a notice; then the books are read-only.
    expect(await status(as)).toMatchObject({
      state: "active",
      paidThrough: "2027-01-22",
      hasFailedPayment: true,
    });
    t.now.value = new Date("2027-01-22T23:00:00Z");
    expect(await status(as)).toMatchObject({
      state: "read_only",
      paidThrough: "2027-01-22",
      hasFailedPayment: true,
    });
    const refused = await newClient(as);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(BILLING_MESSAGES.subscriptionEnded);
  });

  it("takes back the month of a charged-back payment", async () => {
    // Later than every invoice so far: the billing administration's numbers and dates run together.
    t.now.value = new Date("2027-02-01T10:00:00Z");
    const as = await customer();
    const { paymentId } = await subscribe(as);
    expect((await status(as)).state).toBe("active");
    mollie.chargeback(paymentId);
    expect((await webhook(paymentId)).statusCode).toBe(200);
    expect(await status(as)).toMatchObject({ state: "read_only", paidThrough: null });
  });

  it("cancels at the provider; the paid month stays active, then the books are read-only", async () => {
    t.now.value = new Date("2027-02-02T10:00:00Z");
    const as = await customer();
    const { subscriptionId } = await subscribe(as);
    const cancelled = await as.request({ method: "DELETE", url: "/api/billing/subscription" });
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect(mollie.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect(await status(as)).toMatchObject({
      state: "active",
      isCancelled: true,
      isRenewing: false,
      paidThrough: "2027-03-01",
    });
    t.now.value = new Date("2027-03-01T22:59:00Z");
    expect((await newClient(as)).statusCode).toBe(201);
    t.now.value = new Date("2027-03-01T23:00:00Z");
    const refused = await newClient(as);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(BILLING_MESSAGES.subscriptionEnded);

    const again = await as.request({ method: "DELETE", url: "/api/billing/subscription" });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(BILLING_MESSAGES.nothingToCancel);
    // Subscribing again is the way back: a new first payment from today.
    const restarted = await as.request({ method: "POST", url: "/api/billing/subscription" });
    expect(restarted.statusCode, restarted.body).toBe(200);
  });

  it("cancels an erased account's subscription at the provider, so it is never charged again", async () => {
    t.now.value = new Date("2027-04-02T10:00:00Z");
    const as = await customer();
    const { subscriptionId } = await subscribe(as);
    await t.database.db.transaction((tx) =>
      eraseDataOf(tx, { email: as.user.email!, userId: as.user.id }, t.now.value),
    );
    expect(
      await t.database.db.select().from(billingAccounts).where(eq(billingAccounts.userId, as.user.id)),
    ).toEqual([]);
    // Only the provider's ids wait for the job; when the provider cannot be reached they keep waiting.
    expect(await t.database.db.select().from(billingCancellations)).toMatchObject([
      { providerSubscriptionId: subscriptionId },
    ]);
    expect(mollie.subscriptions.get(subscriptionId)!.status).toBe("active");
    mollie.failAll(true);
    await runBillingJob(t.database.db, t.now.value, { ...t.app.billing });
    expect(mollie.subscriptions.get(subscriptionId)!.status).toBe("active");
    mollie.failAll(false);
    await runBillingJob(t.database.db, t.now.value, { ...t.app.billing });
    expect(mollie.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect(await t.database.db.select().from(billingCancellations)).toEqual([]);
  });

  it("answers a clear message when the provider cannot be reached, and changes nothing", async () => {
    t.now.value = new Date("2027-03-05T10:00:00Z");
    const as = await customer();
    mollie.failAll(true);
    const refused = await as.request({ method: "POST", url: "/api/billing/subscription" });
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toContain(BILLING_MESSAGES.providerUnreachable);
    expect(
      await t.database.db.select().from(billingPayments).where(eq(billingPayments.userId, as.user.id)),
    ).toEqual([]);
  });
});

describe("an installation without billing", () => {
  it("has no trial limit and says subscriptions are not available", async () => {
    const plain = await buildTestApp();
    try {
      const as = await plain.signIn({ createdAt: new Date("2025-01-01T10:00:00Z") });
      expect((await newClient(as)).statusCode).toBe(201);
      const answer = (await as.request({ method: "GET", url: "/api/billing" })).json() as BillingStatus;
      expect(answer).toMatchObject({ isAvailable: false, state: "unlimited", trialEndsOn: null });
      for (const method of ["POST", "DELETE"] as const) {
        const refused = await as.request({ method, url: "/api/billing/subscription" });
        expect(refused.statusCode, method).toBe(409);
        expect(refused.body).toContain(BILLING_MESSAGES.notAvailable);
      }
    } finally {
      await plain.close();
    }
  });
});
