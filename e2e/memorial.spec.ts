import { businessDate } from "../src/shared/dates";
import { balanceOf, expect, expectNoOverflow, test, toasts } from "./fixtures";

const SHOTS = "test-results/screenshots";

test.describe("Memoriaal: a correction made by hand", () => {
  test("a cost moved from Algemene kosten to Kantoorkosten: balance it, save it, lock it", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    // A desk lamp booked without a category: on Algemene kosten.
    const booked = await page.request.post("/api/transactions", {
      data: {
        type: "expense",
        amount: "49.95",
        vatRate: "0",
        date: businessDate(new Date()),
        status: "completed",
        description: "Bureaulamp",
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    expect(await balanceOf(page, "Algemene kosten")).toBe("49.95");

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/memoriaal");
    await expect(page.getByRole("heading", { level: 1, name: "Memoriaal" })).toBeVisible();
    await expect(page.getByText("Nog geen memoriaalboekingen")).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Memoriaal" })).toBeVisible();
    await checkAccessibility(page, "empty Memoriaal");

    await page.getByRole("button", { name: "Nieuwe boeking" }).click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe memoriaalboeking" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Omschrijving", { exact: true }).fill("Bureaulamp is kantoorkosten");
    await dialog.getByLabel("Rekening regel 1").selectOption({ label: "4200 Kantoorkosten" });
    await dialog.getByLabel("Omschrijving regel 1 (optioneel)").fill("Bureaulamp");
    await dialog.getByLabel("Debet regel 1").fill("49,95");
    await dialog.getByLabel("Rekening regel 2").selectOption({ label: "4590 Algemene kosten" });

    // Only the debit so far: the difference shows, and saving is refused with the same words as the server's.
    const difference = dialog.getByRole("status").filter({ hasText: "Verschil" });
    await expect(difference).toHaveText("Verschil € 49,95");
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog.getByText("Debet en credit zijn niet gelijk: verschil € 49,95")).toBeVisible();
    await expect(dialog.getByText("Een regel heeft een bedrag: vul debet of credit in")).toBeVisible();

    await dialog.getByLabel("Credit regel 2").fill("49,95");
    await expect(difference).toHaveText("Verschil € 0,00");
    await expect(dialog.getByText("Debet en credit zijn niet gelijk", { exact: false })).toBeHidden();

    // A third line can be added and removed again; two lines are the least an entry has.
    await dialog.getByRole("button", { name: "Regel toevoegen" }).click();
    await expect(dialog.getByRole("listitem", { name: /^Regel / })).toHaveCount(3);
    await dialog.getByRole("button", { name: "Regel 3 verwijderen" }).click();
    await expect(dialog.getByRole("listitem", { name: /^Regel / })).toHaveCount(2);
    await expect(dialog.getByRole("button", { name: /^Regel \d verwijderen$/ })).toHaveCount(0);

    await checkAccessibility(page, "Memoriaal dialog");
    await page.screenshot({ path: `${SHOTS}/memorial-dialog-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog.getByLabel("Debet regel 1")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/memorial-dialog-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText("Memoriaalboeking toegevoegd")).toBeVisible();
    const table = page.getByRole("table", { name: "Memoriaalboekingen" });
    const row = table.getByRole("row").filter({ hasText: "Bureaulamp is kantoorkosten" });
    await expect(row).toContainText("€ 49,95");
    await expect(row.getByRole("cell").first()).toHaveText("1");
    expect(await balanceOf(page, "Kantoorkosten")).toBe("49.95");
    expect(await balanceOf(page, "Algemene kosten")).toBe("0.00");

    // Vastzetten asks first; afterwards the entry can be looked at, no longer changed.
    await row.getByRole("button", { name: "Zet memoriaal 1 vast" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Boeking vastzetten?" });
    await expect(confirm).toContainText("kan daarna niet meer worden gewijzigd of verwijderd");
    await confirm.getByRole("button", { name: "Vastzetten" }).click();
    await expect(confirm).toBeHidden();
    await expect(toasts(page).getByText("Memoriaal 1 is vastgezet")).toBeVisible();
    await expect(row.getByText("Vastgezet").filter({ visible: true })).toBeVisible();
    await expect(row.getByRole("button", { name: "Bewerk memoriaal 1" })).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Verwijder memoriaal 1" })).toHaveCount(0);
    await checkAccessibility(page, "Memoriaal with a locked entry");
    await page.screenshot({ path: `${SHOTS}/memorial-list-1280.png` });

    await row.getByRole("button", { name: "Bekijk memoriaal 1" }).click();
    const view = page.getByRole("dialog", { name: "Memoriaal 1" });
    await expect(
      view.getByText("Deze boeking is vastgezet en kan niet meer worden gewijzigd."),
    ).toBeVisible();
    await expect(view.getByLabel("Debet regel 1")).toHaveValue("49,95");
    await expect(view.getByLabel("Debet regel 1")).toBeDisabled();
    await expect(view.getByRole("button", { name: "Opslaan" })).toHaveCount(0);
    await view.getByRole("button", { name: "Sluiten" }).first().click();
    await expect(view).toBeHidden();

    // On a phone the row keeps its description, amount and action; number, date and status fold under it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByText("Vastgezet").filter({ visible: true })).toBeVisible();
    await expect(row).toContainText("Nr. 1");
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/memorial-list-390.png`, fullPage: true });
  });
});

test.describe("Memoriaal: privégebruik in rubriek 1d", () => {
  test("goods taken home are declared in 1d of the VAT return", async ({ page, user }) => {
    expect(user.username).toBeTruthy();
    const today = businessDate(new Date());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/memoriaal");
    await page.getByRole("button", { name: "Nieuwe boeking" }).click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe memoriaalboeking" });
    await dialog.getByLabel("Omschrijving", { exact: true }).fill("Printer privé gaan gebruiken");
    await dialog.getByLabel("Rekening regel 1").selectOption({ label: "0510 Privé-opnamen" });
    await dialog.getByLabel("Debet regel 1").fill("242,00");
    await dialog.getByLabel("Rekening regel 2").selectOption({ label: "4590 Algemene kosten" });
    await dialog.getByLabel("Credit regel 2").fill("200,00");
    await dialog.getByRole("button", { name: "Regel toevoegen" }).click();
    await dialog.getByLabel("Credit regel 3").fill("42,00");
    await dialog.getByLabel("Rekening regel 3").selectOption({ label: "4590 Algemene kosten" });
    await dialog.getByLabel("Privégebruik aangeven in rubriek 1d").check();

    // Without a line on Te betalen btw there is no VAT to declare: the server says so at the checkbox.
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(
      dialog.getByText(
        "Boek de btw over privégebruik op een rekening Te betalen btw (hoog, laag of overig tarief)",
      ),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/memorial-private-use-error-1280.png` });

    await dialog.getByLabel("Rekening regel 3").selectOption({ label: "1710 Te betalen btw hoog (21%)" });
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("table", { name: "Memoriaalboekingen" }).getByRole("row").filter({
      hasText: "Printer privé gaan gebruiken",
    });
    await expect(row.getByText("Privégebruik (1d)")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByText("Privégebruik (1d)")).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/memorial-private-use-390.png`, fullPage: true });

    // The return of this quarter carries it: € 200 turnover and € 42 VAT in 1d.
    const quarter = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
    const answer = await page.request.get(`/api/vat-returns/${quarter}`);
    expect(answer.status()).toBe(200);
    const rubriek = (await answer.json()).rubrieken.find((row: { code: string }) => row.code === "1d");
    expect(rubriek).toMatchObject({ turnoverEuros: 200, vatEuros: 42 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/taxes");
    const privateUse = page.getByRole("row", { name: "Rubriek 1d" });
    await expect(privateUse).toContainText("Privégebruik");
    await expect(privateUse).toContainText("42");
    await page.screenshot({ path: `${SHOTS}/memorial-private-use-return-1280.png`, fullPage: true });
  });
});
