import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { LoginInputSchema, TwoFactorRequiredAnswerSchema } from "@shared/schemas/auth";
import {
  ContactAnswerInputSchema,
  ContactMessageSchema,
  ErrorLogRowSchema,
  FeatureFlagRowSchema,
  FeatureFlagToggleSchema,
  JobRunRowSchema,
  NewsletterSignupRowSchema,
  OperatorAnswerSchema,
  OperatorPageQuerySchema,
  PrivacyRequestRowSchema,
  type OperatorAnswer,
} from "@shared/schemas/operator";
import { IdParamsSchema, z } from "@shared/validation";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { sendPage } from "../../paging";
import { minutes } from "../../plugins/security";
import { verifyCredentials } from "../auth/service";
import type { CodeStep } from "../auth/two-factor-routes";
import {
  answerContactMessage,
  listContactMessages,
  listErrorLogs,
  listFeatureFlags,
  listJobRunRows,
  listNewsletterSignups,
  listPrivacyRequests,
  setFeatureFlag,
} from "./service";

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * The operator back office under /api/operator. Signing in is the one route open to anyone; every other route
 * sits behind requireOperator (plugins/session.ts): 401 signed out, 404 for a customer's session.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  step: CodeStep;
}> = async (app, { db, clock, step }) => {
  const countLoginAttempt = app.createRateLimit({
    max: 10,
    timeWindow: TEN_MINUTES,
    keyGenerator: (request) =>
      `operator-login:${String((request.body as { username?: unknown })?.username).toLowerCase()}`,
  });
  const perUsername = async (request: FastifyRequest) => {
    const attempt = await countLoginAttempt(request);
    if (!attempt.isAllowed && attempt.isExceeded) {
      throw new AppError(429, `Te veel inlogpogingen. Probeer het over ${minutes(attempt.ttl)} opnieuw.`);
    }
  };

  // The customers' sign-in with the roles swapped: a customer's right password is refused here exactly as a
  // wrong one, and the code step of two-factor sign-in is the same (POST /api/login/two-factor).
  app.post(
    "/api/operator/login",
    {
      schema: {
        body: LoginInputSchema,
        response: { 200: OperatorAnswerSchema, 202: TwoFactorRequiredAnswerSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: TEN_MINUTES } },
      preHandler: perUsername,
    },
    async (request, reply) => {
      const user = await verifyCredentials(db, request.body.username, request.body.password);
      if (!user?.isOperator) throw new AppError(401, "Onjuiste gebruikersnaam of wachtwoord");
      if (user.totpEnabledAt) return step.begin(request, reply, user.id, clock());
      await app.sessions.start(request, reply, user.id);
      return { id: user.id, username: user.username, email: user.email } satisfies OperatorAnswer;
    },
  );

  await app.register(async (scope) => {
    const operator = scope.withTypeProvider<ZodTypeProvider>();
    operator.addHook("onRequest", operator.requireOperator);

    const pageOf = <T extends z.ZodType>(row: T) => ({
      querystring: OperatorPageQuerySchema,
      response: { 200: z.array(row) },
    });

    operator.get(
      "/api/operator/me",
      { schema: { response: { 200: OperatorAnswerSchema } } },
      async (request): Promise<OperatorAnswer> => ({
        id: request.user.id,
        username: request.user.username,
        email: request.user.email,
      }),
    );

    operator.get(
      "/api/operator/contact-messages",
      { schema: pageOf(ContactMessageSchema) },
      async (request, reply) => {
        const page = await listContactMessages(db, request.query);
        return sendPage(request, reply, request.query, page.total, page.rows);
      },
    );

    operator.post(
      "/api/operator/contact-messages/:id/answer",
      { schema: { params: IdParamsSchema, body: ContactAnswerInputSchema } },
      async (request, reply) => {
        await answerContactMessage(db, request.user, request.params.id, request.body, clock());
        return reply.status(204).send();
      },
    );

    operator.get(
      "/api/operator/newsletter-signups",
      { schema: pageOf(NewsletterSignupRowSchema) },
      async (request, reply) => {
        const page = await listNewsletterSignups(db, request.query);
        return sendPage(request, reply, request.query, page.total, page.rows);
      },
    );

    operator.get(
      "/api/operator/privacy-requests",
      { schema: pageOf(PrivacyRequestRowSchema) },
      async (request, reply) => {
        const page = await listPrivacyRequests(db, request.query, clock());
        return sendPage(request, reply, request.query, page.total, page.rows);
      },
    );

    operator.get(
      "/api/operator/error-logs",
      { schema: pageOf(ErrorLogRowSchema) },
      async (request, reply) => {
        const page = await listErrorLogs(db, request.query);
        return sendPage(request, reply, request.query, page.total, page.rows);
      },
    );

    operator.get(
      "/api/operator/feature-flags",
      { schema: pageOf(FeatureFlagRowSchema) },
      async (request, reply) => {
        const page = await listFeatureFlags(db, request.query);
        return sendPage(request, reply, request.query, page.total, page.rows);
      },
    );

    operator.patch(
      "/api/operator/feature-flags/:id",
      {
        schema: {
          params: IdParamsSchema,
          body: FeatureFlagToggleSchema,
          response: { 200: FeatureFlagRowSchema },
        },
      },
      (request) => setFeatureFlag(db, request.params.id, request.body.isEnabled, clock()),
    );

    operator.get("/api/operator/job-runs", { schema: { response: { 200: z.array(JobRunRowSchema) } } }, () =>
      listJobRunRows(db),
    );
  });
};
