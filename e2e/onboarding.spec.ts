import type { Page } from "@playwright/test";
import { ONBOARDING_STEPS, type OnboardingStep } from "../src/shared/schemas/onboarding";
import { camt053 } from "../tests/bank-files";
import { createClient, expect, saveCompanyData, test, toasts } from "./fixtures";
import { pick } from "./pick";

const IBAN = "NL91ABNA0417164300";

const checklist = (page: Page) => page.getByRole("region", { name: "Aan de slag met Balans" });
const progress = (page: Page) => checklist(page).getByTestId("onboarding-progress");
const step = (page: Page, id: OnboardingStep) => checklist(page).getByTestId(`onboarding-step-${id}`);

/** Back to the dashboard inside the app (no page load), as a user does after finishing a step. */
const openDashboard = (page: Page) =>
  page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Dashboard" }).click();

async function expectDone(page: Page, done: readonly OnboardingStep[]) {
  await expect(progress(page)).toHaveText(`${done.length} van ${ONBOARDING_STEPS.length}`);
  for (const id of ONBOARDING_STEPS) {
    await expect(step(page, id)).toHaveAttribute("data-done", String(done.includes(id)));
  }
}

/** A client and an issued invoice through the API (the desktop journey does both through the screens). */
async function invoiceAClient(page: Page) {
  const clientId = await createClient(page, {
    name: "Bakkerij De Korenschoof",
    street: "Dorpsstraat",
    houseNumber: "12",
    city: "Oudewater",
  });
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  const invoice = await page.request.post("/api/invoices", {
    data: {
      clientId,
      issueDate: today,
      dueDate: today,
      items: [{ description: "Logo", quantity: 1, unitPrice: 500, vatCategory: "21" }],
      subtotal: "500.00",
      taxAmount: "105.00",
      total: "605.00",
      status: "sent",
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
}

test.describe("first-steps checklist on the dashboard", () => {
  test("a new user does company data, a client and an invoice from it, and sees each ticked on coming back", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    // Four screens and three forms: more than the default time on a busy machine.
    test.slow();
    expect(user.id).toBeTruthy();
    await page.goto("/app/dashboard");
    await expectDone(page, []);
    // The checklist says what to do first; the empty-books card would only repeat it.
    await expect(page.getByText("Nog niets geboekt")).toHaveCount(0);
    await checkAccessibility(page, "dashboard with the checklist");

    await checklist(page).getByRole("link", { name: "Bedrijfsgegevens invullen" }).click();
    const company = page.getByRole("form", { name: "Bedrijfsgegevens" });
    await expect(company.getByLabel("Handelsnaam")).toHaveValue("Eva Ontwerp");
    await company.getByLabel(/^Adres/).fill("Keizersgracht 12");
    await company.getByLabel("Postcode").fill("1015cj");
    await company.getByLabel("Plaats").fill("Amsterdam");
    await company.getByLabel("KvK-nummer").fill("12345678");
    await company.getByLabel("Btw-id").fill("nl000099998b57");
    await company.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
    await expect(toasts(page).getByText("Bedrijfsgegevens opgeslagen")).toBeVisible();
    await openDashboard(page);
    await expectDone(page, ["companyData"]);

    // The button opens the new-client form on arrival, once: the address no longer asks for it.
    await checklist(page).getByRole("link", { name: "Klant toevoegen" }).click();
    const clientForm = page.getByRole("dialog", { name: "Nieuwe klant" });
    await expect(clientForm).toBeVisible();
    await expect(page).toHaveURL(/\/app\/clients$/);
    await clientForm.getByLabel("Naam", { exact: true }).fill("Bakkerij De Korenschoof");
    await clientForm.getByLabel("Straat").fill("Dorpsstraat");
    await clientForm.getByLabel("Huisnummer").fill("12a");
    await clientForm.getByLabel("Postcode").fill("1234ab");
    await clientForm.getByLabel("Plaats").fill("Oudewater");
    await clientForm.getByRole("button", { name: "Klant toevoegen" }).click();
    await expect(toasts(page).getByText("Klant succesvol toegevoegd")).toBeVisible();
    await openDashboard(page);
    await expectDone(page, ["companyData", "client"]);

    await checklist(page).getByRole("link", { name: "Factuur maken" }).click();
    const invoiceForm = page.getByRole("dialog", { name: "New invoice" });
    await pick(invoiceForm.getByLabel("Client"), "Bakkerij De Korenschoof");
    await invoiceForm.getByLabel("Description, line 1").fill("Huisstijl");
    await invoiceForm.getByLabel("Unit price, line 1").fill("750");
    // A draft is not an invoice yet: only a sent one ticks the step.
    await invoiceForm.getByLabel("Status").selectOption("sent");
    await invoiceForm.getByRole("button", { name: "Create invoice" }).click();
    await expect(toasts(page).getByText("Invoice created successfully")).toBeVisible();
    await openDashboard(page);
    await expectDone(page, ["companyData", "client", "invoice"]);
  });

  test("'Niet meer tonen' puts the checklist away for good", async ({ page, user }) => {
    expect(user.id).toBeTruthy();
    await page.goto("/app/dashboard");
    await expectDone(page, []);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/settings/preferences") && response.request().method() === "PUT",
    );
    await checklist(page).getByRole("button", { name: "Niet meer tonen" }).click();
    await expect(checklist(page)).toHaveCount(0);
    expect((await saved).status()).toBe(200);
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/onboarding"));
    await page.reload();
    expect(((await (await answer).json()) as { isDismissed: boolean }).isDismissed).toBe(true);
    await expect(page.getByTestId("card-receivables-value")).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the checklist fits the screen, and goes away once the bank account and an import are done too", async ({
      page,
      user,
      checkAccessibility,
    }) => {
      test.slow();
      expect(user.id).toBeTruthy();
      await saveCompanyData(page);
      await invoiceAClient(page);
      await page.goto("/app/dashboard");
      await expectDone(page, ["companyData", "client", "invoice"]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
      await checkAccessibility(page, "checklist on a phone");

      // Every user has a 'Hoofdrekening' without IBAN: the step asks for the IBAN of the real account.
      await checklist(page).getByRole("link", { name: "Bankrekening instellen" }).click();
      await expect(page.getByRole("tab", { name: "Bankrekeningen", selected: true })).toBeVisible();
      await page.getByRole("button", { name: "Hoofdrekening bewerken" }).click();
      const account = page.getByRole("form", { name: "Rekening bewerken" });
      await account.getByLabel("IBAN").fill(IBAN);
      await account.getByRole("button", { name: "Opslaan" }).click();
      await expect(toasts(page).getByText("Rekening bijgewerkt")).toBeVisible();
      await page.goto("/app/dashboard");
      await expectDone(page, ["companyData", "bankAccount", "client", "invoice"]);

      await checklist(page).getByRole("link", { name: "Afschrift importeren" }).click();
      const upload = page.getByRole("dialog", { name: "Afschrift importeren" });
      await upload.locator('input[type="file"]').setInputFiles({
        name: "afschrift.xml",
        mimeType: "application/xml",
        buffer: Buffer.from(
          camt053({ iban: IBAN, opening: "100.00", entries: [{ date: "2026-01-05", amount: "-12.50" }] }),
        ),
      });
      await expect(upload.getByRole("region", { name: "Resultaat van de import" })).toBeVisible();

      await page.goto("/app/dashboard");
      await expect(page.getByTestId("card-receivables-value")).toBeVisible();
      await expect(checklist(page)).toHaveCount(0);
      await expect(page.getByText("Nog niets geboekt")).toHaveCount(0);
    });
  });
});
