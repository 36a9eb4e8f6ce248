import { readFile } from "node:fs/promises";
import {
  createClient,
  createDraftInvoice,
  expect,
  expectNoOverflow,
  issueInvoice,
  saveCompanyData,
  test,
  toasts,
} from "./fixtures";

/** The quarter before the one of today (Amsterdam): "2026-Q3" with its label and a day inside it. */
function previousQuarter() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  let year = Number(today.slice(0, 4));
  let quarter = Math.ceil(Number(today.slice(5, 7)) / 3) - 1;
  if (quarter === 0) {
    quarter = 4;
    year -= 1;
  }
  const month = String(quarter * 3 - 1).padStart(2, "0");
  return { id: `${year}-Q${quarter}`, label: `Q${quarter} ${year}`, year, day: `${year}-${month}-15` };
}

test("book sales, see the VAT return, file it, a booking in the period is refused, download the CSV", async ({
  page,
  user,
  checkAccessibility,
}) => {
  void user;
  const quarter = previousQuarter();
  // Sales and a cost in last quarter: 1000.00 at 21% and 200.00 at 9% in; 100.00 at 21% out.
  for (const data of [
    { type: "income", amount: "1000.00", vatRate: "21", description: "Website Bakkerij" },
    { type: "income", amount: "200.00", vatRate: "9", description: "Drukwerk" },
    { type: "expense", amount: "100.00", vatRate: "21", description: "Software" },
  ]) {
    const response = await page.request.post("/api/transactions", {
      data: { ...data, date: quarter.day, status: "completed", isRecurring: false },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  // And 750.00 of services to a Belgian business, with btw verlegd: rubriek 3b and the opgaaf ICP.
  await saveCompanyData(page);
  const clientId = await createClient(page, {
    name: "Gentse Studio BV",
    country: "BE",
    taxNumber: "BE 0403.019.261",
  });
  const invoiceId = await createDraftInvoice(
    page,
    clientId,
    [{ description: "Ontwerp", quantity: 1, unitPrice: 750, vatCategory: "reverse_charge" }],
    { issueDate: quarter.day },
  );
  await issueInvoice(page, invoiceId);

  await page.goto("/app/taxes");
  await expect(page.getByRole("heading", { level: 1, name: "Belastingen" })).toBeVisible();
  if (Number(quarter.id.slice(0, 4)) !== new Date().getFullYear()) {
    await page.getByLabel("Jaar").selectOption(String(quarter.year));
  }
  await page
    .getByRole("navigation", { name: "Aangifteperiodes" })
    .getByRole("button", { name: new RegExp(quarter.label) })
    .click();
  await expect(page.getByText(`Btw-aangifte ${quarter.label}`)).toBeVisible();

  const row = (code: string) => page.getByRole("row", { name: `Rubriek ${code}`, exact: true });
  await expect(row("1a")).toContainText("€ 1.000");
  await expect(row("1a")).toContainText("€ 210");
  await expect(row("1b")).toContainText("€ 200");
  await expect(row("1b")).toContainText("€ 18");
  await expect(row("5b")).toContainText("€ 21");
  await expect(row("5g")).toContainText("€ 207");
  await expect(row("3b")).toContainText("€ 750");
  const icp = page.getByRole("table", { name: `Opgaaf ICP ${quarter.label}` });
  await expect(icp.getByRole("row").filter({ hasText: "Gentse Studio BV" })).toContainText(
    /België\s*BE0403019261\s*Gentse Studio BV\s*€\s750/,
  );
  await expect(icp.getByRole("row").filter({ hasText: "Totaal (rubriek 3b)" })).toContainText("€ 750");
  await checkAccessibility(page, "Belastingen");

  await page.getByRole("button", { name: "Markeer als ingediend" }).click();
  const dialog = page.getByRole("dialog", { name: "Markeer als ingediend" });
  await dialog.getByRole("button", { name: "Markeer als ingediend" }).click();
  await expect(dialog.getByText("Vul het kenmerk van de aangifte in")).toBeVisible();
  await dialog.getByLabel("Kenmerk").fill("OB-123456789");
  await dialog.getByRole("button", { name: "Markeer als ingediend" }).click();
  await expect(toasts(page).getByText(`Aangifte ${quarter.label} gemarkeerd als ingediend`)).toBeVisible();
  await expect(page.getByText(/kenmerk OB-123456789/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Markeer als ingediend" })).toHaveCount(0);

  // A booking dated in the filed quarter is refused with the reason.
  await page.goto("/app/transactions");
  await page.getByRole("button", { name: "Nieuwe transactie" }).first().click();
  const create = page.getByRole("dialog", { name: "Nieuwe transactie" });
  await create.getByLabel("Datum").fill(quarter.day);
  await create.getByLabel("Bedrag excl. BTW").fill("40");
  await create.getByLabel("Beschrijving").fill("Vergeten bonnetje");
  await create.getByRole("button", { name: "Transactie aanmaken" }).click();
  await expect(
    toasts(page).getByText(
      `De btw-aangifte over ${quarter.label} is al ingediend; boekingen in die periode kun je niet meer wijzigen. Start een correctie van die aangifte bij Belastingen, of boek de correctie in een latere periode.`,
    ),
  ).toBeVisible();

  await page.goto("/app/taxes");
  if (Number(quarter.id.slice(0, 4)) !== new Date().getFullYear()) {
    await page.getByLabel("Jaar").selectOption(String(quarter.year));
  }
  await page
    .getByRole("navigation", { name: "Aangifteperiodes" })
    .getByRole("button", { name: new RegExp(quarter.label) })
    .click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "CSV downloaden" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`btw-aangifte_${quarter.id}.csv`);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain("1a;Leveringen/diensten belast met hoog tarief;1000;210;1.000,00;210,00");
  expect(csv).toContain("5g;Totaal te betalen of terug te vragen;;207;;207,00");
});

test("a new user's earlier quarters are before the start; an earlier start in Settings makes them late", async ({
  page,
  user,
  checkAccessibility,
}) => {
  void user;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  const year = Number(today.slice(0, 4));
  const current = Math.ceil(Number(today.slice(5, 7)) / 3);
  // Two quarters back: past its deadline on any day of the year.
  const back = current > 2 ? { year, quarter: current - 2 } : { year: year - 1, quarter: current + 2 };
  const target = {
    label: `Q${back.quarter} ${back.year}`,
    start: `${back.year}-${String(back.quarter * 3 - 2).padStart(2, "0")}-01`,
  };
  const periods = page.getByRole("navigation", { name: "Aangifteperiodes" });
  const bell = page.getByRole("button", { name: /^Meldingen/ });
  const mainMenu = page.getByRole("navigation", { name: "Hoofdmenu" });

  await page.goto("/app/taxes");
  await expect(page.getByRole("heading", { level: 1, name: "Belastingen" })).toBeVisible();
  for (let quarter = 1; quarter < current; quarter++) {
    await expect(periods.getByRole("button", { name: new RegExp(`Q${quarter} ${year}`) })).toContainText(
      "Vóór de start",
    );
  }
  await expect(periods).not.toContainText("Te laat");
  await expect(periods).not.toContainText("In te dienen");
  await expect(bell).toHaveAccessibleName("Meldingen");
  if (current > 1) {
    await periods.getByRole("button", { name: new RegExp(`Q1 ${year}`) }).click();
    await expect(
      page.getByText("Deze periode ligt vóór de start van je administratie in Balans."),
    ).toBeVisible();
    await checkAccessibility(page, "Belastingen, vóór de start");
  }

  // Settings, without reloading the page: the taxes screen and the bell follow the saved start at once.
  await mainMenu.getByRole("link", { name: "Instellingen" }).click();
  const form = page.getByRole("form", { name: "Bedrijfsgegevens" });
  const start = form.getByLabel("Start administratie");
  await expect(
    form.getByText("Leeg: de maand waarin je begon met Balans of je eerste boeking"),
  ).toBeVisible();
  await start.fill("1999-12-31");
  await form.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
  await expect(form.getByText("Kies een datum vanaf 1 januari 2000")).toBeVisible();
  await start.fill(target.start);
  await form.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
  await expect(toasts(page).getByText("Bedrijfsgegevens opgeslagen")).toBeVisible();
  await expect(bell).toHaveAccessibleName(/^Meldingen \(\d+\)$/);

  await mainMenu.getByRole("link", { name: "Belastingen" }).click();
  if (back.year !== year) await page.getByLabel("Jaar").selectOption(String(back.year));
  await expect(periods.getByRole("button", { name: new RegExp(target.label) })).toContainText("Te laat");
  if (back.quarter > 1) {
    await expect(
      periods.getByRole("button", { name: new RegExp(`Q${back.quarter - 1} ${back.year}`) }),
    ).toContainText("Vóór de start");
  }
});

test("the KOR from this quarter: this quarter has no return, the quarter before can still be filed", async ({
  page,
  user,
  checkAccessibility,
}, testInfo) => {
  void user;
  const quarter = previousQuarter();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  const year = Number(today.slice(0, 4));
  const current = Math.ceil(Number(today.slice(5, 7)) / 3);
  const korStart = `${year}-${String(current * 3 - 2).padStart(2, "0")}-01`;
  // Last quarter's sale with 21% VAT, before the KOR.
  const sale = await page.request.post("/api/transactions", {
    data: {
      type: "income",
      amount: "1000.00",
      vatRate: "21",
      description: "Website Bakkerij",
      date: quarter.day,
      status: "completed",
      isRecurring: false,
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/app/settings");
  const form = page.getByRole("form", { name: "Bedrijfsgegevens" });
  await form.getByLabel("KOR vanaf").fill(korStart);
  await form.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
  await expect(toasts(page).getByText("Bedrijfsgegevens opgeslagen")).toBeVisible();
  const korSection = form.getByRole("group", { name: "Kleineondernemersregeling (KOR)" });
  await korSection.scrollIntoViewIfNeeded();
  const box = await korSection.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("kor-settings-390.png") });

  // Income with VAT in the KOR is refused; at 0% it is fine.
  const refused = await page.request.post("/api/transactions", {
    data: {
      type: "income",
      amount: "100.00",
      vatRate: "21",
      description: "Les",
      date: today,
      status: "completed",
      isRecurring: false,
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("Onder de KOR breng je geen btw in rekening: kies 0%");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/app/taxes");
  await expect(page.getByRole("note")).toContainText("Je gebruikt de kleineondernemersregeling (KOR) vanaf");
  const periods = page.getByRole("navigation", { name: "Aangifteperiodes" });
  const thisQuarter = periods.getByRole("button", { name: new RegExp(`Q${current} ${year}`) });
  await expect(thisQuarter).toContainText("KOR: geen aangifte");
  await thisQuarter.click();
  await expect(
    page.getByText("Je gebruikt de hele periode de KOR: je hoeft geen btw-aangifte te doen."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Markeer als ingediend" })).toHaveCount(0);
  await checkAccessibility(page, "Belastingen, KOR");
  await page.screenshot({ path: testInfo.outputPath("kor-taxes.png"), fullPage: true });

  if (quarter.year !== year) await page.getByLabel("Jaar").selectOption(String(quarter.year));
  await periods.getByRole("button", { name: new RegExp(quarter.label) }).click();
  await expect(page.getByText(`Btw-aangifte ${quarter.label}`)).toBeVisible();
  await expect(page.getByRole("row", { name: "Rubriek 1a", exact: true })).toContainText("€ 210");
  await page.getByRole("button", { name: "Markeer als ingediend" }).click();
  const dialog = page.getByRole("dialog", { name: "Markeer als ingediend" });
  await dialog.getByLabel("Kenmerk").fill("OB-987654321");
  await dialog.getByRole("button", { name: "Markeer als ingediend" }).click();
  await expect(toasts(page).getByText(`Aangifte ${quarter.label} gemarkeerd als ingediend`)).toBeVisible();
});

test("correct a filed quarter: filed beside now, the forgotten sale booked, the suppletie recorded", async ({
  page,
  user,
}) => {
  void user;
  const quarter = previousQuarter();
  const book = async (amount: string, description: string) => {
    const response = await page.request.post("/api/transactions", {
      data: { type: "income", amount, vatRate: "21", description, date: quarter.day, status: "completed" },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await book("1000.00", "Website Bakkerij");
  const filed = await page.request.post(`/api/vat-returns/${quarter.id}/file`, {
    data: { filedOn: new Intl.DateTimeFormat("en-CA").format(new Date()), reference: "OB-1" },
  });
  expect(filed.status(), await filed.text()).toBe(200);

  await page.goto("/app/taxes");
  if (quarter.year !== new Date().getFullYear())
    await page.getByLabel("Jaar").selectOption(String(quarter.year));
  await page
    .getByRole("navigation", { name: "Aangifteperiodes" })
    .getByRole("button", { name: new RegExp(quarter.label) })
    .click();
  await page.getByRole("button", { name: "Corrigeren" }).click();
  const confirm = page.getByRole("dialog", { name: `Aangifte ${quarter.label} corrigeren` });
  await expect(confirm).toContainText("binnen 8 weken een suppletie");
  await confirm.getByRole("button", { name: "Correctie starten" }).click();
  await expect(toasts(page).getByText(`Correctie van ${quarter.label} gestart`)).toBeVisible();
  const correction = page.getByRole("region", { name: "Correctie", exact: true });
  await expect(correction).toContainText("Er is (nog) geen verschil");

  // The forgotten invoice of € 6.000 can now be booked in the quarter: € 1.260 more VAT, above € 1.000.
  await book("6000.00", "Vergeten factuur");
  await page.reload();
  if (quarter.year !== new Date().getFullYear())
    await page.getByLabel("Jaar").selectOption(String(quarter.year));
  await page
    .getByRole("navigation", { name: "Aangifteperiodes" })
    .getByRole("button", { name: new RegExp(quarter.label) })
    .click();
  const table = page.getByRole("table", { name: "Ingediend en gecorrigeerd" });
  await expect(table.getByRole("row", { name: "1a btw" })).toContainText(/€\s210\s*€\s1\.470\s*€\s1\.260/);
  await expect(correction).toContainText("Je moet € 1.260 btw bijbetalen.");
  await expect(correction).toContainText("dien uiterlijk");
  await expect(page.getByRole("button", { name: "Meenemen in volgende aangifte" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("correction-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await page.screenshot({ path: test.info().outputPath("correction-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Suppletie ingediend" }).click();
  const dialog = page.getByRole("dialog", { name: "Suppletie ingediend" });
  await dialog.getByRole("button", { name: "Suppletie vastleggen" }).click();
  await expect(dialog.getByText("Vul het kenmerk van de aangifte in")).toBeVisible();
  await dialog.getByLabel("Kenmerk").fill("SUPP-42");
  await dialog.getByRole("button", { name: "Suppletie vastleggen" }).click();
  await expect(toasts(page).getByText(`Suppletie over ${quarter.label} vastgelegd`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Correcties" })).toContainText(
    /Suppletie ingediend op .*, kenmerk SUPP-42: €\s1\.260 bij te betalen\./,
  );
  const row = (code: string) => page.getByRole("row", { name: `Rubriek ${code}`, exact: true });
  await expect(row("1a")).toContainText("€ 7.000");
  await expect(row("5g")).toContainText("€ 1.470");
  await expect(page.getByRole("button", { name: "Corrigeren" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("correction-done-1280.png"), fullPage: true });
});
