/**
 * Prerenders the public site after its builds (`vite build --mode public`: dist/public, and `--ssr`: dist/ssr):
 * 1. every public path is rendered with the same tree the browser hydrates, into the public build's index.html
 *    with its own head (title, description, keywords, canonical, Open Graph, Twitter card, JSON-LD), its page
 *    chunk preloaded and the prefetch hints of spec §2.1; written to dist/prerendered/<path>/index.html;
 * 2. the 'Page Not Found' page for unknown paths (dist/prerendered/404.html);
 * 3. sitemap.xml and robots.txt (dist/prerendered, served by the server with the real origin);
 * 4. the 1200×630 share images of the blog articles (dist/client/og/blog/*.png) from their illustrations;
 * 5. .br and .gz copies of the built scripts, styles and SVGs, which the server sends to browsers that accept them.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Resvg } from "@resvg/resvg-js";
import { BLOG_ARTICLES } from "../src/shared/content/blog-index";
import { FAQ_ITEMS } from "../src/shared/content/faq";
import {
  absoluteUrl,
  blogPostingJsonLd,
  faqPageJsonLd,
  organizationJsonLd,
  renderHeadTags,
  softwareApplicationJsonLd,
  SOCIAL_IMAGE_SIZE,
  socialImageFor,
  type JsonLd,
  type PageMeta,
} from "../src/shared/content/seo";
import { INITIAL_COOKIE_POLICY } from "../src/server/features/consent/service";
import type * as EntryServer from "../src/client/entry-server";

// The production renderer, as in the browser build (set before the render bundle loads).
process.env.NODE_ENV = "production";

const root = fileURLToPath(new URL("..", import.meta.url));
const clientDir = join(root, "dist/client");
const publicDir = join(root, "dist/public");
const outDir = join(root, "dist/prerendered");

/** Spec §2.1: the product prefetches these pages. */
const PREFETCH_PATHS = ["/functionaliteiten", "/prijzen", "/koppelingen"];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const entry = (await import(
  pathToFileURL(join(root, "dist/ssr/entry-server.js")).href
)) as typeof EntryServer;
const template = readFileSync(join(publicDir, "index.html"), "utf8");
const manifest = JSON.parse(readFileSync(join(publicDir, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error("De manifest van de publieke site heeft geen entry");
const entryFiles = collectFiles(entryKey);

/** The JS files a chunk needs (itself and its static imports), by manifest key. */
function collectFiles(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) collectFiles(imported, seen);
  return seen;
}

function preloadLinks(sources: string[]): string[] {
  const files = new Set<string>();
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} staat niet in de manifest van de publieke site`);
    for (const key of collectFiles(source)) if (!entryFiles.has(key)) files.add(manifest[key]!.file);
  }
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
}

function articleBodySource(path: string): string | undefined {
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  const key = slug && Object.keys(manifest).find((name) => name.endsWith(`content/blog/${slug}.md`));
  return key || undefined;
}

function structuredData(meta: PageMeta): JsonLd[] {
  return (meta.structuredData ?? []).map((kind) => {
    switch (kind) {
      case "organization":
        return organizationJsonLd();
      case "software":
        return softwareApplicationJsonLd();
      case "faq":
        return faqPageJsonLd(FAQ_ITEMS);
      case "article": {
        const article = BLOG_ARTICLES.find(({ slug }) => meta.path === `/blog/${slug}`);
        if (!article) throw new Error(`${meta.path} is geen artikel`);
        return blogPostingJsonLd(article);
      }
    }
  });
}

function htmlDocument(
  page: EntryServer.RenderedPage,
  meta: PageMeta,
  extraHead: string[],
  year: number,
): string {
  const head = [renderHeadTags(meta, structuredData(meta)), ...extraHead].join("\n    ");
  const document = template
    .replace('<html lang="nl-NL">', `<html lang="nl-NL" data-year="${year}">`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, "")
    .replace("</head>", `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
  if (!document.includes(page.html)) throw new Error('index.html heeft geen lege <div id="root"></div>');
  return document;
}

function writePage(path: string, html: string): void {
  const file = path === "/404" ? join(outDir, "404.html") : join(outDir, path, "index.html");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}

/**
 * Server data a page shows, given to the render and to the browser (which hydrates with the same data and then
 * refetches it): the cookie policy page shows the policy version stored at start-up.
 */
const INITIAL_QUERY_DATA: Record<string, EntryServer.QueryData> = {
  "/legal/cookiebeleid": [[["/api/cookie-policy"], INITIAL_COOKIE_POLICY]],
};

const year = new Date().getFullYear();
const paths = entry.listPublicPaths();
const indexedPaths: string[] = [];

for (const path of paths) {
  const queryData = INITIAL_QUERY_DATA[path] ?? [];
  entry.setQueryData(queryData);
  const page = await entry.renderPage(path);
  if (page.status !== 200 || !page.meta)
    throw new Error(`${path} gaf status ${page.status} bij het prerenderen`);
  if (page.meta.path !== path) throw new Error(`${path} noemt zichzelf ${page.meta.path}`);
  const source = entry.pageSourceFor(path);
  const bodySource = articleBodySource(path);
  const extraHead = [
    ...preloadLinks([...(source ? [source] : []), ...(bodySource ? [bodySource] : [])]),
    ...PREFETCH_PATHS.filter((prefetch) => prefetch !== path).map(
      (prefetch) => `<link rel="prefetch" href="${prefetch}" />`,
    ),
  ];
  if (queryData.length > 0) {
    const json = JSON.stringify(queryData).replaceAll("<", "\\u003c");
    extraHead.push(`<script type="application/json" id="initial-query-data">${json}</script>`);
  }
  writePage(path, htmlDocument(page, page.meta, extraHead, year));
  if (!page.meta.noindex) indexedPaths.push(path);
}

const notFound = await entry.renderPage("/404");
if (notFound.status !== 404) throw new Error("De 404-pagina gaf geen status 404");
writePage(
  "/404",
  htmlDocument(
    notFound,
    {
      title: "Pagina niet gevonden",
      description: "Deze pagina bestaat niet (meer). Ga terug naar de homepage van Balans.",
      keywords: [],
      path: "/404",
    },
    ['<meta name="robots" content="noindex" />'],
    year,
  ).replace(/\s*<link rel="canonical"[^>]*>/, ""),
);

const today = new Date().toISOString().slice(0, 10);
const lastModified = (path: string) =>
  BLOG_ARTICLES.find((article) => path === `/blog/${article.slug}`)?.date ?? today;
writeFileSync(
  join(outDir, "sitemap.xml"),
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...indexedPaths.map(
      (path) => `  <url><loc>${absoluteUrl(path)}</loc><lastmod>${lastModified(path)}</lastmod></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n"),
);
writeFileSync(
  join(outDir, "robots.txt"),
  [
    "User-agent: *",
    "Allow: /",
    "Disallow: /app",
    "Disallow: /api",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n"),
);

for (const article of BLOG_ARTICLES) {
  const svg = readFileSync(join(root, "src/client/static", article.image), "utf8");
  const png = new Resvg(svg, { fitTo: { mode: "width", value: SOCIAL_IMAGE_SIZE.width } }).render().asPng();
  const file = join(clientDir, socialImageFor(article.image));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, png);
}

const builtFiles = [clientDir, publicDir].flatMap((dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }),
);
for (const entry of builtFiles) {
  if (!entry.isFile() || !/\.(?:js|css|svg|json|txt|xml)$/.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

console.info(`Prerendered ${paths.length} public pages, the 404 page, sitemap.xml and robots.txt.`);
