import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ReminderPauseInputSchema, ReminderSettingsInputSchema } from "../../../shared/schemas/reminders";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import type { PaymentLinkSource } from "../invoices/sending";
import {
  getClientReminderPause,
  getReminderSettings,
  getReminderTimeline,
  saveReminderSettings,
  sendReminderNow,
  setClientReminderPause,
  setInvoiceReminderPause,
} from "./service";

const IdParamsSchema = z.object({ id: z.string() });

/**
 * Payment reminders of the signed-in user; every call is scoped to `request.user.id`. `paymentLinks`: the
 * 'Betaal online' link a letter carries when the user takes online payments (null: never).
 */
export const reminderRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  paymentLinks: PaymentLinkSource | null;
}> = async (app, { db, clock, paymentLinks }) => {
  // Settings → Herinneringen: the sequence and whether it runs by itself.
  app.get("/api/settings/reminders", (request) => getReminderSettings(db, request.user.id));

  app.put("/api/settings/reminders", { schema: { body: ReminderSettingsInputSchema } }, (request) =>
    saveReminderSettings(db, request.user.id, request.body),
  );

  // The invoice's timeline: sent, next planned, paused.
  app.get("/api/invoices/:id/reminders", { schema: { params: IdParamsSchema } }, (request) =>
    getReminderTimeline(db, request.user.id, request.params.id, clock()),
  );

  // 'Send reminder': the next step now.
  app.post("/api/invoices/:id/reminders", { schema: { params: IdParamsSchema } }, async (request, reply) =>
    reply
      .status(201)
      .send(await sendReminderNow(db, request.user.id, request.params.id, clock(), paymentLinks)),
  );

  app.put(
    "/api/invoices/:id/reminders/pause",
    { schema: { params: IdParamsSchema, body: ReminderPauseInputSchema } },
    (request) =>
      setInvoiceReminderPause(db, request.user.id, request.params.id, request.body.isPaused, clock()),
  );

  app.get("/api/clients/:id/reminders/pause", { schema: { params: IdParamsSchema } }, (request) =>
    getClientReminderPause(db, request.user.id, request.params.id),
  );

  app.put(
    "/api/clients/:id/reminders/pause",
    { schema: { params: IdParamsSchema, body: ReminderPauseInputSchema } },
    (request) => setClientReminderPause(db, request.user.id, request.params.id, request.body.isPaused),
  );
};
