/**
 * Accountant access: an owner lets someone into their administration with a role. An administration is named by
 * its owner's user id. One schema per input serves the Settings form and the route alike.
 */
import type { SettingsTab } from "../routes";
import { z } from "../validation";
import { pageLimit, pageOffset } from "./paging";

export const MEMBER_ROLES = ["accountant", "read_only"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  accountant: "Accountant",
  read_only: "Alleen lezen",
};

/**
 * The Settings tabs of one's own account (profile, password and second factor, API tokens) and of who has access.
 * Their routes refuse a member working in another's administration (`sessionOnly` and `memberAccess: "owner"` in
 * plugins/session.ts; administrations.test.ts holds the two together), so Settings offers them only in one's own.
 */
export const OWNER_ONLY_SETTINGS_TABS: readonly SettingsTab[] = [
  "profile",
  "password",
  "api",
  "access",
  "subscription",
];

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

export const MemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(["pending", "active"]),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** The pending invitation's expiry; null once accepted. */
  expiresAt: z.string().nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

export const AdministrationSchema = z.object({
  ownerId: z.string(),
  name: z.string(),
  /** Null for one's own administration. */
  role: z.enum(MEMBER_ROLES).nullable(),
  isActive: z.boolean(),
});
export type Administration = z.infer<typeof AdministrationSchema>;

export const AccessLogEntrySchema = z.object({
  id: z.string(),
  memberEmail: z.string(),
  method: z.string(),
  url: z.string(),
  statusCode: z.number(),
  createdAt: z.string(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccessLogPageSchema = z.object({ entries: z.array(AccessLogEntrySchema), total: z.number() });
export type AccessLogPage = z.infer<typeof AccessLogPageSchema>;

export const InvitationInfoSchema = z.object({
  ownerName: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
});
export type InvitationInfo = z.infer<typeof InvitationInfoSchema>;
