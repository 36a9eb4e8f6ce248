import type { Page } from "@playwright/test";
import { expect, expectNoOverflow, test, toasts } from "./fixtures";

async function post(page: Page, url: string, data: unknown): Promise<void> {
  const response = await page.request.post(url, { data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
}

test("a finished year is closed once its returns are filed, and reopened with a reason", async ({
  page,
  user: _user,
  checkAccessibility,
}) => {
  const year = new Date().getFullYear() - 1;
  // Last year's books: € 1.000 turnover and € 300 taken out privately; its four returns filed.
  await post(page, "/api/transactions", {
    type: "income",
    description: "Opdracht",
    amount: "1000",
    vatRate: "21",
    date: `${year}-03-10`,
  });
  await post(page, "/api/transactions", {
    type: "expense",
    description: "Naar privé",
    amount: "300",
    vatRate: "0",
    balanceBooking: "private",
    date: `${year}-09-01`,
  });

  await page.goto("/app/reports");
  await page.getByRole("tab", { name: "Jaarafsluiting" }).click();
  const years = page.getByRole("list", { name: "Boekjaren" });
  const last = years.getByRole("listitem").filter({ hasText: String(year) });
  await expect(last).toContainText("Af te sluiten");
  await expect(last).toContainText("Dien eerst de btw-aangifte in over");
  await expect(last.getByRole("button", { name: `Jaar ${year} afsluiten` })).toBeDisabled();

  for (const quarter of [1, 2, 3, 4]) {
    await post(page, `/api/vat-returns/${year}-Q${quarter}/file`, {
      filedOn: `${year + 1}-01-20`,
      reference: `OB-${quarter}`,
    });
  }
  await page.reload();
  await page.getByRole("tab", { name: "Jaarafsluiting" }).click();
  await expect(last).toContainText("Resultaat € 1.000,00");
  await checkAccessibility(page, "Jaarafsluiting");
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing runs past the screen: the tabs wrap, the button goes under the year.
  await expectNoOverflow(page);
  await page.screenshot({ path: "test-results/year-end-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await last.getByRole("button", { name: `Jaar ${year} afsluiten` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Boekjaar ${year} afsluiten?` });
  await confirm.getByRole("button", { name: "Afsluiten" }).click();
  await expect(toasts(page).getByText(`Boekjaar ${year} afgesloten`)).toBeVisible();
  await expect(last).toContainText("Afgesloten");
  await page.screenshot({ path: "test-results/year-end-1280.png", fullPage: true });

  // The year is locked: a booking dated in it is refused with the reason.
  const late = await page.request.post("/api/transactions", {
    data: { type: "expense", description: "Vergeten", amount: "10", vatRate: "0", date: `${year}-12-30` },
  });
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { message: string }).message).toContain(`Boekjaar ${year} is afgesloten`);

  await last.getByRole("button", { name: "Heropenen" }).click();
  const reopen = page.getByRole("alertdialog", { name: `Boekjaar ${year} heropenen?` });
  await reopen.getByRole("button", { name: "Heropenen" }).click();
  await expect(reopen.getByText("Geef een reden op om het jaar te heropenen")).toBeVisible();
  await reopen.getByLabel("Reden").fill("Afschrijving laptop vergeten");
  await reopen.getByRole("button", { name: "Heropenen" }).click();
  await expect(toasts(page).getByText(`Boekjaar ${year} heropend`)).toBeVisible();
  await expect(last).toContainText("Af te sluiten");
  const log = page.getByRole("region", { name: "Logboek" });
  await expect(log).toContainText(`${year} heropend — Afschrijving laptop vergeten`);
  await expect(log).toContainText(`${year} afgesloten`);
});
