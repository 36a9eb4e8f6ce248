import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ContactAnswerSchema,
  ContactInputSchema,
  FormTokenSchema,
  HONEYPOT_FIELD,
  LeadAnswerSchema,
  LeadVisitInputSchema,
  NewsletterAnswerSchema,
  NewsletterSignupInputSchema,
  NewsletterTokenInputSchema,
} from "@shared/schemas/public-site";
import type { Database } from "../../db/client";
import { submitContactMessage, type Visitor } from "./contact";
import { screenFormSubmission } from "./form-security";
import { issueFormToken } from "./form-token";
import { recordLeadVisit } from "./leads";
import { confirmNewsletter, signUpForNewsletter, unsubscribeFromNewsletter } from "./newsletter";

const MINUTE = 60 * 1000;
/** Contact messages per address per hour, counted in the form security log. */
export const CONTACT_MAX_PER_HOUR = 5;
/** Newsletter sign-ups per address per hour. */
export const NEWSLETTER_MAX_PER_HOUR = 10;

type Options = {
  db: Database;
  clock: () => Date;
  /** Signs form tokens and unsubscribe links. */
  secret: string;
  publicUrl: string | undefined;
  /** Where contact messages go for the team to answer. */
  supportEmail: string;
  rateLimits: boolean;
};

/**
 * The public site's forms (issue 8): contact, newsletter and sign-up leads. Anonymous, so every route is
 * rate-limited per address, and the origin check of plugins/security.ts applies to each POST.
 */
export const publicSiteRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { db, clock, secret } = options;
  const visitorOf = (request: FastifyRequest): Visitor => ({
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
  });
  const baseUrlOf = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    "/api/forms/token",
    {
      schema: { response: { 200: FormTokenSchema } },
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { token: issueFormToken(secret, clock()) };
    },
  );

  app.post(
    "/api/contact",
    {
      schema: { body: ContactInputSchema, response: { 201: ContactAnswerSchema } },
      config: { rateLimit: { max: 20, timeWindow: 10 * MINUTE } },
    },
    async (request, reply) => {
      const now = clock();
      const { [HONEYPOT_FIELD]: honeypot, formToken, ...fields } = request.body;
      const visitor = visitorOf(request);
      await screenFormSubmission(
        db,
        {
          formType: "contact",
          ...visitor,
          honeypot,
          fields: {
            name: fields.name,
            email: fields.email,
            subject: fields.subject,
            message: fields.message,
            company: fields.company,
            phone: fields.phone,
          },
        },
        {
          maxPerHour: options.rateLimits ? CONTACT_MAX_PER_HOUR : null,
          checkTiming: true,
          formToken,
          secret,
          now,
        },
      );
      const { reference } = await submitContactMessage(db, fields, visitor, now, options.supportEmail);
      return reply.status(201).send({
        reference,
        message: `Bedankt voor je bericht! We hebben een bevestiging gestuurd naar ${fields.email} en reageren binnen twee werkdagen.`,
      });
    },
  );

  app.post(
    "/api/newsletter",
    {
      schema: { body: NewsletterSignupInputSchema, response: { 200: NewsletterAnswerSchema } },
      config: { rateLimit: { max: 20, timeWindow: 10 * MINUTE } },
    },
    async (request) => {
      const now = clock();
      const { [HONEYPOT_FIELD]: honeypot, ...input } = request.body;
      const visitor = visitorOf(request);
      await screenFormSubmission(
        db,
        {
          formType: "newsletter",
          ...visitor,
          honeypot,
          fields: { name: input.name, email: input.email },
        },
        {
          maxPerHour: options.rateLimits ? NEWSLETTER_MAX_PER_HOUR : null,
          // The sign-up sits in the footer of every prerendered page; it fetches no token.
          checkTiming: false,
          secret,
          now,
        },
      );
      return signUpForNewsletter(db, input, visitor, now, { baseUrl: baseUrlOf(request), secret });
    },
  );

  app.post(
    "/api/newsletter/confirm",
    {
      schema: { body: NewsletterTokenInputSchema, response: { 200: NewsletterAnswerSchema } },
      config: { rateLimit: { max: 30, timeWindow: 10 * MINUTE } },
    },
    async (request) =>
      confirmNewsletter(db, request.body.token, clock(), { baseUrl: baseUrlOf(request), secret }),
  );

  app.post(
    "/api/newsletter/unsubscribe",
    {
      schema: { body: NewsletterTokenInputSchema, response: { 200: NewsletterAnswerSchema } },
      config: { rateLimit: { max: 30, timeWindow: 10 * MINUTE } },
    },
    async (request) => unsubscribeFromNewsletter(db, request.body.token, clock(), secret),
  );

  app.post(
    "/api/leads",
    {
      schema: { body: LeadVisitInputSchema, response: { 200: LeadAnswerSchema } },
      config: { rateLimit: { max: 30, timeWindow: 10 * MINUTE } },
    },
    async (request) => {
      const ownOrigins = [
        `${request.protocol}://${request.host}`,
        ...(options.publicUrl ? [options.publicUrl] : []),
      ];
      return { id: await recordLeadVisit(db, request.body, ownOrigins) };
    },
  );
};
