import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NotificationListSchema } from "../../../shared/schemas/notifications";
import type { Database } from "../../db/client";
import { trialNotice } from "../billing/service";
import { listNotifications } from "./service";

type Options = { db: Database; clock: () => Date; isBillingOn?: boolean };

/**
 * GET /api/notifications: the bell in the top bar (count and list), for `request.user.id` only; first, the end
 * of the trial or subscription (features/billing) when it is near or past.
 */
export const notificationRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, clock, isBillingOn }) => {
  app.get(
    "/api/notifications",
    { schema: { response: { 200: NotificationListSchema } } },
    async (request) => {
      const now = clock();
      const list = await listNotifications(db, request.user.id, now);
      const trial = await trialNotice(db, request.user, now, Boolean(isBillingOn));
      if (!trial) return list;
      return {
        count: list.count + 1,
        items: [{ id: "billing-trial", kind: "trial_ending" as const, ...trial }, ...list.items],
      };
    },
  );
};
