/**
 * The one place where the browser talks to the server.
 *
 * 1. `apiRequest` sends a request (JSON body only when there is one, cookies always) and returns the parsed answer.
 * 2. A non-OK answer throws `ApiError`, whose message is "{status}: {text}" (spec §8).
 * 3. `getQueryFn` is the default TanStack Query fetcher: the query key's segments joined with "/" are the URL.
 * 4. `isUnauthorizedError` recognises an authorisation failure (spec §8).
 * 5. `apiFetch` (a download read as it is) and `apiUpload` (a file with upload progress) answer errors the same way.
 */
import type { QueryFunction, QueryKey } from "@tanstack/react-query";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Field name -> Dutch message, as the server sends it in a 400/409 answer. */
export type FieldErrors = Record<string, string>;

/** Shown when a request never reached the server (offline, DNS, server down). */
const NETWORK_ERROR_TEXT =
  "Geen verbinding met de server. Controleer je internetverbinding en probeer het opnieuw.";

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status; 0 when the request did not reach the server. */
  readonly status: number;
  /** The text to show a user: the answer's `message`, else its body text, else the status text. */
  readonly serverMessage: string;
  /** Per-field messages from the answer's `fieldErrors`, when it has them. */
  readonly fieldErrors: FieldErrors | undefined;

  constructor(status: number, serverMessage: string, fieldErrors?: FieldErrors, options?: ErrorOptions) {
    super(`${status}: ${serverMessage}`, options);
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
}

/**
 * Sends one request and returns the parsed answer (`undefined` for an empty answer such as 204).
 * A plain object body is sent as JSON; a `FormData` body (file uploads) is sent as multipart by the browser, a
 * `Blob` or `File` as its raw bytes with its own content type.
 */
export async function apiRequest<TResponse = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<TResponse> {
  const init: RequestInit = { method, credentials: "include", signal: options.signal ?? null };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body instanceof Blob) {
    // A file sent as it is (a logo): its own type tells the server what it claims to be.
    init.headers = { "Content-Type": body.type || "application/octet-stream" };
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR_TEXT, undefined, { cause: error });
  }

  if (!response.ok) throw await toApiError(response);
  return (await readBody(response)) as TResponse;
}

/** One page of a list and the size of the whole list (the server's X-Total-Count, README "Lists and paging"). */
export type ListPage<T> = { rows: T[]; total: number };

/** A GET of a paged list: its rows and X-Total-Count. */
export async function apiListPage<T>(url: string, options: ApiRequestOptions = {}): Promise<ListPage<T>> {
  const response = await apiFetch(url, options);
  const rows = (await readBody(response)) as T[];
  return { rows, total: Number(response.headers.get("X-Total-Count") ?? rows.length) };
}

/** A GET whose answer the caller reads itself (a download as a blob); a refusal throws the same ApiError. */
export async function apiFetch(url: string, options: ApiRequestOptions = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "include", signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR_TEXT, undefined, { cause: error });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

export interface ApiUploadOptions extends ApiRequestOptions {
  /** The body's content type ("text/csv; charset=utf-8", a file's own type). */
  contentType: string;
  /** 0–100 while the body is being sent. */
  onUploadProgress?: (percent: number) => void;
  /** The whole body has been sent; the server is working on it. */
  onUploaded?: () => void;
}

/**
 * POSTs a body as it is and returns the parsed answer, with upload progress: XMLHttpRequest rather than fetch,
 * as only it reports progress. The answer and its errors are read as `apiRequest` reads them.
 */
export function apiUpload<TResponse>(
  url: string,
  body: XMLHttpRequestBodyInit,
  options: ApiUploadOptions,
): Promise<TResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", options.contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.((event.loaded / event.total) * 100);
    };
    xhr.upload.onload = () => options.onUploaded?.();
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_TEXT));
    xhr.onabort = () => reject(new DOMException("Upload afgebroken", "AbortError"));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300)
        resolve(parseBody(xhr.responseText, xhr.getResponseHeader("Content-Type")) as TResponse);
      else reject(apiErrorOf(xhr.status, xhr.statusText, xhr.responseText));
    };
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text(), response.headers.get("Content-Type"));
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === "") return undefined;
  return (contentType ?? "").includes("json") ? JSON.parse(text) : text;
}

async function toApiError(response: Response): Promise<ApiError> {
  return apiErrorOf(response.status, response.statusText, await response.text().catch(() => ""));
}

/** The answer's `message` (and `fieldErrors`) when it is JSON, else its text, else the status text. */
function apiErrorOf(status: number, statusText: string, body: string): ApiError {
  const raw = body.trim();
  let message = raw;
  let fieldErrors: FieldErrors | undefined;
  if (raw.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) {
        if (typeof parsed.message === "string" && parsed.message !== "") message = parsed.message;
        fieldErrors = readFieldErrors(parsed.fieldErrors);
      }
    } catch {
      // Not JSON after all: the raw text is the message.
    }
  }
  return new ApiError(status, message || statusText || `HTTP ${status}`, fieldErrors);
}

function readFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Turns a query key into a URL: string and number segments are joined with "/"; a plain object as the last
 * segment becomes the query string (empty values left out).
 * `["/api/invoices", { status: "paid" }]` -> "/api/invoices?status=paid".
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const segments = [...queryKey];
  const last = segments.at(-1);
  const params = isRecord(last) ? (segments.pop() as Record<string, unknown>) : undefined;
  const path = segments.map(String).join("/");
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** The default query fetcher. With `on401: "returnNull"` a 401 answer yields `null` instead of an error. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiRequest<T>("GET", queryKeyToUrl(queryKey), undefined, { signal });
    } catch (error) {
      if (options.on401 === "returnNull" && error instanceof ApiError && error.status === 401) {
        return null as T;
      }
      throw error;
    }
  };
}

/** The text to show a user for any error: the server's message for an `ApiError`, else the error's message. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return "Er ging iets mis. Probeer het opnieuw.";
}

const UNAUTHORIZED_PATTERN = /401|Unauthorized|Demo session expired/;

/**
 * Spec §8: an error whose message contains "401", "Unauthorized" or "Demo session expired".
 * For an `ApiError` the status is checked rather than the whole message, so that a validation message that
 * merely mentions "401" (an invoice number, an amount) does not sign the user out.
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) {
    return error.status === 401 || /Unauthorized|Demo session expired/.test(error.serverMessage);
  }
  return error instanceof Error && UNAUTHORIZED_PATTERN.test(error.message);
}
