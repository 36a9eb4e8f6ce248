import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isClientRoute } from "@shared/routes";

/**
 * Serves the built React app: hashed assets cached for a year, every other page path answered with index.html
 * (the client router takes over). Paths that no client route knows still get the app, which shows
 * 'Page Not Found', but with status 404 so search engines drop them.
 */
export const clientPlugin = fp(async function client(app: FastifyInstance, options: { clientDir: string }) {
  const indexFile = join(options.clientDir, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`No built client in ${options.clientDir}: run "npm run build" to serve the app.`);
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");

  await app.register(fastifyStatic, {
    root: options.clientDir,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header(
        "cache-control",
        path.includes(`${join(options.clientDir, "assets")}`)
          ? "public, max-age=31536000, immutable"
          : "no-cache",
      );
    },
  });

  app.get("/*", async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/")) return reply.callNotFound();
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  });
});
