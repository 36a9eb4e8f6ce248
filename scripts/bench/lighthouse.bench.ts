/**
 * The public site's budgets (issue 8), measured with Lighthouse (npm package) driving Debian's Chromium at
 * Lighthouse's default mobile settings (emulated phone, simulated slow 4G and 4× slower CPU), on a first visit
 * (empty cache and storage, so the cookie banner loads too):
 * - performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100 on /, /prijzen, /support/faq and an article;
 * - the home page's JavaScript ≤ 80 KB gzipped: every script the page loaded, at the size the server sends it
 *   with `Accept-Encoding: gzip`.
 * Needs a build (`npm run build`): the server serves dist/.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { BLOG_ARTICLES } from "../../src/shared/content/blog-index";
import { freePort } from "../../tests/server-process";
import { defineBenchmark, request, type Figure } from "./harness";

const PAGES = ["/", "/prijzen", "/support/faq", `/blog/${BLOG_ARTICLES[0]!.slug}`];
const CATEGORY_BUDGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
} as const;
const HOME_JS_BUDGET_KB = 80;

type Scores = Record<keyof typeof CATEGORY_BUDGETS, number>;

interface Fixture {
  chrome: ChildProcess;
  profileDir: string;
  port: number;
  scores: Map<string, Scores>;
  homeScripts: { url: string; gzipBytes: number }[];
}

async function startChromium(): Promise<Pick<Fixture, "chrome" | "profileDir" | "port">> {
  const port = await freePort();
  const profileDir = mkdtempSync(join(tmpdir(), "balans-lighthouse-"));
  const chrome = spawn(
    process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { chrome, profileDir, port };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  chrome.kill();
  throw new Error("Chromium did not open its debugging port");
}

export default defineBenchmark<Fixture>({
  name: "public site (Lighthouse, mobile)",
  iterations: PAGES.length,
  warmup: 0,
  async setup({ baseUrl }) {
    const home = await request(baseUrl, { path: "/", expect: 200 });
    if (!home.body.includes('<div id="root"><')) {
      throw new Error("The server has no prerendered pages: run `npm run build` first.");
    }
    return { ...(await startChromium()), scores: new Map(), homeScripts: [] };
  },
  async run({ baseUrl, fixture, iteration }) {
    const path = PAGES[iteration % PAGES.length]!;
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: fixture.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(CATEGORY_BUDGETS),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${path}: ${runtimeError.code} ${runtimeError.message}`);
    fixture.scores.set(
      path,
      Object.fromEntries(
        Object.keys(CATEGORY_BUDGETS).map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
      ) as Scores,
    );
    if (path === "/") {
      const items = (
        audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] }
      ).items;
      const scripts = (items ?? []).filter((item) => item.resourceType === "Script");
      fixture.homeScripts = await Promise.all(
        scripts.map(async ({ url }) => {
          const answer = await fetch(url, { headers: { "accept-encoding": "gzip" } });
          if (answer.headers.get("content-encoding") !== "gzip")
            throw new Error(`${url} is not sent gzipped`);
          // fetch decompresses; the size on the wire is the content-length of the gzip answer.
          return { url, gzipBytes: Number(answer.headers.get("content-length")) };
        }),
      );
    }
  },
  figures({ scores, homeScripts }) {
    const figures: Figure[] = [];
    for (const [path, pageScores] of scores) {
      for (const [category, budget] of Object.entries(CATEGORY_BUDGETS)) {
        const value = pageScores[category as keyof Scores];
        figures.push({
          label: `${path} ${category}`,
          value: String(value),
          budget: budget === 100 ? "= 100" : `≥ ${budget}`,
          passed: value >= budget,
        });
      }
    }
    const kilobytes = homeScripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
    figures.push({
      label: `/ JavaScript, gzipped (${homeScripts.length} files)`,
      value: `${kilobytes.toFixed(1)} KB`,
      budget: `≤ ${HOME_JS_BUDGET_KB} KB`,
      passed: kilobytes <= HOME_JS_BUDGET_KB,
    });
    return figures;
  },
  async teardown({ chrome, profileDir }) {
    chrome.kill();
    await new Promise((resolve) => chrome.once("exit", resolve));
    rmSync(profileDir, { recursive: true, force: true });
  },
});
