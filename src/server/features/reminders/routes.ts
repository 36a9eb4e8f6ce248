import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ClientReminderPauseSchema,
  ReminderPauseInputSchema,
  ReminderSettingsInputSchema,
  ReminderSettingsSchema,
  ReminderTimelineSchema,
} from "../../../shared/schemas/reminders";
import { IdParamsSchema } from "../../../shared/validation";
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
  app.get("/api/settings/reminders", { schema: { response: { 200: ReminderSettingsSchema } } }, (request) =>
    getReminderSettings(db, request.user.id),
  );

  app.put(
    "/api/settings/reminders",
    { schema: { body: ReminderSettingsInputSchema, response: { 200: ReminderSettingsSchema } } },
    (request) => saveReminderSettings(db, request.user.id, request.body),
  );

  // The invoice's timeline: sent, next planned, paused.
  app.get(
    "/api/invoices/:id/reminders",
    { schema: { params: IdParamsSchema, response: { 200: ReminderTimelineSchema } } },
    (request) => getReminderTimeline(db, request.user.id, request.params.id, clock()),
  );

  // 'Send reminder': the next step now.
  app.post(
    "/api/invoices/:id/reminders",
    { schema: { params: IdParamsSchema, response: { 201: ReminderTimelineSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendReminderNow(db, request.user.id, request.params.id, clock(), paymentLinks)),
  );

  app.put(
    "/api/invoices/:id/reminders/pause",
    {
      schema: {
        params: IdParamsSchema,
        body: ReminderPauseInputSchema,
        response: { 200: ReminderTimelineSchema },
      },
    },
    (request) =>
      setInvoiceReminderPause(db, request.user.id, request.params.id, request.body.isPaused, clock()),
  );

  app.get(
    "/api/clients/:id/reminders/pause",
    { schema: { params: IdParamsSchema, response: { 200: ClientReminderPauseSchema } } },
    (request) => getClientReminderPause(db, request.user.id, request.params.id),
  );

  app.put(
    "/api/clients/:id/reminders/pause",
    {
      schema: {
        params: IdParamsSchema,
        body: ReminderPauseInputSchema,
        response: { 200: ClientReminderPauseSchema },
      },
    },
    (request) => setClientReminderPause(db, request.user.id, request.params.id, request.body.isPaused),
  );
};
