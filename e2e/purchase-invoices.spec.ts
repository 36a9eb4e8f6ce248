import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import PDFDocument from "pdfkit";
import { PURCHASE_MESSAGES, type PurchaseInvoiceDetail } from "../src/shared/schemas/purchase-invoices";
import { renderTestImage } from "../tests/purchase-documents/receipt-images";
import { expect, test, toasts } from "./fixtures";

const SHOTS = "test-results/screenshots";
mkdirSync(SHOTS, { recursive: true });

/** Today in Amsterdam, "2026-03-02", and a day some days later. */
function isoDay(offsetDays = 0): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(day);
}
const dutchDate = (iso: string) => iso.split("-").reverse().join("-");

const SUPPLIER = "Drukkerij Van Dam B.V.";
// schemas/clients.ts's ROLES_MESSAGE: that module's VAT rules load CommonJS files Playwright's loader cannot resolve.
const ROLES_MESSAGE = "Kies klant, leverancier of beide";
const INVOICE_NUMBER = "2026-0815";

/** A Dutch supplier's invoice with a text layer, as an accounting package prints it: 200,00 + 21% btw. */
function invoicePdf(invoiceNumber = INVOICE_NUMBER): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: "A4", margin: 40 });
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
    const right = (text: string, y: number) =>
      document.text(text, 440, y, { width: 120, align: "right", lineBreak: false });
    document.font("Helvetica-Bold").fontSize(18).text(SUPPLIER, 50, 40, { lineBreak: false });
    document.font("Helvetica").fontSize(9).text("Stationsweg 8", 50, 64).text("3511 ED Utrecht", 50, 76);
    document
      .fontSize(10)
      .text("Aan:", 50, 130)
      .text("Eva Ontwerp", 50, 144)
      .text("Keizersgracht 12", 50, 158);
    document.font("Helvetica-Bold").fontSize(20).text("FACTUUR", 50, 210, { lineBreak: false });
    document.font("Helvetica-Bold").fontSize(10);
    document.text("Factuurnummer", 50, 250).text("Factuurdatum", 200, 250).text("Vervaldatum", 350, 250);
    document.font("Helvetica");
    document
      .text(invoiceNumber, 50, 265)
      .text(dutchDate(isoDay()), 200, 265)
      .text(dutchDate(isoDay(30)), 350, 265);
    document.font("Helvetica-Bold").text("Omschrijving", 50, 310).text("Btw", 380, 310);
    right("Bedrag", 310);
    document.font("Helvetica").text("Visitekaartjes, 500 stuks", 50, 328).text("21%", 380, 328);
    right("€ 200,00", 328);
    const total = (y: number, label: string, amount: string) => {
      document.text(label, 300, y, { lineBreak: false });
      right(amount, y);
    };
    total(370, "Subtotaal", "€ 200,00");
    total(385, "Btw 21% over € 200,00", "€ 42,00");
    document.font("Helvetica-Bold");
    total(405, "Totaal te betalen", "€ 242,00");
    document.font("Helvetica").fontSize(9);
    document.text("Graag binnen 30 dagen overmaken op NL91 ABNA 0417 1643 00.", 50, 450, { width: 500 });
    document
      .fontSize(8)
      .text(`${SUPPLIER} | KvK 12345678 | Btw NL853746333B01 | IBAN NL91 ABNA 0417 1643 00`, 50, 790, {
        lineBreak: false,
      });
    document.end();
  });
}

const dropZoneInput = (page: Page) => page.locator('input[type="file"][multiple]');
const cameraInput = (page: Page) => page.locator('input[type="file"][capture="environment"]');
const uploads = (page: Page) => page.getByRole("region", { name: "Uploads" });
const counter = (page: Page, label: string) => page.getByTestId(`counter-${label}`);
const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

async function shoot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${SHOTS}/purchase-${name}.png`, fullPage });
}

/** Nothing on the screen is wider than the window: rows fold instead of scrolling sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole("button", { name: `Acties voor ${name}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** The hint under a field: where its value came from. */
const hintOf = (dialog: Locator, label: string) =>
  dialog.getByLabel(label).locator("xpath=following-sibling::p[1]");

test.describe("purchase invoices (Inkoopfacturen)", () => {
  test("a PDF is read, corrected, booked, paid and corrected; files are refused one by one", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    test.slow();
    expect(user.id).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/purchase-invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Inkoopfacturen" })).toBeVisible();
    await expect(page.getByText("Nog geen inkoopfacturen")).toBeVisible();
    await expect(counter(page, "Openstaand")).toContainText("0");
    await checkAccessibility(page, "empty");
    await shoot(page, "empty-1280");

    // Several files at once, each with its own answer: one read, one empty.
    const pdf = await invoicePdf();
    await dropZoneInput(page).setInputFiles([
      { name: "factuur-van-dam.pdf", mimeType: "application/pdf", buffer: pdf },
      { name: "leeg.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(0) },
    ]);
    const list = uploads(page);
    await expect(list.getByRole("listitem").filter({ hasText: "leeg.pdf" })).toContainText(
      PURCHASE_MESSAGES.empty,
    );
    await expect(list.getByRole("listitem").filter({ hasText: "factuur-van-dam.pdf" })).toContainText(
      "Toegevoegd",
    );
    // The same file again is recognised.
    await dropZoneInput(page).setInputFiles({
      name: "nogmaals.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await expect(list.getByRole("listitem").filter({ hasText: "nogmaals.pdf" })).toContainText(
      PURCHASE_MESSAGES.duplicate,
    );

    // Read: the row names the supplier from the document and waits for checking.
    const row = rowOf(page, SUPPLIER);
    await expect(row).toContainText("Te controleren", { timeout: 60_000 });
    await expect(row).toContainText("€ 242,00");
    await expect(counter(page, "Te controleren")).toContainText("1");
    await checkAccessibility(page, "list with a document in review");
    await shoot(page, "list-1280", true);

    await row.getByRole("button", { name: SUPPLIER, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Inkoopfactuur controleren" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: "Document factuur-van-dam.pdf, pagina 1" })).toBeVisible();
    const supplierName = dialog.getByLabel("Of de naam van een nieuwe leverancier");
    await expect(supplierName).toHaveValue(SUPPLIER);
    await expect(dialog.getByText("Nieuwe leverancier: wordt aangemaakt bij het boeken")).toBeVisible();
    await expect(dialog.getByText("btw-id NL853746333B01")).toBeVisible();
    await expect(dialog.getByLabel("Factuurnummer")).toHaveValue(INVOICE_NUMBER);
    await expect(hintOf(dialog, "Factuurnummer")).toContainText("uit tekst van de pdf");
    await expect(dialog.getByLabel("Factuurdatum")).toHaveValue(isoDay());
    await expect(hintOf(dialog, "Factuurdatum")).toContainText("uit tekst van de pdf");
    await expect(dialog.getByLabel("Vervaldatum")).toHaveValue(isoDay(30));
    await expect(dialog.getByLabel("Excl. btw regel 1")).toHaveValue("200,00");
    await expect(dialog.getByLabel("Btw regel 1", { exact: true })).toHaveValue("42,00");
    await expect(dialog.getByTestId("purchase-form-total")).toHaveText("€ 242,00");
    await expect(dialog.getByLabel("IBAN")).toHaveValue(/NL91 ?ABNA/);
    await dialog.getByRole("button", { name: "Herkende tekst" }).click();
    await expect(dialog.getByText("Totaal te betalen").last()).toBeVisible();
    await checkAccessibility(page, "review dialog");
    await shoot(page, "review-1280");

    // A correction shows as the user's own: the source hint goes.
    await dialog.getByLabel("Factuurnummer").fill(`${INVOICE_NUMBER}-A`);
    await expect(hintOf(dialog, "Factuurnummer")).toHaveCount(0);
    // The server's rules for booking come back under their fields.
    await dialog.getByLabel("Factuurdatum").fill("");
    await dialog.getByRole("button", { name: "Boeken", exact: true }).click();
    await expect(dialog.getByText(PURCHASE_MESSAGES.invoiceDateRequired)).toBeVisible();
    await expect(dialog.getByLabel("Factuurdatum")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Factuurdatum").fill(isoDay());
    await dialog.getByLabel("Categorie regel 1").selectOption({ label: "Marketing en reclame" });
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(page).getByText("Wijzigingen opgeslagen")).toBeVisible();
    await dialog.getByRole("button", { name: "Boeken", exact: true }).click();
    await expect(toasts(page).getByText("Inkoopfactuur geboekt")).toBeVisible();
    await expect(dialog).toBeHidden();

    const booked = rowOf(page, `${INVOICE_NUMBER}-A`);
    await expect(booked).toContainText("Geboekt");
    await expect(counter(page, "Openstaand")).toContainText("1");
    await expect(counter(page, "Openstaand")).toContainText("€ 242,00");
    await expect(counter(page, "Te controleren")).toContainText("0");

    await rowAction(page, `${SUPPLIER} ${INVOICE_NUMBER}-A`, "Betaling registreren");
    const payment = page.getByRole("dialog", { name: "Betaling registreren" });
    await expect(payment.getByLabel("Bedrag")).toHaveValue("242,00");
    await checkAccessibility(page, "payment dialog");
    await payment.getByRole("button", { name: "Betaling registreren" }).click();
    await expect(toasts(page).getByText("Betaling geregistreerd")).toBeVisible();
    await expect(booked).toContainText("Betaald");
    await expect(counter(page, "Openstaand")).toContainText("€ 0,00");
    await expect(counter(page, "Betaald deze maand")).toContainText("€ 242,00");

    // Booked: read-only, kept (the refusal says why), corrected with a credit.
    await booked.getByRole("button", { name: SUPPLIER, exact: true }).click();
    const view = page.getByRole("dialog", { name: "Inkoopfactuur", exact: true });
    await expect(view.getByText(PURCHASE_MESSAGES.deleteBooked)).toBeVisible();
    await expect(view.getByRole("button", { name: "Verwijderen", exact: true })).toHaveCount(0);
    await expect(view.getByRole("region", { name: "Betalingen" })).toContainText("€ 242,00");
    await expect(view.getByRole("link", { name: "Origineel downloaden" })).toHaveAttribute(
      "href",
      /\/document\?download=1$/,
    );
    await shoot(page, "booked-1280");
    const href = await view.getByRole("link", { name: "Origineel downloaden" }).getAttribute("href");
    const id = /\/api\/purchase-invoices\/([^/]+)\/document/.exec(href ?? "")![1];
    const refused = await page.request.delete(`/api/purchase-invoices/${id}`);
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(PURCHASE_MESSAGES.deleteBooked);

    await view.getByRole("button", { name: "Corrigeren" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Correctie maken" }).click();
    await expect(toasts(page).getByText("Correctie gemaakt")).toBeVisible();
    const correction = page.getByRole("dialog", { name: "Inkoopfactuur controleren" });
    await expect(correction.getByLabel("Excl. btw regel 1")).toHaveValue("-200,00");
    await correction.getByRole("button", { name: "Verwijderen", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Inkoopfactuur verwijderd")).toBeVisible();

    // The next invoice of that supplier: recognised, with the category of the last one. Its number was booked
    // already, which booking it again says under the number.
    await dropZoneInput(page).setInputFiles({
      name: "factuur-2.pdf",
      mimeType: "application/pdf",
      buffer: await invoicePdf(`${INVOICE_NUMBER}-A`),
    });
    await expect(counter(page, "Te controleren")).toContainText("1", { timeout: 60_000 });
    await rowOf(page, "Te controleren").getByRole("button", { name: SUPPLIER, exact: true }).click();
    const second = page.getByRole("dialog", { name: "Inkoopfactuur controleren" });
    await expect(second.getByRole("combobox", { name: "Leverancier" })).toHaveValue(SUPPLIER);
    await expect(second.getByText("herkend als bestaande leverancier")).toBeVisible();
    await expect(second.getByLabel("Of de naam van een nieuwe leverancier")).toHaveCount(0);
    await expect(second.getByLabel("Categorie regel 1")).toHaveValue(/.+/);
    await expect(second.getByLabel("Categorie regel 1").locator("option:checked")).toHaveText(
      "Marketing en reclame",
    );
    await expect(second.getByText("Categorie zoals bij deze leverancier")).toBeVisible();
    await second.getByRole("button", { name: "Boeken", exact: true }).click();
    const duplicate = PURCHASE_MESSAGES.duplicateNumber(`${INVOICE_NUMBER}-A`, SUPPLIER);
    await expect(second.getByText(duplicate)).toBeVisible();
    await expect(second.getByLabel("Factuurnummer")).toHaveAttribute("aria-invalid", "true");
    await shoot(page, "duplicate-1280");
    await second.getByRole("button", { name: "Verwijderen", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Verwijderen" }).click();
    await expect(second).toBeHidden();

    // The new supplier is in Relaties, under Leveranciers.
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Relaties" }).click();
    await page
      .getByRole("group", { name: "Soort relatie" })
      .getByRole("button", { name: "Leveranciers" })
      .click();
    const supplierRow = page.getByRole("list", { name: "Klanten" }).getByRole("listitem");
    await expect(supplierRow).toHaveCount(1);
    await expect(supplierRow).toContainText(SUPPLIER);
    await expect(supplierRow).toContainText("Leverancier");
    await checkAccessibility(page, "Relaties, suppliers");
    await shoot(page, "relaties-1280");
    // Added while the suppliers are shown: a supplier; a relation has at least one role.
    await page.getByRole("button", { name: "Leverancier toevoegen" }).first().click();
    const form = page.getByRole("dialog", { name: "Nieuwe leverancier" });
    await expect(form.getByLabel("Leverancier", { exact: true })).toBeChecked();
    await expect(form.getByLabel("Klant", { exact: true })).not.toBeChecked();
    await form.getByLabel("Naam", { exact: true }).fill("Koffiebranderij Het Boontje");
    await form.getByLabel("Leverancier", { exact: true }).uncheck();
    await form.getByRole("button", { name: "Leverancier toevoegen" }).click();
    await expect(form.getByText(ROLES_MESSAGE)).toBeVisible();
    await form.getByLabel("Klant", { exact: true }).check();
    await form.getByLabel("Leverancier", { exact: true }).check();
    await shoot(page, "relatie-form-1280");
    await form.getByRole("button", { name: "Leverancier toevoegen" }).click();
    await expect(toasts(page).getByText("Klant succesvol toegevoegd")).toBeVisible();
    await expect(supplierRow).toHaveCount(2);
    await page.getByRole("group", { name: "Soort relatie" }).getByRole("button", { name: "Klanten" }).click();
    await expect(supplierRow).toHaveCount(1);
    await expect(supplierRow).toContainText("Koffiebranderij Het Boontje");
    await expect(supplierRow).toContainText("Klant");
  });

  test("a receipt typed in by hand is booked as paid at once", async ({ page, user, checkAccessibility }) => {
    expect(user.id).toBeTruthy();
    await page.goto("/app/purchase-invoices");
    await page.getByRole("button", { name: "Handmatig invoeren" }).click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe inkoopfactuur" });
    await expect(dialog.getByLabel("Factuurdatum")).toHaveValue(isoDay());
    await dialog.getByLabel("Tarief regel 1").selectOption("9");
    await dialog.getByLabel("Excl. btw regel 1").fill("10,00");
    // The VAT follows the amount and the rate.
    await expect(dialog.getByLabel("Btw regel 1", { exact: true })).toHaveValue("0,90");
    await expect(dialog.getByTestId("purchase-form-total")).toHaveText("€ 10,90");
    await dialog.getByLabel("Categorie regel 1").selectOption({ label: "Representatie" });
    await dialog.getByLabel("Al betaald").check();
    await expect(dialog.getByLabel("Betaald op")).toHaveValue(isoDay());
    await expect(dialog.getByLabel("Betaald met")).toHaveValue("card");
    await checkAccessibility(page, "manual entry");

    // Without a supplier the server says so under the field; trying again books the same one.
    await dialog.getByRole("button", { name: "Boeken als betaald" }).click();
    await expect(dialog.getByText(PURCHASE_MESSAGES.supplierRequired)).toBeVisible();
    await dialog.getByLabel("Of de naam van een nieuwe leverancier").fill("Lunchroom De Zon");
    await dialog.getByRole("button", { name: "Boeken als betaald" }).click();
    await expect(toasts(page).getByText("Geboekt en betaald")).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(rowOf(page, "Lunchroom De Zon")).toContainText("Betaald");
    await expect(counter(page, "Betaald deze maand")).toContainText("€ 10,90");
    await expect(counter(page, "Openstaand")).toContainText("0");
  });

  test("on a phone: stacked cards, rows that fit, a photo from the camera", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    test.slow();
    expect(user.id).toBeTruthy();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/app/purchase-invoices");
    await expect(page.getByRole("button", { name: "Foto maken" })).toBeVisible();
    await expect(cameraInput(page)).toHaveAttribute("accept", "image/*");
    await expectNoSidewaysScroll(page);
    await checkAccessibility(page, "phone, empty");
    await shoot(page, "empty-390", true);

    await dropZoneInput(page).setInputFiles({
      name: "factuur-van-dam.pdf",
      mimeType: "application/pdf",
      buffer: await invoicePdf(),
    });
    const receipt = renderTestImage("cafe", "clean", 3);
    await cameraInput(page).setInputFiles({ name: "bon.png", mimeType: "image/png", buffer: receipt.png });
    await expect(uploads(page).getByRole("listitem").filter({ hasText: "bon.png" })).toContainText(
      "Toegevoegd",
    );
    await expect(rowOf(page, SUPPLIER)).toContainText("Te controleren", { timeout: 60_000 });
    // Text recognition of a photo takes seconds on a busy machine.
    await expect(page.getByText("Document wordt gelezen")).toHaveCount(0, { timeout: 150_000 });
    await expectNoSidewaysScroll(page);
    await checkAccessibility(page, "phone, list");
    await shoot(page, "list-390", true);

    await rowOf(page, SUPPLIER).getByRole("button", { name: SUPPLIER, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Inkoopfactuur controleren" });
    await expect(dialog.getByRole("img", { name: "Document factuur-van-dam.pdf, pagina 1" })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await checkAccessibility(page, "phone, review");
    await shoot(page, "review-390");
    await dialog.getByLabel("Excl. btw regel 1").scrollIntoViewIfNeeded();
    await shoot(page, "review-lines-390");
    await page.keyboard.press("Escape");

    // The photo: read by text recognition, the picture beside the form.
    const photoRow = page
      .getByRole("row")
      .filter({ hasNot: page.getByText(SUPPLIER) })
      .nth(1);
    await photoRow.getByRole("button").first().click();
    const photo = page.getByRole("dialog", { name: "Inkoopfactuur controleren" });
    await expect(photo.getByRole("img", { name: "Document bon.png" })).toBeVisible();
    await shoot(page, "photo-390");
  });

  test("a document being read shows its progress in the list and in the dialog", async ({ page, user }) => {
    expect(user.id).toBeTruthy();
    // Reading a text PDF takes a moment only: the answers of a slow photo are stood in for.
    const reading = {
      id: "00000000-0000-4000-8000-000000000001",
      status: "reading",
      source: "camera",
      supplierId: null,
      supplierName: null,
      invoiceNumber: null,
      invoiceDate: null,
      dueDate: null,
      total: "0.00",
      openAmount: "0.00",
      isOverdue: false,
      hasDocument: true,
      readingProgress: 40,
      createdAt: new Date().toISOString(),
    } as const;
    const detail: PurchaseInvoiceDetail = {
      ...reading,
      description: null,
      vatTreatment: "domestic",
      iban: null,
      paymentReference: null,
      lines: [],
      netAmount: "0.00",
      vatAmount: "0.00",
      payments: [],
      document: { fileName: "bon.jpg", mimeType: "image/jpeg", sizeBytes: 2_400_000, sha256: "0" },
      reading: null,
      proposedSupplier: null,
      bookedAt: null,
    };
    await page.route(/\/api\/purchase-invoices\?/, (route) =>
      route.fulfill({
        json: {
          items: [reading],
          total: 1,
          counters: {
            toReview: 1,
            open: { count: 0, amount: "0.00" },
            overdue: { count: 0, amount: "0.00" },
            paidThisMonth: { count: 0, amount: "0.00" },
          },
        },
      }),
    );
    await page.route(`**/api/purchase-invoices/${reading.id}`, (route) => route.fulfill({ json: detail }));
    await page.route(`**/api/purchase-invoices/${reading.id}/document`, (route) =>
      route.fulfill({ contentType: "image/png", body: renderTestImage("fuel", "photo", 2).png }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/app/purchase-invoices");
    const row = rowOf(page, "Document wordt gelezen");
    await expect(row.getByRole("progressbar", { name: "Document lezen" })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    await expect(row).toContainText("Wordt gelezen");
    await row.getByRole("button", { name: "Document wordt gelezen" }).click();
    const dialog = page.getByRole("dialog", { name: "Document wordt gelezen" });
    await expect(dialog.getByText("Balans leest dit document…")).toBeVisible();
    await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
    await expect(dialog.getByRole("img", { name: "Document bon.jpg" })).toBeVisible();
    await shoot(page, "reading-390");
  });

  test("the inbox address: copied, and renewed after a warning", async ({ page, context, user }) => {
    expect(user.id).toBeTruthy();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // The test server runs without the mail receiver: its answers are stood in for.
    let address = "bonnetjes-k3x9@inbox.balans.test";
    await page.route("**/api/purchase-invoices/inbox", (route) =>
      route.fulfill({ json: { enabled: true, address } }),
    );
    await page.route("**/api/purchase-invoices/inbox/renew", (route) => {
      address = "bonnetjes-p7q2@inbox.balans.test";
      return route.fulfill({ json: { enabled: true, address } });
    });
    await page.goto("/app/purchase-invoices");
    const card = page.getByRole("region", { name: "Doorsturen per e-mail" });
    await expect(card).toContainText("bonnetjes-k3x9@inbox.balans.test");
    // The empty list tells where to send documents too.
    await expect(page.getByText("of stuur facturen door naar")).toContainText(
      "bonnetjes-k3x9@inbox.balans.test",
    );
    await card.getByRole("button", { name: "Kopiëren" }).click();
    await expect(toasts(page).getByText("E-mailadres gekopieerd")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "bonnetjes-k3x9@inbox.balans.test",
    );
    await shoot(page, "inbox-1280");

    await card.getByRole("button", { name: "Nieuw adres" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Nieuw e-mailadres maken?" });
    await expect(confirm).toContainText("werkt daarna niet meer");
    await confirm.getByRole("button", { name: "Nieuw adres maken" }).click();
    await expect(card).toContainText("bonnetjes-p7q2@inbox.balans.test");
  });
});
