import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EmailConfirmedAnswerSchema,
  LinkTokenSchema,
  LoginInputSchema,
  MessageAnswerSchema,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PasswordResetInputSchema,
  PasswordResetRequestSchema,
  RegisterInputSchema,
  SessionAnswerSchema,
  TwoFactorRequiredAnswerSchema,
  UserSchema,
} from "@shared/schemas/auth";
import { PasswordChangeInputSchema, ProfileInputSchema } from "@shared/schemas/settings";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { minutes } from "../../plugins/security";
import { convertSignupLeads } from "../public-site/leads";
import {
  checkPasswordResetLink,
  confirmEmail,
  LINK_REFUSALS,
  requestPasswordReset,
  resetPassword,
  sendEmailConfirmation,
  type LinkRefusal,
} from "./account-links";
import { changePassword, registerUser, toUserAnswer, updateProfile, verifyCredentials } from "./service";
import type { CodeStep } from "./two-factor-routes";

const TEN_MINUTES = 10 * 60 * 1000;
const NO_EMAIL_MESSAGE = "Vul eerst je e-mailadres in bij je profiel.";
export const DEMO_PASSWORD_MESSAGE = "Het wachtwoord van een demo-account kan niet worden gewijzigd.";

/** A sign-in answers the user, or (202) that the code of the second factor comes next. */
const SIGN_IN_RESPONSE = { 200: UserSchema, 202: TwoFactorRequiredAnswerSchema };

const refused = (refusal: LinkRefusal) =>
  new AppError(LINK_REFUSALS[refusal].status, LINK_REFUSALS[refusal].message);

/**
 * Accounts and sessions: spec §2.9, §4 Session, §5 Login/Register, §7; recovering a forgotten password and
 * confirming the e-mail address (account-links.ts). `linkBase`: where links in mails point.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  linkBase: string;
  step: CodeStep;
}> = async (app, { db, clock, linkBase, step }) => {
  const links = () => ({ linkBase, now: clock() });

  app.get(
    "/api/user",
    { onRequest: app.requireUser, schema: { response: { 200: UserSchema } } },
    // In another's administration: its owner, as everywhere, and who is signed in (the user menu shows them).
    async (request) => {
      const { user, actor, memberRole } = request;
      if (actor.id === user.id || !memberRole) return toUserAnswer(user);
      return { ...toUserAnswer(user), signedInAs: { ...toUserAnswer(actor), role: memberRole } };
    },
  );

  // The public site asks whether someone is signed in (its header then leads to the app): always 200, no details.
  app.get("/api/session", { schema: { response: { 200: SessionAnswerSchema } } }, async (request, reply) => {
    const user = await app.sessions.currentUser(request, reply);
    const isLive = user !== null && !(user.isDemo && user.demoExpiresAt && user.demoExpiresAt <= clock());
    return reply.header("Cache-Control", "no-store").send({ signedIn: isLive });
  });

  // Settings, profile.
  app.put(
    "/api/user",
    // The e-mail address signs in and resets the password: only a browser session changes it, never a token.
    {
      onRequest: app.requireUser,
      schema: { body: ProfileInputSchema, response: { 200: UserSchema } },
      config: { sessionOnly: true },
    },
    async (request) => toUserAnswer(await updateProfile(db, request.user, request.body, links())),
  );

  // Settings, password: every other session ends; this browser continues on a new session id. Rate-limited
  // like sign-in, because the current password can be guessed here too.
  app.put(
    "/api/user/password",
    {
      onRequest: app.requireUser,
      schema: { body: PasswordChangeInputSchema },
      config: { rateLimit: { max: 10, timeWindow: TEN_MINUTES }, sessionOnly: true },
    },
    async (request, reply) => {
      // A demo account has no password to change; it ends by itself after two hours.
      if (request.user.isDemo) throw new AppError(403, DEMO_PASSWORD_MESSAGE);
      await changePassword(db, request.user, request.body, clock());
      await app.sessions.start(request, reply, request.user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/register",
    {
      schema: { body: RegisterInputSchema, response: { 201: UserSchema } },
      config: { rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
    },
    async (request, reply) => {
      const user = await registerUser(db, request.body, links());
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
      schema: { body: LoginInputSchema, response: SIGN_IN_RESPONSE },
      config: { rateLimit: { max: 30, timeWindow: TEN_MINUTES } },
      preHandler: perUsername,
    },
    async (request, reply) => {
      const user = await verifyCredentials(db, request.body.username, request.body.password);
      // An operator signs in at /beheer/inloggen only (operator/routes.ts): here it is refused like a wrong password.
      if (!user || user.isOperator) throw new AppError(401, "Onjuiste gebruikersnaam of wachtwoord");
      // With two-factor sign-in the session starts only after the code (two-factor-routes.ts).
      if (user.totpEnabledAt) return step.begin(request, reply, user.id, clock());
      await app.sessions.start(request, reply, user.id);
      return toUserAnswer(user);
    },
  );

  // 'Wachtwoord vergeten': the same answer whether or not an account has the address. Per IP here; per account
  // the service sends at most three links an hour.
  app.post(
    "/api/password-reset/request",
    {
      schema: { body: PasswordResetRequestSchema, response: { 202: MessageAnswerSchema } },
      config: { rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
    },
    async (request, reply) => {
      await requestPasswordReset(db, request.body.email, linkBase, clock());
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    },
  );

  // The reset page asks first whether its link still works, so nobody types a new password for nothing.
  const linkLimit = { rateLimit: { max: 20, timeWindow: TEN_MINUTES } };
  app.post(
    "/api/password-reset/check",
    { schema: { body: LinkTokenSchema }, config: linkLimit },
    async (request, reply) => {
      const checked = await checkPasswordResetLink(db, request.body.token, clock());
      if (!checked.ok) throw refused(checked.refusal);
      return reply.status(204).send();
    },
  );

  // The new password: every session of the account ends, and this browser is signed in on a new one.
  app.post(
    "/api/password-reset",
    { schema: { body: PasswordResetInputSchema, response: SIGN_IN_RESPONSE }, config: linkLimit },
    async (request, reply) => {
      const result = await resetPassword(db, request.body, clock());
      if (!result.ok) throw refused(result.refusal);
      // The mailed link replaces the password, not the second factor: the code is still asked.
      if (result.user.totpEnabledAt) return step.begin(request, reply, result.user.id, clock());
      await app.sessions.start(request, reply, result.user.id);
      return toUserAnswer(result.user);
    },
  );

  app.post(
    "/api/email-confirmation",
    { schema: { body: LinkTokenSchema, response: { 200: EmailConfirmedAnswerSchema } }, config: linkLimit },
    async (request) => {
      const result = await confirmEmail(db, request.body.token, clock());
      if (!result.ok) throw refused(result.refusal);
      return { email: result.email };
    },
  );

  // 'Stuur opnieuw': a fresh confirmation link to the signed-in user's address.
  app.post(
    "/api/user/email-confirmation",
    {
      onRequest: app.requireUser,
      schema: { response: { 202: MessageAnswerSchema } },
      // Proving one's address is account security: open after the trial too (features/billing).
      config: { rateLimit: { max: 5, timeWindow: TEN_MINUTES }, billingExempt: true },
    },
    async (request, reply) => {
      const { id, email, emailVerifiedAt } = request.user;
      if (!email) throw new AppError(400, NO_EMAIL_MESSAGE, { fieldErrors: { email: NO_EMAIL_MESSAGE } });
      if (emailVerifiedAt) throw new AppError(409, "Je e-mailadres is al bevestigd.");
      await sendEmailConfirmation(db, { id, email }, linkBase, clock());
      return reply
        .status(202)
        .send({ message: `We hebben een nieuwe bevestigingslink gestuurd naar ${email}.` });
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
