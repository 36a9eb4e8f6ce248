import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AccessLogPageSchema,
  AccessLogQuerySchema,
  AdministrationSchema,
  ChangeMemberRoleInputSchema,
  InvitationInfoSchema,
  InviteMemberInputSchema,
  MemberSchema,
  SwitchAdministrationInputSchema,
} from "../../../shared/schemas/administrations";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { notFound } from "../../errors";
import {
  acceptInvitation,
  changeMemberRole,
  findMembership,
  getInvitation,
  inviteMember,
  listAccessLog,
  listAdministrations,
  listMembers,
  revokeMember,
} from "./service";

const TokenParamsSchema = z.object({ token: z.string() });
const AdministrationListSchema = z.array(AdministrationSchema);

/**
 * Accountant access. The owner's routes (members, invitations, access log) refuse a member working in the
 * administration; switching and accepting run as the signed-in person's own account (plugins/session.ts).
 */
export const administrationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  linkBase: string;
}> = async (app, { db, clock, linkBase }) => {
  const self = { onRequest: app.requireUser, config: { memberAccess: "self" as const } };
  const owner = { onRequest: app.requireUser, config: { memberAccess: "owner" as const } };

  app.get(
    "/api/administrations",
    { ...self, schema: { response: { 200: AdministrationListSchema } } },
    (request) => listAdministrations(db, request.actor, request.administrationId),
  );

  app.post(
    "/api/administrations/active",
    {
      ...self,
      schema: { body: SwitchAdministrationInputSchema, response: { 200: AdministrationListSchema } },
    },
    async (request) => {
      const { ownerId } = request.body;
      if (ownerId === request.actor.id) {
        await app.sessions.setActiveAdministration(request, null);
      } else {
        if (!(await findMembership(db, request.actor.id, ownerId))) throw notFound();
        await app.sessions.setActiveAdministration(request, ownerId);
      }
      return listAdministrations(db, request.actor, ownerId);
    },
  );

  app.get(
    "/api/administration/members",
    { ...owner, schema: { response: { 200: z.array(MemberSchema) } } },
    (request) => listMembers(db, request.user.id, clock()),
  );

  app.post(
    "/api/administration/members",
    { ...owner, schema: { body: InviteMemberInputSchema, response: { 201: MemberSchema } } },
    async (request, reply) =>
      reply.status(201).send(await inviteMember(db, request.user, request.body, clock(), linkBase)),
  );

  app.patch(
    "/api/administration/members/:id",
    {
      ...owner,
      schema: { params: IdParamsSchema, body: ChangeMemberRoleInputSchema, response: { 200: MemberSchema } },
    },
    (request) => changeMemberRole(db, request.user.id, request.params.id, request.body),
  );

  app.delete(
    "/api/administration/members/:id",
    { ...owner, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      await revokeMember(db, request.user.id, request.params.id, clock());
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/administration/access-log",
    { ...owner, schema: { querystring: AccessLogQuerySchema, response: { 200: AccessLogPageSchema } } },
    (request) => listAccessLog(db, request.user.id, request.query),
  );

  // Before signing in, the link's page says whose administration it opens.
  app.get(
    "/api/invitations/:token",
    { schema: { params: TokenParamsSchema, response: { 200: InvitationInfoSchema } } },
    (request) => getInvitation(db, request.params.token, clock()),
  );

  app.post(
    "/api/invitations/:token/accept",
    { ...self, schema: { params: TokenParamsSchema, response: { 200: AdministrationSchema } } },
    (request) => acceptInvitation(db, request.actor, request.params.token, clock()),
  );
};
