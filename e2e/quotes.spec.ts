import { writeFileSync } from "node:fs";
import {
  createClient,
  expect,
  expectNoOverflow,
  mailedToken,
  saveCompanyData,
  test,
  toasts,
} from "./fixtures";

const SHOTS = process.env.QUOTES_SHOTS_DIR ?? "test-results/screenshots";

test.describe("Offertes: from quote to invoice", () => {
  test("a quote is made, sent, accepted by the client on the public page and turned into a draft invoice", async ({
    page,
    browser,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    await saveCompanyData(page);
    // A unique address per run, so the outbox's last mail to it is this quote's.
    const clientEmail = `klant-${Date.now().toString(36)}@korenschoof.nl`;
    await createClient(page, {
      name: "Bakkerij De Korenschoof",
      email: clientEmail,
      contactPerson: "Els de Bakker",
      street: "Dorpsstraat",
      houseNumber: "12a",
      postalCode: "1234 AB",
      city: "Oudewater",
      paymentTermsDays: 14,
    });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/offertes");
    await expect(page.getByRole("heading", { level: 1, name: "Offertes" })).toBeVisible();
    await expect(page.getByText("Nog geen offertes")).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Offertes" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quotes-empty-1280.png` });

    // The concept: a client, two lines; a line without a price is refused with the form's Dutch message.
    await page.getByRole("button", { name: "Nieuwe offerte" }).click();
    const form = page.getByRole("dialog", { name: "Nieuwe offerte" });
    await form.getByLabel("Klant").selectOption({ label: "Bakkerij De Korenschoof" });
    await form.getByLabel("Omschrijving regel 1").fill("Ontwerp nieuw logo");
    await form.getByLabel("Aantal regel 1").fill("2");
    await form.getByRole("button", { name: "Opslaan" }).click();
    await expect(form.getByText("Prijs is verplicht")).toBeVisible();
    await form.getByLabel("Prijs regel 1").fill("450,00");
    await form.getByRole("button", { name: "Regel toevoegen" }).click();
    await form.getByLabel("Omschrijving regel 2").fill("Drukwerk visitekaartjes");
    await form.getByLabel("Prijs regel 2").fill("85,50");
    await form.getByLabel("Btw regel 2").selectOption({ label: "9%" });
    // 900,00 + 85,50 = 985,50; VAT 189,00 + 7,70 (7,695) = 196,70; total 1.182,20.
    await expect(form.getByText("€ 1.182,20")).toBeVisible();
    await checkAccessibility(page, "quote form");
    await page.screenshot({ path: `${SHOTS}/quotes-form-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(form.getByLabel("Prijs regel 2")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quotes-form-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await form.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(page).getByText("Offerte aangemaakt")).toBeVisible();

    // Saving opens the quote: send it.
    const detail = page.getByRole("dialog", { name: "Offerte (concept)" });
    await detail.getByRole("button", { name: "Versturen" }).click();
    await page
      .getByRole("alertdialog", { name: "Offerte versturen?" })
      .getByRole("button", { name: "Versturen" })
      .click();
    await expect(toasts(page).getByText(/Offerte OFF-\d{4}-0001 verstuurd/)).toBeVisible();
    const sent = page.getByRole("dialog", { name: /^Offerte OFF-\d{4}-0001$/ });
    await expect(sent.getByText("Wacht op antwoord")).toBeVisible();
    await expect(sent.getByText(`aan ${clientEmail}`)).toBeVisible();
    const quoteNumber = (await sent.getByRole("heading").first().textContent())!.replace("Offerte ", "");
    const list = await page.request.get("/api/quotes");
    const quoteId = ((await list.json()) as Array<{ id: string }>)[0]!.id;
    const pdf = await page.request.get(`/api/quotes/${quoteId}/pdf`);
    expect(pdf.status()).toBe(200);
    writeFileSync(`${SHOTS}/quotes-offerte.pdf`, await pdf.body());
    await page.keyboard.press("Escape");

    // The client, without an account, opens the link from the e-mail.
    const token = await mailedToken(page, clientEmail, "/offerte");
    const visitor = await browser.newContext({ locale: "nl-NL", timezoneId: "Europe/Amsterdam" });
    const clientPage = await visitor.newPage();
    const problems: string[] = [];
    clientPage.on("pageerror", (error) => problems.push(error.message));
    clientPage.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(message.text());
      }
    });
    await clientPage.goto("/offerte?token=geraden-link");
    // A first visit: the client answers the cookie banner like anyone else.
    await clientPage.getByRole("button", { name: "Alleen essentieel" }).click();
    await expect(
      clientPage.getByRole("heading", { name: "Deze offerte kan niet worden geopend" }),
    ).toBeVisible();
    await expect(
      clientPage.getByText("Deze link naar een offerte klopt niet.", { exact: false }),
    ).toBeVisible();

    await clientPage.setViewportSize({ width: 1280, height: 800 });
    await clientPage.goto(`/offerte?token=${token}`);
    await expect(clientPage.getByRole("heading", { level: 1, name: `Offerte ${quoteNumber}` })).toBeVisible();
    await expect(clientPage.getByText("Offerte van Eva Ontwerp")).toBeVisible();
    await expect(clientPage.getByRole("cell", { name: "Drukwerk visitekaartjes" })).toBeVisible();
    await checkAccessibility(clientPage, "public quote page");
    await clientPage.screenshot({ path: `${SHOTS}/quotes-public-1280.png`, fullPage: true });
    await clientPage.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(clientPage);
    await clientPage.screenshot({ path: `${SHOTS}/quotes-public-390.png`, fullPage: true });

    await clientPage.getByRole("button", { name: "Offerte accepteren" }).click();
    await expect(clientPage.getByText("Vul je naam in om de offerte te accepteren")).toBeVisible();
    await clientPage.getByLabel("Je volledige naam").fill("Els de Bakker");
    await clientPage.getByRole("button", { name: "Offerte accepteren" }).click();
    await expect(clientPage.getByText("Geaccepteerd door Els de Bakker", { exact: false })).toBeVisible();
    await clientPage.screenshot({ path: `${SHOTS}/quotes-public-accepted-390.png`, fullPage: true });
    // The link works once: opened again it shows the answer, no form.
    await clientPage.reload();
    await expect(clientPage.getByText("Geaccepteerd door Els de Bakker", { exact: false })).toBeVisible();
    await expect(clientPage.getByRole("button", { name: "Offerte accepteren" })).toHaveCount(0);
    expect(problems).toEqual([]);
    await visitor.close();

    // The owner sees the answer and turns the quote into a draft invoice, once.
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: quoteNumber });
    await expect(row.getByText("Geaccepteerd")).toBeVisible();
    await row.getByRole("button", { name: /Bekijken/ }).click();
    const accepted = page.getByRole("dialog", { name: `Offerte ${quoteNumber}` });
    await expect(accepted.getByText("Geaccepteerd door Els de Bakker")).toBeVisible();
    await accepted.getByRole("button", { name: "Omzetten naar factuur" }).click();
    const convert = page.getByRole("alertdialog", { name: "Omzetten naar factuur" });
    await expect(convert.getByText("De hele offerte")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quotes-convert-1280.png` });
    await convert.getByRole("button", { name: "Factuur maken" }).click();
    await expect(toasts(page).getByText("Conceptfactuur aangemaakt")).toBeVisible();
    await expect(accepted.getByText("Omgezet naar factuur")).toBeVisible();
    await expect(accepted.getByRole("button", { name: "Omzetten naar factuur" })).toHaveCount(0);
    await checkAccessibility(page, "quote detail");
    await page.screenshot({ path: `${SHOTS}/quotes-detail-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/quotes-detail-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await accepted.getByRole("link", { name: /Naar factuur/ }).click();
    await expect(page).toHaveURL(/\/app\/invoices/);
    await expect(page.getByText(`Volgens offerte ${quoteNumber}`, { exact: false }).first()).toBeVisible();
    await expect(page.getByText("Ontwerp nieuw logo").first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quotes-invoice-1280.png` });
    const invoices = (await (await page.request.get("/api/invoices")).json()) as Array<{
      status: string;
      total: string;
    }>;
    expect(invoices).toEqual([expect.objectContaining({ status: "draft", total: "1182.20" })]);
  });
});
