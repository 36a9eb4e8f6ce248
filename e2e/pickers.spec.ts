import type { Page } from "@playwright/test";
import { createClient, createDraftInvoice, expect, saveCompanyData, test, toasts } from "./fixtures";
import { pick } from "./pick";

async function createProject(page: Page, name: string, clientId: string): Promise<string> {
  const response = await page.request.post("/api/projects", { data: { name, clientId, hourlyRate: "80" } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Two projects called "Website", for two clients. */
async function twoWebsites(page: Page) {
  const jansen = await createProject(page, "Website", await createClient(page, { name: "Bakkerij Jansen" }));
  const pietersen = await createProject(
    page,
    "Website",
    await createClient(page, { name: "Pietersen Advies" }),
  );
  return { jansen, pietersen };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`Pickers at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("two projects called Website are told apart by their client in the timer and the entry dialog", async ({
      page,
      user,
      checkAccessibility,
    }) => {
      expect(user.id).toBeTruthy();
      // Two journeys and an accessibility scan: more than the default time on a busy machine.
      test.slow();
      const projects = await twoWebsites(page);
      await page.goto("/app/time-tracking");

      const timerCard = page.getByRole("region", { name: "Timer" });
      const timerProject = timerCard.getByRole("combobox", { name: "Project", exact: true });
      await timerProject.click();
      const list = page.getByRole("listbox", { name: "Zoekresultaten" });
      await expect(list.getByRole("option")).toHaveText([
        /Website.*Bakkerij Jansen/,
        /Website.*Pietersen Advies/,
      ]);
      await checkAccessibility(page, "timer picker open");
      await list.getByRole("option", { name: "Website · Pietersen Advies", exact: true }).click();
      await expect(timerProject).toHaveValue("Website · Pietersen Advies");
      await timerCard.getByLabel("Beschrijving", { exact: true }).fill("Nieuwe pagina's");
      await timerCard.getByRole("button", { name: "Start" }).click();
      await expect(timerCard.getByText("Actief", { exact: true })).toBeVisible();
      const timer = (await (await page.request.get("/api/timer")).json()) as { projectId: string };
      expect(timer.projectId).toBe(projects.pietersen);
      // After a reload the running timer still names the right Website.
      await page.reload();
      await expect(timerProject).toHaveValue("Website · Pietersen Advies");

      // The entry dialog: typing the client's name finds its project.
      await page.getByRole("button", { name: "Handmatig toevoegen" }).first().click();
      const entryForm = page.getByRole("form", { name: "Uren handmatig toevoegen" });
      const entryProject = entryForm.getByRole("combobox", { name: "Project" });
      await entryProject.fill("jansen");
      await expect(list.getByRole("option")).toHaveText([/Website.*Bakkerij Jansen/]);
      await list.getByRole("option").click();
      await expect(entryProject).toHaveValue("Website · Bakkerij Jansen");
      await entryForm.getByLabel("Beschrijving").fill("Teksten");
      await entryForm.getByLabel("Begintijd").fill("09:00");
      await entryForm.getByLabel("Eindtijd").fill("10:00");
      await entryForm.getByRole("button", { name: "Uren toevoegen" }).click();
      await expect(toasts(page).getByText("Tijdregistratie succesvol opgeslagen")).toBeVisible();
      const entries = (await (await page.request.get("/api/time-entries")).json()) as Array<{
        description: string;
        projectId: string;
      }>;
      expect(entries.find((entry) => entry.description === "Teksten")?.projectId).toBe(projects.jansen);
    });
  });
}

// How a picker searches and chooses does not depend on the width: once, on a desktop.
test.describe("Pickers", () => {
  test("typing searches the server: one of 30 clients is found without loading them all", async ({
    page,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    // Thirty clients through the API and two journeys: more than the default time on a busy machine.
    test.slow();
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        createClient(page, { name: `Klant ${String(index + 1).padStart(2, "0")}` }),
      ),
    );
    const clientRequests: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/clients") clientRequests.push(url);
    });
    await page.goto("/app/time-tracking");
    await page.getByRole("button", { name: "Projecten" }).click();
    await page
      .getByRole("dialog", { name: "Projecten" })
      .getByRole("button", { name: "Nieuw project" })
      .click();
    const form = page.getByRole("form", { name: "Nieuw project" });
    await form.getByLabel("Projectnaam").fill("Jaarverslag");

    const client = form.getByRole("combobox", { name: "Klant" });
    await client.click();
    const list = page.getByRole("listbox", { name: "Zoekresultaten" });
    // 'Geen klant' and the first 20 by name: Klant 21 to 30 are not loaded.
    await expect(list.getByRole("option")).toHaveCount(21);
    await expect(list.getByRole("option", { name: "Klant 20", exact: true })).toBeVisible();
    await expect(list.getByRole("option", { name: "Klant 27", exact: true })).toHaveCount(0);

    await client.fill("27");
    await expect(list.getByRole("option")).toHaveText(["Klant 27"]);
    await list.getByRole("option", { name: "Klant 27" }).click();
    await expect(client).toHaveValue("Klant 27");

    // Nothing matches: a clear message instead of an empty list.
    await client.fill("bestaat niet");
    await expect(form.getByRole("status")).toHaveText("Geen klanten gevonden");
    await client.press("Escape");
    await expect(client).toHaveValue("Klant 27");
    await expect(form).toBeVisible();

    expect(clientRequests.length).toBeGreaterThan(0);
    for (const url of clientRequests) expect(url.searchParams.get("limit")).toBe("20");
    expect(clientRequests.map((url) => url.searchParams.get("search"))).toContain("27");

    await form.getByRole("button", { name: "Project toevoegen" }).click();
    await expect(toasts(page).getByText("Project succesvol toegevoegd")).toBeVisible();
    const projects = page.getByRole("list", { name: "Projecten" });
    await expect(projects.getByRole("listitem").filter({ hasText: "Jaarverslag" })).toContainText("Klant 27");
  });

  test("a project is chosen with the keyboard alone", async ({ page, user }) => {
    expect(user.id).toBeTruthy();
    const projects = await twoWebsites(page);
    await page.goto("/app/time-tracking");
    await page.getByRole("button", { name: "Handmatig toevoegen" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Uren handmatig toevoegen" });
    const project = dialog.getByRole("combobox", { name: "Project" });
    await project.focus();

    await page.keyboard.type("web");
    const list = page.getByRole("listbox", { name: "Zoekresultaten" });
    await expect(list.getByRole("option")).toHaveCount(2);
    // The first match is active; ArrowDown moves to the second, announced through aria-activedescendant.
    await page.keyboard.press("ArrowDown");
    const second = list.getByRole("option", { name: "Website · Pietersen Advies" });
    await expect(project).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id"))!);
    await page.keyboard.press("Enter");
    await expect(list).toBeHidden();
    await expect(project).toHaveValue("Website · Pietersen Advies");
    await expect(dialog).toBeVisible();

    // Escape closes the list and keeps the choice; the dialog stays open.
    await page.keyboard.press("ArrowDown");
    await expect(list).toBeVisible();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(project).toHaveValue("Website · Pietersen Advies");
    await expect(dialog).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Datum")).toBeFocused();
    await dialog.getByLabel("Beschrijving").fill("Overleg");
    await dialog.getByLabel("Begintijd").fill("14:00");
    await dialog.getByLabel("Eindtijd").fill("15:00");
    await dialog.getByRole("button", { name: "Uren toevoegen" }).click();
    await expect(dialog).toBeHidden();
    const entries = (await (await page.request.get("/api/time-entries")).json()) as Array<{
      description: string;
      projectId: string;
    }>;
    expect(entries.find((entry) => entry.description === "Overleg")?.projectId).toBe(projects.pietersen);
  });

  test("'Project aanmaken' opens the project form, and the new project is chosen in the timer", async ({
    page,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    await page.goto("/app/time-tracking");
    await page.getByRole("button", { name: "Project aanmaken" }).click();
    const form = page.getByRole("form", { name: "Nieuw project" });
    await expect(form.getByLabel("Projectnaam")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Projecten" })).toHaveCount(0);
    await form.getByLabel("Projectnaam").fill("Huisstijl");
    await form.getByRole("button", { name: "Project toevoegen" }).click();
    await expect(form).toBeHidden();
    const timerProject = page
      .getByRole("region", { name: "Timer" })
      .getByRole("combobox", { name: "Project" });
    await expect(timerProject).toHaveValue("Huisstijl");
  });

  test("editing a draft shows its client at once, before any list of clients has loaded", async ({
    page,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    await saveCompanyData(page);
    const clientId = await createClient(page, { name: "Bakkerij Jansen" });
    await createDraftInvoice(page, clientId, [{ description: "Advies", quantity: 1, unitPrice: 100 }]);
    await page.goto("/app/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Verkoopfacturen" })).toBeVisible();

    // From here on, every request for clients is held back: the dialog must not need one.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const isClientsRequest = (url: URL) => url.pathname.startsWith("/api/clients");
    await page.route(isClientsRequest, async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    await page.getByRole("button", { name: /^Acties voor concept aan Bakkerij Jansen/ }).click();
    await page.getByRole("menuitem", { name: "Bewerken", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit invoice" });
    await expect(dialog.getByLabel("Description, line 1")).toHaveValue("Advies");
    await expect(dialog.getByRole("combobox", { name: "Client" })).toHaveValue("Bakkerij Jansen", {
      timeout: 2000,
    });
    release();
    await page.unroute(isClientsRequest);

    // Choosing works as everywhere else, in English on this form.
    await pick(dialog.getByRole("combobox", { name: "Client" }), "Bakkerij Jansen", "jans");
    await dialog.getByRole("combobox", { name: "Client" }).fill("zzz");
    await expect(dialog.getByRole("status")).toHaveText("No clients found");
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(toasts(page).getByText("Invoice updated successfully")).toBeVisible();
  });
});
