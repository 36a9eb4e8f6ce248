import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { InvoiceStyleInputSchema } from "../../../shared/schemas/invoice-styles";
import type { Database } from "../../db/client";
import { getInvoiceStyle, saveInvoiceStyle } from "./service";

/** Settings → Factuuropmaak: the accent colour and page footer of the user's invoices and quotes. */
export const invoiceStyleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/settings/invoice-style", (request) => getInvoiceStyle(db, request.user.id));

  app.put("/api/settings/invoice-style", { schema: { body: InvoiceStyleInputSchema } }, (request) =>
    saveInvoiceStyle(db, request.user.id, request.body),
  );
};
