import { expect, test } from "./fixtures";

type Icon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Icon[];
  shortcuts: { name: string; url: string; icons?: Icon[] }[];
};

/** A PNG's width and height, from its IHDR chunk (bytes 16–23, big-endian). */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

test.describe("installable on a phone", () => {
  test("the public site and the app link a valid manifest, and every icon in it exists at its size", async ({
    page,
  }) => {
    for (const path of ["/", "/prijzen", "/inloggen"]) {
      await page.goto(path);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    }

    const answer = await page.request.get("/manifest.webmanifest");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/manifest+json");
    const manifest = JSON.parse(await answer.text()) as Manifest;
    expect(manifest).toMatchObject({
      name: "Balans",
      short_name: "Balans",
      start_url: "/app",
      scope: "/",
      display: "standalone",
      theme_color: "#065a7c",
      background_color: "#f8fafc",
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual([
      "/app/time-tracking",
      "/app/transactions?actie=nieuw",
    ]);

    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons ?? [])];
    for (const icon of icons) {
      const file = await page.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"]).toBe(icon.type);
      expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    }
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(pngSize(await (await page.request.get(touchIcon!)).body())).toBe("180x180");
  });

  test("the new-transaction shortcut opens the form", async ({ page, user }) => {
    expect(user.id).toBeTruthy();
    await page.goto("/app/transactions?actie=nieuw");
    await expect(page.getByRole("dialog", { name: "Nieuwe transactie" })).toBeVisible();
    // Opened once: the address loses the parameter, so a reload shows the list without the form.
    await expect(page).toHaveURL(/\/app\/transactions$/);
  });

  test("the service worker registers on the public site and the app; offline, a page shows the offline page", async ({
    page,
    context,
    baseURL,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    const worker = await page.request.get("/sw.js");
    expect(worker.headers()["content-type"]).toMatch(/^application\/javascript/);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(await worker.text()).toMatch(/const VERSION = "[0-9a-f]{12}";/);

    await page.goto("/");
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${baseURL}/`);
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.goto("/app/time-tracking");
    await expect(page.getByRole("heading", { level: 1, name: "Je bent offline" })).toBeVisible();
    await expect(page).toHaveTitle("Geen verbinding — Balans");
    await expect(page).toHaveURL(/\/app\/time-tracking$/);

    // Back online, 'Opnieuw proberen' loads the page that was asked for.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Opnieuw proberen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Uren" })).toBeVisible();

    // The offline page is all the worker keeps: no app code, no API answers.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
      }
      return urls;
    });
    expect(cached).toEqual(["/offline.html"]);
  });
});
