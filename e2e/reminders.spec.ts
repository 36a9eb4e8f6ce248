import type { Page } from "@playwright/test";
import { addDays, businessDate } from "../src/shared/dates";
import { formatDate as formatNl } from "../src/shared/format";
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

const SHOTS = "/tmp";

/** A consumer client with an e-mail address and an issued invoice of € 1.210,00 that fell due 30 days ago. */
async function overdueInvoiceOfConsumer(
  page: Page,
): Promise<{ id: string; number: string; clientId: string }> {
  await saveCompanyData(page);
  const clientId = await createClient(page, {
    name: "Jan Jansen",
    email: "jan@voorbeeld.nl",
    isConsumer: true,
    city: "Utrecht",
  });
  const today = businessDate(new Date());
  const id = await createDraftInvoice(
    page,
    clientId,
    [{ description: "Badkamer ontwerp", quantity: 1, unitPrice: 1000 }],
    { issueDate: addDays(today, -44), dueDate: addDays(today, -30) },
  );
  return { id, number: await issueInvoice(page, id), clientId };
}

async function openInvoice(page: Page, number: string) {
  await page.goto("/app/invoices");
  await page
    .getByRole("row", { name: new RegExp(`^${number}`) })
    .getByRole("button", { name: /^Acties voor/ })
    .click();
  await page.getByRole("menuitem", { name: "Bekijken", exact: true }).click();
  return page.getByRole("dialog", { name: new RegExp(`^Factuur ${number}`) });
}

test.describe("Herinneringen: payment reminders under Dutch collection law", () => {
  test("settings → the invoice's timeline → send now → pause and resume → the client's pause", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    const invoice = await overdueInvoiceOfConsumer(page);

    // Settings: the steps, with the same messages as the server.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/settings");
    const form = page.getByRole("form", { name: "Herinneringen" });
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Vriendelijke herinnering")).toHaveValue("7");
    await form.getByLabel("Tweede herinnering").fill("5");
    await form.getByRole("button", { name: "Opslaan" }).click();
    await expect(
      form.getByText("De tweede herinnering komt later dan de vriendelijke herinnering"),
    ).toBeVisible();
    await form.getByLabel("Tweede herinnering").fill("21");
    await form.getByLabel("Herinneringen automatisch versturen").check();
    await form.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(page).getByText("Herinneringen opgeslagen")).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/reminders-settings-1280.png` });
    const saved = await page.request.get("/api/settings/reminders");
    expect(await saved.json()).toEqual({
      isEnabled: true,
      friendlyAfterDays: 7,
      secondAfterDays: 21,
      finalAfterDays: 35,
    });
    await checkAccessibility(page, "Settings with Herinneringen");

    // The invoice: nothing sent yet; the friendly reminder is due, so it goes with today's run.
    const view = await openInvoice(page, invoice.number);
    const reminders = view.getByRole("region", { name: "Herinneringen" });
    await expect(reminders.getByText("Nog geen herinnering verstuurd.")).toBeVisible();
    await expect(reminders.getByText("Particulier")).toBeVisible();
    await expect(
      reminders.getByText(`Volgende: Vriendelijke herinnering op ${formatNl(businessDate(new Date()))}.`),
    ).toBeVisible();

    // Send now, twice: the friendly and then the second reminder; each lands in the outbox with its PDF.
    await reminders.getByRole("button", { name: "Herinnering sturen" }).click();
    await expect(toasts(page).getByText("Herinnering verstuurd")).toBeVisible();
    const sentList = reminders.getByRole("list", { name: "Verstuurde herinneringen" });
    await expect(sentList.getByRole("listitem")).toHaveCount(1);
    await expect(sentList).toContainText("Vriendelijke herinnering verstuurd");
    await expect(sentList).toContainText("€ 1.210,00");
    await reminders.getByRole("button", { name: "Herinnering sturen" }).click();
    await expect(sentList.getByRole("listitem")).toHaveCount(2);
    // Next for a consumer: the veertiendagenbrief, 14 days after the second reminder (35 − 21).
    await expect(
      reminders.getByText(
        `Volgende: Veertiendagenbrief op ${formatNl(addDays(businessDate(new Date()), 14))}.`,
      ),
    ).toBeVisible();
    await reminders.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/reminders-timeline-1280.png` });
    await checkAccessibility(page, "invoice with reminder timeline");

    // Pause: the timeline says so; resume again.
    await reminders.getByRole("button", { name: "Herinneringen pauzeren" }).click();
    await expect(reminders.getByText("Gepauzeerd", { exact: true })).toBeVisible();
    await expect(
      reminders.getByText("Gepauzeerd: er gaat niets automatisch uit tot je de herinneringen hervat."),
    ).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await reminders.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/reminders-timeline-390.png` });
    await expectNoOverflow(page);
    await reminders.getByRole("button", { name: "Herinneringen hervatten" }).click();
    await expect(reminders.getByText("Gepauzeerd", { exact: true })).toBeHidden();
    await page.keyboard.press("Escape");

    const outbox = await page.request.get("/api/settings/outbox");
    const mails = (await outbox.json()) as Array<{
      subject: string;
      attachments: Array<{ filename: string }>;
    }>;
    expect(mails.filter((mail) => mail.subject.includes(invoice.number)).map((mail) => mail.subject)).toEqual(
      [
        `Tweede herinnering factuur ${invoice.number} van Eva Ontwerp`,
        `Herinnering factuur ${invoice.number} van Eva Ontwerp`,
      ],
    );

    // The client: a consumer, and a pause for all of its invoices.
    await page.goto("/app/clients");
    await page.getByRole("button", { name: "Jan Jansen bewerken" }).click();
    const dialog = page.getByRole("dialog", { name: "Klant bewerken" });
    await expect(dialog.getByLabel("Particulier")).toBeChecked();
    await dialog.getByRole("switch", { name: "Herinneringen pauzeren" }).click();
    await expect(toasts(page).getByText("Herinneringen gepauzeerd")).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Herinneringen pauzeren" })).toBeChecked();
    await page.screenshot({ path: `${SHOTS}/reminders-client-390.png` });
    await expectNoOverflow(page);
    const pause = await page.request.get(`/api/clients/${invoice.clientId}/reminders/pause`);
    expect(await pause.json()).toEqual({ isPaused: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    const paused = await openInvoice(page, invoice.number);
    await expect(
      paused.getByText("Gepauzeerd voor alle facturen van deze klant: er gaat niets automatisch uit."),
    ).toBeVisible();
    await page.goto("/app/settings");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("form", { name: "Herinneringen" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/reminders-settings-390.png` });
    await expectNoOverflow(page);
  });
});
