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
  type OperatorPageQuery,
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

    // A back-office list: the page of rows asked for, the size of the whole list in the headers.
    const listRoute = <T extends z.ZodType>(
      url: string,
      row: T,
      list: (query: OperatorPageQuery) => Promise<{ rows: z.output<T>[]; total: number }>,
    ) =>
      operator.get(
        url,
        { schema: { querystring: OperatorPageQuerySchema, response: { 200: z.array(row) } } },
        async (request, reply) => {
          const page = await list(request.query);
          return sendPage(request, reply, request.query, page.total, page.rows);
        },
      );

    operator.get(
      "/api/operator/me",
      { schema: { response: { 200: OperatorAnswerSchema } } },
      async (request): Promise<OperatorAnswer> => ({
        id: request.user.id,
        username: request.user.username,
        email: request.user.email,
      }),
    );

    listRoute("/api/operator/contact-messages", ContactMessageSchema, (query) =>
      listContactMessages(db, query),
    );

    operator.post(
      "/api/operator/contact-messages/:id/answer",
      { schema: { params: IdParamsSchema, body: ContactAnswerInputSchema } },
      async (request, reply) => {
        await answerContactMessage(db, request.user, request.params.id, request.body, clock());
        return reply.status(204).send();
      },
    );

    listRoute("/api/operator/newsletter-signups", NewsletterSignupRowSchema, (query) =>
      listNewsletterSignups(db, query),
    );

    listRoute("/api/operator/privacy-requests", PrivacyRequestRowSchema, (query) =>
      listPrivacyRequests(db, query, clock()),
    );

    listRoute("/api/operator/error-logs", ErrorLogRowSchema, (query) => listErrorLogs(db, query));

    listRoute("/api/operator/feature-flags", FeatureFlagRowSchema, (query) => listFeatureFlags(db, query));

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
