import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "@shared/validation";
import type { Database } from "../db/client";
import { notFound } from "../errors";
import { runJob, type Job } from "./scheduler";

/**
 * Browser tests only (E2E_HELPERS=on, never with NODE_ENV=production; main.ts registers it nowhere else): one run
 * of a scheduled job at a chosen moment, exactly as the scheduler makes it (runJob: advisory lock, job_runs), so a
 * spec can see what the job does when the day it waits for has come, without moving the clock of the whole server.
 * `ran` is false when another run of the job held its lock.
 */
export const jobTestRoutes: FastifyPluginAsyncZod<{ db: Database; jobs: Job[] }> = async (
  app,
  { db, jobs },
) => {
  app.post(
    "/api/test/jobs/:name",
    {
      schema: {
        params: z.object({ name: z.string() }),
        body: z.object({ now: z.iso.datetime({ offset: true }) }),
      },
    },
    async (request) => {
      const job = jobs.find((candidate) => candidate.name === request.params.name);
      if (!job) throw notFound("Geen taak met deze naam");
      return { ran: await runJob(db, job, new Date(request.body.now)) };
    },
  );
};
