import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { centsToDecimal, parseCents, type Cents } from "../../../shared/money";
import {
  PROJECT_CLIENT_MESSAGE,
  type Project,
  type ProjectInput,
  type ProjectListOptions,
} from "../../../shared/schemas/projects";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { clients, projects } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { getClient } from "../clients/service";
import { isUuid } from "../../../shared/validation";

type ProjectRow = typeof projects.$inferSelect;

const PROJECT_NOT_FOUND = "Project niet gevonden";

export function toProject(row: ProjectRow, clientName: string | null): Project {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    clientName,
    description: row.description,
    hourlyRate: row.hourlyRate === null ? null : centsToDecimal(parseCents(row.hourlyRate)!),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Projects with the current name of their client (read only; the clients feature writes that table). */
function selectProjects(db: Database) {
  return db
    .select({ project: projects, clientName: clients.name })
    .from(projects)
    .leftJoin(clients, and(eq(clients.id, projects.clientId), eq(clients.userId, projects.userId)));
}

/** The hourly rate of a project in cents (null: no rate). */
export function projectRateCents(project: Pick<Project, "hourlyRate">): Cents | null {
  return project.hourlyRate === null ? null : parseCents(project.hourlyRate);
}

/**
 * One user's projects by name, then by client (spec §7 GET /api/projects): all of them, active and archived,
 * unless the options narrow them down to what a picker shows.
 */
export async function listProjects(
  db: Database,
  userId: string,
  options: Partial<ProjectListOptions> = {},
): Promise<Project[]> {
  const query = selectProjects(db)
    .where(
      and(
        eq(projects.userId, userId),
        options.status ? eq(projects.status, options.status) : undefined,
        options.clientId ? eq(projects.clientId, options.clientId) : undefined,
        options.search ? matchesSearch(options.search) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${projects.name})`), asc(sql`lower(${clients.name})`), asc(projects.id));
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map((row) => toProject(row.project, row.clientName));
}

/** Typing "Website" or "Bakkerij" finds the project by its own name or by its client's. */
function matchesSearch(search: string): SQL {
  const pattern = containsPattern(search);
  return or(ilike(projects.name, pattern), ilike(clients.name, pattern))!;
}

export async function getProject(db: Database, userId: string, projectId: string): Promise<Project> {
  if (!isUuid(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await selectProjects(db).where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return toProject(row.project, row.clientName);
}

/**
 * A project linked to a client of someone else is refused like a client that does not exist. Answers the
 * client's name (null: no client).
 */
async function checkClient(db: Database, userId: string, clientId: string | null): Promise<string | null> {
  if (clientId === null) return null;
  const client = await getClient(db, userId, clientId).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404
      ? invalidField("clientId", PROJECT_CLIENT_MESSAGE)
      : error;
  });
  return client.name;
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
  const clientName = await checkClient(db, userId, input.clientId);
  const [row] = await db
    .insert(projects)
    .values({ ...toValues(input), userId })
    .returning();
  return toProject(row!, clientName);
}

/** Editing, and archiving (status 'archived'): archived projects leave the timer's picker, their hours stay. */
export async function updateProject(
  db: Database,
  userId: string,
  projectId: string,
  input: ProjectInput,
): Promise<Project> {
  if (!isUuid(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const clientName = await checkClient(db, userId, input.clientId);
  const [row] = await db
    .update(projects)
    .set(toValues(input))
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning();
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return toProject(row, clientName);
}

/**
 * The hours booked on the project are kept and lose the link (they show as 'Onbekend project'): the foreign
 * keys of time entries, transactions and the running timer are ON DELETE SET NULL, in this one statement.
 */
export async function deleteProject(db: Database, userId: string, projectId: string): Promise<void> {
  if (!isUuid(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const deleted = await db
    .delete(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (deleted.length === 0) throw notFound(PROJECT_NOT_FOUND);
}

/** Erasure of an account whose books must be kept: its projects go. */
export async function forgetProjects(tx: Database, userId: string): Promise<void> {
  await tx.delete(projects).where(eq(projects.userId, userId));
}
