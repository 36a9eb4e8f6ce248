/**
 * What makes Balans installable, written into the app's build (dist/client) after `vite build`:
 * 1. the icons of manifest.webmanifest, drawn from favicon.svg: 192 and 512 px as they are (rounded square), a
 *    512 px maskable one and the 180 px Apple touch icon (full-bleed square, the mark inside the safe zone, since
 *    the platform cuts its own shape);
 * 2. sw.js's VERSION, a hash of the worker and the offline page, so every change to either installs a new worker
 *    (which drops the old offline page) and an unchanged build leaves installed workers alone.
 * Runs before scripts/prerender.ts, which writes the compressed copies of sw.js.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";

const root = fileURLToPath(new URL("..", import.meta.url));
const staticDir = join(root, "src/client/static");
const clientDir = join(root, "dist/client");

const favicon = readFileSync(join(staticDir, "favicon.svg"), "utf8");
const mark = /<g[\s\S]*<\/g>/.exec(favicon)?.[0];
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!mark || !background) throw new Error("favicon.svg heeft geen <rect fill> met een <g> erna meer");

// The mark spans x 6–26 and y 7.5–24 of 32; at 0.75 it stays well within the maskable safe zone (a circle of
// 40% of the size around the centre).
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.75) translate(-16 -15.75)">${mark}</g></svg>`;

const icons: readonly { file: string; svg: string; size: number }[] = [
  { file: "icon-192.png", svg: favicon, size: 192 },
  { file: "icon-512.png", svg: favicon, size: 512 },
  { file: "icon-maskable-512.png", svg: fullBleed, size: 512 },
  { file: "apple-touch-icon.png", svg: fullBleed, size: 180 },
];
mkdirSync(join(clientDir, "icons"), { recursive: true });
for (const { file, svg, size } of icons) {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(join(clientDir, "icons", file), png);
}

const PLACEHOLDER = "__BUILD_VERSION__";
const workerFile = join(clientDir, "sw.js");
const worker = readFileSync(workerFile, "utf8");
if (!worker.includes(PLACEHOLDER)) throw new Error(`sw.js heeft geen ${PLACEHOLDER} (al gestempeld?)`);
const version = createHash("sha256")
  .update(worker)
  .update(readFileSync(join(clientDir, "offline.html")))
  .digest("hex")
  .slice(0, 12);
writeFileSync(workerFile, worker.replace(PLACEHOLDER, version));

console.info(`App icons written; service worker version ${version}.`);
