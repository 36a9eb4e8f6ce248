import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ProjectInputSchema, ProjectListQuerySchema, ProjectSchema } from "../../../shared/schemas/projects";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./service";

/** Spec §7 GET /api/projects, plus the create/edit/archive/delete of issue 5, scoped to `request.user.id`. */
export const projectRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/projects",
    { schema: { querystring: ProjectListQuerySchema, response: { 200: z.array(ProjectSchema) } } },
    (request) => listProjects(db, request.user.id, request.query),
  );

  app.get(
    "/api/projects/:id",
    { schema: { params: IdParamsSchema, response: { 200: ProjectSchema } } },
    (request) => getProject(db, request.user.id, request.params.id),
  );

  app.post(
    "/api/projects",
    { schema: { body: ProjectInputSchema, response: { 201: ProjectSchema } } },
    async (request, reply) => reply.status(201).send(await createProject(db, request.user.id, request.body)),
  );

  app.put(
    "/api/projects/:id",
    { schema: { params: IdParamsSchema, body: ProjectInputSchema, response: { 200: ProjectSchema } } },
    (request) => updateProject(db, request.user.id, request.params.id, request.body),
  );

  app.delete("/api/projects/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteProject(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });
};
