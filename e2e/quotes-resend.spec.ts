import { businessDate } from "../src/shared/dates";
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

test.describe("Offertes: opnieuw versturen", () => {
  test("a sent quote is mailed again with a new link; the old link no longer opens it", async ({
    page,
    browser,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    await saveCompanyData(page);
    const clientEmail = `kwijt-${Date.now().toString(36)}@korenschoof.nl`;
    const clientId = await createClient(page, {
      name: "Bakkerij De Korenschoof",
      email: clientEmail,
      paymentTermsDays: 14,
    });
    const today = businessDate(new Date());
    const created = await page.request.post("/api/quotes", {
      data: {
        clientId,
        issueDate: today,
        items: [{ description: "Ontwerp nieuw logo", quantity: 1, unitPrice: "450,00", vatCategory: "21" }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const quoteId = ((await created.json()) as { id: string }).id;
    const sent = await page.request.post(`/api/quotes/${quoteId}/send`);
    expect(sent.status(), await sent.text()).toBe(200);
    const quoteNumber = ((await sent.json()) as { quote: { quoteNumber: string } }).quote.quoteNumber;
    const firstToken = await mailedToken(page, clientEmail, "/offerte");

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/offertes");
    await page
      .getByRole("row")
      .filter({ hasText: quoteNumber })
      .getByRole("button", { name: /Bekijken/ })
      .click();
    const detail = page.getByRole("dialog", { name: `Offerte ${quoteNumber}` });
    await detail.getByRole("button", { name: "Opnieuw versturen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Offerte opnieuw versturen?" });
    await expect(confirm.getByText("werkt daarna niet meer", { exact: false })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/selling-quote-resend-confirm-1280.png` });
    await confirm.getByRole("button", { name: "Opnieuw versturen" }).click();
    await expect(toasts(page).getByText(`Offerte ${quoteNumber} opnieuw verstuurd`)).toBeVisible();
    await expect(detail.getByText("Opnieuw verstuurd")).toBeVisible();
    await expect(detail.getByText("Wacht op antwoord")).toBeVisible();
    await checkAccessibility(page, "quote detail after resend");
    await page.screenshot({ path: `${SHOTS}/selling-quote-resent-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/selling-quote-resent-390.png` });

    const newToken = await mailedToken(page, clientEmail, "/offerte");
    expect(newToken).not.toBe(firstToken);
    const visitor = await browser.newContext({ locale: "nl-NL", timezoneId: "Europe/Amsterdam" });
    const clientPage = await visitor.newPage();
    await clientPage.goto(`/offerte?token=${firstToken}`);
    await clientPage.getByRole("button", { name: "Alleen essentieel" }).click();
    await expect(
      clientPage.getByRole("heading", { name: "Deze offerte kan niet worden geopend" }),
    ).toBeVisible();
    await clientPage.goto(`/offerte?token=${newToken}`);
    await expect(clientPage.getByRole("heading", { level: 1, name: `Offerte ${quoteNumber}` })).toBeVisible();
    await clientPage.getByLabel("Je volledige naam").fill("Els de Bakker");
    await clientPage.getByRole("button", { name: "Offerte accepteren" }).click();
    await expect(clientPage.getByText("Geaccepteerd door Els de Bakker", { exact: false })).toBeVisible();
    await visitor.close();

    // The owner finds the answer in the bell, until the quote is an invoice.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/offertes");
    await page.getByRole("button", { name: /^Meldingen/ }).click();
    const item = page.getByRole("menuitem", { name: new RegExp(`Offerte ${quoteNumber} is geaccepteerd`) });
    await expect(item).toBeVisible();
    await expect(item.getByText("Els de Bakker", { exact: false })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/selling-bell-quote-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/selling-bell-quote-390.png` });
  });
});
