import { addDays, businessDate, businessMoment } from "../src/shared/dates";
import { expect, test } from "./fixtures";

const euro = (amount: number) =>
  new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" }).format(amount);

test.describe("Inkomstenbelasting", () => {
  test("the year's profit, the ondernemersaftrek and the belastbare winst, on a desktop and a phone", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    const today = businessDate(new Date());
    const year = Number(today.slice(0, 4));
    // € 50.000 revenue − € 10.000 costs (excluding VAT) = € 40.000 profit.
    for (const [type, amount] of [
      ["income", "50000.00"],
      ["expense", "10000.00"],
    ] as const) {
      const booked = await page.request.post("/api/transactions", {
        data: { type, amount, vatRate: "21", date: today, status: "completed", description: "Werk" },
      });
      expect(booked.status(), await booked.text()).toBe(201);
    }
    // 52 days of 24 hours = 1.248 hours: the urencriterium of 1.225 hours is met.
    const project = await page.request.post("/api/projects", { data: { name: "Advies", hourlyRate: "90" } });
    expect(project.status(), await project.text()).toBe(201);
    const projectId = ((await project.json()) as { id: string }).id;
    for (let day = 0; day < 52; day++) {
      const start = businessMoment(addDays(`${year}-01-01`, day * 5), "00:00");
      const entry = await page.request.post("/api/time-entries", {
        data: { projectId, description: "Advieswerk", startTime: start.toISOString(), duration: 24 * 60 },
      });
      expect(entry.status(), await entry.text()).toBe(201);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Rapporten" })).toBeVisible();
    await page.getByRole("tab", { name: "Inkomstenbelasting" }).click();
    await page.getByLabel("Jaar", { exact: true }).selectOption(String(year));
    await expect(page.getByRole("heading", { level: 2, name: `Inkomstenbelasting ${year}` })).toBeVisible();

    const figures = page.getByRole("table", { name: `Inkomstenbelasting ${year}` });
    const line = (name: string | RegExp) => figures.getByRole("row", { name });
    // 2026's amounts (the newest known): 40.000 − 1.200 = 38.800; 12,70% = 4.927,60; so 33.872,40 remains.
    await expect(line(/^Winst uit onderneming/)).toContainText(euro(40_000));
    await expect(line(/^Zelfstandigenaftrek/)).toContainText(euro(-1_200));
    await expect(line(/^Startersaftrek/)).toContainText(euro(0));
    await expect(line(/^MKB-winstvrijstelling \(12,70%\)/)).toContainText(euro(-4_927.6));
    await expect(line(/^Belastbare winst uit onderneming/)).toContainText(euro(33_872.4));
    await expect(page.getByTestId("income-tax-hours")).toContainText("1.248,00 uur geboekt");
    await expect(page.getByText("Gehaald", { exact: true })).toBeVisible();
    await expect(page.getByText("Bedragen van 2026")).toBeVisible();
    await expect(page.getByText("geen belastingadvies")).toBeVisible();
    await checkAccessibility(page, "income tax");
    await page.screenshot({ path: "test-results/income-tax-1280.png", fullPage: true });

    // The startersaftrek on the user's own answer: 38.800 − 2.123 = 36.677; 12,70% = 4.657,98 → 32.019,02.
    await page.getByLabel("Ik heb recht op startersaftrek").check();
    await expect(line(/^Startersaftrek/)).toContainText(euro(-2_123));
    await expect(line(/^MKB-winstvrijstelling/)).toContainText(euro(-4_657.98));
    await expect(line(/^Belastbare winst uit onderneming/)).toContainText(euro(32_019.02));

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(line(/^Belastbare winst uit onderneming/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "test-results/income-tax-390.png", fullPage: true });

    // A year without bookings.
    await page.getByLabel("Jaar", { exact: true }).selectOption(String(year - 1));
    await expect(page.getByText(`Geen boekingen in ${year - 1}`)).toBeVisible();
    await expect(page.getByText("Niet gehaald", { exact: true })).toBeVisible();
    await page.screenshot({ path: "test-results/income-tax-empty-390.png", fullPage: true });

    // The period reports are still where they were.
    await page.getByRole("tab", { name: "Per periode" }).click();
    await expect(page.getByRole("button", { name: "Genereren" })).toBeVisible();
  });
});

test("a loss says how it is set off against other years", async ({ page, user }) => {
  expect(user.id).toBeTruthy();
  const today = businessDate(new Date());
  const year = Number(today.slice(0, 4));
  // Only costs: € 3.000 excluding VAT, a loss of € 3.000 (no zelfstandigenaftrek without the hours); the
  // MKB-winstvrijstelling of 12,70% makes a loss smaller too: −3.000 + 381 = −2.619.
  const booked = await page.request.post("/api/transactions", {
    data: {
      type: "expense",
      amount: "3000.00",
      vatRate: "21",
      date: today,
      status: "completed",
      description: "Inkoop",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await page.goto("/app/reports");
  await page.getByRole("tab", { name: "Inkomstenbelasting" }).click();
  await page.getByLabel("Jaar", { exact: true }).selectOption(String(year));
  const taxable = page.getByRole("table", { name: `Inkomstenbelasting ${year}` }).getByRole("row", {
    name: /^Belastbare winst uit onderneming/,
  });
  await expect(taxable).toContainText(euro(-2_619));
  await expect(taxable).toContainText("de 3 jaren ervoor en de 9 jaren erna");
});
