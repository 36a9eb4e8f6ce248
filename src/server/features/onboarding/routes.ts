import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OnboardingSchema } from "../../../shared/schemas/onboarding";
import type { Database } from "../../db/client";
import { getOnboarding } from "./service";

/** GET /api/onboarding: the dashboard's first steps; putting them away is a preference (settings routes). */
export const onboardingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/onboarding", { schema: { response: { 200: OnboardingSchema } } }, (request) =>
    getOnboarding(db, request.user.id),
  );
};
