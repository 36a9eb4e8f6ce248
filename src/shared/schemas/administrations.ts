/**
 * Accountant access: an owner lets someone into their administration with a role. An administration is named by
 * its owner's user id. One schema per input serves the Settings form and the route alike.
 */
import { z } from "../validation";
import { pageLimit, pageOffset } from "./paging";

export const MEMBER_ROLES = ["accountant", "read_only"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  accountant: "Accountant",
  read_only: "Alleen lezen",
};

/** Days an invitation link works. */
export const INVITATION_DAYS = 7;

export const ADMINISTRATION_MESSAGES = {
  emailRequired: "Vul een e-mailadres in",
  emailInvalid: "Vul een geldig e-mailadres in",
  roleInvalid: "Kies 'Accountant' of 'Alleen lezen'",
  alreadyMember: "Dit e-mailadres heeft al toegang of een openstaande uitnodiging",
  inviteSelf: "Je kunt jezelf niet uitnodigen",
  invitationInvalid: "Deze uitnodiging bestaat niet of is al gebruikt",
  invitationExpired: "Deze uitnodiging is verlopen. Vraag om een nieuwe uitnodiging.",
  invitationWrongAddress:
    "Deze uitnodiging is voor een ander e-mailadres. Log in met het account van het uitgenodigde, bevestigde e-mailadres.",
  invitationOwn: "Dit is een uitnodiging voor je eigen administratie",
  readOnly: "Je hebt alleen leesrechten in deze administratie",
  accountantWrite:
    "Als accountant kun je in deze administratie alleen memoriaalboekingen maken en boekjaren afsluiten of heropenen",
  ownerOnly: "Alleen de eigenaar van deze administratie kan dit doen",
} as const;

export const InviteMemberInputSchema = z.object({
  email: z
    .string({ error: ADMINISTRATION_MESSAGES.emailRequired })
    .trim()
    .min(1, ADMINISTRATION_MESSAGES.emailRequired)
    .max(254, ADMINISTRATION_MESSAGES.emailInvalid)
    .pipe(z.email(ADMINISTRATION_MESSAGES.emailInvalid))
    .transform((value) => value.toLowerCase()),
  role: z.enum(MEMBER_ROLES, { error: ADMINISTRATION_MESSAGES.roleInvalid }),
});
export type InviteMemberInput = z.infer<typeof InviteMemberInputSchema>;

export const ChangeMemberRoleInputSchema = z.object({
  role: z.enum(MEMBER_ROLES, { error: ADMINISTRATION_MESSAGES.roleInvalid }),
});
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleInputSchema>;

export const SwitchAdministrationInputSchema = z.object({ ownerId: z.string() });

export const AccessLogQuerySchema = z.object({ limit: pageLimit(100).default(25), offset: pageOffset });

export type Member = {
  id: string;
  email: string;
  role: MemberRole;
  status: "pending" | "active";
  invitedAt: string;
  acceptedAt: string | null;
  /** The pending invitation's expiry; null once accepted. */
  expiresAt: string | null;
};

export type Administration = {
  ownerId: string;
  name: string;
  /** Null for one's own administration. */
  role: MemberRole | null;
  isActive: boolean;
};

export type AccessLogEntry = {
  id: string;
  memberEmail: string;
  method: string;
  url: string;
  statusCode: number;
  createdAt: string;
};

export type AccessLogPage = { entries: AccessLogEntry[]; total: number };

export type InvitationInfo = { ownerName: string; email: string; role: MemberRole };
