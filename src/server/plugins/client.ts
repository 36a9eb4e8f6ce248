import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { SITE_ORIGIN } from "@shared/content/seo";
import { isClientRoute, isOperatorPath, OPERATOR_ROUTES } from "@shared/routes";

/**
 * Serves the built client: the app's build (dist/client) and the public site's (dist/public, see vite.config.ts).
 * 1. Hashed assets are cached for a year; other static files are revalidated on every use, so a new service
 *    worker (sw.js), manifest or icon is seen at once.
 * 2. A public page prerendered at build time (dist/prerendered, written by scripts/prerender.ts) is answered
 *    with its own HTML: content, title and metadata are there before any script runs. So are sitemap.xml and
 *    robots.txt. The build's site origin in them is replaced by PUBLIC_URL when that is set.
 * 3. Other paths the client router knows (the app, sign-in) get index.html; the client takes over.
 * 4. Unknown paths get the prerendered 'Page Not Found' page with status 404, so search engines drop them
 *    (unknown /app paths get index.html with 404: the app shows its not-found screen inside its shell).
 * Everything text is sent compressed when the browser accepts it: assets from the .br/.gz files the build
 * writes beside them, pages from buffers compressed once, on their first request.
 */
export const clientPlugin = fp(async function client(
  app: FastifyInstance,
  options: { clientDir: string; publicUrl?: string | undefined },
) {
  const indexFile = join(options.clientDir, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`No built client in ${options.clientDir}: run "npm run build" to serve the app.`);
    return;
  }
  const withOrigin = (text: string) =>
    options.publicUrl ? text.replaceAll(SITE_ORIGIN, options.publicUrl) : text;
  const indexHtml = compressible(readFileSync(indexFile, "utf8"));
  const prerendered = readPrerendered(join(options.clientDir, "..", "prerendered"), withOrigin);
  const notFoundHtml = prerendered.get("/404") ?? indexHtml;
  const roots = [options.clientDir, join(options.clientDir, "..", "public")].filter((dir) => existsSync(dir));
  const assetDirs = roots.map((dir) => join(dir, "assets"));

  await app.register(fastifyStatic, {
    root: roots,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header(
        "cache-control",
        assetDirs.some((dir) => path.startsWith(dir)) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });

  const sendText = (request: FastifyRequest, reply: FastifyReply, type: string, body: Compressible) => {
    const accepted = String(request.headers["accept-encoding"] ?? "");
    reply.header("cache-control", "no-cache").header("vary", "accept-encoding").type(type);
    if (/\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(body.br);
    if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(body.gzip);
    return reply.send(body.text);
  };
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, html: Compressible) =>
    sendText(request, reply.status(status), "text/html; charset=utf-8", html);

  for (const [file, type] of [
    ["/sitemap.xml", "application/xml; charset=utf-8"],
    ["/robots.txt", "text/plain; charset=utf-8"],
  ] as const) {
    const body = prerendered.get(file);
    if (body === undefined) continue;
    app.get(file, async (request, reply) => sendText(request, reply, type, body));
  }

  // Whose session a page request carries; without the session plugin (the build served alone), nobody's.
  const sessionKind = (request: FastifyRequest, reply: FastifyReply) =>
    app.hasDecorator("sessions") ? app.sessions.kind(request, reply) : Promise.resolve(null);

  app.get("/*", async (request, reply) => {
    const pathname = normalisePath(request.url.split("?")[0] ?? "/");
    if (pathname.startsWith("/api/")) return reply.callNotFound();
    // The back office's pages exist for an operator only: a customer's session finds nothing there (the app
    // shows its not-found screen, as the API answers it 404), a visitor is sent to the sign-in page (session.ts
    // holds the boundary; these are the pages of it).
    if (isOperatorPath(pathname)) {
      const kind = await sessionKind(request, reply);
      if (kind === "customer") return sendHtml(request, reply, 404, indexHtml);
      if (kind === null && pathname !== OPERATOR_ROUTES.signIn) return reply.redirect(OPERATOR_ROUTES.signIn);
      const known = (Object.values(OPERATOR_ROUTES) as string[]).includes(pathname);
      return sendHtml(request, reply, known ? 200 : 404, indexHtml);
    }
    // Likewise the customer app does not exist for an operator's session: it goes to its back office.
    if (
      (pathname === "/app" || pathname.startsWith("/app/")) &&
      (await sessionKind(request, reply)) === "operator"
    ) {
      return reply.redirect(OPERATOR_ROUTES.contactMessages);
    }
    const page = prerendered.get(pathname);
    if (page !== undefined) return sendHtml(request, reply, 200, page);
    if (isClientRoute(pathname)) return sendHtml(request, reply, 200, indexHtml);
    // An unknown path inside the app shows the app's own not-found screen, rendered by the client.
    if (pathname === "/app" || pathname.startsWith("/app/")) return sendHtml(request, reply, 404, indexHtml);
    return sendHtml(request, reply, 404, notFoundHtml);
  });
});

function normalisePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is simply an unknown path.
  }
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

interface Compressible {
  text: string;
  gzip: Buffer;
  br: Buffer;
}

/** Compressed when first asked for and kept: start-up does not wait for fifty pages at Brotli's best. */
function compressible(text: string): Compressible {
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    text,
    get gzip() {
      return (gzip ??= gzipSync(text, { level: 9 }));
    },
    get br() {
      return (br ??= brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    },
  };
}

/** Every file under dist/prerendered by its URL path: "about/index.html" → "/about", "404.html" → "/404". */
function readPrerendered(dir: string, withOrigin: (text: string) => string): Map<string, Compressible> {
  const pages = new Map<string, Compressible>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const path = `/${relative(dir, file).split(sep).join("/")}`;
    const url = path.endsWith("/index.html")
      ? path.slice(0, -"/index.html".length) || "/"
      : path.replace(/\.html$/, "");
    pages.set(url, compressible(withOrigin(readFileSync(file, "utf8"))));
  }
  return pages;
}
