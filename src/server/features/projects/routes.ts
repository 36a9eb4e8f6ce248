import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ProjectInputSchema, ProjectListQuerySchema } from "../../../shared/schemas/projects";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./service";

const ProjectIdParamsSchema = z.object({ id: z.string() });

/** Spec §7 GET /api/projects, plus the create/edit/archive/delete of issue 5, scoped to `request.user.id`. */
export const projectRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/projects", { schema: { querystring: ProjectListQuerySchema } }, (request) =>
    listProjects(db, request.user.id, request.query),
  );

  app.get("/api/projects/:id", { schema: { params: ProjectIdParamsSchema } }, (request) =>
    getProject(db, request.user.id, request.params.id),
  );

  app.post("/api/projects", { schema: { body: ProjectInputSchema } }, async (request, reply) =>
    reply.status(201).send(await createProject(db, request.user.id, request.body)),
  );

  app.put(
    "/api/projects/:id",
    { schema: { params: ProjectIdParamsSchema, body: ProjectInputSchema } },
    (request) => updateProject(db, request.user.id, request.params.id, request.body),
  );

  app.delete("/api/projects/:id", { schema: { params: ProjectIdParamsSchema } }, async (request, reply) => {
    await deleteProject(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });
};
