import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CategoryInputSchema } from "../../../shared/schemas/categories";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { createCategory, deleteCategory, listCategories, updateCategory } from "./service";

const CategoryIdParamsSchema = z.object({ id: z.string() });

/** Spec §7: GET /api/categories (id, name; type and colour for the forms), plus create, rename/recolour, delete. */
export const categoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/categories", async (request) => listCategories(db, request.user.id));

  app.post("/api/categories", { schema: { body: CategoryInputSchema } }, async (request, reply) =>
    reply.status(201).send(await createCategory(db, request.user.id, request.body)),
  );

  app.put(
    "/api/categories/:id",
    { schema: { params: CategoryIdParamsSchema, body: CategoryInputSchema } },
    (request) => updateCategory(db, request.user.id, request.params.id, request.body),
  );

  // Transactions on the category stay and lose the link.
  app.delete(
    "/api/categories/:id",
    { schema: { params: CategoryIdParamsSchema } },
    async (request, reply) => {
      await deleteCategory(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
