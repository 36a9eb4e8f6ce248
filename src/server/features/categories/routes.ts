import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import { listCategories } from "./service";

/** Spec §7: GET /api/categories (id, name; type and colour for the forms). */
export const categoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/categories", async (request) => listCategories(db, request.user.id));
};
