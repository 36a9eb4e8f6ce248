import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import Ajv2020 from "ajv/dist/2020";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_TOKEN_MESSAGES,
  MAX_API_TOKEN_NAME,
  type ApiToken,
  type CreatedApiToken,
} from "../../../shared/schemas/api-tokens";
import { buildApp } from "../../app";
import { apiTokens, categories } from "../../db/schema/index";
import { hashToken } from "../../tokens";
import { API_TOKEN_RATE_LIMIT } from "../../plugins/session";
import { buildTestApp, TEST_APP_CONFIG, type SignedIn, type TestApp } from "../../../../tests/app";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
});
afterAll(() => t.close());

const TOKENS_URL = "/api/api-tokens";

async function createToken(as: SignedIn, scope: "read" | "read_write", name = "Boekhoudscript") {
  const response = await as.request({ method: "POST", url: TOKENS_URL, payload: { name, scope } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

const withToken = (
  token: string,
  options: { method?: "GET" | "POST" | "PUT" | "DELETE"; url: string; payload?: object },
) =>
  t.app.inject({
    method: options.method ?? "GET",
    url: options.url,
    payload: options.payload,
    headers: { authorization: `Bearer ${token}` },
  });

describe("managing tokens", () => {
  it("creates a token, shows it once and keeps only its hash", async () => {
    const created = await createToken(owner, "read", "  Export naar Excel  ");
    expect(created.token).toMatch(/^bal_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "Export naar Excel", scope: "read", lastUsedAt: null });
    expect(created.token.startsWith(created.prefix)).toBe(true);

    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await owner.request({ method: "GET", url: TOKENS_URL });
    expect(list.statusCode).toBe(200);
    const tokens = list.json<ApiToken[]>();
    expect(tokens.find((token) => token.id === created.id)).toEqual({
      id: created.id,
      name: "Export naar Excel",
      scope: "read",
      prefix: created.prefix,
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(list.body).not.toContain(created.token);
  });

  it.each([
    [{ name: "", scope: "read" }, API_TOKEN_MESSAGES.nameRequired],
    [{ name: "   ", scope: "read" }, API_TOKEN_MESSAGES.nameRequired],
    [{ scope: "read" }, API_TOKEN_MESSAGES.nameRequired],
    [{ name: "x".repeat(MAX_API_TOKEN_NAME + 1), scope: "read" }, API_TOKEN_MESSAGES.nameTooLong],
    [{ name: "Script", scope: "admin" }, API_TOKEN_MESSAGES.scopeInvalid],
    [{ name: "Script" }, API_TOKEN_MESSAGES.scopeInvalid],
  ])("refuses %j with a Dutch message and stores nothing", async (payload, message) => {
    const before = await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, owner.user.id));
    const response = await owner.request({ method: "POST", url: TOKENS_URL, payload });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    const after = await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, owner.user.id));
    expect(after).toHaveLength(before.length);
  });

  it("refuses a token beyond the maximum", async () => {
    const user = await t.signIn();
    for (let index = 0; index < 25; index++) await createToken(user, "read", `Sleutel ${index}`);
    const response = await user.request({
      method: "POST",
      url: TOKENS_URL,
      payload: { name: "Een te veel", scope: "read" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(API_TOKEN_MESSAGES.tooMany);
  });

  it("needs a session", async () => {
    const response = await t.app.inject({ method: "GET", url: TOKENS_URL });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 for another user's token, which keeps working", async () => {
    const created = await createToken(owner, "read");
    const response = await stranger.request({ method: "DELETE", url: `${TOKENS_URL}/${created.id}` });
    expect(response.statusCode).toBe(404);
    expect((await withToken(created.token, { url: "/api/user" })).statusCode).toBe(200);
    const list = await stranger.request({ method: "GET", url: TOKENS_URL });
    expect(list.json<ApiToken[]>().map((token) => token.id)).not.toContain(created.id);
    expect((await owner.request({ method: "DELETE", url: `${TOKENS_URL}/not-a-uuid` })).statusCode).toBe(404);
  });

  it("revokes at once: the next request is refused", async () => {
    const created = await createToken(owner, "read_write");
    expect((await withToken(created.token, { url: "/api/user" })).statusCode).toBe(200);
    const revoked = await owner.request({ method: "DELETE", url: `${TOKENS_URL}/${created.id}` });
    expect(revoked.statusCode).toBe(204);
    const refused = await withToken(created.token, { url: "/api/user" });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain(API_TOKEN_MESSAGES.invalid);
    expect((await owner.request({ method: "DELETE", url: `${TOKENS_URL}/${created.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe("signing in with a token", () => {
  it("reads as its owner and records when it was used", async () => {
    const created = await createToken(owner, "read");
    const response = await withToken(created.token, { url: "/api/user" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: owner.user.id });
    const categoriesAnswer = await withToken(created.token, { url: "/api/categories" });
    expect(categoriesAnswer.statusCode).toBe(200);

    const list = await owner.request({ method: "GET", url: TOKENS_URL });
    const listed = list.json<ApiToken[]>().find((token) => token.id === created.id)!;
    expect(listed.lastUsedAt).toBe(t.now.value.toISOString());
  });

  it("refuses every change with a read-only token, and changes nothing", async () => {
    const created = await createToken(owner, "read");
    const before = await t.database.db.select().from(categories).where(eq(categories.userId, owner.user.id));
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const response = await withToken(created.token, {
        method,
        url: method === "POST" ? "/api/categories" : `/api/categories/${before[0]!.id}`,
        payload: method === "DELETE" ? undefined : { name: "Via de API", type: "expense" },
      });
      expect(response.statusCode, method).toBe(403);
      expect(response.body).toContain(API_TOKEN_MESSAGES.readOnly);
    }
    const after = await t.database.db.select().from(categories).where(eq(categories.userId, owner.user.id));
    expect(after).toEqual(before);
  });

  it("writes with a read-and-write token, as its owner", async () => {
    const created = await createToken(owner, "read_write");
    const response = await withToken(created.token, {
      method: "POST",
      url: "/api/categories",
      payload: { name: "Via de API", type: "expense" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, response.json<{ id: string }>().id));
    expect(row!.userId).toBe(owner.user.id);
  });

  it("cannot manage tokens or change the password, two-factor sign-in or e-mail address", async () => {
    const created = await createToken(owner, "read_write");
    const attempts = [
      { method: "GET", url: TOKENS_URL },
      { method: "POST", url: TOKENS_URL, payload: { name: "Nog een", scope: "read_write" } },
      { method: "DELETE", url: `${TOKENS_URL}/${created.id}` },
      { method: "PUT", url: "/api/user/password", payload: { currentPassword: "x", newPassword: "y" } },
      { method: "POST", url: "/api/user/two-factor/setup", payload: { currentPassword: "x" } },
      { method: "PUT", url: "/api/user", payload: { email: "ander@example.nl" } },
    ] as const;
    for (const attempt of attempts) {
      const response = await withToken(created.token, attempt);
      expect(response.statusCode, attempt.url).toBe(403);
      expect(response.body).toContain(API_TOKEN_MESSAGES.sessionOnly);
    }
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row).toBeDefined();
  });

  it("answers 401 for an unknown token, even beside a valid session cookie", async () => {
    for (const token of ["bal_onbekend", "willekeurig"]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/user",
        headers: { authorization: `Bearer ${token}`, cookie: owner.cookie },
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain(API_TOKEN_MESSAGES.invalid);
    }
  });

  it("limits the requests per token, not per address", async () => {
    const user = await t.signIn();
    const busy = await createToken(user, "read");
    const other = await createToken(user, "read");
    for (let index = 0; index < API_TOKEN_RATE_LIMIT; index++) {
      expect((await withToken(busy.token, { url: "/api/categories" })).statusCode).toBe(200);
    }
    const limited = await withToken(busy.token, { url: "/api/categories" });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain(
      "Te veel verzoeken met deze API-sleutel. Probeer het over 1 minuut opnieuw.",
    );
    expect((await withToken(other.token, { url: "/api/categories" })).statusCode).toBe(200);
  });
});

describe("the log", () => {
  it("never holds a token", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      db: t.database.db,
      clock: () => t.now.value,
      config: TEST_APP_CONFIG,
      logger: { level: "trace", stream },
    });
    await app.ready();
    try {
      const created = await createToken(owner, "read");
      const headers = { authorization: `Bearer ${created.token}`, cookie: owner.cookie };
      await app.inject({ method: "GET", url: "/api/user", headers });
      await app.inject({
        method: "POST",
        url: "/api/categories",
        headers,
        payload: { name: "x", type: "expense" },
      });
      await app.inject({ method: "GET", url: "/api/user", headers: { authorization: "Bearer bal_geraden" } });
      // Whoever logs a request's headers gets them censored.
      app.log.info({ req: { headers } }, "request with headers");
      app.log.info({ headers }, "headers");

      expect(lines.length).toBeGreaterThan(5);
      const log = lines.join("");
      expect(log).toContain("request with headers");
      expect(log).toContain("[verborgen]");
      expect(log).not.toContain(created.token);
      expect(log).not.toContain("bal_geraden");
      expect(log).not.toContain(owner.cookie.split("=")[1]!);
    } finally {
      await app.close();
    }
  });
});

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 with the main paths and without the internal ones", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    const document = response.json();

    // Ajv does not follow this schema's $dynamicRef; its target ($defs/schema: any object or boolean) leaves
    // Schema Objects unconstrained in the base OpenAPI schema, so a plain $ref to it checks the same.
    const schema = JSON.parse(
      readFileSync(
        new URL("../../../../tests/standards/openapi/schema-3.1-2022-10-07.json", import.meta.url),
        "utf8",
      ).replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"'),
    );
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(schema);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.openapi).toBe("3.1.0");

    const paths = Object.keys(document.paths);
    for (const path of [
      "/api/invoices",
      "/api/invoices/{id}",
      "/api/clients",
      "/api/transactions",
      "/api/categories",
      "/api/api-tokens",
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(paths.filter((path) => path.startsWith("/api/operator") || path.startsWith("/api/test/"))).toEqual(
      [],
    );
    expect(paths).not.toContain("/api/openapi.json");

    // The request body comes from the shared zod schema.
    const create = document.paths["/api/categories"].post;
    expect(create.tags).toEqual(["categories"]);
    const body = create.requestBody.content["application/json"].schema;
    expect(body.properties.type.enum).toEqual(["income", "expense"]);
    // So do the answers: a JSON answer is described field by field, a download by its media type.
    expect(create.responses["201"].content["application/json"].schema.properties.color).toEqual({
      type: "string",
    });
    const list = document.paths["/api/invoices"].get.responses["200"].content["application/json"].schema;
    expect(list.type).toBe("array");
    expect(list.items.properties.total).toEqual({ type: "string" });
    expect(list.items.properties.status.enum).toContain("paid");
    expect(
      document.paths["/api/invoices/{id}/pdf"].get.responses["200"].content["application/pdf"].schema,
    ).toEqual({ type: "string", contentMediaType: "application/pdf" });
    // A broken document is refused: the check can fail.
    expect(validate({ ...document, paths: { "/api/x": { get: { parameters: [{ in: "query" }] } } } })).toBe(
      false,
    );
    expect(document.components.securitySchemes.apiToken).toEqual(
      expect.objectContaining({ type: "http", scheme: "bearer" }),
    );
  });
});
