import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AcceptQuoteInputSchema,
  ConvertQuoteInputSchema,
  DeclineQuoteInputSchema,
  QuoteInputSchema,
  PublicQuoteSchema,
  QuoteDetailSchema,
  QuoteListQuerySchema,
  QuoteOfInvoiceSchema,
  QuoteSchema,
  QuoteTokenSchema,
  SentQuoteSchema,
} from "../../../shared/schemas/quotes";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { acceptQuote, declineQuote, publicQuotePdf, viewPublicQuote } from "./answering";
import { convertQuote } from "./converting";
import { renderQuotePdf } from "./document";
import { resendQuote, sendQuote } from "./sending";
import {
  createQuote,
  deleteQuote,
  findOwnQuote,
  findQuoteOfInvoice,
  getQuote,
  listQuotes,
  updateQuote,
} from "./service";

const InvoiceIdParamsSchema = z.object({ invoiceId: z.string() });

const pdfHeaders = (filename: string, inline: boolean) => ({
  "Content-Type": "application/pdf",
  "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${filename}"`,
  "Cache-Control": "no-store",
});

/** The signed-in user's quotes (offertes); every call is scoped to `request.user.id`. */
export const quoteRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  linkBase: string;
  sendsMail: boolean;
}> = async (app, { db, clock, linkBase, sendsMail }) => {
  app.get(
    "/api/quotes",
    { schema: { querystring: QuoteListQuerySchema, response: { 200: z.array(QuoteSchema) } } },
    (request) => listQuotes(db, request.user.id, request.query, clock()),
  );

  // The invoice's link back to the quote it came from (null when none).
  app.get(
    "/api/quotes/by-invoice/:invoiceId",
    { schema: { params: InvoiceIdParamsSchema, response: { 200: QuoteOfInvoiceSchema } } },
    (request) => findQuoteOfInvoice(db, request.user.id, request.params.invoiceId),
  );

  app.get(
    "/api/quotes/:id",
    { schema: { params: IdParamsSchema, response: { 200: QuoteDetailSchema } } },
    (request) => getQuote(db, request.user.id, request.params.id, clock()),
  );

  app.get("/api/quotes/:id/pdf", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const row = await findOwnQuote(db, request.user.id, request.params.id);
    const { pdf, filename } = await renderQuotePdf(db, request.user.id, row);
    return reply.headers(pdfHeaders(filename, false)).send(pdf);
  });

  app.post(
    "/api/quotes",
    { schema: { body: QuoteInputSchema, response: { 201: QuoteDetailSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createQuote(db, request.user.id, request.body, clock())),
  );

  app.put(
    "/api/quotes/:id",
    { schema: { params: IdParamsSchema, body: QuoteInputSchema, response: { 200: QuoteDetailSchema } } },
    (request) => updateQuote(db, request.user.id, request.params.id, request.body, clock()),
  );

  app.delete("/api/quotes/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteQuote(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    "/api/quotes/:id/send",
    { schema: { params: IdParamsSchema, response: { 200: SentQuoteSchema } } },
    (request) =>
      sendQuote(db, request.user.id, request.params.id, {
        now: clock(),
        linkBase,
        delivery: request.user.isDemo ? "demo" : sendsMail ? "smtp" : "no-mail-server",
      }),
  );

  // 'Opnieuw versturen': a sent quote awaiting its answer, mailed again with a new link.
  app.post(
    "/api/quotes/:id/resend",
    { schema: { params: IdParamsSchema, response: { 200: SentQuoteSchema } } },
    (request) =>
      resendQuote(db, request.user.id, request.params.id, {
        now: clock(),
        linkBase,
        delivery: request.user.isDemo ? "demo" : sendsMail ? "smtp" : "no-mail-server",
      }),
  );

  app.post(
    "/api/quotes/:id/convert",
    {
      schema: {
        params: IdParamsSchema,
        body: ConvertQuoteInputSchema.nullish(),
        response: { 201: QuoteDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await convertQuote(
            db,
            request.user.id,
            request.params.id,
            request.body?.depositPercentage ?? null,
            clock(),
          ),
        ),
  );
};

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * The client's page of a sent quote, without an account: the link's token is the only key. Rate-limited per
 * address like the other public forms, so tokens cannot be guessed in bulk.
 */
export const publicQuoteRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const limit = { rateLimit: { max: 30, timeWindow: TEN_MINUTES } };

  app.post(
    "/api/public/quote",
    { schema: { body: QuoteTokenSchema, response: { 200: PublicQuoteSchema } }, config: limit },
    (request) => viewPublicQuote(db, request.body.token, clock()),
  );

  app.get(
    "/api/public/quote/pdf",
    { schema: { querystring: QuoteTokenSchema }, config: limit },
    async (request, reply) => {
      const { pdf, filename } = await publicQuotePdf(db, request.query.token);
      return reply.headers(pdfHeaders(filename, true)).send(pdf);
    },
  );

  app.post(
    "/api/public/quote/accept",
    { schema: { body: AcceptQuoteInputSchema, response: { 200: PublicQuoteSchema } }, config: limit },
    (request) => acceptQuote(db, request.body, { now: clock(), ip: request.ip }),
  );

  app.post(
    "/api/public/quote/decline",
    { schema: { body: DeclineQuoteInputSchema, response: { 200: PublicQuoteSchema } }, config: limit },
    (request) => declineQuote(db, request.body, { now: clock(), ip: request.ip }),
  );
};
