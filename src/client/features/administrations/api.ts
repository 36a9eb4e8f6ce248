/** Accountant access for the member: the administrations one can open, and invitations. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Administration, InvitationInfo } from "@shared/schemas/administrations";
import { apiRequest } from "@client/lib/api";

export const administrationQueryKeys = {
  administrations: ["/api/administrations"] as const,
  invitation: (token: string) => [`/api/invitations/${encodeURIComponent(token)}`] as const,
};

export function useAdministrations() {
  return useQuery(queryOptions<Administration[]>({ queryKey: administrationQueryKeys.administrations }));
}

/** Opens another administration: everything on screen belongs to the one left, so every query starts over. */
export function useSwitchAdministration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: string) =>
      apiRequest<Administration[]>("POST", "/api/administrations/active", { ownerId }),
    onSuccess: async (list) => {
      queryClient.setQueryData(administrationQueryKeys.administrations, list);
      await queryClient.resetQueries();
    },
  });
}

export function useInvitation(token: string) {
  return useQuery({
    ...queryOptions<InvitationInfo>({ queryKey: administrationQueryKeys.invitation(token) }),
    retry: false,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<Administration>("POST", `/api/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: administrationQueryKeys.administrations }),
  });
}
