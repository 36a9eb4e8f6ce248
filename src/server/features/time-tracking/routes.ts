import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import {
  HoursCriterionSchema,
  TimeEntryInputSchema,
  TimeEntryExportQuerySchema,
  TimeEntryListQuerySchema,
  TimeEntrySchema,
  TimerSchema,
  TimerStartInputSchema,
  TimerStopAnswerSchema,
  TimerStopInputSchema,
} from "../../../shared/schemas/time-tracking";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { sendListPage } from "../../paging";
import { getClient } from "../clients/service";
import { listProjects } from "../projects/service";
import { timeEntriesExportFilename, timeEntriesToCsv } from "./csv-export";
import {
  createTimeEntry,
  deleteTimeEntry,
  getHoursCriterion,
  countTimeEntries,
  listTimeEntries,
  updateTimeEntry,
} from "./service";
import { getTimer, pauseTimer, resumeTimer, startTimer, stopTimer } from "./timer";

/**
 * Spec §7 and issue 5: time entries (list, create, edit, delete, CSV export, the urencriterium) and the one
 * running timer per user (start, pause, resume, stop). Every call is scoped to `request.user.id`.
 */
export const timeTrackingRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get(
    "/api/time-entries",
    { schema: { querystring: TimeEntryListQuerySchema, response: { 200: z.array(TimeEntrySchema) } } },
    (request, reply) =>
      sendListPage(request, reply, request.query, {
        page: listTimeEntries(db, request.user.id, request.query),
        total: countTimeEntries(db, request.user.id, request.query),
      }),
  );

  app.get(
    "/api/time-entries/hours-criterion",
    { schema: { response: { 200: HoursCriterionSchema } } },
    (request) => getHoursCriterion(db, request.user.id, clock()),
  );

  // The entries the screen shows (same period and project), as a download.
  app.get(
    "/api/time-entries/export",
    { schema: { querystring: TimeEntryExportQuerySchema } },
    async (request, reply) => {
      const userId = request.user.id;
      const entries = await listTimeEntries(db, userId, request.query);
      const projects = new Map((await listProjects(db, userId)).map((project) => [project.id, project.name]));
      const clientIds = [...new Set(entries.map((entry) => entry.clientId).filter((id) => id !== null))];
      const clients = new Map(
        await Promise.all(clientIds.map(async (id) => [id, (await getClient(db, userId, id)).name] as const)),
      );
      const csv = timeEntriesToCsv(entries, {
        projectName: (id) => (id && projects.get(id)) || "Onbekend project",
        clientName: (id) => (id && clients.get(id)) || "",
      });
      const filename = timeEntriesExportFilename(request.query, businessDate(clock()));
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(csv);
    },
  );

  app.post(
    "/api/time-entries",
    { schema: { body: TimeEntryInputSchema, response: { 201: TimeEntrySchema } } },
    async (request, reply) =>
      reply.status(201).send(await createTimeEntry(db, request.user.id, request.body)),
  );

  app.put(
    "/api/time-entries/:id",
    { schema: { params: IdParamsSchema, body: TimeEntryInputSchema, response: { 200: TimeEntrySchema } } },
    (request) => updateTimeEntry(db, request.user.id, request.params.id, request.body),
  );

  app.delete("/api/time-entries/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteTimeEntry(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });

  const timerAnswer = { response: { 200: TimerSchema } };

  app.get("/api/timer", { schema: timerAnswer }, (request) => getTimer(db, request.user.id, clock()));

  app.post("/api/timer/start", { schema: { body: TimerStartInputSchema, ...timerAnswer } }, (request) =>
    startTimer(db, request.user.id, request.body, clock()),
  );

  app.post("/api/timer/pause", { schema: timerAnswer }, (request) =>
    pauseTimer(db, request.user.id, clock()),
  );

  app.post("/api/timer/resume", { schema: timerAnswer }, (request) =>
    resumeTimer(db, request.user.id, clock()),
  );

  // Answers the stopped timer and the saved entry.
  app.post(
    "/api/timer/stop",
    { schema: { body: TimerStopInputSchema, response: { 200: TimerStopAnswerSchema } } },
    (request) => stopTimer(db, request.user.id, request.body, clock()),
  );
};
