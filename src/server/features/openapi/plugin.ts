import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { SESSION_COOKIE } from "../../plugins/session";

/** Outside the public API: the back office, the browser tests' helpers, this document and the app's pages. */
const isHidden = (url: string) =>
  !url.startsWith("/api/") ||
  url.startsWith("/api/operator") ||
  url.startsWith("/api/test/") ||
  url === OPENAPI_PATH;

export const OPENAPI_PATH = "/api/openapi.json";

/** `/api/memorial-entries/:id` is tagged `memorial-entries`: the reference groups paths by their resource. */
const tagOf = (url: string) => url.split("/")[2] ?? "api";

/**
 * The OpenAPI 3.1 document of the public API, generated from the routes' zod schemas as they are registered.
 * Registered before the routes (it collects them as they are added); GET /api/openapi.json serves it.
 */
export const openApiPlugin = fp(async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Balans API",
        version: "1.0.0",
        description:
          "De API van Balans: dezelfde gegevens en regels als de app. Meld je aan met een persoonlijke API-sleutel " +
          "(Instellingen → API-sleutels) in de header `Authorization: Bearer <sleutel>`. Bedragen zijn tekst met " +
          "twee decimalen (\"1234.50\"), datums YYYY-MM-DD. Een sleutel met alleen 'Lezen' krijgt 403 op elke " +
          "wijziging; per sleutel geldt een limiet per minuut (429).",
      },
      components: {
        securitySchemes: {
          apiToken: { type: "http", scheme: "bearer", description: "Persoonlijke API-sleutel" },
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "De sessie van de app",
          },
        },
      },
      security: [{ apiToken: [] }, { session: [] }],
    },
    transform: (input) => {
      if (isHidden(input.url)) return { schema: { hide: true }, url: input.url };
      const result = jsonSchemaTransform(input);
      return { ...result, schema: { ...result.schema, tags: [tagOf(input.url)] } };
    },
  });

  app.get(OPENAPI_PATH, (_request, reply) => reply.header("Cache-Control", "no-cache").send(app.swagger()));
});
