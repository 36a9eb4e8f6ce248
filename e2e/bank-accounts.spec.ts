import { expect, test, toasts } from "./fixtures";

// Issue 6, Settings → Bankrekeningen: add, make default, delete.
test.describe("bank accounts (Instellingen → Bankrekeningen)", () => {
  test("add with a messy IBAN → shown grouped → make it default → delete the old one", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    await page.goto("/app/settings");
    await page.getByRole("tab", { name: "Bankrekeningen" }).click();
    const list = page.getByRole("list", { name: "Bankrekeningen" });
    // Registration gave the user one default account.
    const main = list.getByRole("listitem", { name: "Hoofdrekening" });
    await expect(main.getByText("Standaard")).toBeVisible();
    // The default cannot be deleted, so it offers no delete button.
    await expect(main.getByRole("button", { name: "Hoofdrekening verwijderen" })).toHaveCount(0);

    await page.getByRole("button", { name: "Rekening toevoegen" }).click();
    const form = page.getByRole("form", { name: "Nieuwe rekening" });
    await form.getByLabel("IBAN").fill("nl91 abna0417-164300");
    await form.getByLabel("Beginsaldo").fill("12,3456");
    await form.getByRole("button", { name: "Opslaan" }).click();
    await expect(form.getByText("Naam is verplicht", { exact: true })).toBeVisible();
    await expect(
      form.getByText("Beginsaldo moet een bedrag zijn met maximaal 2 decimalen", { exact: true }),
    ).toBeVisible();
    await form.getByLabel("Naam").fill("Zakelijke rekening");
    await form.getByLabel("Beginsaldo").fill("1250,50");
    await form.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(page).getByText("Rekening toegevoegd")).toBeVisible();

    const business = list.getByRole("listitem", { name: "Zakelijke rekening" });
    await expect(business.getByText("NL91 ABNA 0417 1643 00", { exact: true })).toBeVisible();
    await expect(business.getByText("Beginsaldo € 1.250,50")).toBeVisible();
    await checkAccessibility(page, "bank accounts list");

    await business.getByRole("button", { name: "Maak standaard" }).click();
    await expect(toasts(page).getByText("Zakelijke rekening is nu de standaardrekening")).toBeVisible();
    await expect(business.getByText("Standaard", { exact: true })).toBeVisible();
    await expect(main.getByText("Standaard", { exact: true })).toHaveCount(0);
    // The default is listed first.
    await expect(list.getByRole("listitem").first()).toHaveAccessibleName("Zakelijke rekening");

    await main.getByRole("button", { name: "Hoofdrekening verwijderen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Rekening verwijderen?" });
    await confirm.getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Rekening verwijderd")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);

    // Kept after a reload.
    await page.reload();
    await page.getByRole("tab", { name: "Bankrekeningen" }).click();
    await expect(
      list.getByRole("listitem", { name: "Zakelijke rekening" }).getByText("Standaard"),
    ).toBeVisible();
  });
});
