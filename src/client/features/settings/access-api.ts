/** Settings → Toegang: the owner's members, invitations and access log. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccessLogPage,
  ChangeMemberRoleInput,
  InviteMemberInput,
  Member,
} from "@shared/schemas/administrations";
import { apiRequest } from "@client/lib/api";

export const ACCESS_LOG_PAGE = 25;

export const accessQueryKeys = {
  members: ["/api/administration/members"] as const,
  accessLog: (offset: number) =>
    [`/api/administration/access-log?limit=${ACCESS_LOG_PAGE}&offset=${offset}`] as const,
};

export function useMembers() {
  return useQuery(queryOptions<Member[]>({ queryKey: accessQueryKeys.members }));
}

export function useAccessLog(offset: number) {
  return useQuery(queryOptions<AccessLogPage>({ queryKey: accessQueryKeys.accessLog(offset) }));
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberInput) =>
      apiRequest<Member>("POST", "/api/administration/members", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessQueryKeys.members }),
  });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ChangeMemberRoleInput & { id: string }) =>
      apiRequest<Member>("PATCH", `/api/administration/members/${encodeURIComponent(id)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessQueryKeys.members }),
  });
}

export function useRevokeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>("DELETE", `/api/administration/members/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessQueryKeys.members }),
  });
}
