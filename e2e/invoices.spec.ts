import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, saveCompanyData, test, toasts } from "./fixtures";

/** Company data (Settings has its own journey) and a client (the clients journey), through the API. */
async function prepare(page: Page) {
  await saveCompanyData(page);
  const client = await page.request.post("/api/clients", {
    data: {
      name: "Bakkerij De Korenschoof",
      email: "els@korenschoof.nl",
      street: "Dorpsstraat",
      houseNumber: "12a",
      postalCode: "1234 AB",
      city: "Oudewater",
      taxNumber: "NL123456789B01",
      paymentTermsDays: 14,
    },
  });
  expect(client.status(), await client.text()).toBe(201);
}

const rowOf = (page: Page, number: string) => page.getByRole("row", { name: new RegExp(`^${number}`) });

async function rowAction(page: Page, number: string, action: string) {
  await page.getByRole("button", { name: `Acties voor ${number}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

// Issue 6, Verkoopfacturen: new invoice with lines at 21% and 9% → edit → sent → paid → credit note.
test.describe("invoices (Verkoopfacturen)", () => {
  test("new invoice with two lines → edit → view → PDF → send by e-mail → paid → credit note; a draft is deleted", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    await prepare(page);
    await page.goto("/app/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Verkoopfacturen" })).toBeVisible();
    await expect(
      page.getByText("Geen facturen gevonden. Maak je eerste factuur om te beginnen."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Nieuwe factuur" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New invoice" });
    await expect(dialog.getByText("Leave empty to use the next number: INV-000001")).toBeVisible();
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    for (const message of ["Client is required", "Description is required", "Unit price is required"]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await checkAccessibility(page, "invoice form with errors");

    // The client's payment term (14 days) sets the due date.
    const issueDate = await dialog.getByLabel("Issue Date").inputValue();
    await dialog.getByLabel("Client").selectOption({ label: "Bakkerij De Korenschoof" });
    const due = new Date(`${issueDate}T12:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 14);
    await expect(dialog.getByLabel("Due Date")).toHaveValue(due.toISOString().slice(0, 10));

    await dialog.getByLabel("Description, line 1").fill("Ontwerp homepage");
    await dialog.getByLabel("Quantity, line 1").fill("2");
    await dialog.getByLabel("Unit price, line 1").fill("85");
    await dialog.getByRole("button", { name: "Add line" }).click();
    await dialog.getByLabel("Description, line 2").fill("Drukwerk");
    await dialog.getByLabel("Quantity, line 2").fill("1,5");
    await dialog.getByLabel("Unit price, line 2").fill("10,50");
    await dialog.getByLabel("VAT %, line 2").selectOption("9");
    // 170.00 + 15.75; VAT 35.70 + 1.4175 -> 1.42.
    await expect(dialog.getByLabel("Subtotal")).toHaveValue("185.75");
    await expect(dialog.getByLabel("Tax Amount")).toHaveValue("37.12");
    await expect(dialog.getByLabel("Total", { exact: true })).toHaveValue("222.87");
    await dialog.getByLabel("Notes (optional)").fill("Bedankt voor de opdracht!");
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await expect(toasts(page).getByText("Invoice created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const first = rowOf(page, "INV-000001");
    await expect(first).toContainText("Bakkerij De Korenschoof");
    await expect(first).toContainText("€ 222,87");
    await expect(first).toContainText("Concept");

    // Edit the draft: one line less.
    await rowAction(page, "INV-000001", "Bewerken");
    const edit = page.getByRole("dialog", { name: "Edit invoice" });
    await expect(edit.getByLabel("Description, line 2")).toHaveValue("Drukwerk");
    await edit.getByRole("button", { name: "Remove line 2" }).click();
    await expect(edit.getByLabel("Total", { exact: true })).toHaveValue("205.70");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(toasts(page).getByText("Invoice updated successfully")).toBeVisible();
    await expect(first).toContainText("€ 205,70");

    // View: the invoice as the client gets it, with the payment QR; then the PDF.
    await rowAction(page, "INV-000001", "Bekijken");
    const view = page.getByRole("dialog", { name: "Factuur (concept) INV-000001" });
    const paper = view.getByRole("article", { name: "Factuur (concept) INV-000001" });
    for (const text of [
      "Eva Ontwerp",
      "Btw-id NL 000.099.998.B57",
      "Bakkerij De Korenschoof",
      "Btw-nummer NL 123.456.789.B01",
      "Btw 21% over € 170,00",
      "€ 205,70",
    ]) {
      await expect(paper).toContainText(text);
    }
    await expect(view.getByRole("img", { name: /Betaal-QR-code: € 205,70/ })).toBeVisible();
    await checkAccessibility(page, "invoice view");
    const downloadPromise = page.waitForEvent("download");
    await view.getByRole("link", { name: "PDF downloaden" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("INV-000001.pdf");
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await page.keyboard.press("Escape");
    await expect(view).toBeHidden();

    // Send: the draft is issued and e-mailed with the PDF; Settings shows it in the outbox.
    await rowAction(page, "INV-000001", "Versturen per e-mail");
    await expect(toasts(page).getByText("INV-000001 verstuurd")).toBeVisible();
    await expect(first).toContainText("Verstuurd");
    // Sent invoices are frozen: no edit or delete any more.
    await page.getByRole("button", { name: "Acties voor INV-000001" }).click();
    await expect(page.getByRole("menuitem", { name: "Bewerken" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Verwijderen" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await page.getByLabel("Status").selectOption("sent");
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByLabel("Status").selectOption("");

    await rowAction(page, "INV-000001", "Markeren als betaald");
    const paid = page.getByRole("dialog", { name: "Markeren als betaald" });
    await paid.getByLabel("Betaaldatum").fill("");
    await paid.getByRole("button", { name: "Markeren als betaald" }).click();
    await expect(paid.getByText("Betaaldatum is verplicht")).toBeVisible();
    await paid.getByLabel("Betaaldatum").fill(due.toISOString().slice(0, 10));
    await paid.getByRole("button", { name: "Markeren als betaald" }).click();
    await expect(first).toContainText("Betaald");

    await rowAction(page, "INV-000001", "Creditnota maken");
    await page.getByRole("alertdialog").getByRole("button", { name: "Creditnota maken" }).click();
    await expect(toasts(page).getByText("Creditnota aangemaakt")).toBeVisible();
    const note = rowOf(page, "INV-000002");
    await expect(note).toContainText("Creditnota voor INV-000001");
    await expect(note).toContainText("€ -205,70");
    await expect(first).toContainText("Gecrediteerd door INV-000002");

    // A draft can be deleted; its number is not reused.
    await page.getByRole("button", { name: "Nieuwe factuur" }).first().click();
    await dialog.getByLabel("Client").selectOption({ label: "Bakkerij De Korenschoof" });
    await dialog.getByLabel("Description, line 1").fill("Losse klus");
    await dialog.getByLabel("Unit price, line 1").fill("50");
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await expect(rowOf(page, "INV-000003")).toContainText("Concept");
    await rowAction(page, "INV-000003", "Verwijderen");
    await page.getByRole("alertdialog").getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Factuur verwijderd")).toBeVisible();
    await expect(rowOf(page, "INV-000003")).toHaveCount(0);

    await checkAccessibility(page, "invoice list");

    // The e-mail with its PDF, in the outbox that Settings shows.
    await page.goto("/app/settings");
    const outbox = page.getByRole("list", { name: "Verzonden e-mail" });
    await expect(outbox).toContainText("Factuur INV-000001 van Eva Ontwerp");
    await expect(outbox).toContainText("Aan els@korenschoof.nl");
    await expect(outbox.getByRole("link", { name: "INV-000001.pdf" })).toHaveAttribute(
      "href",
      /\/api\/settings\/outbox\/attachments\//,
    );
  });
});

test.describe("Uren factureren", () => {
  test("a client's billable hours become a draft; invoiced hours are not offered again until the draft is deleted", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    await prepare(page);
    const clients = (await (await page.request.get("/api/clients")).json()) as Array<{ id: string }>;
    const clientId = clients[0]!.id;
    const project = (await (
      await page.request.post("/api/projects", { data: { name: "Website", clientId, hourlyRate: "85" } })
    ).json()) as { id: string };
    for (const [description, start, end] of [
      ["Ontwerp", "2026-11-02T08:00:00Z", "2026-11-02T09:30:00Z"],
      ["Bouw", "2026-11-05T08:00:00Z", "2026-11-05T10:00:00Z"],
    ] as const) {
      const response = await page.request.post("/api/time-entries", {
        data: { projectId: project.id, description, startTime: start, endTime: end },
      });
      expect(response.status(), await response.text()).toBe(201);
    }

    await page.goto("/app/invoices");
    await page.getByRole("button", { name: "Uren factureren" }).click();
    const dialog = page.getByRole("dialog", { name: "Uren factureren" });
    await dialog.getByRole("button", { name: "Conceptfactuur maken" }).click();
    await expect(dialog.getByText("Kies een klant", { exact: true })).toBeVisible();
    await dialog.getByLabel("Klant").selectOption({ label: "Bakkerij De Korenschoof" });
    await expect(dialog.getByRole("checkbox", { name: /Ontwerp/ })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: /Bouw/ })).toBeChecked();
    await expect(
      dialog.getByText("Geselecteerd: 2 registraties, 3,50 uur, € 297,50 excl. btw"),
    ).toBeVisible();
    await checkAccessibility(page, "hours invoice dialog");
    await dialog.getByRole("button", { name: "Conceptfactuur maken" }).click();
    await expect(toasts(page).getByText("Conceptfactuur INV-000001 gemaakt")).toBeVisible();
    const row = rowOf(page, "INV-000001");
    // 3.5 h × € 85,00 = € 297,50 + 21% = € 359,98 (297.50 × 0.21 = 62.475 -> 62.48).
    await expect(row).toContainText("€ 359,98");
    await expect(row).toContainText("Concept");

    // The hours are invoiced now: not offered again.
    await page.getByRole("button", { name: "Uren factureren" }).click();
    await dialog.getByLabel("Klant").selectOption({ label: "Bakkerij De Korenschoof" });
    await expect(dialog.getByText("Geen factureerbare uren die nog niet gefactureerd zijn.")).toBeVisible();
    await page.keyboard.press("Escape");

    // Deleting the draft releases them.
    await rowAction(page, "INV-000001", "Verwijderen");
    await page.getByRole("alertdialog").getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Factuur verwijderd")).toBeVisible();
    await page.getByRole("button", { name: "Uren factureren" }).click();
    await dialog.getByLabel("Klant").selectOption({ label: "Bakkerij De Korenschoof" });
    await expect(dialog.getByRole("checkbox", { name: /Bouw/ })).toBeVisible();
  });
});

// Issue 6: the logo set in Settings is shown at the top of the invoice view (the PDF has its own test).
test("the company logo shows in the invoice view", async ({ page, user }) => {
  expect(user.id).toBeTruthy();
  await prepare(page);
  const logo = await page.request.put("/api/settings/logo", {
    headers: { "Content-Type": "image/svg+xml" },
    data: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" ' +
        'fill="#1d4ed8"/><circle cx="40" cy="40" r="24" fill="#facc15"/></svg>',
    ),
  });
  expect(logo.status(), await logo.text()).toBe(204);
  const [client] = (await (await page.request.get("/api/clients")).json()) as Array<{ id: string }>;
  const invoice = await page.request.post("/api/invoices", {
    data: {
      clientId: client!.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      items: [{ description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "21" }],
      subtotal: 100,
      taxAmount: 21,
      total: 121,
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  await page.goto("/app/invoices");
  await rowAction(page, "INV-000001", "Bekijken");
  const paper = page.getByRole("article", { name: "Factuur (concept) INV-000001" });
  const image = paper.getByRole("img", { name: "Logo Eva Ontwerp" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(800);
  if (process.env.E2E_SCREENSHOT_DIR) {
    await paper.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/invoice-view-logo.png` });
  }
});
