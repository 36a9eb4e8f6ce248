import type { Page } from "@playwright/test";
import { APP_ROUTES } from "../src/shared/routes";
import { expect, saveCompanyData, test, toasts } from "./fixtures";

/** Every screen of the signed-in area, and the not-found screen inside the app shell. */
const SCREENS = [...Object.values(APP_ROUTES), "/app/bestaat-niet"];

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

type Check = (page: Page, label: string) => Promise<void>;

/** Today in Amsterdam, "2026-03-02". */
function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
}

async function post(page: Page, url: string, data: unknown): Promise<{ id: string }> {
  const response = await page.request.post(url, { data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: string };
}

/** An ING export with a payment in and a card payment out, both still to be handled. */
const ING_CSV = [
  `"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","MutatieSoort","Mededelingen"`,
  `"${today().replaceAll("-", "")}","Bakkerij De Korenschoof","NL20INGB0001234567","NL03RABO0312456789","GT","Bij","250,00","Online bankieren","Naam: Bakkerij De Korenschoof Omschrijving: Voorschot IBAN: NL03RABO0312456789"`,
  `"${today().replaceAll("-", "")}","Kantoorboekhandel Het Spui","NL20INGB0001234567","","BA","Af","18,95","Betaalautomaat","Pasvolgnr: 003 Transactie: 0A1B2C Term: CT1234"`,
].join("\r\n");

/**
 * A working account through the API: company data, two clients, a project with a time entry, two
 * transactions, an invoice sent and a draft, a purchase invoice in review, a second bank account and an
 * imported statement.
 */
async function fillAccount(page: Page): Promise<void> {
  await saveCompanyData(page);
  const client = await post(page, "/api/clients", {
    name: "Bakkerij De Korenschoof",
    email: "els@korenschoof.nl",
    street: "Dorpsstraat",
    houseNumber: "12a",
    postalCode: "1234 AB",
    city: "Oudewater",
    paymentTermsDays: 14,
  });
  await post(page, "/api/clients", { name: "Studio Noord", email: "hallo@studionoord.nl" });
  const project = await post(page, "/api/projects", {
    name: "Huisstijl",
    clientId: client.id,
    hourlyRate: "80",
  });
  const start = new Date(Date.now() - 3 * 3_600_000);
  await post(page, "/api/time-entries", {
    projectId: project.id,
    description: "Schetsen",
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
    duration: 90,
    isBillable: true,
  });
  const day = today();
  for (const [type, amount, description] of [
    ["income", "1000.00", "Workshop huisstijl"],
    ["expense", "45.00", "Printerpapier"],
  ]) {
    await post(page, "/api/transactions", {
      type,
      amount,
      vatRate: "21",
      date: day,
      status: "completed",
      description,
    });
  }
  const invoice = {
    clientId: client.id,
    issueDate: day,
    dueDate: day,
    items: [{ description: "Logo", quantity: 2, unitPrice: 500, vatCategory: "21" }],
    subtotal: "1000.00",
    taxAmount: "210.00",
    total: "1210.00",
  };
  const sent = await post(page, "/api/invoices", invoice);
  await post(page, `/api/invoices/${sent.id}/mark-sent`, {});
  await post(page, "/api/invoices", invoice);
  await post(page, "/api/bank-accounts", {
    name: "Zakelijke rekening",
    iban: "NL20INGB0001234567",
    openingBalance: "500",
  });
  // A purchase invoice typed in by hand, waiting for review.
  await post(page, "/api/purchase-invoices", {
    supplierName: "Drukkerij Van Dam B.V.",
    invoiceNumber: "2026-0815",
    invoiceDate: day,
    lines: [{ vatRate: 21, netAmount: "200.00", vatAmount: "42.00" }],
  });
  const imported = await page.request.post("/api/bank-statements/import?fileName=ing.csv", {
    headers: { "content-type": "text/csv" },
    data: Buffer.from(ING_CSV, "utf8"),
  });
  expect(imported.ok(), await imported.text()).toBe(true);
}

type Announcement = { text: string; politeness: string; isNewRegion: boolean };
type RecordingWindow = Window & { announcements?: Announcement[] };

/**
 * Records from now on what every live region says while assistive technology can perceive it (no aria-hidden or
 * inert around it), and whether the region was already there: a region made together with its message is
 * often not noticed by screen readers.
 */
async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const selector = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]';
    const existing = new Set(document.querySelectorAll(selector));
    const announcements: Announcement[] = [];
    (window as RecordingWindow).announcements = announcements;
    new MutationObserver(() => {
      for (const region of document.querySelectorAll(selector)) {
        const text = region.textContent?.trim();
        if (!text || region.closest('[aria-hidden="true"], [inert]')) continue;
        const politeness = region.getAttribute("aria-live") ?? "polite";
        const isNewRegion = !existing.has(region);
        if (!announcements.some((seen) => seen.text === text && seen.isNewRegion === isNewRegion)) {
          announcements.push({ text, politeness, isNewRegion });
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function announcementsOf(page: Page, text: string): Promise<Announcement[]> {
  const all = await page.evaluate(() => (window as RecordingWindow).announcements ?? []);
  return all.filter((announcement) => announcement.text.includes(text));
}

/** Waits until the screen has its heading and nothing in it is loading any more. */
async function waitForScreen(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("main").locator('[aria-busy="true"], .animate-pulse, .animate-spin')).toHaveCount(
    0,
  );
}

/**
 * Opens a screen; inside the app as a click in the menu does (the router follows the history), which spares
 * loading the app again for every screen.
 */
async function openScreen(page: Page, path: string): Promise<void> {
  const heading = page.getByRole("heading", { level: 1 });
  if (!new URL(page.url()).pathname.startsWith("/app/")) {
    await page.goto(path);
  } else {
    const previous = await heading.elementHandle();
    await page.evaluate((to) => window.history.pushState(null, "", to), path);
    await expect.poll(() => previous?.evaluate((element) => element.isConnected)).toBe(false);
  }
  await waitForScreen(page);
}

/** What the screens of the account with data show of it, so they are scanned with their data on screen. */
const DATA_SHOWN: Partial<Record<string, string>> = {
  [APP_ROUTES.dashboard]: "Workshop huisstijl",
  [APP_ROUTES.transactions]: "Printerpapier",
  [APP_ROUTES.bank]: "Kantoorboekhandel Het Spui",
  [APP_ROUTES.timeTracking]: "Schetsen",
  [APP_ROUTES.invoices]: "INV-000001",
  [APP_ROUTES.clients]: "Studio Noord",
  [APP_ROUTES.purchaseInvoices]: "Drukkerij Van Dam B.V.",
};

/** Visits every screen and scans it, and every tab of a screen with tabs (Instellingen, Afschriften). */
async function scanScreens(page: Page, check: Check, label: string, { hasData = false } = {}): Promise<void> {
  for (const path of SCREENS) {
    await openScreen(page, path);
    const shown = DATA_SHOWN[path];
    if (hasData && shown) {
      await expect(page.getByRole("main").getByText(shown).filter({ visible: true }).first()).toBeVisible();
    }
    await check(page, `${label} ${path}`);
    const tabs = page.getByRole("main").getByRole("tab");
    const names = await tabs.allTextContents();
    for (const name of names.slice(1)) {
      await tabs.filter({ hasText: name }).click();
      await waitForScreen(page);
      await check(page, `${label} ${path} tab ${name}`);
    }
  }
}

/** The app shell's own popups: the notification menu, the user menu, and on a phone the menu sheet. */
async function scanShellPopups(page: Page, check: Check, label: string): Promise<void> {
  await openScreen(page, APP_ROUTES.dashboard);
  await page.getByRole("button", { name: /^Meldingen/ }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await check(page, `${label} notifications open`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();

  await page.getByRole("button", { name: /^Gebruikersmenu/ }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await check(page, `${label} user menu open`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();

  const menuButton = page.getByRole("button", { name: "Menu openen" });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await check(page, `${label} mobile menu open`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  }
}

for (const viewport of VIEWPORTS) {
  const width = `${viewport.width} px`;

  test(`a new account: every screen and the shell's popups at ${width}`, async ({
    page,
    user,
    checkAccessibility,
  }) => {
    test.slow(); // a dozen screens, each scanned
    expect(user.id).toBeTruthy();
    await page.setViewportSize(viewport);
    await scanScreens(page, checkAccessibility, `empty, ${width}:`);
    await scanShellPopups(page, checkAccessibility, `empty, ${width}:`);
  });

  test(`an account with data: every screen, the row menu, popups and a form dialog at ${width}`, async ({
    page,
    user,
    checkAccessibility,
  }) => {
    test.slow(); // a dozen screens and five popups, each scanned
    expect(user.id).toBeTruthy();
    await fillAccount(page);
    await page.setViewportSize(viewport);
    await scanScreens(page, checkAccessibility, `data, ${width}:`, { hasData: true });
    await scanShellPopups(page, checkAccessibility, `data, ${width}:`);

    await openScreen(page, APP_ROUTES.invoices);
    await expect(page.getByRole("button", { name: /^Acties voor/ })).toHaveCount(2);
    await page.getByRole("button", { name: /^Acties voor INV-/ }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await checkAccessibility(page, `data, ${width}: invoice row menu open`);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Nieuwe factuur" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New invoice" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
    await checkAccessibility(page, `data, ${width}: invoice form open`);
  });
}

test("a toast raised from a dialog is read out once, through a live region the dialog leaves audible", async ({
  page,
  user,
}) => {
  expect(user.id).toBeTruthy();
  await post(page, "/api/projects", { name: "Huisstijl", hourlyRate: "80" });
  await page.goto(APP_ROUTES.timeTracking);
  await page.getByRole("button", { name: "Projecten" }).click();
  const dialog = page.getByRole("dialog", { name: "Projecten" });
  await expect(dialog).toBeVisible();
  await recordAnnouncements(page);

  await dialog.getByRole("button", { name: "Archiveer Huisstijl" }).click();
  await expect(dialog.getByText("Gearchiveerd")).toBeVisible();
  // The toast on screen is perceivable too, not hidden behind the dialog.
  await expect(toasts(page).getByText("Project gearchiveerd")).toBeVisible();
  await expect
    .poll(() => announcementsOf(page, "Project gearchiveerd"))
    .toEqual([{ text: "Project gearchiveerd", politeness: "polite", isNewRegion: false }]);

  // An error interrupts.
  await page.route("**/api/projects/*", (route) =>
    route.fulfill({ status: 503, contentType: "text/plain", body: "Even niet bereikbaar" }),
  );
  await dialog.getByRole("button", { name: "Zet Huisstijl weer actief" }).click();
  await expect(toasts(page).getByText("Kon project niet bijwerken")).toBeVisible();
  await expect
    .poll(() => announcementsOf(page, "Kon project niet bijwerken"))
    .toEqual([{ text: "Fout Kon project niet bijwerken", politeness: "assertive", isNewRegion: false }]);
  await expect(dialog).toBeVisible();
});
