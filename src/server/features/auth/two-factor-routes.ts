import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  RecoveryCodesAnswerSchema,
  TwoFactorConfirmSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupAnswerSchema,
  TwoFactorSetupSchema,
  TwoFactorSignInSchema,
  UserSchema,
  type RecoveryCodesAnswer,
  type TwoFactorRequiredAnswer,
  type TwoFactorSetupAnswer,
} from "@shared/schemas/auth";
import { CURRENT_PASSWORD_WRONG_MESSAGE } from "@shared/schemas/settings";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { minutes } from "../../plugins/security";
import { isSecureRequest } from "../../plugins/session";
import { verifyPassword } from "./passwords";
import { toUserAnswer } from "./service";
import {
  CHALLENGE_LIFETIME_MS,
  challengeStore,
  checkTwoFactorCode,
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
  TWO_FACTOR_COOKIE,
} from "./two-factor";

const TEN_MINUTES = 10 * 60 * 1000;
export const CHALLENGE_EXPIRED_MESSAGE = "Je inlogpoging is verlopen. Log opnieuw in met je wachtwoord.";

export type CodeStep = ReturnType<typeof codeStep>;

/**
 * The step between a right password and a session for an account with two-factor sign-in: sign-in and a password
 * reset hand over to it instead of starting the session.
 */
export function codeStep(secret: string, publicUrl: string | undefined) {
  const challenges = challengeStore(secret);
  return {
    challenges,
    /** Opens the code step for the account; the answer tells the browser to ask for the code. */
    begin(request: FastifyRequest, reply: FastifyReply, userId: string, now: Date): TwoFactorRequiredAnswer {
      reply.setCookie(TWO_FACTOR_COOKIE, challenges.issue(userId, now), {
        path: "/api/login",
        httpOnly: true,
        sameSite: "strict",
        secure: isSecureRequest(request, publicUrl),
        maxAge: CHALLENGE_LIFETIME_MS / 1000,
      });
      reply.status(202);
      return { twoFactorRequired: true };
    },
  };
}

/** Two-factor sign-in: the code step of signing in, and switching it on and off in Settings (two-factor.ts). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  step: CodeStep;
}> = async (app, { db, clock, step }) => {
  // Per account, whatever the address: six digits are guessed in a million tries, so five per ten minutes.
  const countCodeAttempt = app.createRateLimit({
    max: 5,
    timeWindow: TEN_MINUTES,
    keyGenerator: (request) =>
      `two-factor:${step.challenges.read(request.cookies[TWO_FACTOR_COOKIE], clock())}`,
  });

  app.post(
    "/api/login/two-factor",
    {
      schema: { body: TwoFactorSignInSchema, response: { 200: UserSchema } },
      config: { rateLimit: { max: 30, timeWindow: TEN_MINUTES } },
    },
    async (request, reply) => {
      const userId = step.challenges.read(request.cookies[TWO_FACTOR_COOKIE], clock());
      if (!userId) throw new AppError(401, CHALLENGE_EXPIRED_MESSAGE);
      const attempt = await countCodeAttempt(request);
      if (!attempt.isAllowed && attempt.isExceeded) {
        throw new AppError(
          429,
          `Te veel pogingen met een code. Probeer het over ${minutes(attempt.ttl)} opnieuw.`,
        );
      }
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || user.erasedAt || !user.totpEnabledAt) throw new AppError(401, CHALLENGE_EXPIRED_MESSAGE);
      await checkTwoFactorCode(db, user, request.body.code, clock());
      reply.clearCookie(TWO_FACTOR_COOKIE, { path: "/api/login" });
      await app.sessions.start(request, reply, user.id);
      return toUserAnswer(user);
    },
  );

  const signedIn = {
    onRequest: app.requireUser,
    config: { rateLimit: { max: 10, timeWindow: TEN_MINUTES }, sessionOnly: true },
  };

  app.post(
    "/api/user/two-factor/setup",
    { ...signedIn, schema: { body: TwoFactorSetupSchema, response: { 200: TwoFactorSetupAnswerSchema } } },
    async (request): Promise<TwoFactorSetupAnswer> => {
      await checkPassword(request.user.passwordHash, request.body.currentPassword);
      return startTwoFactorSetup(db, request.user);
    },
  );

  app.post(
    "/api/user/two-factor/enable",
    { ...signedIn, schema: { body: TwoFactorEnableSchema, response: { 200: RecoveryCodesAnswerSchema } } },
    async (request): Promise<RecoveryCodesAnswer> => ({
      recoveryCodes: await enableTwoFactor(db, request.user, request.body.code, clock()),
    }),
  );

  app.post(
    "/api/user/two-factor/disable",
    { ...signedIn, schema: { body: TwoFactorConfirmSchema } },
    async (request, reply) => {
      await checkPassword(request.user.passwordHash, request.body.currentPassword);
      await disableTwoFactor(db, request.user, request.body.code, clock());
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/user/two-factor/recovery-codes",
    { ...signedIn, schema: { body: TwoFactorConfirmSchema, response: { 200: RecoveryCodesAnswerSchema } } },
    async (request): Promise<RecoveryCodesAnswer> => {
      await checkPassword(request.user.passwordHash, request.body.currentPassword);
      return { recoveryCodes: await renewRecoveryCodes(db, request.user, request.body.code, clock()) };
    },
  );
};

async function checkPassword(passwordHash: string, password: string): Promise<void> {
  if (!(await verifyPassword(passwordHash, password))) {
    throw invalidField("currentPassword", CURRENT_PASSWORD_WRONG_MESSAGE);
  }
}
