import { and, asc, eq, sql } from "drizzle-orm";
import { centsToDecimal, parseCents, type Cents } from "../../../shared/money";
import { PROJECT_CLIENT_MESSAGE, type Project, type ProjectInput } from "../../../shared/schemas/projects";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { getClient } from "../clients/service";

type ProjectRow = typeof projects.$inferSelect;

const PROJECT_NOT_FOUND = "Project niet gevonden";
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    description: row.description,
    hourlyRate: row.hourlyRate === null ? null : centsToDecimal(parseCents(row.hourlyRate)!),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The hourly rate of a project in cents (null: no rate). */
export function projectRateCents(project: Pick<Project, "hourlyRate">): Cents | null {
  return project.hourlyRate === null ? null : parseCents(project.hourlyRate);
}

/** All of one user's projects, active and archived, by name (spec §7 GET /api/projects). */
export async function listProjects(db: Database, userId: string): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
  return rows.map(toProject);
}

export async function getProject(db: Database, userId: string, projectId: string): Promise<Project> {
  if (!UUID_PATTERN.test(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return toProject(row);
}

/** A project linked to a client of someone else is refused like a client that does not exist. */
async function checkClient(db: Database, userId: string, clientId: string | null): Promise<void> {
  if (clientId === null) return;
  await getClient(db, userId, clientId).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404
      ? invalidField("clientId", PROJECT_CLIENT_MESSAGE)
      : error;
  });
}

function toValues(input: ProjectInput) {
  return {
    name: input.name,
    clientId: input.clientId,
    description: input.description,
    hourlyRate: input.hourlyRate === null ? null : centsToDecimal(input.hourlyRate),
    status: input.status,
  };
}

export async function createProject(db: Database, userId: string, input: ProjectInput): Promise<Project> {
  await checkClient(db, userId, input.clientId);
  const [row] = await db
    .insert(projects)
    .values({ ...toValues(input), userId })
    .returning();
  return toProject(row!);
}

/** Editing, and archiving (status 'archived'): archived projects leave the timer's picker, their hours stay. */
export async function updateProject(
  db: Database,
  userId: string,
  projectId: string,
  input: ProjectInput,
): Promise<Project> {
  if (!UUID_PATTERN.test(projectId)) throw notFound(PROJECT_NOT_FOUND);
  await checkClient(db, userId, input.clientId);
  const [row] = await db
    .update(projects)
    .set(toValues(input))
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning();
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return toProject(row);
}

/**
 * The hours booked on the project are kept and lose the link (they show as 'Onbekend project'): the foreign
 * keys of time entries, transactions and the running timer are ON DELETE SET NULL, in this one statement.
 */
export async function deleteProject(db: Database, userId: string, projectId: string): Promise<void> {
  if (!UUID_PATTERN.test(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const deleted = await db
    .delete(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (deleted.length === 0) throw notFound(PROJECT_NOT_FOUND);
}
