import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { pdfText } from "../tests/pdf-text";
import {
  createClient,
  createDraftInvoice,
  expect,
  expectNoOverflow,
  invoicePdf,
  invoiceRowAction,
  issueInvoice,
  saveCompanyData,
  sendDraftByEmail,
  test,
  toasts,
} from "./fixtures";

const SHOTS = process.env.STYLES_SHOTS ?? "test-results/screenshots";
const FOOTER = "Algemene voorwaarden: evaontwerp.nl/voorwaarden · Eva Ontwerp, Amsterdam";

/** Keeps a PDF beside the screenshots, rendered to images to be looked at; pdftoppm fails on a broken file. */
async function keepPdf(bytes: Buffer, name: string, resolution: number): Promise<void> {
  await writeFile(`${SHOTS}/${name}.pdf`, bytes);
  await promisify(execFile)("pdftoppm", [
    "-png",
    "-r",
    String(resolution),
    `${SHOTS}/${name}.pdf`,
    `${SHOTS}/${name}`,
  ]);
}

test.describe("Factuuropmaak: colour and footer on the invoice", () => {
  test("set a colour and a footer in Settings, send an invoice, the PDF carries them", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    await saveCompanyData(page);
    const clientId = await createClient(page, {
      name: "Studio Noord",
      email: `studio.${Date.now()}@noord.nl`,
      paymentTermsDays: 14,
    });
    const invoiceId = await createDraftInvoice(page, clientId, [
      { description: "Huisstijl", quantity: 1, unitPrice: 500 },
    ]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/settings");
    const form = page.getByRole("form", { name: "Factuuropmaak" });
    await expect(form).toBeVisible();
    const color = form.getByRole("textbox", { name: /^Accentkleur/ });
    await expect(color).toHaveValue("");

    // A colour that is not a hex code is refused with the server's own words, before anything is sent.
    await color.fill("blauw");
    await form.getByRole("button", { name: "Opslaan" }).click();
    await expect(form.getByText("Kies een kleur als hexcode, bijvoorbeeld #1d4ed8")).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/styles-settings-error-1280.png` });

    await color.fill("#1D4ED8");
    await form.getByLabel(/^Voettekst onderaan elke pagina/).fill(FOOTER);
    await form.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(page).getByText("Factuuropmaak opgeslagen")).toBeVisible();
    await expect(color).toHaveValue("#1d4ed8");
    await expect(form.getByLabel("Kies een accentkleur")).toHaveValue("#1d4ed8");
    await checkAccessibility(page, "Settings with Factuuropmaak");
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/styles-settings-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.scrollIntoViewIfNeeded();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/styles-settings-390.png` });

    // Still there after a reload.
    await page.reload();
    await expect(
      page.getByRole("form", { name: "Factuuropmaak" }).getByLabel(/^Voettekst onderaan/),
    ).toHaveValue(FOOTER);

    await page.setViewportSize({ width: 1280, height: 900 });
    await sendDraftByEmail(page);

    // The on-screen view shows the same footer, at its end.
    await invoiceRowAction(page, "INV-", "Bekijken");
    const paper = page.getByRole("dialog").getByRole("article", { name: /^Factuur INV-/ });
    await expect(paper.getByText(FOOTER)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/styles-view-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await paper.getByText(FOOTER).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/styles-view-390.png` });
    await page.keyboard.press("Escape");

    const bytes = await invoicePdf(page, invoiceId);
    const pages = await pdfText(bytes);
    for (const text of pages) expect(text).toContain(FOOTER);
    await keepPdf(bytes, "styles-invoice", 70);
  });
});

test.describe("Document language: an English client gets an English invoice", () => {
  test("choose English in the client form; the view and the PDF are in English", async ({ page, user }) => {
    expect(user.username).toBeTruthy();
    await saveCompanyData(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/clients");
    await page.getByRole("button", { name: "Klant toevoegen" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe klant" });
    await dialog.getByLabel("Naam").fill("Harbour Studio Ltd");
    const language = dialog.getByLabel("Taal van facturen en offertes");
    await expect(language).toHaveValue("nl");
    await language.selectOption({ label: "English" });
    await language.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/language-client-form-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await language.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/language-client-form-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole("button", { name: "Klant toevoegen" }).click();
    await expect(toasts(page).getByText("Klant succesvol toegevoegd")).toBeVisible();

    const clients = (await (await page.request.get("/api/clients")).json()) as Array<{
      id: string;
      documentLanguage: string;
    }>;
    expect(clients).toHaveLength(1);
    expect(clients[0]!.documentLanguage).toBe("en");
    const id = await createDraftInvoice(
      page,
      clients[0]!.id,
      [{ description: "Brand identity", quantity: "1.5", unitPrice: "1234.56" }],
      { issueDate: "2026-11-20", dueDate: "2026-12-04" },
    );
    await issueInvoice(page, id);

    await page.goto("/app/invoices");
    await invoiceRowAction(page, "INV-", "Bekijken");
    const paper = page.getByRole("dialog").getByRole("article", { name: /^Invoice INV-/ });
    await expect(paper.getByText("Invoice to")).toBeVisible();
    await expect(paper.getByText("Invoice date")).toBeVisible();
    // The due date, written the English way.
    await expect(paper.getByText("4 December 2026", { exact: true })).toBeVisible();
    await expect(paper.getByText(/^Please transfer €2,240\.73 by 4 December 2026/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/language-view-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/language-view-390.png` });
    await page.keyboard.press("Escape");

    const bytes = await invoicePdf(page, id);
    const text = (await pdfText(bytes)).join("\n");
    for (const expected of ["INVOICE", "Invoice date", "Due date", "Subtotal (excl. VAT)", "€2,240.73"]) {
      expect(text).toContain(expected);
    }
    await keepPdf(bytes, "language-invoice", 70);
  });
});

test.describe("E-mailteksten and layouts", () => {
  test("edit the invoice e-mail, see the preview, choose Modern; the sent mail and PDF follow", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    await saveCompanyData(page);
    const recipient = `styles.${Date.now()}@noord.nl`;
    const clientId = await createClient(page, {
      name: "Studio Zuid",
      email: recipient,
      paymentTermsDays: 14,
    });
    const invoiceId = await createDraftInvoice(page, clientId, [
      { description: "Logo", quantity: 1, unitPrice: 400 },
    ]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/settings");
    const style = page.getByRole("form", { name: "Factuuropmaak" });
    await style.getByRole("radio", { name: /^Modern/ }).check();
    await style.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(page).getByText("Factuuropmaak opgeslagen")).toBeVisible();

    const editor = page.getByRole("form", { name: "E-mailtekst Factuur (Nederlands)" });
    const subject = editor.getByRole("textbox", { name: "Onderwerp", exact: true });
    await expect(subject).toHaveValue("Factuur {factuurnummer} van {bedrijfsnaam}");
    // A placeholder that does not exist is named, and nothing is saved.
    await subject.fill("Rekening {nummer}");
    await expect(editor.getByText("Dit invulveld bestaat niet: {nummer}.", { exact: false })).toBeVisible();
    await subject.fill("Rekening {factuurnummer} – {bedrag}");
    const preview = editor.getByRole("region", { name: "Voorbeeld" });
    await expect(preview.getByTestId("mail-preview-subject")).toHaveText("Rekening 2026-0042 – € 1.210,00");
    await editor.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(page).getByText("E-mailtekst opgeslagen")).toBeVisible();
    await expect(editor.getByRole("button", { name: "Standaardtekst herstellen" })).toBeVisible();
    await expect(
      page.getByRole("complementary", { name: "Invulvelden" }).getByText("{betaallink}"),
    ).toBeVisible();
    await checkAccessibility(page, "Settings with E-mailteksten");
    await editor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/styles-templates-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await editor.scrollIntoViewIfNeeded();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/styles-templates-390.png` });
    await style.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/styles-layouts-390.png` });

    // The send dialog starts from the saved template; the outbox holds what went out.
    await page.setViewportSize({ width: 1280, height: 900 });
    await sendDraftByEmail(page, async (send) => {
      await expect(send.getByRole("textbox", { name: /^Onderwerp/ })).toHaveValue(
        /^Rekening INV-\d+ – €\s484,00$/,
      );
    });
    const mail = await page.request.get(`/api/test/outbox?recipient=${encodeURIComponent(recipient)}`);
    expect(mail.status()).toBe(200);
    expect(((await mail.json()) as { subject: string }).subject).toMatch(/^Rekening INV-\d+ – €\s484,00$/);

    await keepPdf(await invoicePdf(page, invoiceId), "styles-modern", 60);
  });
});
