import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import {
  ClientInputSchema,
  ClientListQuerySchema,
  ClientSchema,
  ClientSummaryQuerySchema,
  ClientSummarySchema,
} from "../../../shared/schemas/clients";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { sendListPage } from "../../paging";
import { fileResponse } from "../openapi/file-response";
import { clientsExportFilename, clientsToCsv } from "./csv-export";
import {
  createClient,
  deleteClient,
  getClient,
  countClients,
  listClients,
  summariseClients,
  updateClient,
} from "./service";

const ClientExportQuerySchema = ClientListQuerySchema.pick({
  search: true,
  sort: true,
  order: true,
  role: true,
});

/** Spec §7 and §2.16: the clients of the signed-in user. Every service call is scoped to `request.user.id`. */
export const clientRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get(
    "/api/clients",
    { schema: { querystring: ClientListQuerySchema, response: { 200: z.array(ClientSchema) } } },
    (request, reply) =>
      sendListPage(request, reply, request.query, {
        page: listClients(db, request.user.id, request.query),
        total: countClients(db, request.user.id, request.query),
      }),
  );

  app.get(
    "/api/clients/summary",
    { schema: { querystring: ClientSummaryQuerySchema, response: { 200: ClientSummarySchema } } },
    (request) => summariseClients(db, request.user.id, request.query),
  );

  // What the screen shows (same search and order), as a download.
  app.get(
    "/api/clients/export",
    {
      schema: {
        querystring: ClientExportQuerySchema,
        response: { 200: fileResponse("text/csv", "De relaties als CSV") },
      },
    },
    async (request, reply) => {
      const clients = await listClients(db, request.user.id, { ...request.query, offset: 0 });
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header(
          "Content-Disposition",
          `attachment; filename="${clientsExportFilename(businessDate(clock()))}"`,
        )
        .header("Cache-Control", "no-store")
        .send(clientsToCsv(clients));
    },
  );

  app.get(
    "/api/clients/:id",
    { schema: { params: IdParamsSchema, response: { 200: ClientSchema } } },
    (request) => getClient(db, request.user.id, request.params.id),
  );

  app.post(
    "/api/clients",
    { schema: { body: ClientInputSchema, response: { 201: ClientSchema } } },
    async (request, reply) => reply.status(201).send(await createClient(db, request.user.id, request.body)),
  );

  app.put(
    "/api/clients/:id",
    { schema: { params: IdParamsSchema, body: ClientInputSchema, response: { 200: ClientSchema } } },
    (request) => updateClient(db, request.user.id, request.params.id, request.body),
  );

  app.delete("/api/clients/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteClient(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });
};
