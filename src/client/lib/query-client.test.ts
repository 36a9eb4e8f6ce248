import { QueryObserver, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATIONS_QUERY_KEY } from "@client/components/layout/notifications-menu";
import { dashboardQueryKeys } from "@client/features/dashboard/api";
import { reportsQueryKeys } from "@client/features/reports/api";
import { vatReturnQueryKeys } from "@client/features/vat-returns/api";
import { bankAccountKeys, categoryKeys, transactionKeys } from "@client/features/transactions/api";
import { ApiError } from "./api";
import type { AppMutationMeta } from "./query-client";

/** Each test gets fresh modules: "already redirecting" is module state. */
async function load(pathname: string) {
  vi.resetModules();
  const toast = vi.fn();
  vi.doMock("./toast", () => ({ toast }));
  const location = { pathname, href: `http://localhost${pathname}` };
  vi.stubGlobal("window", { location });
  const { createQueryClient } = await import("./query-client");
  return { location, client: createQueryClient(), toast };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock("./toast");
  vi.unstubAllGlobals();
});

describe("authorisation failures (spec §8)", () => {
  it("toasts and sends the browser to /api/login after 500 ms", async () => {
    const { location, client, toast } = await load("/app/invoices");
    await client
      .fetchQuery({
        queryKey: ["/api/invoices"],
        queryFn: () => Promise.reject(new ApiError(401, "Niet ingelogd")),
      })
      .catch(() => undefined);
    expect(toast).toHaveBeenCalledWith({
      variant: "destructive",
      title: "Niet geautoriseerd",
      description: "Je bent uitgelogd. Opnieuw inloggen...",
    });
    expect(location.href).toBe("http://localhost/app/invoices");
    vi.advanceTimersByTime(500);
    expect(location.href).toBe("/api/login");
  });

  it("ignores the session probe, mutations marked ignoreUnauthorized, and the sign-in pages", async () => {
    const { location, client, toast } = await load("/app/dashboard");
    const reject401 = () => Promise.reject(new ApiError(401, "Niet ingelogd"));
    await client.fetchQuery({ queryKey: ["/api/user"], queryFn: reject401 }).catch(() => undefined);
    await client
      .getMutationCache()
      .build(client, { mutationFn: reject401, meta: { ignoreUnauthorized: true } })
      .execute(undefined)
      .catch(() => undefined);
    location.pathname = "/inloggen";
    await client.fetchQuery({ queryKey: ["/api/clients"], queryFn: reject401 }).catch(() => undefined);
    vi.advanceTimersByTime(1000);
    expect(toast).not.toHaveBeenCalled();
    expect(location.href).toBe("http://localhost/app/dashboard");
  });

  it("treats other errors as ordinary failures", async () => {
    const { location, client, toast } = await load("/app/reports");
    await client
      .fetchQuery({
        queryKey: ["/api/reports"],
        queryFn: () => Promise.reject(new ApiError(500, "Interne fout")),
      })
      .catch(() => undefined);
    vi.advanceTimersByTime(1000);
    expect(toast).not.toHaveBeenCalled();
    expect(location.href).toBe("http://localhost/app/reports");
  });
});

const QUARTER = { from: "2026-01-01", to: "2026-03-31" };

describe("isBooksQuery", () => {
  it.each<[QueryKey, boolean]>([
    [dashboardQueryKeys.metrics("year"), true],
    [reportsQueryKeys.summary(QUARTER), true],
    [reportsQueryKeys.report("cashflow", QUARTER), true],
    [vatReturnQueryKeys.periods(2026), true],
    [vatReturnQueryKeys.vatReturn("2026-Q1"), true],
    [NOTIFICATIONS_QUERY_KEY, true],
    [["/api/ledger/accounts"], true],
    [bankAccountKeys.all, true],
    [transactionKeys.summary({ limit: 50, offset: 0 }), true],
    [["/api/invoices", "summary"], true],
    [["/api/purchase-invoices", { status: "open", limit: 50, offset: 0 }], true],
    [["/api/user"], false],
    [["/api/clients", "summary"], false],
    [categoryKeys.all, false],
    [["/api/reportsarchive"], false],
    [[], false],
    [[42], false],
  ])("%j → %s", async (queryKey, expected) => {
    const { isBooksQuery } = await import("./query-client");
    expect(isBooksQuery(queryKey)).toBe(expected);
  });
});

describe("refreshing the books-derived screens after a change", () => {
  const BOOKS_KEYS: QueryKey[] = [
    vatReturnQueryKeys.vatReturn("2026-Q1"),
    vatReturnQueryKeys.periods(2026),
    dashboardQueryKeys.metrics("quarter"),
    dashboardQueryKeys.onboarding,
    reportsQueryKeys.summary(QUARTER),
    reportsQueryKeys.report("winst-en-verlies", QUARTER),
    NOTIFICATIONS_QUERY_KEY,
    bankAccountKeys.all,
    ["/api/ledger/accounts"],
    transactionKeys.all,
    ["/api/invoices"],
  ];
  const OTHER_KEYS: QueryKey[] = [["/api/user"], ["/api/clients"], categoryKeys.all];

  beforeEach(() => {
    // The refetches settle through real promises and the query client's own scheduling.
    vi.useRealTimers();
  });

  function seed(client: QueryClient) {
    for (const queryKey of [...BOOKS_KEYS, ...OTHER_KEYS]) client.setQueryData(queryKey, { shown: true });
  }

  const invalidatedKeys = (client: QueryClient) =>
    client
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.isInvalidated })
      .map((query) => query.queryKey);

  const mutate = (client: QueryClient, mutationFn: () => Promise<unknown>, meta?: AppMutationMeta) =>
    client.getMutationCache().build(client, { mutationFn, meta }).execute(undefined);

  it("invalidates every books-derived query and refetches the one on screen", async () => {
    const { client } = await load("/app/taxes");
    seed(client);
    let figures = 100;
    const vatReturnFn = vi.fn(() => Promise.resolve({ payable: figures }));
    const onScreen = new QueryObserver(client, {
      queryKey: vatReturnQueryKeys.vatReturn("2026-Q2"),
      queryFn: vatReturnFn,
    });
    const unsubscribe = onScreen.subscribe(() => {});
    await vi.waitFor(() =>
      expect(client.getQueryData(vatReturnQueryKeys.vatReturn("2026-Q2"))).toBeDefined(),
    );

    figures = 121;
    await mutate(client, () => Promise.resolve({ id: "transaction" }));

    // Marked stale at once; the one on screen refetches in the background.
    await vi.waitFor(() =>
      expect(client.getQueryData(vatReturnQueryKeys.vatReturn("2026-Q2"))).toEqual({ payable: 121 }),
    );
    expect(vatReturnFn).toHaveBeenCalledTimes(2);
    expect(invalidatedKeys(client)).toEqual(expect.arrayContaining(BOOKS_KEYS));
    expect(invalidatedKeys(client)).toHaveLength(BOOKS_KEYS.length);
    // Screens not on display keep their figures until shown again, then fetch.
    for (const queryKey of BOOKS_KEYS) expect(client.getQueryState(queryKey)?.fetchStatus).toBe("idle");
    unsubscribe();
  });

  it("leaves the books-derived queries alone after a change marked booksUnaffected", async () => {
    const { client } = await load("/app/settings");
    seed(client);
    await mutate(client, () => Promise.resolve({ firstName: "Sanne" }), { booksUnaffected: true });
    expect(invalidatedKeys(client)).toEqual([]);
  });

  it("leaves the books-derived queries alone after a failed change", async () => {
    const { client } = await load("/app/transactions");
    seed(client);
    await mutate(client, () => Promise.reject(new ApiError(400, "Bedrag is verplicht"))).catch(
      () => undefined,
    );
    expect(invalidatedKeys(client)).toEqual([]);
  });
});
