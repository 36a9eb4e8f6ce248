import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  createClient,
  createDraftInvoice,
  expect,
  invoiceRowAction as rowAction,
  issueInvoice,
  saveCompanyData,
  test,
  toasts,
  type InvoiceLine,
} from "./fixtures";
import { pick } from "./pick";

/** Company data (Settings has its own journey) and a client (the clients journey), through the API. */
async function prepare(page: Page, { withCompany = true } = {}) {
  if (withCompany) await saveCompanyData(page);
  return createClient(page, {
    name: "Bakkerij De Korenschoof",
    email: "els@korenschoof.nl",
    street: "Dorpsstraat",
    houseNumber: "12a",
    postalCode: "1234 AB",
    city: "Oudewater",
    taxNumber: "NL123456789B01",
    paymentTermsDays: 14,
  });
}

/** A draft at 21% for the client through the API; `isSent` issues it too (the number INV-00000n). */
async function createInvoice(page: Page, clientId: string, lines: InvoiceLine[], { isSent = false } = {}) {
  const id = await createDraftInvoice(page, clientId, lines);
  if (isSent) await issueInvoice(page, id);
  return id;
}

/** A row by its first cell: an invoice number, or 'Concept' for a draft (a draft has no number yet). */
const rowOf = (page: Page, number: string) => page.getByRole("row", { name: new RegExp(`^${number}`) });

/** Moves within the app through the sidebar, as a user does: no page load, the query cache stays. */
async function navigate(page: Page, label: string) {
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: label }).click();
}

/** The VAT period of today (Amsterdam), as the Belastingen screen labels it: "Q4 2026". */
function currentQuarterLabel() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  return `Q${Math.ceil(Number(today.slice(5, 7)) / 3)} ${today.slice(0, 4)}`;
}

async function showCurrentQuarter(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Belastingen" })).toBeVisible();
  const label = currentQuarterLabel();
  await page
    .getByRole("navigation", { name: "Aangifteperiodes" })
    .getByRole("button", { name: new RegExp(label) })
    .click();
  await expect(page.getByText(`Btw-aangifte ${label}`)).toBeVisible();
  return page.getByRole("row", { name: "Rubriek 1a", exact: true });
}

async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/${name}.png` });
  }
}

// Issue 6, Verkoopfacturen: new invoice with lines at 21% and 9% → edit → view → e-mailed from the preview.
test.describe("invoices (Verkoopfacturen)", () => {
  test("new draft with two lines → edit → view → PDF → send from the preview → Belastingen shows it at once; a draft is deleted", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    // The whole journey through the form, the preview, Belastingen and Settings takes longer than most.
    test.slow();
    expect(user.id).toBeTruthy();
    await prepare(page);
    // Belastingen first, so its figures are in the app's cache when the invoice is sent.
    await page.goto("/app/taxes");
    await expect(await showCurrentQuarter(page)).toContainText("€ 0");

    await navigate(page, "Verkoopfacturen");
    await expect(page.getByRole("heading", { level: 1, name: "Verkoopfacturen" })).toBeVisible();
    await expect(
      page.getByText("Geen facturen gevonden. Maak je eerste factuur om te beginnen."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Nieuwe factuur" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New invoice" });
    // A draft has no number: it gets the next one of the series when it is sent.
    await expect(dialog.getByText("Assigned when sent (next: INV-000001)")).toBeVisible();
    await expect(dialog.getByLabel("Description, line 1")).toBeVisible();
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    for (const message of ["Client is required", "Description is required", "Unit price is required"]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await checkAccessibility(page, "invoice form with errors");
    // Lines are required, as the server requires them.
    await dialog.getByRole("button", { name: "Remove line 1" }).click();
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await expect(
      dialog.getByText("Add at least one line with a description, quantity and VAT rate"),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Add line" }).click();

    // The client's payment term (14 days) sets the due date.
    const issueDate = await dialog.getByLabel("Issue Date").inputValue();
    await pick(dialog.getByLabel("Client"), "Bakkerij De Korenschoof");
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

    const draft = rowOf(page, "Concept");
    await expect(draft).toContainText("Bakkerij De Korenschoof");
    await expect(draft).toContainText("€ 222,87");

    // Edit the draft: one line less.
    await rowAction(page, "Concept", "Bewerken");
    const edit = page.getByRole("dialog", { name: "Edit invoice" });
    await expect(edit.getByText("Assigned when sent (next: INV-000001)")).toBeVisible();
    await expect(edit.getByLabel("Description, line 2")).toHaveValue("Drukwerk");
    await edit.getByRole("button", { name: "Remove line 2" }).click();
    await expect(edit.getByLabel("Total", { exact: true })).toHaveValue("205.70");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(toasts(page).getByText("Invoice updated successfully")).toBeVisible();
    await expect(draft).toContainText("€ 205,70");

    // View: the invoice as the client gets it; then the PDF. A draft cannot be paid yet: no payment QR.
    await rowAction(page, "Concept", "Bekijken");
    const view = page.getByRole("dialog", { name: /^Factuur \(concept\)/ });
    const paper = view.getByRole("article", { name: /^Factuur \(concept\)/ });
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
    await expect(view.getByRole("img", { name: /Betaal-QR-code/ })).toHaveCount(0);
    await checkAccessibility(page, "invoice view");
    const downloadPromise = page.waitForEvent("download");
    await view.getByRole("link", { name: "PDF downloaden" }).click();
    const download = await downloadPromise;
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await page.keyboard.press("Escape");
    await expect(view).toBeHidden();

    // Send: the preview shows what goes out; nothing is numbered before 'Versturen'.
    await rowAction(page, "Concept", "Versturen per e-mail");
    const send = page.getByRole("dialog", { name: "Versturen per e-mail" });
    await expect(send).toContainText("els@korenschoof.nl");
    await expect(send.getByLabel("Onderwerp")).toHaveValue("Factuur INV-000001 van Eva Ontwerp");
    await expect(send.getByLabel("Bericht")).toHaveValue(/Beste Bakkerij De Korenschoof/);
    await expect(send).toContainText("INV-000001.pdf");
    await expect(send.getByText(/Bij versturen krijgt deze factuur nummer INV-000001/)).toBeVisible();
    await checkAccessibility(page, "send preview");
    await send.getByLabel("Onderwerp").fill("Factuur INV-000001: ontwerp homepage");
    await page.keyboard.press("Escape");
    await expect(draft).toContainText("Concept");

    await rowAction(page, "Concept", "Versturen per e-mail");
    await send.getByLabel("Onderwerp").fill("Factuur INV-000001: ontwerp homepage");
    await send.getByRole("button", { name: "Versturen" }).click();
    await expect(toasts(page).getByText("INV-000001 verstuurd")).toBeVisible();
    // This server has no mail server (no SMTP_URL): the toast says the mail only sits in the outbox.
    await expect(
      toasts(page).getByText(
        /Er is geen mailserver ingesteld: de e-mail aan els@korenschoof.nl is niet verzonden/,
      ),
    ).toBeVisible();
    await expect(send).toBeHidden();
    const first = rowOf(page, "INV-000001");
    await expect(first).toContainText("Verstuurd");
    // Sent invoices are frozen: no edit or delete any more.
    await first.getByRole("button", { name: "Acties voor INV-000001" }).click();
    await expect(page.getByRole("menuitem", { name: "Bekijken" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Bewerken" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Verwijderen" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();

    // Issued, with its number, the invoice carries the payment QR.
    await rowAction(page, "INV-000001", "Bekijken");
    const issued = page.getByRole("dialog", { name: "Factuur INV-000001" });
    await expect(issued.getByRole("img", { name: /Betaal-QR-code: € 205,70/ })).toBeVisible();
    await expect(issued.getByRole("region", { name: "Verloop" })).toContainText(
      "E-mail aan els@korenschoof.nl staat in de outbox, nog niet verzonden",
    );
    await page.keyboard.press("Escape");

    await page.getByLabel("Status").selectOption("sent");
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByLabel("Status").selectOption("");

    // The VAT return follows at once, without a page load: 170.00 turnover at 21%, VAT 35.70 (in whole euros).
    await navigate(page, "Belastingen");
    const rubriek1a = await showCurrentQuarter(page);
    await expect(rubriek1a).toContainText("€ 170");
    await expect(rubriek1a).toContainText("€ 35");
    await navigate(page, "Verkoopfacturen");

    // A draft can be deleted; it never had a number, so the series has no gap.
    await page.getByRole("button", { name: "Nieuwe factuur" }).first().click();
    await expect(dialog.getByText("Assigned when sent (next: INV-000002)")).toBeVisible();
    await pick(dialog.getByLabel("Client"), "Bakkerij De Korenschoof");
    await dialog.getByLabel("Description, line 1").fill("Losse klus");
    await dialog.getByLabel("Unit price, line 1").fill("50");
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await expect(rowOf(page, "Concept")).toContainText("€ 60,50");
    await rowAction(page, "Concept", "Verwijderen");
    await page.getByRole("alertdialog").getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Factuur verwijderd")).toBeVisible();
    await expect(rowOf(page, "Concept")).toHaveCount(0);

    await checkAccessibility(page, "invoice list");

    // The e-mail with its PDF, in the outbox that Settings shows, with the subject as edited.
    await navigate(page, "Instellingen");
    const outbox = page.getByRole("list", { name: "Verzonden e-mail" });
    await expect(outbox).toContainText("Factuur INV-000001: ontwerp homepage");
    await expect(outbox).toContainText("Aan els@korenschoof.nl");
    await expect(outbox.getByRole("link", { name: "INV-000001.pdf" })).toHaveAttribute(
      "href",
      /\/api\/settings\/outbox\/attachments\//,
    );
  });

  test("a partial payment, then the rest → Betaald; a payment entered by mistake is deleted", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    const clientId = await prepare(page);
    // 1000.00 + 21% = 1210.00.
    await createInvoice(page, clientId, [{ description: "Website", quantity: 1, unitPrice: 1000 }], {
      isSent: true,
    });
    await page.goto("/app/invoices");
    const row = rowOf(page, "INV-000001");
    await expect(row).toContainText("€ 1.210,00");

    await rowAction(page, "INV-000001", "Betaling registreren");
    const dialog = page.getByRole("dialog", { name: "Betaling registreren" });
    await expect(dialog.getByLabel("Bedrag", { exact: true })).toHaveValue("1.210,00");
    await expect(dialog.getByLabel("Betaaldatum")).not.toHaveValue("");
    await dialog.getByLabel("Bedrag", { exact: true }).fill("500");
    await dialog.getByLabel(/^Notitie/).fill("Eerste termijn");
    await dialog.getByLabel("Ook als banktransactie boeken").check();
    await expect(dialog.getByLabel("Bankrekening")).toBeVisible();
    await checkAccessibility(page, "payment dialog");
    await dialog.getByRole("button", { name: "Betaling registreren" }).click();
    await expect(toasts(page).getByText("Betaling geregistreerd")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Open: € 710,00");
    await expect(row).toContainText("Verstuurd");

    // The rest, with a Dutch decimal comma; the dialog lists the first payment.
    await rowAction(page, "INV-000001", "Betaling registreren");
    await expect(dialog.getByLabel("Bedrag", { exact: true })).toHaveValue("710,00");
    const payments = dialog.getByRole("region", { name: "Betalingen" });
    await expect(payments).toContainText("€ 500,00");
    await expect(payments).toContainText("Eerste termijn");
    await expect(payments).toContainText("geboekt als banktransactie");
    await dialog.getByLabel("Bedrag", { exact: true }).fill("710,00");
    await dialog.getByLabel("Betaalwijze").selectOption("cash");
    await expect(dialog.getByLabel("Ook als banktransactie boeken")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Betaling registreren" }).click();
    await expect(toasts(page).getByText("Factuur INV-000001 is helemaal betaald.")).toBeVisible();
    await expect(row).toContainText("Betaald");
    await expect(row).not.toContainText("Open:");

    // The cash payment was a mistake: delete it, and the rest is open again.
    await rowAction(page, "INV-000001", "Betalingen bekijken");
    const settled = page.getByRole("dialog", { name: "Betalingen" });
    await settled.getByRole("button", { name: /^Betaling van .* \(€ 710,00\) verwijderen$/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Betaling verwijderen?" });
    await confirm.getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Betaling verwijderd")).toBeVisible();
    const again = page.getByRole("dialog", { name: "Betaling registreren" });
    await expect(again.getByLabel("Bedrag", { exact: true })).toHaveValue("710,00");
    await again.getByRole("button", { name: "Annuleren" }).click();
    await expect(row).toContainText("Open: € 710,00");
    await expect(row).toContainText("Verstuurd");
  });

  test("a partial credit by lines lowers what is open and lists the credit note", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    const clientId = await prepare(page);
    // 2 × 100 + 3 × 50 = 350.00 + 73.50 = 423.50.
    await createInvoice(
      page,
      clientId,
      [
        { description: "Ontwerp", quantity: 2, unitPrice: 100 },
        { description: "Fotografie", quantity: 3, unitPrice: 50 },
      ],
      { isSent: true },
    );
    await page.goto("/app/invoices");
    const row = rowOf(page, "INV-000001");
    await expect(row).toContainText("€ 423,50");

    await rowAction(page, "INV-000001", "Crediteren");
    const dialog = page.getByRole("dialog", { name: "Crediteren" });
    await expect(dialog.getByLabel("Hele factuur")).toBeChecked();
    await expect(dialog).toContainText("€ -423,50");
    await dialog.getByLabel("Regels kiezen").check();
    await dialog.getByRole("button", { name: "Creditnota maken" }).click();
    await expect(dialog.getByText("Kies minstens één regel om te crediteren")).toBeVisible();
    await dialog.getByRole("checkbox", { name: /Fotografie/ }).check();
    await dialog.getByLabel("Aantal van Fotografie").fill("4");
    await dialog.getByRole("button", { name: "Creditnota maken" }).click();
    await expect(dialog.getByText("Je kunt niet meer crediteren dan op de regel staat")).toBeVisible();
    // One photo session less: 50.00 + 21% = 60.50.
    await dialog.getByLabel("Aantal van Fotografie").fill("1");
    await expect(dialog).toContainText("€ -60,50");
    await dialog.getByLabel("Reden").fill("Eén sessie minder");
    await checkAccessibility(page, "credit dialog");
    await dialog.getByRole("button", { name: "Creditnota maken" }).click();
    await expect(toasts(page).getByText("Creditnota aangemaakt")).toBeVisible();
    await expect(dialog).toBeHidden();

    const note = rowOf(page, "INV-000002");
    await expect(note).toContainText("Creditnota voor INV-000001");
    await expect(note).toContainText("€ -60,50");
    await expect(row).toContainText("Gecrediteerd met INV-000002");
    await expect(row).toContainText("Open: € 363,00");

    // A second credit: the whole invoice is no longer offered; the first credit note is listed.
    await rowAction(page, "INV-000001", "Crediteren");
    await expect(dialog.getByText("Al gecrediteerd: € 60,50 van € 423,50")).toBeVisible();
    await expect(dialog).toContainText("Creditnota INV-000002");
    await expect(dialog.getByLabel("Hele factuur")).toBeDisabled();
    await expect(dialog.getByLabel("Regels kiezen")).toBeChecked();
    await dialog.getByLabel("Bedrag", { exact: true }).check();
    await dialog.getByLabel("Bedrag excl. btw").fill("301");
    await dialog.getByRole("button", { name: "Creditnota maken" }).click();
    // 301.00 + 21% = 364.21, one euro more than is left.
    await expect(
      dialog.getByText("Dit is meer dan er nog te crediteren is: € 363,00 (incl. btw)."),
    ).toBeVisible();
    await page.keyboard.press("Escape");
  });

  test("sending without company details explains what is missing and links to Settings", async ({
    page,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    const clientId = await prepare(page, { withCompany: false });
    await createInvoice(page, clientId, [{ description: "Advies", quantity: 1, unitPrice: 100 }]);
    await page.goto("/app/invoices");
    await rowAction(page, "Concept", "Versturen per e-mail");
    const send = page.getByRole("dialog", { name: "Versturen per e-mail" });
    await send.getByRole("button", { name: "Versturen" }).click();
    await expect(send.getByRole("alert")).toContainText("Vul eerst je bedrijfsgegevens aan");
    await send.getByRole("link", { name: "Naar Instellingen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Instellingen" })).toBeVisible();
    await navigate(page, "Verkoopfacturen");
    await expect(rowOf(page, "Concept")).toBeVisible();
  });

  test("a client without an e-mail address: the preview explains and offers no send button", async ({
    page,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    await saveCompanyData(page);
    const clientId = await createClient(page, { name: "Zonder Mail BV" });
    await createInvoice(page, clientId, [{ description: "Advies", quantity: 1, unitPrice: 100 }]);
    await page.goto("/app/invoices");
    await rowAction(page, "Concept", "Versturen per e-mail");
    const send = page.getByRole("dialog", { name: "Versturen per e-mail" });
    await expect(send.getByText("Deze klant heeft geen e-mailadres.")).toBeVisible();
    await expect(send.getByRole("button", { name: "Versturen" })).toHaveCount(0);
  });

  test("Settings → Factuurnummering: a new format, and the invoice form's hint follows", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    await page.goto("/app/settings");
    const section = page.getByRole("form", { name: "Factuurnummering" });
    await expect(section.getByLabel("Formaat")).toHaveValue("INV-{NNNNNN}");
    await expect(section).toContainText("INV-000042");
    await expect(section).toContainText("INV-000001");
    await section.getByLabel("Formaat").fill("F-{NN}");
    await expect(section.getByText("Voorbeeld")).toBeVisible();
    await section.getByRole("button", { name: "Opslaan" }).click();
    await expect(
      section.getByText("Het formaat heeft precies één teller nodig, zoals {NNNN} (3 tot 10 cijfers)"),
    ).toBeVisible();
    const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" })
      .format(new Date())
      .slice(0, 4);
    await section.getByLabel("Formaat").fill("{JJJJ}-{NNNN}");
    await expect(section).toContainText(`${year}-0042`);
    await checkAccessibility(page, "invoice numbering settings");
    await section.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(page).getByText("Factuurnummering opgeslagen")).toBeVisible();
    await expect(section).toContainText(`${year}-0001`);

    await navigate(page, "Verkoopfacturen");
    await page.getByRole("button", { name: "Nieuwe factuur" }).first().click();
    await expect(
      page.getByRole("dialog", { name: "New invoice" }).getByText(`Assigned when sent (next: ${year}-0001)`),
    ).toBeVisible();
  });
});

test.describe("Uren factureren", () => {
  test("a client's billable hours become a draft; invoiced hours are not offered again until the draft is deleted", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    const clientId = await prepare(page);
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
    await pick(dialog.getByLabel("Klant"), "Bakkerij De Korenschoof");
    await expect(dialog.getByRole("checkbox", { name: /Ontwerp/ })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: /Bouw/ })).toBeChecked();
    await expect(
      dialog.getByText("Geselecteerd: 2 registraties, 3,50 uur, € 297,50 excl. btw"),
    ).toBeVisible();
    await checkAccessibility(page, "hours invoice dialog");
    await dialog.getByRole("button", { name: "Conceptfactuur maken" }).click();
    await expect(toasts(page).getByText("Conceptfactuur voor Bakkerij De Korenschoof gemaakt")).toBeVisible();
    const row = rowOf(page, "Concept");
    // 3.5 h × € 85,00 = € 297,50 + 21% = € 359,98 (297.50 × 0.21 = 62.475 -> 62.48).
    await expect(row).toContainText("€ 359,98");
    await expect(row).toContainText("Concept");

    // The hours are invoiced now: not offered again.
    await page.getByRole("button", { name: "Uren factureren" }).click();
    await pick(dialog.getByLabel("Klant"), "Bakkerij De Korenschoof");
    await expect(dialog.getByText("Geen factureerbare uren die nog niet gefactureerd zijn.")).toBeVisible();
    await page.keyboard.press("Escape");

    // Deleting the draft releases them.
    await rowAction(page, "Concept", "Verwijderen");
    await page.getByRole("alertdialog").getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Factuur verwijderd")).toBeVisible();
    await page.getByRole("button", { name: "Uren factureren" }).click();
    await pick(dialog.getByLabel("Klant"), "Bakkerij De Korenschoof");
    await expect(dialog.getByRole("checkbox", { name: /Bouw/ })).toBeVisible();
  });
});

// Issue 6: the logo set in Settings is shown at the top of the invoice view (the PDF has its own test).
test("the company logo shows in the invoice view", async ({ page, user }) => {
  expect(user.id).toBeTruthy();
  const clientId = await prepare(page);
  const logo = await page.request.put("/api/settings/logo", {
    headers: { "Content-Type": "image/svg+xml" },
    data: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" ' +
        'fill="#1d4ed8"/><circle cx="40" cy="40" r="24" fill="#facc15"/></svg>',
    ),
  });
  expect(logo.status(), await logo.text()).toBe(204);
  await createDraftInvoice(page, clientId, [{ description: "Advies", quantity: 1, unitPrice: 100 }], {
    issueDate: "2026-11-20",
    dueDate: "2026-12-04",
  });

  await page.goto("/app/invoices");
  await rowAction(page, "Concept", "Bekijken");
  const paper = page.getByRole("article", { name: /^Factuur \(concept\)/ });
  const image = paper.getByRole("img", { name: "Logo Eva Ontwerp" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(800);
  if (process.env.E2E_SCREENSHOT_DIR) {
    await paper.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/invoice-view-logo.png` });
  }
});

// Issue 22 defect 10: a new line's VAT follows the client, and an address abroad shows its country.
test("a Belgian business client gets reverse charge on new lines, and the view prints 'België'", async ({
  page,
  user,
}) => {
  expect(user.id).toBeTruthy();
  await prepare(page);
  const belgian = await page.request.post("/api/clients", {
    data: {
      name: "Brussels Bureau",
      country: "BE",
      city: "Brussel",
      postalCode: "1000",
      taxNumber: "BE0403019261",
    },
  });
  expect(belgian.status(), await belgian.text()).toBe(201);

  await page.goto("/app/invoices");
  await page.getByRole("button", { name: "Nieuwe factuur" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New invoice" });
  await expect(dialog.getByLabel("VAT %, line 1")).toHaveValue("21");
  await pick(dialog.getByLabel("Client"), "Brussels Bureau");
  await expect(dialog.getByLabel("VAT %, line 1")).toHaveValue("reverse_charge");
  await dialog.getByRole("button", { name: "Add line" }).click();
  await expect(dialog.getByLabel("VAT %, line 2")).toHaveValue("reverse_charge");
  // A rate the user chose stays when the client changes; the others follow the client.
  await dialog.getByLabel("VAT %, line 2").selectOption("9");
  await pick(dialog.getByLabel("Client"), "Bakkerij De Korenschoof");
  await expect(dialog.getByLabel("VAT %, line 1")).toHaveValue("21");
  await expect(dialog.getByLabel("VAT %, line 2")).toHaveValue("9");
  await dialog.getByRole("button", { name: "Remove line 2" }).click();
  await pick(dialog.getByLabel("Client"), "Brussels Bureau");
  await dialog.getByLabel("Description, line 1").fill("Advies");
  await dialog.getByLabel("Unit price, line 1").fill("500");
  await dialog.getByRole("button", { name: "Create invoice" }).click();
  await expect(dialog).toBeHidden();

  await rowAction(page, "Concept", "Bekijken");
  const paper = page.getByRole("article", { name: /^Factuur \(concept\)/ });
  await expect(paper).toContainText("1000  Brussel");
  await expect(paper).toContainText("België");
  await expect(paper).toContainText(/verlegd/i);
});

// Not a journey: with E2E_SCREENSHOT_DIR set, pictures of the list, each dialog and the numbering settings at a
// desktop and a phone width, to look at the layout (nothing may overflow at 390 px).
test("screenshots of the invoice list, its dialogs and the numbering settings", async ({ page, user }) => {
  test.skip(!process.env.E2E_SCREENSHOT_DIR, "set E2E_SCREENSHOT_DIR to take the screenshots");
  expect(user.id).toBeTruthy();
  const clientId = await prepare(page);
  const partlyPaid = await createInvoice(
    page,
    clientId,
    [
      { description: "Ontwerp en bouw van de nieuwe website met webwinkel", quantity: 2, unitPrice: 450 },
      { description: "Fotografie", quantity: 3, unitPrice: 50 },
    ],
    { isSent: true },
  );
  const payment = await page.request.post(`/api/invoices/${partlyPaid}/payments`, {
    data: {
      date: new Date().toISOString().slice(0, 10),
      amount: "500",
      method: "bank",
      note: "Eerste termijn",
    },
  });
  expect(payment.status(), await payment.text()).toBe(201);
  const credit = await page.request.post(`/api/invoices/${partlyPaid}/credit`, { data: { amount: "50" } });
  expect(credit.status(), await credit.text()).toBe(201);
  const overpaid = await createInvoice(
    page,
    clientId,
    [{ description: "Advies", quantity: 1, unitPrice: 100 }],
    {
      isSent: true,
    },
  );
  const tooMuch = await page.request.post(`/api/invoices/${overpaid}/payments`, {
    data: { date: new Date().toISOString().slice(0, 10), amount: "150", method: "bank" },
  });
  expect(tooMuch.status(), await tooMuch.text()).toBe(201);
  await createInvoice(page, clientId, [{ description: "Onderhoud", quantity: 1, unitPrice: 75 }]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.goto("/app/invoices");
    await expect(rowOf(page, "INV-000001")).toContainText("Open:");
    await screenshot(page, `invoices-list-${width}`);
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOT_DIR}/invoices-list-full-${width}.png`,
      fullPage: true,
    });
    const hasOverflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(await hasOverflow()).toBe(false);

    await rowAction(page, "INV-000001", "Betaling registreren");
    await expect(page.getByRole("region", { name: "Betalingen" })).toBeVisible();
    await screenshot(page, `payment-dialog-${width}`);
    await page.keyboard.press("Escape");

    await rowAction(page, "INV-000003", "Terugbetaling registreren");
    await expect(page.getByRole("dialog", { name: "Terugbetaling registreren" })).toBeVisible();
    await screenshot(page, `refund-dialog-${width}`);
    await page.keyboard.press("Escape");

    await rowAction(page, "INV-000001", "Crediteren");
    const creditDialog = page.getByRole("dialog", { name: "Crediteren" });
    await creditDialog.getByLabel("Regels kiezen").check();
    await creditDialog.getByRole("checkbox", { name: /Fotografie/ }).check();
    await screenshot(page, `credit-dialog-${width}`);
    await creditDialog.getByLabel("Bedrag", { exact: true }).check();
    await screenshot(page, `credit-dialog-amount-${width}`);
    await page.keyboard.press("Escape");

    await rowAction(page, "Concept", "Versturen per e-mail");
    await expect(
      page.getByRole("dialog", { name: "Versturen per e-mail" }).getByLabel("Onderwerp"),
    ).toBeVisible();
    await screenshot(page, `send-dialog-${width}`);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Nieuwe factuur" }).first().click();
    await expect(page.getByText(/Assigned when sent/)).toBeVisible();
    await screenshot(page, `invoice-form-${width}`);
    await page.keyboard.press("Escape");

    await page.goto("/app/settings");
    const section = page.getByRole("form", { name: "Factuurnummering" });
    await section.getByLabel("Formaat").fill("{JJJJ}-{NNNN}");
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `settings-numbering-${width}`);
    expect(await hasOverflow()).toBe(false);
  }
});
