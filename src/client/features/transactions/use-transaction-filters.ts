import { useSearchParams } from "wouter";
import type { TransactionListQuery } from "@shared/schemas/transactions";
import { TRANSACTION_PAGE_SIZE } from "@shared/schemas/transactions";

export type TransactionFilters = {
  type: "" | "income" | "expense";
  categoryId: string;
  startDate: string;
  endDate: string;
  search: string;
  bankAccountId: string;
  page: number;
};

const FILTER_KEYS = ["type", "categoryId", "startDate", "endDate", "search", "bankAccountId"] as const;

/**
 * The screen's filters live in the URL (?type=&categoryId=&startDate=&endDate=&search=&page=), so a reload or a
 * shared link shows the same list. The top bar's search arrives here as ?search=.
 */
export function useTransactionFilters() {
  const [params, setParams] = useSearchParams();
  const type = params.get("type");
  const filters: TransactionFilters = {
    type: type === "income" || type === "expense" ? type : "",
    categoryId: params.get("categoryId") ?? "",
    startDate: params.get("startDate") ?? "",
    endDate: params.get("endDate") ?? "",
    search: params.get("search") ?? "",
    bankAccountId: params.get("bankAccountId") ?? "",
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };

  /** Changes filters (back to page 1) or the page; empty values leave the URL. */
  const setFilters = (changes: Partial<TransactionFilters>) => {
    const next = { ...filters, ...("page" in changes ? {} : { page: 1 }), ...changes };
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, next[key]);
    if (next.page > 1) search.set("page", String(next.page));
    setParams(search, { replace: true });
  };

  const query: TransactionListQuery = {
    ...(filters.type && { type: filters.type }),
    ...(filters.categoryId && { categoryId: filters.categoryId }),
    ...(filters.startDate && { startDate: filters.startDate }),
    ...(filters.endDate && { endDate: filters.endDate }),
    ...(filters.search && { search: filters.search }),
    ...(filters.bankAccountId && { bankAccountId: filters.bankAccountId }),
    limit: TRANSACTION_PAGE_SIZE,
    offset: (filters.page - 1) * TRANSACTION_PAGE_SIZE,
  };
  const isFiltered = FILTER_KEYS.some((key) => filters[key] !== "");
  return { filters, setFilters, query, isFiltered };
}
