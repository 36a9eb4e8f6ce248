/**
 * The VAT return data of the Belastingen screen: periods per year, one return, and filing it. Every key is
 * books-derived: the query client refreshes them after any change, filing included (lib/query-client.ts).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  VatCorrectionResolveInput,
  VatFilingInput,
  VatPeriodsAnswer,
  VatReturnAnswer,
} from "@shared/schemas/vat-returns";
import { apiRequest, getQueryFn } from "@client/lib/api";

export const vatReturnQueryKeys = {
  all: ["/api/vat-returns"] as const,
  periods: (year: number) => ["/api/vat-returns", { year }] as const,
  vatReturn: (periodId: string) => ["/api/vat-returns", periodId] as const,
};

export function useVatPeriods(year: number) {
  return useQuery({
    queryKey: vatReturnQueryKeys.periods(year),
    queryFn: getQueryFn<VatPeriodsAnswer>({ on401: "throw" }),
  });
}

export function useVatReturn(periodId: string | undefined) {
  return useQuery({
    queryKey: vatReturnQueryKeys.vatReturn(periodId ?? ""),
    queryFn: getQueryFn<VatReturnAnswer>({ on401: "throw" }),
    enabled: Boolean(periodId),
  });
}

export function useFileVatReturn() {
  return useMutation({
    mutationFn: ({ periodId, input }: { periodId: string; input: VatFilingInput }) =>
      apiRequest<VatReturnAnswer>("POST", `/api/vat-returns/${encodeURIComponent(periodId)}/file`, input),
  });
}

export const vatReturnDownloadUrl = (periodId: string, format: "pdf" | "csv") =>
  `/api/vat-returns/${encodeURIComponent(periodId)}/${format}`;

/** 'Corrigeren': opens a filed period for changes. */
export function useOpenVatCorrection() {
  return useMutation({
    mutationFn: (periodId: string) =>
      apiRequest<VatReturnAnswer>("POST", `/api/vat-returns/${encodeURIComponent(periodId)}/corrections`),
  });
}

/** Ends the open correction: suppletie, next return, or no difference. */
export function useResolveVatCorrection() {
  return useMutation({
    mutationFn: ({ periodId, input }: { periodId: string; input: VatCorrectionResolveInput }) =>
      apiRequest<VatReturnAnswer>(
        "POST",
        `/api/vat-returns/${encodeURIComponent(periodId)}/corrections/resolve`,
        input,
      ),
  });
}
