/**
 * Settings → Toegang: the owner invites someone (an accountant, or someone who only reads) by e-mail, sees
 * members and open invitations, changes a role, revokes access at once, and reads what members did.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { History, Send, Users } from "lucide-react";
import {
  InviteMemberInputSchema,
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
  type InviteMemberInput,
  type Member,
  type MemberRole,
} from "@shared/schemas/administrations";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import {
  ACCESS_LOG_PAGE,
  useAccessLog,
  useChangeMemberRole,
  useInviteMember,
  useMembers,
  useRevokeMember,
} from "./access-api";
import { formatMoment, RevocableList } from "./revocable-list";

const FIELD_NAMES = ["email", "role"] as const;

export function AccessSection() {
  return (
    <div className="flex flex-col gap-6">
      <MembersCard />
      <AccessLogCard />
    </div>
  );
}

function MembersCard() {
  const members = useMembers();
  const revoke = useRevokeMember();
  const changeRole = useChangeMemberRole();

  const revokeMember = async (member: Member) => {
    await revoke.mutateAsync(member.id);
    toast({ title: "Toegang ingetrokken", description: `${member.email} heeft geen toegang meer.` });
  };

  const onRoleChange = async (member: Member, role: MemberRole) => {
    try {
      await changeRole.mutateAsync({ id: member.id, role });
      toast({ title: "Rol gewijzigd", description: `${member.email}: ${MEMBER_ROLE_LABELS[role]}` });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Toegang tot je administratie</CardTitle>
        <CardDescription>
          Nodig je accountant of een meelezer uit. Een accountant ziet en exporteert alles, maakt
          memoriaalboekingen en sluit boekjaren af; met alleen lezen kan iemand niets wijzigen. Je wachtwoord,
          API-sleutels en wie toegang heeft, beheer alleen jij.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <InviteForm />
        <RevocableList
          query={members}
          label="Toegang"
          skeletonRows={1}
          loadError="Kon de toegang niet laden"
          empty={{
            icon: Users,
            title: "Nog niemand heeft toegang",
            description: "Alleen jij werkt in deze administratie.",
          }}
          nameOf={(member) => member.email}
          renderBadge={(member) => (
            <Badge variant={member.status === "active" ? "success" : "muted"}>
              {member.status === "active" ? "Actief" : "Uitgenodigd"}
            </Badge>
          )}
          renderDetails={(member) => (
            <span className="text-xs text-muted-foreground">
              {member.status === "active"
                ? `Aangenomen ${formatMoment(member.acceptedAt!)}`
                : `Uitgenodigd ${formatMoment(member.invitedAt)} · geldig tot ${formatMoment(member.expiresAt!)}`}
            </span>
          )}
          renderActions={(member) => (
            <Select
              aria-label={`Rol van ${member.email}`}
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(event) => void onRoleChange(member, event.target.value as MemberRole)}
              className="w-40"
            >
              {MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {MEMBER_ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          )}
          revokeLabel={(member) => `Toegang van ${member.email} intrekken`}
          confirm={{
            title: "Toegang intrekken?",
            description: (member) =>
              `${member.email} kan direct niet meer in je administratie. Je kunt later opnieuw uitnodigen.`,
          }}
          onRevoke={revokeMember}
          isRevoking={revoke.isPending}
        />
      </CardContent>
    </Card>
  );
}

function InviteForm() {
  const invite = useInviteMember();
  const form = useForm<InviteMemberInput>({
    resolver: zodResolver(InviteMemberInputSchema),
    defaultValues: { email: "", role: "accountant" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await invite.mutateAsync(input);
      toast({
        title: "Uitnodiging verstuurd",
        description: `${input.email} krijgt een e-mail met een link.`,
      });
      form.reset({ email: "", role: input.role });
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Iemand uitnodigen"
      className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
    >
      <FormField label="E-mailadres" error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register("email")} />
      </FormField>
      <FormField label="Rol" error={errors.role?.message}>
        <Select {...form.register("role")}>
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {MEMBER_ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={invite.isPending}>
        {invite.isPending ? <Spinner /> : <Send aria-hidden />}
        Uitnodigen
      </Button>
    </form>
  );
}

function AccessLogCard() {
  const [offset, setOffset] = useState(0);
  const log = useAccessLog(offset);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Toegangslog</CardTitle>
        <CardDescription>Alles wat anderen in je administratie deden, nieuwste eerst.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {log.isPending ? (
          <Skeleton className="h-24" />
        ) : log.isError ? (
          <p className="text-sm text-destructive">Kon het toegangslog niet laden</p>
        ) : log.data.total === 0 ? (
          <EmptyState
            icon={History}
            title="Nog niets gelogd"
            description="Hier zie je wat anderen in je administratie doen."
          />
        ) : (
          <>
            <ul
              className="flex flex-col divide-y divide-border rounded-lg border border-border"
              aria-label="Toegangslog"
            >
              {log.data.entries.map((entry) => (
                <li
                  key={entry.id}
                  className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:gap-4"
                >
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {formatMoment(entry.createdAt)}
                  </span>
                  <span className="min-w-0 break-all text-foreground">{entry.memberEmail}</span>
                  <span className="min-w-0 font-mono text-xs break-all">
                    {entry.method} {entry.url}
                  </span>
                  <Badge
                    variant={entry.statusCode < 400 ? "muted" : "warning"}
                    className="self-start sm:ml-auto"
                  >
                    {entry.statusCode}
                  </Badge>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <span>
                {offset + 1}–{offset + log.data.entries.length} van {log.data.total}
              </span>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - ACCESS_LOG_PAGE))}
                >
                  Nieuwer
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={offset + ACCESS_LOG_PAGE >= log.data.total}
                  onClick={() => setOffset(offset + ACCESS_LOG_PAGE)}
                >
                  Ouder
                </Button>
              </div>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
