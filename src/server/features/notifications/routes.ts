import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import { listNotifications } from "./service";

/** GET /api/notifications: the bell in the top bar (count and list), for `request.user.id` only. */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get("/api/notifications", (request) => listNotifications(db, request.user.id, clock()));
};
