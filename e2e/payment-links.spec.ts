import { writeFile } from "node:fs/promises";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import {
  createClient,
  createDraftInvoice,
  expect,
  invoicePdf,
  saveCompanyData,
  sendDraftByEmail,
  test,
  toasts,
} from "./fixtures";

const SHOTS = process.env.PAYMENT_SHOTS ?? "test-results/screenshots";
/** The local double of Mollie's API that playwright.config.ts starts beside the server. */
const MOLLIE_DOUBLE_URL = `https://127.0.0.1:${Number(process.env.E2E_PORT ?? 3999) + 1000}`;
const KEY = `test_${"e2e".padEnd(30, "0")}${Date.now().toString(36)}`;

type DoublePayment = { id: string; redirectUrl: string; cents: number; status: string };

/** The double, reached as the payer's bank would be: outside the browser page, which talks only to Balans. */
async function mollieDouble(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: MOLLIE_DOUBLE_URL, ignoreHTTPSErrors: true });
}

/** A draft of € 205,70 to a client with an address of its own; answers the invoice's id and that address. */
async function prepareInvoice(page: Page): Promise<{ invoiceId: string; recipient: string }> {
  await saveCompanyData(page);
  const recipient = `els.${Date.now()}@korenschoof.nl`;
  const clientId = await createClient(page, {
    name: "Bakkerij De Korenschoof",
    email: recipient,
    paymentTermsDays: 14,
  });
  const invoiceId = await createDraftInvoice(page, clientId, [
    { description: "Ontwerp homepage", quantity: 2, unitPrice: 85 },
  ]);
  return { invoiceId, recipient };
}

test.describe("Payment links: 'Betaal online' through Mollie", () => {
  test("connect Mollie in Settings, send an invoice with the link, the payer pays, the invoice is paid", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    const double = await mollieDouble();
    const registered = await double.post("/_double/keys", { data: { key: KEY } });
    expect(registered.status()).toBe(200);
    const { invoiceId, recipient } = await prepareInvoice(page);

    // Settings → Bedrijf → Online betalen.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/settings");
    const card = page.getByRole("form", { name: "Online betalen" });
    await expect(card).toBeVisible();
    await card.getByLabel("Mollie API-sleutel").fill("sk_live_12345");
    await card.getByRole("button", { name: "Koppelen" }).click();
    await expect(card.getByText(/Dit is geen Mollie API-sleutel/)).toBeVisible();
    // Well formed, but Mollie does not know it.
    await card.getByLabel("Mollie API-sleutel").fill(`live_${"x".repeat(30)}`);
    await card.getByRole("button", { name: "Koppelen" }).click();
    await expect(card.getByText(/Mollie weigert deze API-sleutel/)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/payment-links-settings-refused-1280.png` });

    await card.getByLabel("Mollie API-sleutel").fill(KEY);
    await card.getByRole("button", { name: "Koppelen" }).click();
    await expect(toasts(page).getByText("Mollie gekoppeld")).toBeVisible();
    const connected = page.getByText("Mollie is gekoppeld");
    await expect(connected).toBeVisible();
    await expect(page.getByLabel("API-sleutel", { exact: true })).toHaveText(`test_…${KEY.slice(-4)}`);
    await expect(page.getByText(KEY)).toHaveCount(0);
    await checkAccessibility(page, "Settings with Mollie connected");
    await connected.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/payment-links-settings-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await connected.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/payment-links-settings-390.png` });

    // Send the invoice: the e-mail carries 'Betaal online' with the checkout address.
    await page.setViewportSize({ width: 1280, height: 900 });
    await sendDraftByEmail(page);
    const mail = await page.request.get(`/api/test/outbox?recipient=${encodeURIComponent(recipient)}`);
    expect(mail.status()).toBe(200);
    const { text } = (await mail.json()) as { text: string };
    const checkout = /Betaal online: (\S+)/.exec(text)?.[1];
    expect(checkout, text).toMatch(new RegExp(`^${MOLLIE_DOUBLE_URL}/checkout/tr_`));
    const paymentId = checkout!.split("/").pop()!;
    // The PDF made now carries the same link: the open amount has not changed.
    await writeFile(`${SHOTS}/payment-links-invoice.pdf`, await invoicePdf(page, invoiceId));
    const links = await page.request.get(`/api/payment-links/invoices/${invoiceId}`);
    expect(((await links.json()) as Array<{ checkoutUrl: string }>).map((link) => link.checkoutUrl)).toEqual([
      checkout,
    ]);

    // The payer pays at Mollie and comes back to Balans's page, which asks Mollie and records the payment.
    const paid = await double.post(`/_double/payments/${paymentId}/status`, { data: { status: "paid" } });
    expect(paid.status()).toBe(200);
    const payments = (await (await double.get("/_double/payments")).json()) as DoublePayment[];
    const payment = payments.find((candidate) => candidate.id === paymentId)!;
    expect(payment.cents).toBe(20_570);
    const returnPath = new URL(payment.redirectUrl);
    await page.goto(`${returnPath.pathname}${returnPath.search}`);
    await expect(page.getByRole("heading", { name: "Bedankt, je betaling is gelukt" })).toBeVisible();
    await expect(page.getByText(/€\s205,70 voor factuur INV-000001 van Eva Ontwerp/)).toBeVisible();
    await checkAccessibility(page, "payment return page");
    await page.screenshot({ path: `${SHOTS}/payment-links-return-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/payment-links-return-390.png` });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/invoices");
    await expect(page.getByRole("row", { name: /^INV-000001/ })).toContainText("Betaald");
    await double.dispose();
  });

  test("the return page of an unknown payment says so", async ({ page }) => {
    await page.goto("/betaling?id=00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Betaling niet gevonden" })).toBeVisible();
    await expect(page.getByText("Deze betaling is niet gevonden.")).toBeVisible();
  });
});
