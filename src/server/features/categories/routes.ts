import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CategoryInputSchema, CategorySchema } from "../../../shared/schemas/categories";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { createCategory, deleteCategory, listCategories, updateCategory } from "./service";

/** Spec §7: GET /api/categories (id, name; type and colour for the forms), plus create, rename/recolour, delete. */
export const categoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/categories", { schema: { response: { 200: z.array(CategorySchema) } } }, async (request) =>
    listCategories(db, request.user.id),
  );

  app.post(
    "/api/categories",
    { schema: { body: CategoryInputSchema, response: { 201: CategorySchema } } },
    async (request, reply) => reply.status(201).send(await createCategory(db, request.user.id, request.body)),
  );

  app.put(
    "/api/categories/:id",
    { schema: { params: IdParamsSchema, body: CategoryInputSchema, response: { 200: CategorySchema } } },
    (request) => updateCategory(db, request.user.id, request.params.id, request.body),
  );

  // Transactions on the category stay and lose the link.
  app.delete("/api/categories/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteCategory(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });
};
