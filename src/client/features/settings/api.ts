/**
 * Settings data: the account's profile and password (under /api/user) and the company data printed on invoices
 * (/api/settings/company). Profile changes refresh the signed-in user everywhere through its query key.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecoveryCodesAnswer, TwoFactorConfirm, TwoFactorSetupAnswer, User } from "@shared/schemas/auth";
import type { Series } from "@shared/schemas/invoices";
import type {
  CompanyProfile,
  CompanyProfileInput,
  OutboxEntry,
  PasswordChangeInput,
  ProfileInput,
} from "@shared/schemas/settings";
import { apiRequest } from "@client/lib/api";
import { SESSION_QUERY_KEY } from "@client/lib/query-client";

export const settingsQueryKeys = {
  company: ["/api/settings/company"] as const,
  outbox: ["/api/settings/outbox"] as const,
  /** Under /api/invoices: every invoice change (a number taken) refreshes the next number shown here. */
  invoiceSeries: ["/api/invoices", "series"] as const,
};

/** The user's sent e-mail (invoices), refreshed whenever Settings is opened. */
export function useOutbox() {
  return useQuery({ ...queryOptions<OutboxEntry[]>({ queryKey: settingsQueryKeys.outbox }), staleTime: 0 });
}

export const outboxAttachmentUrl = (id: string) =>
  `/api/settings/outbox/attachments/${encodeURIComponent(id)}`;

export const companyProfileQueryOptions = queryOptions<CompanyProfile>({
  queryKey: settingsQueryKeys.company,
});

export function useCompanyProfile() {
  return useQuery(companyProfileQueryOptions);
}

/**
 * Not `booksUnaffected`: the KOR, the VAT frequency and the administration's start change which VAT returns are
 * due, so the taxes screen and the bell are refreshed with the other books-derived queries.
 */
export function useSaveCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyProfileInput) =>
      apiRequest<CompanyProfile>("PUT", "/api/settings/company", input),
    onSuccess: (company) => queryClient.setQueryData(settingsQueryKeys.company, company),
  });
}

export const LOGO_URL = "/api/settings/logo";

/** Uploads or removes the logo; the company data then says whether one is set (hasLogo). */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiRequest<void>("PUT", LOGO_URL, file),
    meta: { booksUnaffected: true },
    onSuccess: () =>
      queryClient.setQueryData<CompanyProfile>(settingsQueryKeys.company, (company) =>
        company ? { ...company, hasLogo: true } : company,
      ),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>("DELETE", LOGO_URL),
    meta: { booksUnaffected: true },
    onSuccess: () =>
      queryClient.setQueryData<CompanyProfile>(settingsQueryKeys.company, (company) =>
        company ? { ...company, hasLogo: false } : company,
      ),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest<User>("PUT", "/api/user", input),
    meta: { booksUnaffected: true },
    onSuccess: (user) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}

/** A wrong current password answers 400 (not 401), so a typo never signs the user out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => apiRequest<void>("PUT", "/api/user/password", input),
    meta: { booksUnaffected: true },
  });
}

/** Settings → Factuurnummering: the number format and the number the next invoice will get. */
export function useInvoiceSeries() {
  return useQuery(queryOptions<Series>({ queryKey: settingsQueryKeys.invoiceSeries }));
}

/** A new format applies to invoices sent from now on; numbers already given stay as they are. */
export function useSaveInvoiceSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (format: string) => apiRequest<Series>("PUT", "/api/invoices/series", { format }),
    meta: { booksUnaffected: true },
    // The invoice form's hint reads the next number too (GET /api/invoices/next-number).
    onSuccess: (series) =>
      Promise.all([
        queryClient.setQueryData(settingsQueryKeys.invoiceSeries, series),
        queryClient.invalidateQueries({ queryKey: ["/api/invoices", "next-number"] }),
      ]),
  });
}

/** Two-factor sign-in: each call may change whether it is on, so the signed-in user is read again after it. */
function useTwoFactorCall<Input, Answer>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => apiRequest<Answer>("POST", `/api/user/two-factor/${path}`, input),
    meta: { booksUnaffected: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}

export const useStartTwoFactor = () =>
  useTwoFactorCall<{ currentPassword: string }, TwoFactorSetupAnswer>("setup");
export const useEnableTwoFactor = () => useTwoFactorCall<{ code: string }, RecoveryCodesAnswer>("enable");
export const useDisableTwoFactor = () => useTwoFactorCall<TwoFactorConfirm, void>("disable");
export const useRenewRecoveryCodes = () =>
  useTwoFactorCall<TwoFactorConfirm, RecoveryCodesAnswer>("recovery-codes");
