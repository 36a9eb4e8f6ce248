import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate, isIsoDate } from "../../../shared/dates";
import {
  BillableEntrySchema,
  BillableHoursQuerySchema,
  CreditInputSchema,
  HoursInvoiceInputSchema,
  InvoiceDetailSchema,
  InvoiceDocumentSchema,
  InvoiceInputSchema,
  InvoiceListQuerySchema,
  InvoiceSchema,
  InvoiceSummarySchema,
  MarkPaidInputSchema,
  PaymentInputSchema,
  SendInputSchema,
  SendPreviewSchema,
  SentInvoiceSchema,
  SeriesInputSchema,
  SeriesSchema,
} from "../../../shared/schemas/invoices";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { sendListPage } from "../../paging";
import { fileResponse } from "../openapi/file-response";
import { buildInvoiceDocument } from "./document";
import { buildEInvoice } from "./e-invoice";
import { createInvoiceFromHours, listBillableHours } from "./hours";
import { creditInvoice } from "./crediting";
import { getSeriesFormat, peekNextInvoiceNumber, setSeriesFormat } from "./numbering";
import { deletePayment, markInvoicePaid, recordPayment } from "./payments";
import { renderInvoicePdf } from "./pdf";
import { pdfFilename } from "./pdf-filename";
import { getInvoice } from "./records";
import { getOnlinePayments } from "../payment-links/service";
import { previewInvoiceMail, sendInvoice, type PaymentLinkSource } from "./sending";
import {
  createInvoice,
  deleteInvoice,
  countInvoices,
  listInvoices,
  markInvoiceSent,
  summariseInvoices,
  updateInvoice,
} from "./service";

const PdfQuerySchema = z.object({ inline: z.enum(["1"]).optional() });
const NextNumberQuerySchema = z.object({
  issueDate: z.string().refine(isIsoDate, "Vul een geldige datum in").optional(),
});
const PaymentParamsSchema = IdParamsSchema.extend({ paymentId: z.string() });
const NextNumberSchema = z.object({ invoiceNumber: z.string() });
/** Every change to one invoice answers the invoice as it is now, with its payments and e-mails. */
const DETAIL = { 200: InvoiceDetailSchema };
const CREATED_DETAIL = { 201: InvoiceDetailSchema };

/**
 * Spec §2.15 and §7: the signed-in user's sales invoices. Every service call is scoped to `request.user.id`.
 * `sendsMail`: a mail server delivers the outbox (SMTP_URL), so 'Versturen' can say the e-mail goes out.
 * `paymentLinks`: the 'Betaal online' link the PDF and the e-mail carry when the user takes online payments.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  sendsMail: boolean;
  paymentLinks?: PaymentLinkSource;
}> = async (app, { db, clock, sendsMail, paymentLinks = null }) => {
  app.get(
    "/api/invoices",
    { schema: { querystring: InvoiceListQuerySchema, response: { 200: z.array(InvoiceSchema) } } },
    (request, reply) =>
      sendListPage(request, reply, request.query, {
        page: listInvoices(db, request.user.id, request.query),
        total: countInvoices(db, request.user.id, request.query),
      }),
  );

  app.get("/api/invoices/summary", { schema: { response: { 200: InvoiceSummarySchema } } }, (request) =>
    summariseInvoices(db, request.user.id),
  );

  // The number an invoice dated `issueDate` (default today) gets when it is sent now.
  app.get(
    "/api/invoices/next-number",
    { schema: { querystring: NextNumberQuerySchema, response: { 200: NextNumberSchema } } },
    async (request) => ({
      invoiceNumber: await peekNextInvoiceNumber(
        db,
        request.user.id,
        request.query.issueDate ?? businessDate(clock()),
      ),
    }),
  );

  // Settings → Facturen: how the numbers look.
  app.get("/api/invoices/series", { schema: { response: { 200: SeriesSchema } } }, async (request) => ({
    format: await getSeriesFormat(db, request.user.id),
    nextNumber: await peekNextInvoiceNumber(db, request.user.id, businessDate(clock())),
  }));

  app.put(
    "/api/invoices/series",
    { schema: { body: SeriesInputSchema, response: { 200: SeriesSchema } } },
    async (request) => {
      await setSeriesFormat(db, request.user.id, request.body.format);
      return {
        format: request.body.format,
        nextNumber: await peekNextInvoiceNumber(db, request.user.id, businessDate(clock())),
      };
    },
  );

  // 'Uren factureren'.
  app.get(
    "/api/invoices/billable-hours",
    { schema: { querystring: BillableHoursQuerySchema, response: { 200: z.array(BillableEntrySchema) } } },
    (request) => listBillableHours(db, request.user.id, request.query),
  );

  app.post(
    "/api/invoices/from-hours",
    { schema: { body: HoursInvoiceInputSchema, response: CREATED_DETAIL } },
    async (request, reply) =>
      reply.status(201).send(await createInvoiceFromHours(db, request.user.id, request.body, clock())),
  );

  app.get("/api/invoices/:id", { schema: { params: IdParamsSchema, response: DETAIL } }, (request) =>
    getInvoice(db, request.user.id, request.params.id),
  );

  // The on-screen view: what the PDF prints, as data.
  app.get(
    "/api/invoices/:id/document",
    { schema: { params: IdParamsSchema, response: { 200: InvoiceDocumentSchema } } },
    async (request) => {
      const { document } = await buildInvoiceDocument(db, request.user.id, request.params.id);
      return document;
    },
  );

  // ?inline=1 opens it in the browser (the send preview); otherwise it downloads.
  app.get(
    "/api/invoices/:id/pdf",
    {
      schema: {
        params: IdParamsSchema,
        querystring: PdfQuerySchema,
        response: { 200: fileResponse("application/pdf", "De factuur of creditnota als PDF") },
      },
    },
    async (request, reply) => {
      const paymentUrl = paymentLinks
        ? await db.transaction((tx) => paymentLinks(tx, request.user.id, request.params.id))
        : null;
      const { document, qrPayload, logo } = await buildInvoiceDocument(
        db,
        request.user.id,
        request.params.id,
        {
          withImages: false,
        },
      );
      const pdf = await renderInvoicePdf(document, qrPayload, logo, paymentUrl);
      return reply
        .header("Content-Type", "application/pdf")
        .header(
          "Content-Disposition",
          `${request.query.inline ? "inline" : "attachment"}; filename="${pdfFilename(document.invoiceNumber)}"`,
        )
        .header("Cache-Control", "no-store")
        .send(pdf);
    },
  );

  // The e-invoice (UBL 2.1, Peppol BIS Billing 3.0) of an issued invoice or credit note, as a download.
  app.get(
    "/api/invoices/:id/ubl",
    {
      schema: {
        params: IdParamsSchema,
        response: { 200: fileResponse("application/xml", "De e-factuur (UBL 2.1, Peppol BIS Billing 3.0)") },
      },
    },
    async (request, reply) => {
      const { xml, filename } = await buildEInvoice(db, request.user.id, request.params.id);
      return reply
        .header("Content-Type", "application/xml; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(xml);
    },
  );

  app.post(
    "/api/invoices",
    { schema: { body: InvoiceInputSchema, response: CREATED_DETAIL } },
    async (request, reply) =>
      reply.status(201).send(await createInvoice(db, request.user.id, request.body, clock())),
  );

  app.put(
    "/api/invoices/:id",
    { schema: { params: IdParamsSchema, body: InvoiceInputSchema, response: DETAIL } },
    (request) => updateInvoice(db, request.user.id, request.params.id, request.body, clock()),
  );

  app.delete("/api/invoices/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteInvoice(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    "/api/invoices/:id/mark-sent",
    { schema: { params: IdParamsSchema, response: DETAIL } },
    (request) => markInvoiceSent(db, request.user.id, request.params.id, clock()),
  );

  // The payment of everything still open (the list's 'Markeer als betaald').
  app.post(
    "/api/invoices/:id/mark-paid",
    { schema: { params: IdParamsSchema, body: MarkPaidInputSchema, response: DETAIL } },
    (request) => markInvoicePaid(db, request.user.id, request.params.id, request.body, clock()),
  );

  app.post(
    "/api/invoices/:id/payments",
    { schema: { params: IdParamsSchema, body: PaymentInputSchema, response: CREATED_DETAIL } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordPayment(db, request.user.id, request.params.id, request.body, clock())),
  );

  app.delete(
    "/api/invoices/:id/payments/:paymentId",
    { schema: { params: PaymentParamsSchema, response: DETAIL } },
    (request) => deletePayment(db, request.user.id, request.params.id, request.params.paymentId, clock()),
  );

  // What 'Versturen per e-mail' will send, shown before anything is issued.
  app.get(
    "/api/invoices/:id/send-preview",
    { schema: { params: IdParamsSchema, response: { 200: SendPreviewSchema } } },
    async (request) =>
      previewInvoiceMail(
        db,
        request.user.id,
        request.params.id,
        paymentLinks !== null && (await getOnlinePayments(db, request.user.id)).isConfigured,
      ),
  );

  // E-mails the PDF to the client; a draft is issued first.
  app.post(
    "/api/invoices/:id/send",
    {
      schema: {
        params: IdParamsSchema,
        body: SendInputSchema.nullish(),
        response: { 200: SentInvoiceSchema },
      },
    },
    (request) =>
      sendInvoice(
        db,
        request.user.id,
        request.params.id,
        request.body ?? { subject: null, message: null },
        clock(),
        request.user.isDemo ? "demo" : sendsMail ? "smtp" : "no-mail-server",
        paymentLinks,
      ),
  );

  app.post(
    "/api/invoices/:id/credit",
    { schema: { params: IdParamsSchema, body: CreditInputSchema.nullish(), response: CREATED_DETAIL } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await creditInvoice(
            db,
            request.user.id,
            request.params.id,
            request.body ?? { issueDate: null, items: [], amount: null, reason: null },
            clock(),
          ),
        ),
  );
};
