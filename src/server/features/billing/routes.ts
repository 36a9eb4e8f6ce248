import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BILLING_MESSAGES,
  BillingCheckoutSchema,
  BillingStatusSchema,
} from "../../../shared/schemas/billing";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { ProviderUnavailable } from "../payment-links/provider";
import { readProviderForms } from "../payment-links/routes";
import {
  BILLING_WEBHOOK_PATH,
  billingInvoicePdf,
  cancelSubscription,
  getBillingStatus,
  handleBillingWebhook,
  startSubscription,
  type BillingDeps,
} from "./service";

type Options = { db: Database; clock: () => Date; deps: Omit<BillingDeps, "log"> };

const IdParamsSchema = z.object({ id: z.string() });
/** Mollie posts only the payment's id (docs.mollie.com, 'Webhooks'). */
const WebhookBodySchema = z.object({ id: z.string().trim().min(1).max(100) });
const MINUTE = 60_000;

/**
 * Settings → Abonnement, for the signed-in customer's own account (never another's administration: who pays for
 * an account is its owner's business). Reachable when the account is read-only: this is the way out of it.
 */
export const billingRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, clock, deps }) => {
  const withLog = { ...deps, log: app.log };
  // Starting, cancelling and the invoices are the owner's; a member sees the state of the books they work in.
  const config = { memberAccess: "owner" as const, billingExempt: true };

  app.get(
    "/api/billing",
    { config: { billingExempt: true }, schema: { response: { 200: BillingStatusSchema } } },
    (request) => getBillingStatus(db, request.user, clock(), withLog),
  );

  app.post(
    "/api/billing/subscription",
    { config, schema: { response: { 200: BillingCheckoutSchema } } },
    (request) => startSubscription(db, request.user, clock(), withLog),
  );

  app.delete("/api/billing/subscription", { config }, async (request, reply) => {
    await cancelSubscription(db, request.user, clock(), withLog);
    return reply.status(204).send();
  });

  app.get(
    "/api/billing/invoices/:id/pdf",
    { config, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const { filename, pdf } = await billingInvoicePdf(db, request.user.id, request.params.id, withLog);
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(pdf);
    },
  );
};

/** The provider's webhook for subscription payments: no account, so it only reads what the provider says. */
export const billingWebhookRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, clock, deps }) => {
  const withLog = { ...deps, log: app.log };
  readProviderForms(app);

  app.post(
    BILLING_WEBHOOK_PATH,
    { schema: { body: WebhookBodySchema }, config: { rateLimit: { max: 300, timeWindow: MINUTE } } },
    async (request, reply) => {
      try {
        await handleBillingWebhook(db, request.body.id, clock(), withLog);
      } catch (error) {
        // Mollie calls again later when the answer is not a 200.
        if (error instanceof ProviderUnavailable) {
          throw new AppError(503, BILLING_MESSAGES.providerUnreachable, { cause: error });
        }
        throw error;
      }
      return reply.status(200).send();
    },
  );
};
