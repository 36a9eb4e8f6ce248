import { readFile } from "node:fs/promises";
import { expect, test, toasts } from "./fixtures";

// Issue 3: the clients journey, and a transaction that outlives its deleted client.
test.describe("clients (Relaties)", () => {
  test("add with messy input → normalised in the expanded row → search by KvK → edit → export CSV", async ({
    page,
    user,
    checkAccessibility,
  }, testInfo) => {
    expect(user.id).toBeTruthy();
    await page.goto("/app/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Klanten" })).toBeVisible();
    await expect(page.getByText("Begin met het toevoegen van je eerste klant")).toBeVisible();

    // Every message of spec §5 under its field, from the shared schema, before anything is sent.
    await page.getByRole("button", { name: "Klant toevoegen" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe klant" });
    await dialog.getByLabel("E-mailadres").fill("geen-adres");
    await dialog.getByLabel("Postcode").fill("12ab");
    await dialog.getByLabel("BTW-nummer").fill("NL123456788B01");
    await dialog.getByLabel("KvK-nummer").fill("123");
    await dialog.getByLabel("IBAN").fill("NL91ABNA0417164301");
    await dialog.getByRole("button", { name: "Klant toevoegen" }).click();
    for (const message of [
      "Naam is verplicht",
      "Ongeldig e-mailadres",
      "Ongeldige postcode. Formaat: 1234 AB",
      "Ongeldig BTW-nummer. Formaat: NL123456789B01",
      "Ongeldig KvK-nummer. Moet 8 cijfers zijn",
      "Ongeldig IBAN",
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel("Naam", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await checkAccessibility(page, "client form with errors");

    // Messy but valid input.
    await dialog.getByLabel("Naam", { exact: true }).fill("  Bakkerij De Korenschoof ");
    await dialog.getByLabel("Contactpersoon").fill("Els Bakker");
    await dialog.getByLabel("E-mailadres").fill("els@korenschoof.nl");
    await dialog.getByLabel("Telefoonnummer").fill("06-12345678");
    await dialog.getByLabel("Straat").fill("Dorpsstraat");
    await dialog.getByLabel("Huisnummer").fill("12a");
    await dialog.getByLabel("Postcode").fill("1234ab");
    await dialog.getByLabel("Plaats").fill("Oudewater");
    await dialog.getByLabel("BTW-nummer").fill("nl 123456789 b01");
    await dialog.getByLabel("KvK-nummer").fill("12345678");
    await dialog.getByLabel("IBAN").fill("nl91abna0417164300");
    await dialog.getByLabel("Betalingstermijn (dagen)").fill("14");
    await dialog.getByLabel("Notities").fill("Levert elke maandag.");
    await dialog.getByRole("button", { name: "Klant toevoegen" }).click();
    await expect(toasts(page).getByText("Klant succesvol toegevoegd")).toBeVisible();
    await expect(dialog).toBeHidden();

    // A second client, so the search has something to leave out.
    await page.getByRole("button", { name: "Klant toevoegen" }).first().click();
    await dialog.getByLabel("Naam", { exact: true }).fill("Brussels Bureau");
    await dialog.getByLabel("Land").selectOption("BE");
    await dialog.getByLabel("Plaats").fill("Brussel");
    // A Belgian client's VAT number follows the Belgian rules, and the hint says what they look like.
    await expect(dialog.getByText("Bijvoorbeeld BE0123456789")).toBeVisible();
    await dialog.getByLabel("BTW-nummer").fill("0403.019.262");
    await dialog.getByRole("button", { name: "Klant toevoegen" }).click();
    await expect(dialog.getByText("Ongeldig BTW-nummer voor België. Formaat: BE0123456789")).toBeVisible();
    await dialog.getByLabel("BTW-nummer").fill("0403.019.261");
    await dialog.getByRole("button", { name: "Klant toevoegen" }).click();
    await expect(dialog).toBeHidden();

    const list = page.getByRole("list", { name: "Klanten" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("Totaal relaties").locator("..")).toContainText("2");
    await expect(page.getByText("Buitenlandse relaties").locator("..")).toContainText("1");
    // The cards count the relations of the filter: both are customers, neither a supplier yet.
    const roles = page.getByRole("group", { name: "Soort relatie" });
    await roles.getByRole("button", { name: "Leveranciers" }).click();
    await expect(page.getByText("Totaal leveranciers").locator("..")).toContainText("0");
    await roles.getByRole("button", { name: "Klanten" }).click();
    await expect(page.getByText("Totaal klanten").locator("..")).toContainText("2");
    await expect(page.getByText("Buitenlandse klanten").locator("..")).toContainText("1");

    // Expand with the keyboard; the row shows the normalised values.
    const row = list.getByRole("listitem").filter({ hasText: "Bakkerij De Korenschoof" });
    const toggle = row.getByRole("button", { expanded: false });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(row.getByRole("button", { expanded: true })).toBeVisible();
    for (const normalised of [
      "+31 6 12345678",
      "Dorpsstraat 12a, 1234 AB Oudewater",
      "NL 123.456.789.B01",
      "1234 5678",
      "NL91 ABNA 0417 1643 00",
      "14 dagen",
      "Levert elke maandag.",
    ]) {
      await expect(row.getByText(normalised, { exact: true }).first()).toBeVisible();
    }
    const belgianRow = list.getByRole("listitem").filter({ hasText: "Brussels Bureau" });
    await belgianRow.getByRole("button", { expanded: false }).click();
    await expect(belgianRow.getByText("BE0403019261", { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("clients-1280.png"), fullPage: true });
    await checkAccessibility(page, "clients screen with an expanded row");

    // Search by KvK number, typed without the space that is stored.
    await page.getByLabel("Klanten zoeken").fill("12345678");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("Bakkerij De Korenschoof");

    // Edit.
    await page.getByRole("button", { name: "Bakkerij De Korenschoof bewerken" }).click();
    const editDialog = page.getByRole("dialog", { name: "Klant bewerken" });
    await expect(editDialog.getByLabel("BTW-nummer")).toHaveValue("NL 123.456.789.B01");
    await editDialog.getByLabel("Naam", { exact: true }).fill("Korenschoof BV");
    await editDialog.getByRole("button", { name: "Wijzigingen opslaan" }).click();
    await expect(toasts(page).getByText("Klant succesvol bijgewerkt")).toBeVisible();
    await expect(list).toContainText("Korenschoof BV");

    // Export what is on screen and read the downloaded file.
    await page.getByLabel("Klanten zoeken").fill("");
    await expect(list.getByRole("listitem")).toHaveCount(2);
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exporteren (CSV)" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^klanten_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines).toEqual([
      "Bedrijfsnaam;Contactpersoon;E-mail;Telefoon;Straat;Huisnummer;Postcode;Plaats;Land;BTW-nummer;KvK-nummer;IBAN;Betalingstermijn (dagen);Notities",
      "Brussels Bureau;;;;;;;Brussel;BE;BE0403019261;;;30;",
      "Korenschoof BV;Els Bakker;els@korenschoof.nl;'+31 6 12345678;Dorpsstraat;12a;1234 AB;Oudewater;NL;NL 123.456.789.B01;1234 5678;NL91 ABNA 0417 1643 00;14;Levert elke maandag.",
    ]);
  });

  test("delete after the confirmation: a linked transaction stays, without the link; an empty search says so", async ({
    page,
    user,
  }) => {
    const created = await page.request.post("/api/clients", {
      data: { name: "Korenschoof BV", city: "Oudewater" },
    });
    expect(created.status(), user.username).toBe(201);
    const clientId = ((await created.json()) as { id: string }).id;
    const other = await page.request.post("/api/clients", {
      data: { name: "Brussels Bureau", country: "BE", city: "Brussel" },
    });
    expect(other.status(), await other.text()).toBe(201);
    // A transaction booked for this client, to see what deleting the client does to it.
    const booked = await page.request.post("/api/transactions", {
      data: {
        type: "income",
        amount: "250.00",
        vatRate: "21",
        date: "2026-11-02",
        status: "completed",
        description: "Broodjes workshop",
        clientId,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const transactionId = ((await booked.json()) as { id: string }).id;

    await page.goto("/app/clients");
    const list = page.getByRole("list", { name: "Klanten" });
    await expect(list.getByRole("listitem")).toHaveCount(2);

    // Delete, after the confirmation that says what happens to linked records.
    await page.getByRole("button", { name: "Korenschoof BV verwijderen" }).click();
    const confirmation = page.getByRole("alertdialog", { name: "Klant verwijderen?" });
    await expect(confirmation).toContainText(
      "Gekoppelde projecten, facturen en transacties blijven bewaard, maar zijn daarna niet meer aan deze klant gekoppeld.",
    );
    await confirmation.getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Klant succesvol verwijderd")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).not.toContainText("Korenschoof");

    // The transaction is still there, without the link.
    const kept = await page.request.get(`/api/transactions/${transactionId}`);
    expect(kept.status()).toBe(200);
    expect(await kept.json()).toMatchObject({ description: "Broodjes workshop", clientId: null });
    await page.goto("/app/transactions");
    await expect(page.getByText("Broodjes workshop").first()).toBeVisible();
    await page.goto("/app/clients");

    // Nothing found for a search.
    await page.getByLabel("Klanten zoeken").fill("bestaat-niet");
    await expect(page.getByText("Geen klanten gevonden")).toBeVisible();
    await expect(page.getByText("Probeer een andere zoekterm")).toBeVisible();
  });

  test("works at 390 px: the list, an expanded row and the form fit the screen", async ({
    page,
    user,
  }, testInfo) => {
    const created = await page.request.post("/api/clients", {
      data: { name: "Studio Smal", city: "Zwolle", kvkNumber: "87654321", taxNumber: "NL000099998B57" },
    });
    expect(created.status(), user.username).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/app/clients");
    await page
      .getByRole("button", { name: /Studio Smal/ })
      .first()
      .click();
    await expect(page.getByText("NL 000.099.998.B57")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.screenshot({ path: testInfo.outputPath("clients-390.png"), fullPage: true });

    await page.getByRole("button", { name: "Klant toevoegen" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe klant" });
    await dialog.getByRole("button", { name: "Klant toevoegen" }).click();
    await expect(dialog.getByText("Naam is verplicht", { exact: true })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath("clients-form-390.png") });
  });
});
