import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_ORIGIN } from "@shared/content/seo";
import { clientPlugin } from "./client";

/**
 * A built client in miniature: the app's build (index.html, one asset), the public site's build (its own
 * index.html, one asset) and what scripts/prerender.ts writes.
 */
function writeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), "balans-client-"));
  const clientDir = join(root, "client");
  mkdirSync(join(clientDir, "assets"), { recursive: true });
  mkdirSync(join(root, "public/assets"), { recursive: true });
  mkdirSync(join(root, "prerendered/prijzen"), { recursive: true });
  writeFileSync(join(clientDir, "index.html"), '<html><div id="root"></div></html>');
  writeFileSync(join(clientDir, "assets/app.js"), "console.info('app')");
  writeFileSync(join(root, "public/index.html"), "<html>the public site's template</html>");
  writeFileSync(join(root, "public/assets/site.js"), "console.info('site')");
  writeFileSync(
    join(root, "prerendered/index.html"),
    `<title>Home</title><link rel="canonical" href="${SITE_ORIGIN}/">`,
  );
  writeFileSync(
    join(root, "prerendered/prijzen/index.html"),
    "<title>Prijzen — Balans</title><h1>Prijzen</h1>",
  );
  writeFileSync(join(root, "prerendered/404.html"), "<h1>Page Not Found</h1>");
  // What makes the app installable (src/client/static and scripts/pwa-assets.ts).
  mkdirSync(join(clientDir, "icons"));
  writeFileSync(join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(clientDir, "manifest.webmanifest"), '{"name":"Balans"}');
  writeFileSync(join(clientDir, "offline.html"), "<h1>Je bent offline</h1>");
  writeFileSync(join(clientDir, "icons/icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(
    join(root, "prerendered/robots.txt"),
    `Disallow: /app\nSitemap: ${SITE_ORIGIN}/sitemap.xml\n`,
  );
  return clientDir;
}

describe("serving the built client", () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(clientPlugin, { clientDir: writeBuild(), publicUrl: "https://boekhouden.example" });
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers a prerendered page with its own HTML, with the build's origin replaced by PUBLIC_URL", async () => {
    const prices = await app.inject({ url: "/prijzen" });
    expect(prices.statusCode).toBe(200);
    expect(prices.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(prices.body).toContain("<title>Prijzen — Balans</title>");
    expect((await app.inject({ url: "/prijzen/" })).body).toContain("<h1>Prijzen</h1>");
    const home = await app.inject({ url: "/" });
    expect(home.body).toContain('href="https://boekhouden.example/"');
    expect(home.body).not.toContain(SITE_ORIGIN);
  });

  it("answers other client routes with index.html and unknown paths with the 404 page", async () => {
    const signIn = await app.inject({ url: "/inloggen" });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('<div id="root"></div>');
    const unknown = await app.inject({ url: "/blog/bestaat-niet" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("Page Not Found");
    const unknownInApp = await app.inject({ url: "/app/bestaat-niet" });
    expect(unknownInApp.statusCode).toBe(404);
    expect(unknownInApp.body).toContain('<div id="root"></div>');
  });

  it("serves robots.txt with the real origin", async () => {
    const robots = await app.inject({ url: "/robots.txt" });
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).toContain("Sitemap: https://boekhouden.example/sitemap.xml");
  });

  it("compresses pages for browsers that accept it", async () => {
    const gzip = await app.inject({ url: "/prijzen", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("<h1>Prijzen</h1>");
    const brotli = await app.inject({ url: "/prijzen", headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
  });

  it("serves the assets of both builds, cached for a year, and the app's index.html as /index.html", async () => {
    for (const [url, body] of [
      ["/assets/app.js", "console.info('app')"],
      ["/assets/site.js", "console.info('site')"],
    ]) {
      const asset = await app.inject({ url });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe(body);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    expect((await app.inject({ url: "/index.html" })).body).toContain('<div id="root"></div>');
  });

  it.each([
    ["/sw.js", "application/javascript; charset=utf-8"],
    ["/manifest.webmanifest", "application/manifest+json"],
    ["/offline.html", "text/html; charset=utf-8"],
    ["/icons/icon-192.png", "image/png"],
  ])("serves %s as %s, revalidated on every use so an update is seen at once", async (url, type) => {
    const file = await app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe(type);
    expect(file.headers["cache-control"]).toBe("no-cache");
    // Served at the root, the worker's scope is the whole site: no Service-Worker-Allowed needed.
    expect(file.headers["service-worker-allowed"]).toBeUndefined();
  });
});
