/** Settings → API-sleutels: the personal API tokens and the API's OpenAPI document. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from "@shared/schemas/api-tokens";
import { apiRequest } from "@client/lib/api";

export const apiTokenQueryKeys = {
  tokens: ["/api/api-tokens"] as const,
  openApi: ["/api/openapi.json"] as const,
};

export function useApiTokens() {
  return useQuery(queryOptions<ApiToken[]>({ queryKey: apiTokenQueryKeys.tokens }));
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => apiRequest<CreatedApiToken>("POST", "/api/api-tokens", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenQueryKeys.tokens }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/api-tokens/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenQueryKeys.tokens }),
  });
}

/** The parts of an OpenAPI 3.1 document the reference shows. */
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
};
export type OpenApiOperation = {
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
};

export function useOpenApiDocument(enabled: boolean) {
  return useQuery({ ...queryOptions<OpenApiDocument>({ queryKey: apiTokenQueryKeys.openApi }), enabled });
}
