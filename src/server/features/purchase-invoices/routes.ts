import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import { PaymentInputSchema } from "../../../shared/schemas/invoices";
import {
  MAX_DOCUMENT_BYTES,
  PURCHASE_MESSAGES,
  PurchaseBookInputSchema,
  PurchaseInboxSchema,
  PurchaseInvoiceDetailSchema,
  PurchaseInvoiceInputSchema,
  PurchaseInvoiceListSchema,
  PurchaseListQuerySchema,
  PurchaseUploadQuerySchema,
} from "../../../shared/schemas/purchase-invoices";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { AppError, notFound } from "../../errors";
import type { DocumentStore } from "../documents/store";
import { getInbox, renewInbox } from "./inbox";
import { deletePurchasePayment, recordPurchasePayment } from "./payments";
import type { ReadingQueue } from "./reading-queue";
import { findOwnPurchase, getPurchaseInvoice, listPurchaseInvoices } from "./records";
import {
  addDocument,
  bookPurchaseInvoice,
  createPurchaseInvoice,
  creditPurchaseInvoice,
  deletePurchaseInvoice,
  savePurchaseInvoice,
} from "./service";

const PaymentParamsSchema = IdParamsSchema.extend({ paymentId: z.string() });
const DocumentQuerySchema = z.object({ download: z.enum(["1"]).optional() });

/** The signed-in user's purchase invoices and receipts; every call is scoped to `request.user.id`. */
export const purchaseInvoiceRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  store: DocumentStore;
  queue: ReadingQueue;
  /** The inbox's mail domain when the SMTP receiver is on. */
  inboxDomain: string | undefined;
}> = async (app, { db, clock, store, queue, inboxDomain }) => {
  const today = () => businessDate(clock());
  const detail = { 200: PurchaseInvoiceDetailSchema };
  const created = { 201: PurchaseInvoiceDetailSchema };

  app.get(
    "/api/purchase-invoices",
    { schema: { querystring: PurchaseListQuerySchema, response: { 200: PurchaseInvoiceListSchema } } },
    (request) => listPurchaseInvoices(db, request.user.id, request.query, today()),
  );

  app.get("/api/purchase-invoices/inbox", { schema: { response: { 200: PurchaseInboxSchema } } }, (request) =>
    getInbox(db, request.user.id, inboxDomain),
  );

  app.post(
    "/api/purchase-invoices/inbox/renew",
    { schema: { response: { 200: PurchaseInboxSchema } } },
    (request) => {
      if (!inboxDomain) throw new AppError(409, PURCHASE_MESSAGES.noInbox);
      return renewInbox(db, request.user.id, inboxDomain);
    },
  );

  app.get("/api/purchase-invoices/:id", { schema: { params: IdParamsSchema, response: detail } }, (request) =>
    getPurchaseInvoice(db, request.user.id, request.params.id, today()),
  );

  app.post(
    "/api/purchase-invoices",
    { schema: { body: PurchaseInvoiceInputSchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await createPurchaseInvoice(db, request.user.id, request.body, clock())),
  );

  app.put(
    "/api/purchase-invoices/:id",
    { schema: { params: IdParamsSchema, body: PurchaseInvoiceInputSchema, response: detail } },
    (request) => savePurchaseInvoice(db, request.user.id, request.params.id, request.body, clock()),
  );

  app.post(
    "/api/purchase-invoices/:id/book",
    { schema: { params: IdParamsSchema, body: PurchaseBookInputSchema, response: detail } },
    (request) => {
      const { paidOn, paidWith, ...input } = request.body;
      const paid = paidOn ? { date: paidOn, method: paidWith } : null;
      return bookPurchaseInvoice(db, request.user.id, request.params.id, input, paid, clock());
    },
  );

  app.post(
    "/api/purchase-invoices/:id/credit",
    { schema: { params: IdParamsSchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await creditPurchaseInvoice(db, request.user.id, request.params.id, clock())),
  );

  app.delete("/api/purchase-invoices/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deletePurchaseInvoice(db, store, request.user.id, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    "/api/purchase-invoices/:id/payments",
    { schema: { params: IdParamsSchema, body: PaymentInputSchema, response: created } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordPurchasePayment(db, request.user.id, request.params.id, request.body, clock())),
  );

  app.delete(
    "/api/purchase-invoices/:id/payments/:paymentId",
    { schema: { params: PaymentParamsSchema, response: detail } },
    (request) =>
      deletePurchasePayment(db, request.user.id, request.params.id, request.params.paymentId, clock()),
  );

  // The original, byte for byte. Served from the app's own origin, so the answer may run nothing and is never
  // sniffed into another type; a PDF or image shows inline beside the form, anything else downloads.
  app.get(
    "/api/purchase-invoices/:id/document",
    { schema: { params: IdParamsSchema, querystring: DocumentQuerySchema } },
    async (request, reply) => {
      const row = await findOwnPurchase(db, request.user.id, request.params.id);
      const document = row.documentId ? await store.get(db, request.user.id, row.documentId) : null;
      if (!document) throw notFound(PURCHASE_MESSAGES.documentNotFound);
      const viewable = /^(application\/pdf|image\/(png|jpeg|webp))$/.test(document.mimeType);
      const disposition = viewable && !request.query.download ? "inline" : "attachment";
      return (
        reply
          .header("Content-Type", document.mimeType)
          .header(
            "Content-Disposition",
            `${disposition}; filename="${asciiName(document.fileName)}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
          )
          // Chrome's PDF viewer does not open in a sandboxed document; everything else may run nothing at all.
          .header(
            "Content-Security-Policy",
            `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'${document.mimeType === "application/pdf" ? "" : "; sandbox"}`,
          )
          .header("X-Content-Type-Options", "nosniff")
          .header("Cache-Control", "private, max-age=3600, immutable")
          .send(document.bytes)
      );
    },
  );

  // A document travels as the raw request body, one file per request (the screen uploads several side by side
  // with a progress bar each): no multipart parser, and any type is accepted as bytes, so a file no reader
  // understands is still kept for the user to book by hand.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: MAX_DOCUMENT_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new AppError(413, PURCHASE_MESSAGES.tooLarge);
      throw error;
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      "/api/purchase-invoices/documents",
      {
        bodyLimit: MAX_DOCUMENT_BYTES,
        schema: { querystring: PurchaseUploadQuerySchema, response: { 202: PurchaseInvoiceDetailSchema } },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { id } = await addDocument(db, store, request.user.id, {
          fileName: request.query.name,
          bytes: body,
          source: request.query.source,
        });
        queue.enqueue(request.user.id, id);
        return reply.status(202).send(await getPurchaseInvoice(db, request.user.id, id, today()));
      },
    );
  });
};

/** The file name for clients that do not read filename* (RFC 6266): ASCII, without quotes. */
const asciiName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\]/g, "") || "document";
