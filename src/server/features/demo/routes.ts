import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DemoStartAnswerSchema } from "../../../shared/schemas/demo";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { toUserAnswer } from "../auth/service";
import { startDemo } from "./service";

const TEN_MINUTES = 10 * 60 * 1000;
/** Spec §8 Demo: the client shows this text when the message contains 'Te veel'. */
export const DEMO_RATE_LIMIT_MESSAGE = "Te veel demo aanvragen. Probeer het over 10 minuten opnieuw.";
/** Demo accounts one address may start per ten minutes. */
export const DEMO_STARTS_PER_WINDOW = 3;

/** POST /api/demo/start (spec §7): a demo account full of data, signed in at once. */
export const demoRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.post(
    "/api/demo/start",
    {
      schema: { response: { 201: DemoStartAnswerSchema } },
      config: {
        rateLimit: {
          max: DEMO_STARTS_PER_WINDOW,
          timeWindow: TEN_MINUTES,
          errorResponseBuilder: () => new AppError(429, DEMO_RATE_LIMIT_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      const user = await startDemo(db, clock());
      await app.sessions.start(request, reply, user.id);
      return reply.status(201).send({
        user: toUserAnswer(user),
        demoExpiresAt: user.demoExpiresAt!.toISOString(),
      });
    },
  );
};
