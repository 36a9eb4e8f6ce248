import { readFile } from "node:fs/promises";
import {
  createClient,
  createDraftInvoice,
  expect,
  expectNoOverflow,
  issueInvoice,
  saveCompanyData,
  test,
} from "./fixtures";

const SHOTS = "test-results/screenshots";

// Issue 20, e-invoices: an issued invoice is downloaded as UBL beside its PDF, and the e-mail says it goes along.
test("an issued invoice: the e-invoice (UBL) beside the PDF in the view and the row menu, and in the e-mail", async ({
  page,
  user,
  checkAccessibility,
}) => {
  // The fixture signs a fresh user in.
  expect(user.username).toBeTruthy();
  await saveCompanyData(page);
  const clientId = await createClient(page, {
    name: "Bakkerij De Korenschoof",
    email: "els@korenschoof.nl",
    street: "Dorpsstraat",
    houseNumber: "12a",
    postalCode: "1234 AB",
    city: "Oudewater",
    kvkNumber: "12345678",
    taxNumber: "NL123456789B01",
  });
  const id = await createDraftInvoice(page, clientId, [
    { description: "Advies", quantity: 2, unitPrice: 100 },
  ]);

  // A draft has no e-invoice yet: its view offers only the PDF.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/app/invoices");
  const draftRow = page.getByRole("row", { name: /^Concept/ });
  await draftRow.getByRole("button", { name: /^Acties voor/ }).click();
  await expect(page.getByRole("menuitem", { name: "E-factuur (UBL) downloaden" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Bekijken", exact: true }).click();
  const draftView = page.getByRole("dialog", { name: /^Factuur \(concept\)/ });
  await expect(draftView.getByRole("link", { name: "PDF downloaden" })).toBeVisible();
  await expect(draftView.getByRole("link", { name: "E-factuur (UBL) downloaden" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // 'Versturen per e-mail' names both attachments before anything is issued.
  await draftRow.getByRole("button", { name: /^Acties voor/ }).click();
  await page.getByRole("menuitem", { name: "Versturen per e-mail" }).click();
  const send = page.getByRole("dialog", { name: "Versturen per e-mail" });
  await expect(send.getByText("INV-000001.pdf")).toBeVisible();
  await expect(send.getByText("INV-000001.xml")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/e-invoice-send-1280.png` });
  await page.keyboard.press("Escape");

  await issueInvoice(page, id);
  await page.reload();
  const row = page.getByRole("row", { name: /^INV-000001/ });
  await row.getByRole("button", { name: /^Acties voor/ }).click();
  await page.getByRole("menuitem", { name: "Bekijken", exact: true }).click();
  const view = page.getByRole("dialog", { name: "Factuur INV-000001" });
  const ublLink = view.getByRole("link", { name: "E-factuur (UBL) downloaden" });
  await expect(ublLink).toBeVisible();
  await expect(view.getByRole("link", { name: "PDF downloaden" })).toBeVisible();
  await checkAccessibility(page, "invoice view with the e-invoice");
  await ublLink.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/e-invoice-view-1280.png` });

  const downloadPromise = page.waitForEvent("download");
  await ublLink.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("INV-000001.xml");
  const xml = (await readFile((await download.path())!)).toString("utf8");
  expect(xml).toContain(
    "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
  );
  expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">242.00</cbc:PayableAmount>');

  await page.setViewportSize({ width: 390, height: 844 });
  await ublLink.scrollIntoViewIfNeeded();
  await expect(ublLink).toBeVisible();
  await expectNoOverflow(page);
  await page.screenshot({ path: `${SHOTS}/e-invoice-view-390.png` });
  await page.keyboard.press("Escape");

  // The row menu offers it too.
  await row.getByRole("button", { name: /^Acties voor/ }).click();
  await expect(page.getByRole("menuitem", { name: "E-factuur (UBL) downloaden" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/e-invoice-menu-390.png` });
});
