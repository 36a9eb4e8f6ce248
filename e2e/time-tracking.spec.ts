import { readFile } from "node:fs/promises";
import { businessDate, businessMoment } from "../src/shared/dates";
import { TIMER_UNDER_A_MINUTE_MESSAGE } from "../src/shared/schemas/time-tracking";
import { expect, test, toasts } from "./fixtures";
import { pick } from "./pick";

const EMPTY_TEXT = "Geen tijdregistraties gevonden. Start met tijdregistratie om je uren hier te zien.";

test.describe("Uren: projects, the server-kept timer and the export", () => {
  test("create a project → start → pause → reload (still paused) → resume → stop & save → entry → CSV", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    await page.goto("/app/time-tracking");
    await expect(page.getByRole("heading", { level: 1, name: "Uren" })).toBeVisible();
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    await expect(page.getByText("Gestopt", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Urencriterium/ })).toBeVisible();
    await checkAccessibility(page, "empty Uren screen");

    // A project first: the timer needs one. 'Project aanmaken' opens the form itself.
    await page.getByRole("button", { name: "Project aanmaken" }).click();
    const projectForm = page.getByRole("form", { name: "Nieuw project" });
    await projectForm.getByLabel("Uurtarief (€)").fill("abc");
    await projectForm.getByRole("button", { name: "Project toevoegen" }).click();
    await expect(projectForm.getByText("Projectnaam is verplicht")).toBeVisible();
    await expect(projectForm.getByText("Voer een geldig uurtarief in, bijvoorbeeld 85,00")).toBeVisible();
    await projectForm.getByLabel("Projectnaam").fill("Website Bakkerij");
    await projectForm.getByLabel("Uurtarief (€)").fill("90,00");
    await projectForm.getByRole("button", { name: "Project toevoegen" }).click();
    await expect(projectForm).toBeHidden();
    await expect(toasts(page).getByText("Project succesvol toegevoegd")).toBeVisible();
    // The new project is chosen in the timer already.
    const timerCard = page.getByRole("region", { name: "Timer" });
    await expect(timerCard.getByLabel("Project", { exact: true })).toHaveValue("Website Bakkerij");

    // Spec §5: no start without project and description.
    const timer = timerCard.getByRole("timer", { name: "Gewerkte tijd" });
    await page.getByRole("button", { name: "Start" }).click();
    await expect(toasts(page).getByText("Selecteer een project en voer een beschrijving in")).toBeVisible();
    await expect(timer).toHaveText("00:00:00");

    await timerCard.getByLabel("Beschrijving", { exact: true }).fill("Homepage ontwerpen");
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.getByText("Actief", { exact: true })).toBeVisible();
    await expect(timer).not.toHaveText("00:00:00", { timeout: 3000 }); // it ticks every second

    await page.getByRole("button", { name: "Pauze" }).click();
    await expect(page.getByText("Gepauzeerd", { exact: true })).toBeVisible();
    const pausedAt = await timer.textContent();

    // The timer lives on the server: a reload shows the same paused timer, and it does not tick.
    await page.reload();
    await expect(page.getByText("Gepauzeerd", { exact: true })).toBeVisible();
    await expect(timerCard.getByLabel("Beschrijving", { exact: true })).toHaveValue("Homepage ontwerpen");
    await expect(timerCard.getByLabel("Project", { exact: true })).toHaveValue("Website Bakkerij");
    await expect(timer).toHaveText(pausedAt!);
    await page.waitForTimeout(1500);
    await expect(timer).toHaveText(pausedAt!);

    await page.getByRole("button", { name: "Hervat" }).click();
    await expect(page.getByText("Actief", { exact: true })).toBeVisible();
    // A few seconds of work are not a whole minute: the timer stops and saves no 0-minute entry.
    await page.getByRole("button", { name: "Stop & Opslaan" }).click();
    await expect(toasts(page).getByText(TIMER_UNDER_A_MINUTE_MESSAGE)).toBeVisible();
    await expect(page.getByText("Gestopt", { exact: true })).toBeVisible();
    await expect(timer).toHaveText("00:00:00");
    await expect(timerCard.getByLabel("Beschrijving", { exact: true })).toHaveValue("");
    await expect(timerCard.getByLabel("Project", { exact: true })).toHaveValue("");

    const table = page.getByRole("table", { name: "Tijdregistraties" });

    // An exact duration by hand: 09:00–10:30 at € 90 is 1u 30m and € 135,00.
    // No entries yet: the empty state offers the same button as the header; either opens the form.
    await page.getByRole("button", { name: "Handmatig toevoegen" }).first().click();
    const entryForm = page.getByRole("form", { name: "Uren handmatig toevoegen" });
    await entryForm.getByRole("button", { name: "Uren toevoegen" }).click();
    await expect(entryForm.getByLabel("Project")).toHaveAccessibleDescription("Selecteer een project");
    await expect(entryForm.getByLabel("Beschrijving")).toHaveAccessibleDescription(
      "Beschrijving is verplicht",
    );
    await expect(entryForm.getByLabel("Begintijd")).toHaveAccessibleDescription("Begintijd is verplicht");
    await pick(entryForm.getByLabel("Project"), "Website Bakkerij");
    await entryForm.getByLabel("Beschrijving").fill("Offerte schrijven");
    await entryForm.getByLabel("Begintijd").fill("09:00");
    await entryForm.getByRole("button", { name: "Uren toevoegen" }).click();
    await expect(entryForm.getByLabel("Eindtijd")).toHaveAccessibleDescription(
      "Vul een eindtijd of een duur in",
    );
    await entryForm.getByLabel("Eindtijd").fill("10:30");
    await entryForm.getByRole("button", { name: "Uren toevoegen" }).click();
    await expect(toasts(page).getByText("Tijdregistratie succesvol opgeslagen")).toBeVisible();
    const manualRow = table.getByRole("row", { name: /Offerte schrijven/ });
    await expect(manualRow).toContainText("1u 30m");
    await expect(manualRow).toContainText("€ 135,00");
    await checkAccessibility(page, "Uren screen with entries");

    // The export holds the filtered entries, for Dutch Excel.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exporteren" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^uren_\d{4}-\d\d-01_\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Datum;Project;Klant;Omschrijving;Begintijd;Eindtijd;Minuten;Uren;Tarief;Bedrag;Factureerbaar;Gefactureerd",
    );
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.includes("Offerte schrijven"))).toMatch(
      /^\d\d-\d\d-\d{4};Website Bakkerij;;Offerte schrijven;09:00;10:30;90;1,50;90,00;135,00;Ja;Nee$/,
    );
  });

  test("a second tab shows the same running timer", async ({ page, user }) => {
    expect(user.username).toBeTruthy();
    const project = await page.request.post("/api/projects", { data: { name: "Tweede tab" } });
    const { id } = (await project.json()) as { id: string };
    await page.request.post("/api/timer/start", { data: { projectId: id, description: "Op twee plekken" } });
    const second = await page.context().newPage();
    await second.goto("/app/time-tracking");
    await expect(second.getByText("Actief", { exact: true })).toBeVisible();
    await expect(
      second.getByRole("region", { name: "Timer" }).getByLabel("Beschrijving", { exact: true }),
    ).toHaveValue("Op twee plekken");
    await page.goto("/app/time-tracking");
    await page.getByRole("button", { name: "Pauze" }).click();
    await expect(page.getByText("Gepauzeerd", { exact: true })).toBeVisible();
    // The other tab hears about it without a reload.
    await expect(second.getByText("Gepauzeerd", { exact: true })).toBeVisible();
    await second.close();
  });
});

test.describe("Uren: correcting entries and projects", () => {
  test("edit an entry, delete one after confirming, archive a project out of the timer", async ({
    page,
    user,
  }) => {
    expect(user.username).toBeTruthy();
    const created = await page.request.post("/api/projects", {
      data: { name: "Logo Kapsalon", hourlyRate: "60" },
    });
    const project = (await created.json()) as { id: string };
    // Today at a given hour on Amsterdam's wall clock, as the browser shows it.
    const today = businessDate(new Date());
    const at = (hours: number) => businessMoment(today, `${String(hours).padStart(2, "0")}:00`).toISOString();
    for (const [description, start, end] of [
      ["Schetsen", 9, 10],
      ["Vergeten te stoppen", 13, 14],
    ] as const) {
      const response = await page.request.post("/api/time-entries", {
        data: { projectId: project.id, description, startTime: at(start), endTime: at(end) },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto("/app/time-tracking");
    const table = page.getByRole("table", { name: "Tijdregistraties" });
    await expect(table.getByRole("row", { name: /Schetsen/ })).toContainText("1u 0m");

    await table.getByRole("button", { name: /^Bewerk .*Schetsen/ }).click();
    const form = page.getByRole("form", { name: "Tijdregistratie bewerken" });
    await expect(form.getByLabel("Begintijd")).toHaveValue("09:00");
    await form.getByLabel("Eindtijd").fill("11:15");
    await form.getByLabel("Factureerbaar").uncheck();
    await form.getByRole("button", { name: "Wijzigingen opslaan" }).click();
    await expect(toasts(page).getByText("Tijdregistratie succesvol opgeslagen")).toBeVisible();
    const edited = table.getByRole("row", { name: /Schetsen/ });
    await expect(edited).toContainText("2u 15m");
    await expect(edited).toContainText("€ 135,00");
    await expect(edited).toContainText("Niet-factureerbaar");

    await table.getByRole("button", { name: /^Verwijder .*Vergeten te stoppen/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Tijdregistratie verwijderen?" });
    await confirm.getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Tijdregistratie verwijderd")).toBeVisible();
    await expect(table.getByRole("row", { name: /Vergeten te stoppen/ })).toHaveCount(0);

    // An archived project leaves the timer's picker; its hours stay.
    await page.getByRole("button", { name: "Projecten" }).click();
    const projects = page.getByRole("dialog", { name: "Projecten" });
    await projects.getByRole("button", { name: "Archiveer Logo Kapsalon" }).click();
    await expect(projects.getByText("Gearchiveerd", { exact: true })).toBeVisible();
    await projects.getByRole("button", { name: "Sluiten" }).click();
    const timerProject = page.getByRole("region", { name: "Timer" });
    await expect(timerProject.getByText("Maak eerst een project aan om tijd op te schrijven.")).toBeVisible();
    await expect(table.getByRole("row", { name: /Schetsen/ })).toContainText("Logo Kapsalon");
  });
});

test.describe("Uren: a timer left running", () => {
  test("stopping after more than 12 hours asks for confirmation first", async ({ page, user }) => {
    expect(user.username).toBeTruthy();
    const created = await page.request.post("/api/projects", { data: { name: "Nachtwerk" } });
    const { id } = (await created.json()) as { id: string };
    await page.clock.install();
    await page.request.post("/api/timer/start", {
      data: { projectId: id, description: "Vergeten te stoppen" },
    });
    await page.goto("/app/time-tracking");
    const timerCard = page.getByRole("region", { name: "Timer" });
    await expect(timerCard.getByText("Actief", { exact: true })).toBeVisible();

    // Thirteen hours later on this device's clock (the server's real clock has hardly moved).
    await page.clock.setSystemTime(Date.now() + 13 * 3_600_000);
    await timerCard.getByRole("button", { name: "Stop & Opslaan" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Lange registratie opslaan?" });
    await expect(confirm).toContainText("langer dan 12 uur");
    await confirm.getByRole("button", { name: "Annuleren" }).click();
    await expect(timerCard.getByText("Actief", { exact: true })).toBeVisible();

    await timerCard.getByRole("button", { name: "Stop & Opslaan" }).click();
    await confirm.getByRole("button", { name: "Toch opslaan" }).click();
    // The server's own clock decides what was worked: seconds here, so no entry (the unit tests save long ones).
    await expect(toasts(page).getByText(TIMER_UNDER_A_MINUTE_MESSAGE)).toBeVisible();
    await expect(timerCard.getByText("Gestopt", { exact: true })).toBeVisible();
  });
});

test.describe("Uren: the list of entries", () => {
  test("tells billable, non-billable and invoiced hours apart, shows a pause, and fits at 1280 and 390 px", async ({
    page,
    user,
  }) => {
    expect(user.username).toBeTruthy();
    const client = await page.request.post("/api/clients", { data: { name: "Kapsalon Knip" } });
    expect(client.status(), await client.text()).toBe(201);
    const { id: clientId } = (await client.json()) as { id: string };
    const created = await page.request.post("/api/projects", {
      data: { name: "Huisstijl Kapsalon", clientId, hourlyRate: "80" },
    });
    const project = (await created.json()) as { id: string };
    const today = businessDate(new Date());
    const at = (time: string) => businessMoment(today, time).toISOString();
    const entryIds: Record<string, string> = {};
    for (const [description, start, end, extra] of [
      // 09:00–11:00 with half an hour of pause: 1u 30m worked.
      ["Moodboard met pauze", "09:00", "11:00", { duration: 90 }],
      ["Intern overleg", "11:00", "11:45", { isBillable: false }],
      ["Logo schetsen en uitwerken voor de nieuwe huisstijl", "13:00", "14:00", {}],
    ] as const) {
      const response = await page.request.post("/api/time-entries", {
        data: { projectId: project.id, description, startTime: at(start), endTime: at(end), ...extra },
      });
      expect(response.status(), await response.text()).toBe(201);
      entryIds[description] = ((await response.json()) as { id: string }).id;
    }
    const invoiced = await page.request.post("/api/invoices/from-hours", {
      data: { clientId, entryIds: [entryIds["Logo schetsen en uitwerken voor de nieuwe huisstijl"]] },
    });
    expect(invoiced.status(), await invoiced.text()).toBe(201);

    await page.goto("/app/time-tracking");
    const table = page.getByRole("table", { name: "Tijdregistraties" });
    await expect(table.getByRole("row", { name: /Moodboard/ })).toContainText("09:00–11:00");
    await expect(table.getByRole("row", { name: /Moodboard/ })).toContainText("1u 30m0u 30m pauze");
    await expect(table.getByRole("row", { name: /Moodboard/ })).toContainText("Factureerbaar");
    await expect(table.getByRole("row", { name: /Intern overleg/ })).toContainText("Niet-factureerbaar");
    await expect(table.getByRole("row", { name: /Logo schetsen/ })).toContainText("Gefactureerd");
    // 3u 15m in all, of which the 45 minutes of meeting cannot be billed: 2u 30m at € 80 is € 200,00.
    await expect(page.getByTestId("entries-total")).toHaveText(
      "3u 15m totaal · 2u 30m factureerbaar · € 200,00",
    );

    // Beside the sidebar at 1280 px the table fits its card without sideways scrolling.
    const fits = async () =>
      table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth);
    await page.screenshot({ path: test.info().outputPath("uren-1280.png"), fullPage: true });
    expect(await fits()).toBe(true);

    // At 390 px the project, the duration and the actions stay; the date and the status go under the project.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fits()).toBe(true);
    const row = table.getByRole("row", { name: /Moodboard/ });
    await expect(row.getByRole("cell").first()).toContainText("Huisstijl Kapsalon");
    await expect(row.getByRole("cell").first()).toContainText("09:00–11:00");
    await expect(row).toContainText("0u 30m pauze");
    await expect(row.getByRole("button", { name: /^Bewerk .*Moodboard/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("uren-390.png"), fullPage: true });
  });
});
