/**
 * Client data for the Investeringen screen: the register's query key and its mutations. Every change invalidates
 * the register; the books-derived screens (balances, reports) are refreshed by the query client after it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DisposeFixedAssetInput, FixedAsset, FixedAssetInput } from "@shared/schemas/fixed-assets";
import { apiRequest } from "@client/lib/api";

export const fixedAssetKeys = {
  all: ["/api/fixed-assets"] as const,
};

export function useFixedAssets() {
  return useQuery(queryOptions<FixedAsset[]>({ queryKey: fixedAssetKeys.all }));
}

function useInvalidateAssets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fixedAssetKeys.all });
}

const assetUrl = (id: string) => `/api/fixed-assets/${encodeURIComponent(id)}`;

/** Adds an asset, or saves an existing one when an id is given. */
export function useSaveFixedAsset() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | undefined; input: FixedAssetInput }) =>
      id
        ? apiRequest<FixedAsset>("PUT", assetUrl(id), input)
        : apiRequest<FixedAsset>("POST", "/api/fixed-assets", input),
    onSuccess: invalidate,
  });
}

export function useDisposeFixedAsset() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DisposeFixedAssetInput }) =>
      apiRequest<FixedAsset>("POST", `${assetUrl(id)}/dispose`, input),
    onSuccess: invalidate,
  });
}

export function useUndoDisposal() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (id: string) => apiRequest<FixedAsset>("DELETE", `${assetUrl(id)}/disposal`),
    onSuccess: invalidate,
  });
}

export function useDeleteFixedAsset() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", assetUrl(id)),
    onSuccess: invalidate,
  });
}
