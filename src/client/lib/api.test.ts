import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, getErrorMessage, getQueryFn, isUnauthorizedError, queryKeyToUrl } from "./api";

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends JSON with a content type only when there is a body, and always includes cookies", async () => {
    const fetchMock = stubFetch(json({ id: "1" }));
    await expect(apiRequest("POST", "/api/login", { username: "jan", password: "x" })).resolves.toEqual({
      id: "1",
    });
    expect(fetchMock).toHaveBeenCalledWith("/api/login", {
      method: "POST",
      credentials: "include",
      signal: null,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "jan", password: "x" }),
    });

    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest("POST", "/api/logout")).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenLastCalledWith("/api/logout", {
      method: "POST",
      credentials: "include",
      signal: null,
    });
  });

  it("sends FormData as is, letting the browser set the multipart content type", async () => {
    const fetchMock = stubFetch(json({ ok: true }));
    const form = new FormData();
    form.set("file", "a;b");
    await apiRequest("POST", "/api/import", form);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toBeUndefined();
  });

  it.each([
    {
      name: "the JSON body's message",
      response: json({ message: "Onjuiste gebruikersnaam of wachtwoord" }, 401, "Unauthorized"),
      message: "401: Onjuiste gebruikersnaam of wachtwoord",
    },
    {
      name: "the raw body text",
      response: new Response("Service Unavailable for maintenance", {
        status: 503,
        statusText: "Service Unavailable",
      }),
      message: "503: Service Unavailable for maintenance",
    },
    {
      name: "JSON without a message: the raw body",
      response: json({ error: "x" }, 500, "Internal Server Error"),
      message: '500: {"error":"x"}',
    },
    {
      name: "the status text when the body is empty",
      response: new Response(null, { status: 502, statusText: "Bad Gateway" }),
      message: "502: Bad Gateway",
    },
  ])("throws ApiError '{status}: {text}' with $name", async ({ response, message }) => {
    stubFetch(response);
    const error = await apiRequest("GET", "/api/x").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).serverMessage).toBe(message.slice(message.indexOf(": ") + 2));
  });

  it("carries the answer's fieldErrors", async () => {
    stubFetch(
      json(
        {
          message: "Controleer de invoer",
          fieldErrors: { username: "Deze gebruikersnaam is al in gebruik", x: 1 },
        },
        409,
      ),
    );
    const error = (await apiRequest("POST", "/api/register", {}).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.status).toBe(409);
    expect(error.fieldErrors).toEqual({ username: "Deze gebruikersnaam is al in gebruik" });
  });

  it("turns a network failure into an ApiError with status 0 and a Dutch message", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = (await apiRequest("GET", "/api/user").catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.serverMessage).toMatch(/Geen verbinding/);
  });
});

describe("queryKeyToUrl", () => {
  it.each([
    { key: ["/api/user"], url: "/api/user" },
    { key: ["/api/clients", "c1"], url: "/api/clients/c1" },
    {
      key: ["/api/invoices", { status: "paid", clientId: undefined, q: "" }],
      url: "/api/invoices?status=paid",
    },
    {
      key: ["/api/transactions", { type: "expense", startDate: "2026-01-01" }],
      url: "/api/transactions?type=expense&startDate=2026-01-01",
    },
    { key: ["/api/transactions", {}], url: "/api/transactions" },
  ])("$key -> $url", ({ key, url }) => {
    expect(queryKeyToUrl(key)).toBe(url);
  });
});

describe("getQueryFn", () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as Parameters<
      ReturnType<typeof getQueryFn>
    >[0];

  it("GETs the joined query key", async () => {
    const fetchMock = stubFetch(json([{ id: "p1" }]));
    await expect(getQueryFn({ on401: "throw" })(context(["/api/projects"]))).resolves.toEqual([{ id: "p1" }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/projects");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("GET");
  });

  it("returns null for a 401 with on401 'returnNull', and throws otherwise", async () => {
    stubFetch(json({ message: "Niet ingelogd" }, 401));
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/user"]))).resolves.toBeNull();
    stubFetch(json({ message: "Niet ingelogd" }, 401));
    await expect(getQueryFn({ on401: "throw" })(context(["/api/user"]))).rejects.toThrow(
      "401: Niet ingelogd",
    );
  });
});

describe("isUnauthorizedError", () => {
  it.each([
    { error: new ApiError(401, "Niet ingelogd"), expected: true },
    { error: new ApiError(403, "Demo session expired"), expected: true },
    { error: new Error("401: Unauthorized"), expected: true },
    { error: new Error("Demo session expired"), expected: true },
    { error: new ApiError(400, "Factuurnummer INV-401 bestaat al"), expected: false },
    { error: new ApiError(500, "Interne fout"), expected: false },
    { error: "401", expected: false },
  ])("$error.message -> $expected", ({ error, expected }) => {
    expect(isUnauthorizedError(error)).toBe(expected);
  });
});

describe("getErrorMessage", () => {
  it("prefers the server's text", () => {
    expect(getErrorMessage(new ApiError(429, "Te veel pogingen"))).toBe("Te veel pogingen");
    expect(getErrorMessage(new Error("kapot"))).toBe("kapot");
    expect(getErrorMessage(undefined)).toBe("Er ging iets mis. Probeer het opnieuw.");
  });
});
