/**
 * Session data: who is signed in, and the sign-in, registration and sign-out calls (spec §4 Session, §7).
 * The current user lives under the query key ["/api/user"]; a 401 there means "nobody is signed in" (null).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { z } from "zod";
import type {
  LoginInput,
  PasswordResetInput,
  PasswordResetRequest,
  RegisterInputSchema,
  TwoFactorRequiredAnswer,
  TwoFactorSignIn,
  User,
} from "@shared/schemas/auth";
import { ApiError, apiRequest, getQueryFn } from "@client/lib/api";
import { SESSION_QUERY_KEY } from "@client/lib/query-client";
import { toast, toastError } from "@client/lib/toast";

export const currentUserQueryKey = SESSION_QUERY_KEY;

/** What the register form sends: the schema's output, so empty optional fields are absent. */
export type RegisterPayload = z.output<typeof RegisterInputSchema>;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getQueryFn<User | null>({ on401: "returnNull" }),
  meta: { ignoreUnauthorized: true },
});

/** The signed-in user; `data` is null when nobody is signed in and undefined while loading. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/** A sign-in's answer: the user, or (two-factor sign-in) that a code comes next. */
export const needsCode = (answer: User | TwoFactorRequiredAnswer): answer is TwoFactorRequiredAnswer =>
  "twoFactorRequired" in answer;

/** POST /api/login. On success the user is in the cache; the caller shows the toast and navigates. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginInput) =>
      apiRequest<User | TwoFactorRequiredAnswer>("POST", "/api/login", credentials),
    // A 401 here means "wrong password", not "session ended".
    meta: { ignoreUnauthorized: true },
    onSuccess: (answer) => {
      if (!needsCode(answer)) queryClient.setQueryData(currentUserQueryKey, answer);
    },
  });
}

/** POST /api/login/two-factor: the code step; the answer signs this browser in. */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorSignIn) => apiRequest<User>("POST", "/api/login/two-factor", input),
    meta: { ignoreUnauthorized: true },
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}

/** POST /api/register. The payload is the schema's output: empty optional fields are left out. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterPayload) => apiRequest<User>("POST", "/api/register", input),
    meta: { ignoreUnauthorized: true },
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}

/** POST /api/logout, then forget everything that belonged to the session and go to the home page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest<void>("POST", "/api/logout");
      } catch (error) {
        // A session that already ended (expired, signed out elsewhere) is the outcome the user asked for.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    // The cache is cleared below; refetching the figures first would ask with the session just ended.
    meta: { ignoreUnauthorized: true, booksUnaffected: true },
    onSuccess: () => {
      // Leave the app area first, so its guard does not bounce to /inloggen when the user becomes null.
      navigate("/");
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
      toast({ title: "Uitgelogd", description: "Je bent succesvol uitgelogd." });
    },
    onError: (error) => {
      toastError(error, "Uitloggen mislukt");
    },
  });
}

/** POST /api/password-reset/request: the same answer whether or not an account has the address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest<{ message: string }>("POST", "/api/password-reset/request", input),
    meta: { ignoreUnauthorized: true, booksUnaffected: true },
  });
}

/** Whether a reset link still works, asked once when its page opens. */
export function usePasswordResetLink(token: string) {
  return useQuery({
    queryKey: ["/api/password-reset/check", token],
    // A query's data cannot be undefined: the answer (204) becomes "the link works".
    queryFn: async () => {
      await apiRequest<void>("POST", "/api/password-reset/check", { token });
      return true;
    },
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
    meta: { ignoreUnauthorized: true },
  });
}

/** POST /api/password-reset: the new password; the answer signs this browser in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      apiRequest<User | TwoFactorRequiredAnswer>("POST", "/api/password-reset", input),
    meta: { ignoreUnauthorized: true, booksUnaffected: true },
    onSuccess: (answer) => {
      // The link may belong to another account than one signed in here before: nothing of that one stays.
      queryClient.clear();
      if (!needsCode(answer)) queryClient.setQueryData(currentUserQueryKey, answer);
    },
  });
}

/**
 * The confirmation link, followed once when its page opens: a query, so a second render (or a second mount in
 * development) does not spend the link twice.
 */
export function useConfirmEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["/api/email-confirmation", token],
    queryFn: async () => {
      const answer = await apiRequest<{ email: string }>("POST", "/api/email-confirmation", { token });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return answer;
    },
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { ignoreUnauthorized: true },
  });
}
