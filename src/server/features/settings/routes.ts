import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CompanyProfileInputSchema } from "../../../shared/schemas/settings";
import type { Database } from "../../db/client";
import { getCompanyProfile, saveCompanyProfile } from "./service";

/** Settings: the company data printed on invoices. Profile and password live with the account (auth routes). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/settings/company", (request) => getCompanyProfile(db, request.user.id));

  app.put("/api/settings/company", { schema: { body: CompanyProfileInputSchema } }, (request) =>
    saveCompanyProfile(db, request.user.id, request.body),
  );
};
