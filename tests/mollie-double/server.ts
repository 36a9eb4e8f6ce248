/**
 * A local double of Mollie's API (docs.mollie.com), for the tests: the real @mollie/api-client talks to it.
 * It answers what payment links use, in Mollie's response shapes: GET /v2/methods (the key check),
 * POST /v2/payments, GET /v2/payments/:id (?embed=refunds). Keys it does not know get Mollie's 401; a payment
 * made with another key is a 404, as at Mollie. The test moves a payment on (paid, failed, refunded…) through
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
};

export type MollieDouble = {
  /** The apiEndpoint for Mollie's client. */
  apiEndpoint: string;
  /** Every payment made, by id. */
  payments: Map<string, DoublePayment>;
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
      sequenceType: "oneoff",
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
  const notFound = (what: string) => ({
    status: 404,
    title: "Not Found",
    detail: `No payment exists with token ${what}.`,
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
    };
    if (!body.amount?.value || body.amount.currency !== "EUR" || !body.description || !body.redirectUrl) {
      return reply.status(422).send({ status: 422, title: "Unprocessable Entity", detail: "Missing field" });
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

  const handle: MollieDouble = {
    apiEndpoint: "",
    payments,
    keys,
    setStatus(paymentId, status) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.status = status;
      if (status === "paid") payment.paidAt = new Date().toISOString();
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

  await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  handle.apiEndpoint = `${base()}/v2/`;
  return handle;
}
