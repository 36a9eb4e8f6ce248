import type { Locator, Page } from "@playwright/test";
import { addDays, businessDate } from "../src/shared/dates";
import { createClient, createDraftInvoice, expect, issueInvoice, saveCompanyData, test } from "./fixtures";

/** Whether a table fits the frame it scrolls in: no sideways scrolling to reach the amount or the actions. */
const fitsItsFrame = (table: Locator) =>
  table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth);

/** A transaction with a long description and a sent invoice to a client with a long name, through the API. */
async function bookAndInvoice(page: Page) {
  const today = businessDate(new Date());
  const booked = await page.request.post("/api/transactions", {
    data: {
      type: "expense",
      amount: "1234.56",
      vatRate: "21",
      date: today,
      status: "completed",
      description: "Jaarabonnement ontwerpsoftware met cloudopslag en lettertypen voor het hele team",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await saveCompanyData(page);
  const clientId = await createClient(page, {
    name: "Stichting Culturele Evenementen Noord-Holland en Flevoland",
    paymentTermsDays: 14,
  });
  const invoiceId = await createDraftInvoice(
    page,
    clientId,
    [{ description: "Festivalcampagne", quantity: 1, unitPrice: 12345.67 }],
    { issueDate: today, dueDate: addDays(today, 14) },
  );
  await issueInvoice(page, invoiceId);
}

test.describe("lists on a phone and beside the sidebar", () => {
  test("transactions and invoices fit at 390 and 1280 px, with what a column held under the name", async ({
    page,
    user: _user,
  }) => {
    await bookAndInvoice(page);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/app/transactions");
      const transactions = page.getByRole("table", { name: "Transacties" });
      const booking = transactions.getByRole("row", { name: /Jaarabonnement/ });
      await expect(booking).toContainText("€ -1.493,82");
      expect(await fitsItsFrame(transactions), `transactions at ${width} px`).toBe(true);
      await expect(booking.getByRole("button", { name: /^Verwijderen: Jaarabonnement/ })).toBeVisible();
      if (width === 390) {
        // Date, type and status no longer have columns: they are read under the description.
        await expect(transactions.getByRole("columnheader", { name: "Datum" })).toBeHidden();
        await expect(booking.getByRole("cell").first()).toContainText("Uitgaven");
        await expect(booking.getByRole("cell").first()).toContainText("Voltooid");
      }
      await page.screenshot({ path: test.info().outputPath(`transactions-${width}.png`), fullPage: true });

      await page.goto("/app/invoices");
      const invoices = page.getByRole("table", { name: "Facturen" });
      const invoice = invoices.getByRole("row", { name: /^INV-000001/ });
      await expect(invoice).toContainText("€ 14.938,26");
      expect(await fitsItsFrame(invoices), `invoices at ${width} px`).toBe(true);
      await expect(invoice.getByRole("button", { name: "Acties voor INV-000001" })).toBeVisible();
      if (width === 390) {
        await expect(invoices.getByRole("columnheader", { name: "Klant" })).toBeHidden();
        await expect(invoice.getByRole("cell").first()).toContainText("Stichting Culturele Evenementen");
        await expect(invoice.getByRole("cell").first()).toContainText("Verstuurd");
      }
      await page.screenshot({ path: test.info().outputPath(`invoices-${width}.png`), fullPage: true });
    }
  });
});
