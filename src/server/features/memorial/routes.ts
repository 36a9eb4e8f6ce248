import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MemorialEntryInputSchema,
  MemorialEntrySchema,
  MemorialEntrySummarySchema,
} from "../../../shared/schemas/memorial";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import {
  createMemorialEntry,
  deleteMemorialEntry,
  getMemorialEntry,
  listMemorialEntries,
  lockMemorialEntry,
  updateMemorialEntry,
} from "./service";

/** The signed-in user's memorial entries (memoriaal); every call is scoped to `request.user.id`. */
export const memorialRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const entry = { 200: MemorialEntrySchema };

  app.get(
    "/api/memorial-entries",
    { schema: { response: { 200: z.array(MemorialEntrySummarySchema) } } },
    (request) => listMemorialEntries(db, request.user.id),
  );

  app.get("/api/memorial-entries/:id", { schema: { params: IdParamsSchema, response: entry } }, (request) =>
    getMemorialEntry(db, request.user.id, request.params.id),
  );

  app.post(
    "/api/memorial-entries",
    { schema: { body: MemorialEntryInputSchema, response: { 201: MemorialEntrySchema } } },
    async (request, reply) =>
      reply.status(201).send(await createMemorialEntry(db, request.user.id, request.body)),
  );

  app.put(
    "/api/memorial-entries/:id",
    { schema: { params: IdParamsSchema, body: MemorialEntryInputSchema, response: entry } },
    (request) => updateMemorialEntry(db, request.user.id, request.params.id, request.body, clock()),
  );

  app.delete("/api/memorial-entries/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteMemorialEntry(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    "/api/memorial-entries/:id/lock",
    { schema: { params: IdParamsSchema, response: entry } },
    (request) => lockMemorialEntry(db, request.user.id, request.params.id, clock()),
  );
};
