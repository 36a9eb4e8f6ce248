import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  OnlinePaymentsInputSchema,
  OnlinePaymentsSchema,
  PAYMENT_LINK_MESSAGES,
  PaymentLinkSchema,
  PaymentReturnSchema,
} from "../../../shared/schemas/payment-links";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { ProviderUnavailable } from "./provider";
import {
  createPaymentLink,
  getOnlinePayments,
  getPaymentReturn,
  handleProviderPayment,
  listPaymentLinks,
  removeOnlinePayments,
  saveOnlinePayments,
  WEBHOOK_PATH,
  type PaymentLinkDeps,
} from "./service";

type Options = { db: Database; clock: () => Date; deps: Omit<PaymentLinkDeps, "log"> };

const InvoiceParamsSchema = z.object({ invoiceId: z.string() });
/** Mollie posts only the payment's id (docs.mollie.com, 'Webhooks'). */
const WebhookBodySchema = z.object({ id: z.string().trim().min(1).max(100) });
const MINUTE = 60_000;

/** Settings → Online betalen and the links of the signed-in user's invoices; scoped to `request.user.id`. */
export const paymentLinkRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, deps }) => {
  const withLog = { ...deps, log: app.log };

  app.get(
    "/api/settings/online-payments",
    { schema: { response: { 200: OnlinePaymentsSchema } } },
    (request) => getOnlinePayments(db, request.user.id),
  );

  app.put(
    "/api/settings/online-payments",
    { schema: { body: OnlinePaymentsInputSchema, response: { 200: OnlinePaymentsSchema } } },
    (request) => saveOnlinePayments(db, request.user.id, request.body, withLog),
  );

  app.delete("/api/settings/online-payments", async (request, reply) => {
    await removeOnlinePayments(db, request.user.id);
    return reply.status(204).send();
  });

  app.get(
    "/api/payment-links/invoices/:invoiceId",
    { schema: { params: InvoiceParamsSchema, response: { 200: z.array(PaymentLinkSchema) } } },
    (request) => listPaymentLinks(db, request.user.id, request.params.invoiceId),
  );

  // The link for what is open now (reused while it is still open for that amount).
  app.post(
    "/api/payment-links/invoices/:invoiceId",
    { schema: { params: InvoiceParamsSchema, response: { 200: PaymentLinkSchema } } },
    (request) => createPaymentLink(db, request.user.id, request.params.invoiceId, withLog),
  );
};

/** Mollie posts its webhook as a small form; only the scope that calls this reads one. */
export function readProviderForms(app: FastifyInstance) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** The provider's webhook and the payer's return page: no account, so they only read what the provider says. */
export const paymentLinkPublicRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, clock, deps }) => {
  const withLog = { ...deps, log: app.log };

  readProviderForms(app);

  app.post(
    WEBHOOK_PATH,
    { schema: { body: WebhookBodySchema }, config: { rateLimit: { max: 300, timeWindow: MINUTE } } },
    async (request, reply) => {
      try {
        await handleProviderPayment(db, request.body.id, withLog, clock());
      } catch (error) {
        // Mollie calls again later when the answer is not a 200.
        if (error instanceof ProviderUnavailable) {
          throw new AppError(503, PAYMENT_LINK_MESSAGES.providerUnreachable, { cause: error });
        }
        throw error;
      }
      return reply.status(200).send();
    },
  );

  app.get(
    "/api/payment-links/:id/return",
    {
      schema: { params: IdParamsSchema, response: { 200: PaymentReturnSchema } },
      config: { rateLimit: { max: 30, timeWindow: MINUTE } },
    },
    (request) => getPaymentReturn(db, request.params.id, withLog, clock()),
  );
};
