import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import {
  DisposeFixedAssetInputSchema,
  FixedAssetInputSchema,
  FixedAssetSchema,
} from "../../../shared/schemas/fixed-assets";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import {
  createFixedAsset,
  deleteFixedAsset,
  disposeFixedAsset,
  getFixedAsset,
  listFixedAssets,
  undoDisposal,
  updateFixedAsset,
} from "./service";

/** Investeringen: the asset register of the signed-in user; "today" (what is booked) is the app's clock. */
export const fixedAssetRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const today = () => businessDate(clock());

  app.get("/api/fixed-assets", { schema: { response: { 200: z.array(FixedAssetSchema) } } }, (request) =>
    listFixedAssets(db, request.user.id, today()),
  );

  app.get(
    "/api/fixed-assets/:id",
    { schema: { params: IdParamsSchema, response: { 200: FixedAssetSchema } } },
    (request) => getFixedAsset(db, request.user.id, request.params.id, today()),
  );

  app.post(
    "/api/fixed-assets",
    { schema: { body: FixedAssetInputSchema, response: { 201: FixedAssetSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createFixedAsset(db, request.user.id, request.body, today())),
  );

  app.put(
    "/api/fixed-assets/:id",
    { schema: { params: IdParamsSchema, body: FixedAssetInputSchema, response: { 200: FixedAssetSchema } } },
    (request) => updateFixedAsset(db, request.user.id, request.params.id, request.body, today()),
  );

  app.post(
    "/api/fixed-assets/:id/dispose",
    {
      schema: {
        params: IdParamsSchema,
        body: DisposeFixedAssetInputSchema,
        response: { 200: FixedAssetSchema },
      },
    },
    (request) => disposeFixedAsset(db, request.user.id, request.params.id, request.body, today()),
  );

  app.delete(
    "/api/fixed-assets/:id/disposal",
    { schema: { params: IdParamsSchema, response: { 200: FixedAssetSchema } } },
    (request) => undoDisposal(db, request.user.id, request.params.id, today()),
  );

  app.delete("/api/fixed-assets/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteFixedAsset(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });
};
