import type { Locator, Page } from "@playwright/test";
import {
  createClient,
  createDraftInvoice,
  expect,
  issueInvoice,
  saveCompanyData,
  test,
  toasts,
} from "./fixtures";

const palette = (page: Page) => page.getByRole("dialog", { name: "Snel naar" });
const paletteField = (page: Page) => palette(page).getByRole("combobox");
const option = (page: Page, name: string | RegExp) => palette(page).getByRole("option", { name });

async function openDashboard(page: Page) {
  await page.goto("/app/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/** Presses Tab until `target` has focus, as a keyboard user moves through a form. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let press = 0; press < maxPresses; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "reached with Tab").toBeFocused();
}

const CLIENT = { name: "Bakkerij De Korenschoof", email: "els@korenschoof.nl", city: "Oudewater" };

test.describe("Snel naar (command palette)", () => {
  test("opens with Control+K, jumps to a screen and gives focus back on Escape", async ({
    page,
    user: _user,
    checkAccessibility,
  }) => {
    // Two accessibility scans.
    test.slow();
    await openDashboard(page);
    const button = page.getByRole("button", { name: "Snel naar…" });
    await button.focus();
    await page.keyboard.press("Control+K");
    await expect(paletteField(page)).toBeFocused();
    await expect(option(page, "Dashboard")).toBeVisible();
    await expect(option(page, "Nieuwe factuur")).toBeVisible();
    await checkAccessibility(page, "command palette, empty");

    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press("Control+K");
    await page.keyboard.type("verkoop");
    await expect(option(page, /Verkoopfacturen/)).toHaveAttribute("aria-selected", "true");
    await checkAccessibility(page, "command palette with results");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Verkoopfacturen" })).toBeVisible();
    await expect(palette(page)).toBeHidden();
    await expect(page.locator("#main-content")).toBeFocused();

    // Nothing found: the palette says so.
    await page.keyboard.press("Control+K");
    await page.keyboard.type("xyzzy");
    await expect(palette(page).getByText("Geen resultaten voor ‘xyzzy’")).toBeVisible();
    await expect(paletteField(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("finds a client and an invoice by what is typed and opens them", async ({ page, user: _user }) => {
    await saveCompanyData(page);
    const clientId = await createClient(page, CLIENT);
    const invoiceNumber = await issueInvoice(
      page,
      await createDraftInvoice(page, clientId, [{ description: "Advies", quantity: 1, unitPrice: 1000 }]),
    );
    await openDashboard(page);

    await page.keyboard.press("Control+K");
    await page.keyboard.type("korenschoof");
    const clients = palette(page).getByRole("group", { name: "Klanten" });
    const invoices = palette(page).getByRole("group", { name: "Facturen" });
    await expect(clients.getByRole("option")).toHaveText([
      /Bakkerij De Korenschoof.*Oudewater · els@korenschoof\.nl/,
    ]);
    await expect(invoices.getByRole("option")).toHaveText([
      new RegExp(`${invoiceNumber}.*Bakkerij De Korenschoof · Verstuurd.*€\\s1\\.210,00`),
    ]);
    // Only screens and actions match nothing here: the client is the first option.
    await expect(clients.getByRole("option")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    const clientForm = page.getByRole("dialog", { name: "Klant bewerken" });
    await expect(clientForm).toBeVisible();
    await expect(clientForm.getByLabel("Naam", { exact: false }).first()).toHaveValue(
      "Bakkerij De Korenschoof",
    );
    await expect(page).toHaveURL(/\/app\/clients$/);
    await page.keyboard.press("Escape");
    await expect(clientForm).toBeHidden();

    await page.keyboard.press("Control+K");
    await page.keyboard.type(invoiceNumber);
    await expect(invoices.getByRole("option")).toHaveCount(1);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(invoices.getByRole("option")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: `Factuur ${invoiceNumber}` })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/invoices$/);
  });

  test("starts the timer, which then runs on Uren", async ({ page, user: _user }) => {
    const project = await page.request.post("/api/projects", { data: { name: "Huisstijl Korenschoof" } });
    expect(project.status(), await project.text()).toBe(201);
    await openDashboard(page);

    await page.keyboard.press("Control+K");
    await page.keyboard.type("timer starten");
    await expect(palette(page).getByRole("option")).toHaveText(["Timer starten"]);
    await page.keyboard.press("Enter");
    await expect(
      palette(page).getByRole("combobox", { name: "Kies een project voor de timer" }),
    ).toBeFocused();
    await page.keyboard.type("huisstijl");
    // The server's match first: Enter chooses what the list shows.
    await expect(option(page, /Huisstijl Korenschoof/)).toBeVisible();
    await page.keyboard.press("Enter");
    const description = palette(page).getByRole("combobox", { name: "Waar werk je aan?" });
    await expect(description).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(palette(page).getByText("Beschrijving is verplicht")).toBeVisible();
    await page.keyboard.type("Logo schetsen");
    await page.keyboard.press("Enter");

    await expect(page.getByRole("heading", { level: 1, name: "Uren" })).toBeVisible();
    await expect(toasts(page).getByText("Timer gestart")).toBeVisible();
    const timer = page.getByRole("region", { name: "Timer" });
    await expect(timer.getByText("Actief")).toBeVisible();
    await expect(timer.getByLabel("Beschrijving")).toHaveValue("Logo schetsen");
    await expect(timer.getByRole("timer")).not.toHaveText("00:00:00");

    // With the timer on, the palette leads to it instead of starting a second one.
    await page.keyboard.press("Control+K");
    await page.keyboard.type("timer");
    await expect(option(page, /Timer bekijken.*Logo schetsen/)).toBeVisible();
  });

  test("lists the shortcuts on '?', which never fires while typing", async ({ page, user: _user }) => {
    await openDashboard(page);
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Sneltoetsen" });
    await expect(help).toBeVisible();
    await expect(help.getByText("Verkoopfacturen")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    // Typing ? or g f in a field is just typing.
    const search = page.getByRole("searchbox", { name: "Zoek transacties" });
    await search.focus();
    await page.keyboard.type("?gf");
    await expect(search).toHaveValue("?gf");
    await expect(help).toBeHidden();
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    // g then f goes to the invoices; the palette opens the help too.
    await page.locator("#main-content").focus();
    await page.keyboard.press("g");
    await page.keyboard.press("f");
    await expect(page.getByRole("heading", { level: 1, name: "Verkoopfacturen" })).toBeVisible();
    await page.keyboard.press("Control+K");
    await page.keyboard.type("sneltoetsen");
    await page.keyboard.press("Enter");
    await expect(help).toBeVisible();
  });

  test("keyboard only: a new invoice and a quick entry", async ({ page, user: _user }) => {
    // Two screens and a form filled key by key.
    test.slow();
    await saveCompanyData(page);
    await createClient(page, CLIENT);
    await openDashboard(page);

    await page.keyboard.press("Control+K");
    await page.keyboard.type("nieuwe factuur");
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "New invoice" });
    await expect(form).toBeVisible();
    // The form starts at its first field, even when it was still loading as the dialog opened.
    const client = form.getByLabel("Client");
    await expect(client).toBeFocused();
    // The picker's list opens with the first client active; Enter chooses it.
    await page.keyboard.press("ArrowDown");
    await expect(form.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(client).toHaveValue(/.+/);
    await tabTo(page, form.getByLabel("Description, line 1"));
    await page.keyboard.type("Logo-ontwerp");
    await page.keyboard.press("Tab");
    await page.keyboard.type("2");
    await page.keyboard.press("Tab");
    await page.keyboard.type("450");
    await expect(form.getByLabel("Total", { exact: true })).toHaveValue("1089.00");
    await page.keyboard.press("Enter");
    await expect(toasts(page).getByText("Invoice created successfully")).toBeVisible();
    await expect(form).toBeHidden();
    // Focus goes back where it was before the dialog opened: the start of the screen.
    await expect(page.locator("#main-content")).toBeFocused();
    const row = page.getByRole("row", { name: /Concept/ });
    await expect(row).toContainText("Bakkerij De Korenschoof");
    await expect(row).toContainText("€ 1.089,00");

    // To the transactions screen with g t, then the quick entry.
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await expect(page.getByRole("heading", { level: 1, name: "Transacties" })).toBeVisible();
    const quick = page.getByRole("form", { name: "Snel toevoegen" });
    const amount = quick.getByLabel("Bedrag excl. BTW");
    await tabTo(page, amount);
    await page.keyboard.type("12,50");
    await tabTo(page, quick.getByLabel("Beschrijving"));
    await page.keyboard.type("Treinkaartje Utrecht");
    await page.keyboard.press("Enter");
    await expect(toasts(page).getByText("Transactie snel toegevoegd!")).toBeVisible();
    await expect(page.getByRole("row", { name: /Treinkaartje Utrecht/ })).toContainText("€ -15,13");
    // Ready for the next one.
    await expect(amount).toBeFocused();
  });

  test("at 390 px it opens from the top bar and fits the screen", async ({ page, user: _user }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page);
    await page.getByRole("button", { name: "Snel naar…" }).click();
    await expect(paletteField(page)).toBeFocused();
    const box = await palette(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await paletteField(page).fill("uren");
    await palette(page).getByRole("option", { name: "Uren", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Uren" })).toBeVisible();
    await expect(palette(page)).toBeHidden();

    await page.getByRole("button", { name: "Snel naar…" }).click();
    await palette(page).getByRole("button", { name: "Sluiten" }).click();
    await expect(palette(page)).toBeHidden();
  });
});
