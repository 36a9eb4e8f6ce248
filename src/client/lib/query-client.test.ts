import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";

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
