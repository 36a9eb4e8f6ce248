import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LoginInputSchema, RegisterInputSchema } from "@shared/schemas/auth";
import { PasswordChangeInputSchema, ProfileInputSchema } from "@shared/schemas/settings";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { minutes } from "../../plugins/security";
import { convertSignupLeads } from "../public-site/leads";
import { changePassword, registerUser, toUserAnswer, updateProfile, verifyCredentials } from "./service";

const TEN_MINUTES = 10 * 60 * 1000;
export const DEMO_PASSWORD_MESSAGE = "Het wachtwoord van een demo-account kan niet worden gewijzigd.";

/** Accounts and sessions: spec §2.9, §4 Session, §5 Login/Register, §7. */
export const authRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get("/api/user", { onRequest: app.requireUser }, async (request) => toUserAnswer(request.user));

  // Settings, profile.
  app.put(
    "/api/user",
    { onRequest: app.requireUser, schema: { body: ProfileInputSchema } },
    async (request) => toUserAnswer(await updateProfile(db, request.user.id, request.body)),
  );

  // Settings, password: every other session ends; this browser continues on a new session id. Rate-limited
  // like sign-in, because the current password can be guessed here too.
  app.put(
    "/api/user/password",
    {
      onRequest: app.requireUser,
      schema: { body: PasswordChangeInputSchema },
      config: { rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
    },
    async (request, reply) => {
      // A demo account has no password to change; it ends by itself after two hours.
      if (request.user.isDemo) throw new AppError(403, DEMO_PASSWORD_MESSAGE);
      await changePassword(db, request.user.id, request.body);
      await app.sessions.start(request, reply, request.user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/register",
    {
      schema: { body: RegisterInputSchema },
      config: { rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
    },
    async (request, reply) => {
      const user = await registerUser(db, request.body);
      // Issue 8: registering converts the visit's sign-up lead (and open leads with this e-mail address).
      await convertSignupLeads(db, user, request.body.leadId, clock());
      await app.sessions.start(request, reply, user.id);
      return reply.status(201).send(toUserAnswer(user));
    },
  );

  // Per IP (config.rateLimit) and per username (checked once the body is parsed), so that guessing one
  // account's password from many addresses is limited too. The plugin's own handler would be skipped after
  // the per-IP one has run, hence this small preHandler.
  const countLoginAttempt = app.createRateLimit({
    max: 10,
    timeWindow: TEN_MINUTES,
    keyGenerator: (request) =>
      `login:${String((request.body as { username?: unknown })?.username).toLowerCase()}`,
  });
  const perUsername = async (request: FastifyRequest) => {
    const attempt = await countLoginAttempt(request);
    if (!attempt.isAllowed && attempt.isExceeded) {
      throw new AppError(
        429,
        `Te veel inlogpogingen voor deze gebruiker. Probeer het over ${minutes(attempt.ttl)} opnieuw.`,
      );
    }
  };

  app.post(
    "/api/login",
    {
      schema: { body: LoginInputSchema },
      config: { rateLimit: { max: 30, timeWindow: TEN_MINUTES } },
      preHandler: perUsername,
    },
    async (request, reply) => {
      const user = await verifyCredentials(db, request.body.username, request.body.password);
      if (!user) throw new AppError(401, "Onjuiste gebruikersnaam of wachtwoord");
      await app.sessions.start(request, reply, user.id);
      return toUserAnswer(user);
    },
  );

  app.post("/api/logout", async (request, reply) => {
    await app.sessions.end(request, reply);
    return reply.status(204).send();
  });

  // decisions.md: the client sends a signed-out user to /api/login; the browser lands on the sign-in page.
  app.get("/api/login", async (_request, reply) => reply.redirect("/inloggen"));

  app.get("/api/logout", async (request, reply) => {
    await app.sessions.end(request, reply);
    return reply.redirect("/");
  });
};
