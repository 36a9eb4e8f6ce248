import { expect, expectNoOverflow, test, toasts } from "./fixtures";

const SHOTS = process.env.SCREENSHOT_DIR ?? "test-results/screenshots";

test.describe("API-sleutels: a personal token for a script", () => {
  test("create a read-only token, see it once, use it, revoke it", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/settings?tab=api");
    await expect(page.getByRole("tab", { name: "API-sleutels" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Nog geen API-sleutels")).toBeVisible();
    await checkAccessibility(page, "empty API-sleutels");

    // A name is needed: the shared schema's message, and nothing is made.
    await page.getByRole("button", { name: "Nieuwe sleutel" }).click();
    const form = page.getByRole("form", { name: "Nieuwe API-sleutel" });
    await form.getByRole("button", { name: "Sleutel maken" }).click();
    await expect(form.getByText("Geef de API-sleutel een naam")).toBeVisible();

    await form.getByLabel("Naam").fill("Export naar mijn spreadsheet");
    await form.getByLabel("Rechten").selectOption({ label: "Lezen" });
    await form.getByRole("button", { name: "Sleutel maken" }).click();

    const notice = page.getByRole("region", { name: "Je nieuwe API-sleutel" });
    await expect(notice).toContainText("je ziet hem hierna nooit meer");
    const token = (await page.getByTestId("new-api-token").textContent())!.trim();
    expect(token).toMatch(/^bal_/);
    const row = page.getByRole("list", { name: "API-sleutels" }).getByRole("listitem", {
      name: "Export naar mijn spreadsheet",
    });
    await expect(row).toContainText("Lezen");
    await expect(row).toContainText("nog niet gebruikt");
    await expect(row).toContainText(token.slice(0, 10));
    await page.screenshot({ path: `${SHOTS}/api-tokens-created-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/api-tokens-created-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The token works as the user, reads only; the list then says when it was used.
    const asToken = { headers: { authorization: `Bearer ${token}` } };
    const me = await page.request.get("/api/user", asToken);
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(user.id);
    const write = await page.request.post("/api/categories", {
      ...asToken,
      data: { name: "x", type: "expense" },
    });
    expect(write.status()).toBe(403);
    expect(await write.text()).toContain("Deze API-sleutel mag alleen lezen");

    // Shown once: after leaving, the full token is nowhere on the page.
    await notice.getByRole("button", { name: "Ik heb hem bewaard" }).click();
    await page.reload();
    await expect(row).toContainText("laatst gebruikt");
    await expect(page.getByText(token)).toHaveCount(0);

    // The reference is rendered from the OpenAPI document.
    await page.getByRole("button", { name: "Toon referentie" }).click();
    const invoices = page
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: /^invoices/ }) });
    await invoices.locator("summary").click();
    await expect(invoices.getByText("/api/invoices/{id}").first()).toBeVisible();
    await checkAccessibility(page, "API-sleutels with reference");
    await page.screenshot({ path: `${SHOTS}/api-reference-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/api-reference-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole("button", { name: "Export naar mijn spreadsheet intrekken" }).click();
    const confirm = page.getByRole("alertdialog", { name: "API-sleutel intrekken?" });
    await confirm.getByRole("button", { name: "Intrekken" }).click();
    await expect(toasts(page).getByText("API-sleutel ingetrokken")).toBeVisible();
    await expect(page.getByText("Nog geen API-sleutels")).toBeVisible();
    const revoked = await page.request.get("/api/user", asToken);
    expect(revoked.status()).toBe(401);
  });
});
