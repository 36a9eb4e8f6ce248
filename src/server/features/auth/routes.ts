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

  // The page below signs out with a plain form: its (empty) body needs no parsing.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  app.post("/api/logout", async (request, reply) => {
    await app.sessions.end(request, reply);
    // The form of the page below: back to the home page; the app's own call gets the plain answer.
    if (request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
      return reply.redirect("/", 303);
    }
    return reply.status(204).send();
  });

  // decisions.md: the client sends a signed-out user to /api/login; the browser lands on the sign-in page.
  app.get("/api/login", async (_request, reply) => reply.redirect("/inloggen"));

  // Spec: the sidebar's button navigates here. A navigation from another site (a link or an image on a page
  // elsewhere: Sec-Fetch-Site cross-site or same-site) must not sign anyone out; it gets a page that asks, and
  // signs out by POST, which the origin check guards.
  app.get("/api/logout", async (request, reply) => {
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") {
      return reply
        .status(200)
        .header("Content-Type", "text/html; charset=utf-8")
        .header("Cache-Control", "no-store")
        .send(LOGOUT_PAGE);
    }
    await app.sessions.end(request, reply);
    return reply.redirect("/");
  });
};

const LOGOUT_PAGE = `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Uitloggen – Balans</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem">
<h1>Uitloggen bij Balans?</h1>
<p>Je kwam hier via een andere website. Wil je echt uitloggen?</p>
<form method="post" action="/api/logout"><button type="submit">Uitloggen</button></form>
<p><a href="/app/dashboard">Nee, terug naar Balans</a></p>
</body>
</html>
`;
