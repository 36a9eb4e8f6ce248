/**
 * A local double of Mollie's API (docs.mollie.com), for the tests: the real @mollie/api-client talks to it.
 * It answers what payment links use, in Mollie's response shapes: GET /v2/methods (the key check),
 * POST /v2/payments, GET /v2/payments/:id (?embed=refunds); and what subscriptions use: POST /v2/customers, a
 * first payment (sequenceType 'first' with customerId) whose payment gives a mandate,
 * POST/GET/DELETE /v2/customers/:id/subscriptions(/:id), and the recurring payments a subscription charges
 * (made by the test through chargeSubscription, then reported to the webhook by the test). Keys it does not know
 * get Mollie's 401; a payment, customer or subscription of another key is a 404, as at Mollie. The test moves a payment on (paid, failed, refunded…) through
 * the returned handle, or over HTTP under /_double/ (the browser tests' server runs in another process).
 * Mollie's client speaks only HTTPS, so the double serves a self-signed certificate for 127.0.0.1; the process
 * talking to it sets NODE_TLS_REJECT_UNAUTHORIZED=0 (tests only).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Fastify from "fastify";

export type DoubleStatus = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";

type DoubleRefund = {
  id: string;
  cents: number;
  status: "pending" | "refunded" | "failed";
  createdAt: string;
};

export type DoublePayment = {
  id: string;
  apiKey: string;
  cents: number;
  description: string;
  redirectUrl: string;
  webhookUrl: string | null;
  metadata: unknown;
  status: DoubleStatus;
  createdAt: string;
  paidAt: string | null;
  refunds: DoubleRefund[];
  /** Subscriptions only; a plain payment leaves them out. */
  sequenceType?: "oneoff" | "first" | "recurring";
  customerId?: string | null;
  mandateId?: string | null;
  subscriptionId?: string | null;
  chargedBackCents?: number;
};

export type DoubleCustomer = {
  id: string;
  apiKey: string;
  name: string | null;
  email: string | null;
  metadata: unknown;
  createdAt: string;
  /** Valid mandates, one per paid first payment. */
  mandates: string[];
};

export type DoubleSubscription = {
  id: string;
  apiKey: string;
  customerId: string;
  mandateId: string;
  cents: number;
  interval: string;
  startDate: string;
  description: string;
  webhookUrl: string | null;
  metadata: unknown;
  status: "active" | "canceled";
  createdAt: string;
  canceledAt: string | null;
};

export type MollieDouble = {
  /** The apiEndpoint for Mollie's client. */
  apiEndpoint: string;
  /** Every payment made, by id. */
  payments: Map<string, DoublePayment>;
  customers: Map<string, DoubleCustomer>;
  subscriptions: Map<string, DoubleSubscription>;
  /** A monthly payment of the subscription, as Mollie makes it on its date; answers the payment's id. */
  chargeSubscription(subscriptionId: string, status?: DoubleStatus): string;
  /** The payer's bank reverses the payment (a chargeback). */
  chargeback(paymentId: string): void;
  /** Keys the double accepts. */
  keys: Set<string>;
  setStatus(id: string, status: DoubleStatus): void;
  refund(id: string, cents: number, status?: DoubleRefund["status"]): string;
  /** Answers 5xx to everything from now on (false: back to normal). */
  failAll(isFailing: boolean): void;
  close(): Promise<void>;
};

const here = import.meta.dirname;
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex").slice(0, 10)}`;
const euro = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: "EUR" });
const toCents = (value: string) => Math.round(Number(value) * 100);

export async function startMollieDouble(
  options: { port?: number; keys?: string[] } = {},
): Promise<MollieDouble> {
  const payments = new Map<string, DoublePayment>();
  const customers = new Map<string, DoubleCustomer>();
  const subscriptions = new Map<string, DoubleSubscription>();
  const keys = new Set(options.keys ?? []);
  let isFailing = false;
  const app = Fastify({
    https: {
      key: readFileSync(join(here, "localhost-key.pem")),
      cert: readFileSync(join(here, "localhost-cert.pem")),
    },
  });
  const base = () => `https://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const refundJson = (payment: DoublePayment, refund: DoubleRefund) => ({
    resource: "refund",
    id: refund.id,
    amount: euro(refund.cents),
    status: refund.status,
    createdAt: refund.createdAt,
    description: "",
    paymentId: payment.id,
    _links: {
      self: {
        href: `${base()}/v2/payments/${payment.id}/refunds/${refund.id}`,
        type: "application/hal+json",
      },
    },
  });

  const paymentJson = (payment: DoublePayment, embedRefunds: boolean) => {
    const refunded = payment.refunds
      .filter((refund) => refund.status !== "failed")
      .reduce((sum, refund) => sum + refund.cents, 0);
    return {
      resource: "payment",
      id: payment.id,
      mode: payment.apiKey.startsWith("live_") ? "live" : "test",
      createdAt: payment.createdAt,
      amount: euro(payment.cents),
      description: payment.description,
      method: payment.status === "paid" ? "ideal" : null,
      metadata: payment.metadata,
      status: payment.status,
      isCancelable: false,
      profileId: "pfl_double0001",
      sequenceType: payment.sequenceType ?? "oneoff",
      ...(payment.customerId ? { customerId: payment.customerId } : {}),
      ...(payment.mandateId ? { mandateId: payment.mandateId } : {}),
      ...(payment.subscriptionId ? { subscriptionId: payment.subscriptionId } : {}),
      ...(payment.chargedBackCents ? { amountChargedBack: euro(payment.chargedBackCents) } : {}),
      redirectUrl: payment.redirectUrl,
      webhookUrl: payment.webhookUrl,
      ...(payment.paidAt ? { paidAt: payment.paidAt } : {}),
      ...(payment.status === "paid"
        ? { amountRefunded: euro(refunded), amountRemaining: euro(payment.cents - refunded) }
        : {}),
      _links: {
        self: { href: `${base()}/v2/payments/${payment.id}`, type: "application/hal+json" },
        ...(payment.status === "open"
          ? { checkout: { href: `${base()}/checkout/${payment.id}`, type: "text/html" } }
          : {}),
        documentation: { href: "https://docs.mollie.com/reference/get-payment", type: "text/html" },
      },
      ...(embedRefunds
        ? { _embedded: { refunds: payment.refunds.map((refund) => refundJson(payment, refund)) } }
        : {}),
    };
  };

  const unauthorized = {
    status: 401,
    title: "Unauthorized Request",
    detail: "Missing authentication, or failed to authenticate",
    _links: { documentation: { href: "https://docs.mollie.com/overview/authentication", type: "text/html" } },
  };
  const notFound = (what: string, kind = "payment") => ({
    status: 404,
    title: "Not Found",
    detail: `No ${kind} exists with token ${what}.`,
    _links: {
      documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" },
    },
  });

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/v2/")) return;
    if (isFailing) {
      return reply.status(503).send({ status: 503, title: "Service Unavailable", detail: "Try again later" });
    }
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!key || !keys.has(key)) return reply.status(401).type("application/hal+json").send(unauthorized);
  });
  const keyOf = (authorization: string | undefined) => /^Bearer (.+)$/.exec(authorization ?? "")![1]!;

  app.get("/v2/methods", async () => ({
    count: 1,
    _embedded: {
      methods: [
        {
          resource: "method",
          id: "ideal",
          description: "iDEAL",
          minimumAmount: euro(1),
          maximumAmount: euro(5_000_000),
          image: { size1x: "", size2x: "", svg: "" },
          status: "activated",
          _links: { self: { href: `${base()}/v2/methods/ideal`, type: "application/hal+json" } },
        },
      ],
    },
    _links: { self: { href: `${base()}/v2/methods`, type: "application/hal+json" }, documentation: null },
  }));

  app.post("/v2/payments", async (request, reply) => {
    const body = request.body as {
      amount?: { value?: string; currency?: string };
      description?: string;
      redirectUrl?: string;
      webhookUrl?: string;
      metadata?: unknown;
      customerId?: string;
      sequenceType?: string;
    };
    if (!body.amount?.value || body.amount.currency !== "EUR" || !body.description || !body.redirectUrl) {
      return reply.status(422).send({ status: 422, title: "Unprocessable Entity", detail: "Missing field" });
    }
    const apiKey = keyOf(request.headers.authorization);
    const customer = body.customerId ? customers.get(body.customerId) : undefined;
    if (body.customerId && (!customer || customer.apiKey !== apiKey)) {
      return reply.status(404).type("application/hal+json").send(notFound(body.customerId, "customer"));
    }
    if (body.sequenceType === "first" && !customer) {
      return reply
        .status(422)
        .send({ status: 422, title: "Unprocessable Entity", detail: "A first payment needs a customerId" });
    }
    const payment: DoublePayment = {
      id: id("tr"),
      apiKey: keyOf(request.headers.authorization),
      cents: toCents(body.amount.value),
      description: body.description,
      redirectUrl: body.redirectUrl,
      webhookUrl: body.webhookUrl ?? null,
      metadata: body.metadata ?? null,
      status: "open",
      createdAt: new Date().toISOString(),
      paidAt: null,
      refunds: [],
      sequenceType: body.sequenceType === "first" ? "first" : "oneoff",
      customerId: customer?.id ?? null,
      mandateId: null,
      subscriptionId: null,
      chargedBackCents: 0,
    };
    payments.set(payment.id, payment);
    return reply.status(201).type("application/hal+json").send(paymentJson(payment, false));
  });

  app.get("/v2/payments/:id", async (request, reply) => {
    const { id: paymentId } = request.params as { id: string };
    const payment = payments.get(paymentId);
    if (!payment || payment.apiKey !== keyOf(request.headers.authorization)) {
      return reply.status(404).type("application/hal+json").send(notFound(paymentId));
    }
    const embed = String((request.query as { embed?: string }).embed ?? "");
    return reply
      .type("application/hal+json")
      .send(paymentJson(payment, embed.split(",").includes("refunds")));
  });

  const customerJson = (customer: DoubleCustomer) => ({
    resource: "customer",
    id: customer.id,
    mode: customer.apiKey.startsWith("live_") ? "live" : "test",
    name: customer.name,
    email: customer.email,
    locale: "nl_NL",
    metadata: customer.metadata,
    createdAt: customer.createdAt,
    _links: {
      self: { href: `${base()}/v2/customers/${customer.id}`, type: "application/hal+json" },
      documentation: { href: "https://docs.mollie.com/reference/create-customer", type: "text/html" },
    },
  });

  const subscriptionJson = (subscription: DoubleSubscription) => ({
    resource: "subscription",
    id: subscription.id,
    mode: subscription.apiKey.startsWith("live_") ? "live" : "test",
    createdAt: subscription.createdAt,
    status: subscription.status,
    amount: euro(subscription.cents),
    times: null,
    timesRemaining: null,
    interval: subscription.interval,
    startDate: subscription.startDate,
    ...(subscription.status === "active" ? { nextPaymentDate: subscription.startDate } : {}),
    description: subscription.description,
    method: null,
    mandateId: subscription.mandateId,
    ...(subscription.canceledAt ? { canceledAt: subscription.canceledAt } : {}),
    webhookUrl: subscription.webhookUrl,
    metadata: subscription.metadata,
    customerId: subscription.customerId,
    _links: {
      self: {
        href: `${base()}/v2/customers/${subscription.customerId}/subscriptions/${subscription.id}`,
        type: "application/hal+json",
      },
      customer: { href: `${base()}/v2/customers/${subscription.customerId}`, type: "application/hal+json" },
      documentation: { href: "https://docs.mollie.com/reference/create-subscription", type: "text/html" },
    },
  });

  app.post("/v2/customers", async (request, reply) => {
    const body = (request.body ?? {}) as { name?: string; email?: string; metadata?: unknown };
    const customer: DoubleCustomer = {
      id: id("cst"),
      apiKey: keyOf(request.headers.authorization),
      name: body.name ?? null,
      email: body.email ?? null,
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
      mandates: [],
    };
    customers.set(customer.id, customer);
    return reply.status(201).type("application/hal+json").send(customerJson(customer));
  });

  /** The customer of this key, or a 404 already sent. */
  const ownCustomer = (request: { params: unknown; headers: { authorization?: string } }) => {
    const { customerId } = request.params as { customerId: string };
    const customer = customers.get(customerId);
    return customer && customer.apiKey === keyOf(request.headers.authorization) ? customer : null;
  };

  app.post("/v2/customers/:customerId/subscriptions", async (request, reply) => {
    const customer = ownCustomer(request);
    const { customerId } = request.params as { customerId: string };
    if (!customer)
      return reply.status(404).type("application/hal+json").send(notFound(customerId, "customer"));
    const body = (request.body ?? {}) as {
      amount?: { value?: string; currency?: string };
      interval?: string;
      startDate?: string;
      description?: string;
      webhookUrl?: string;
      metadata?: unknown;
    };
    if (!body.amount?.value || body.amount.currency !== "EUR" || !body.interval || !body.description) {
      return reply.status(422).send({ status: 422, title: "Unprocessable Entity", detail: "Missing field" });
    }
    const mandateId = customer.mandates.at(-1);
    if (!mandateId) {
      return reply
        .status(422)
        .send({ status: 422, title: "Unprocessable Entity", detail: "The customer has no valid mandate" });
    }
    const subscription: DoubleSubscription = {
      id: id("sub"),
      apiKey: customer.apiKey,
      customerId: customer.id,
      mandateId,
      cents: toCents(body.amount.value),
      interval: body.interval,
      startDate: body.startDate ?? new Date().toISOString().slice(0, 10),
      description: body.description,
      webhookUrl: body.webhookUrl ?? null,
      metadata: body.metadata ?? null,
      status: "active",
      createdAt: new Date().toISOString(),
      canceledAt: null,
    };
    subscriptions.set(subscription.id, subscription);
    return reply.status(201).type("application/hal+json").send(subscriptionJson(subscription));
  });

  const ownSubscription = (request: { params: unknown; headers: { authorization?: string } }) => {
    const customer = ownCustomer(request);
    const { subscriptionId } = request.params as { subscriptionId: string };
    const subscription = subscriptions.get(subscriptionId);
    return customer && subscription?.customerId === customer.id ? subscription : null;
  };

  app.get("/v2/customers/:customerId/subscriptions/:subscriptionId", async (request, reply) => {
    const subscription = ownSubscription(request);
    const { subscriptionId } = request.params as { subscriptionId: string };
    if (!subscription) {
      return reply.status(404).type("application/hal+json").send(notFound(subscriptionId, "subscription"));
    }
    return reply.type("application/hal+json").send(subscriptionJson(subscription));
  });

  app.delete("/v2/customers/:customerId/subscriptions/:subscriptionId", async (request, reply) => {
    const subscription = ownSubscription(request);
    const { subscriptionId } = request.params as { subscriptionId: string };
    if (!subscription) {
      return reply.status(404).type("application/hal+json").send(notFound(subscriptionId, "subscription"));
    }
    if (subscription.status === "canceled") {
      return reply
        .status(422)
        .send({ status: 422, title: "Unprocessable Entity", detail: "The subscription has been canceled" });
    }
    subscription.status = "canceled";
    subscription.canceledAt = new Date().toISOString();
    return reply.type("application/hal+json").send(subscriptionJson(subscription));
  });

  const handle: MollieDouble = {
    apiEndpoint: "",
    payments,
    customers,
    subscriptions,
    keys,
    setStatus(paymentId, status) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.status = status;
      if (status === "paid") payment.paidAt = new Date().toISOString();
      // A paid first payment gives the customer a mandate for the recurring ones.
      if (status === "paid" && payment.sequenceType === "first" && payment.customerId && !payment.mandateId) {
        payment.mandateId = id("mdt");
        customers.get(payment.customerId)?.mandates.push(payment.mandateId);
      }
    },
    chargeSubscription(subscriptionId, status = "paid") {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      if (subscription.status !== "active") throw new Error(`subscription ${subscriptionId} is canceled`);
      const payment: DoublePayment = {
        id: id("tr"),
        apiKey: subscription.apiKey,
        cents: subscription.cents,
        description: subscription.description,
        redirectUrl: "",
        webhookUrl: subscription.webhookUrl,
        metadata: subscription.metadata,
        status,
        createdAt: new Date().toISOString(),
        paidAt: status === "paid" ? new Date().toISOString() : null,
        refunds: [],
        sequenceType: "recurring",
        customerId: subscription.customerId,
        mandateId: subscription.mandateId,
        subscriptionId: subscription.id,
        chargedBackCents: 0,
      };
      payments.set(payment.id, payment);
      return payment.id;
    },
    chargeback(paymentId) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.chargedBackCents = payment.cents;
    },
    refund(paymentId, cents, status = "pending") {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      const refund = { id: id("re"), cents, status, createdAt: new Date().toISOString() };
      payment.refunds.push(refund);
      return refund.id;
    },
    failAll(value) {
      isFailing = value;
    },
    close: () => app.close(),
  };

  // The hosted checkout, as a payer sees it at Mollie's test mode: pay, or cancel, then back to redirectUrl.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  app.get("/checkout/:id", async (request, reply) => {
    const payment = payments.get((request.params as { id: string }).id);
    if (!payment) return reply.status(404).type("text/html").send("<p>Onbekende betaling</p>");
    return reply.type("text/html").send(`<!doctype html><html lang="nl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Testbetaling</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<h1>Testbetaling</h1><p>${escape(payment.description)}</p><p>€ ${(payment.cents / 100).toFixed(2)}</p>
<form method="post"><input type="hidden" name="status" value="paid"><button type="submit">Betalen</button></form>
<form method="post"><input type="hidden" name="status" value="canceled"><button type="submit">Annuleren</button></form>
</body></html>`);
  });
  app.post("/checkout/:id", async (request, reply) => {
    const paymentId = (request.params as { id: string }).id;
    const payment = payments.get(paymentId);
    const status = (request.body as { status?: string } | undefined)?.status;
    if (!payment || (status !== "paid" && status !== "canceled")) return reply.status(400).send();
    handle.setStatus(paymentId, status);
    return reply.redirect(payment.redirectUrl, 303);
  });

  // For a test in another process (the browser tests): add a key, move a payment on.
  app.post("/_double/keys", async (request) => {
    keys.add((request.body as { key: string }).key);
    return { ok: true };
  });
  app.post("/_double/payments/:id/status", async (request) => {
    handle.setStatus(
      (request.params as { id: string }).id,
      (request.body as { status: DoubleStatus }).status,
    );
    return { ok: true };
  });
  app.get("/_double/payments", async () => [...payments.values()]);
  app.get("/_double/subscriptions", async () => [...subscriptions.values()]);
  app.post("/_double/subscriptions/:id/charge", async (request) => ({
    id: handle.chargeSubscription(
      (request.params as { id: string }).id,
      ((request.body ?? {}) as { status?: DoubleStatus }).status ?? "paid",
    ),
  }));

  await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  handle.apiEndpoint = `${base()}/v2/`;
  return handle;
}
