import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { businessDate } from "../src/shared/dates";
import { computeTotals, parseQuantity, type VatCategory } from "../src/shared/invoices/math";
import { centsToDecimal, parseAmount } from "../src/shared/money";

export type TestUser = { username: string; password: string; email: string; firstName: string; id: string };

/**
 * Browser storage of a visitor who already chose 'Alleen essentieel' in the cookie banner. Specs that are not
 * about consent start from here (see the `preConsent` option), so the banner never covers what they click;
 * e2e/consent.spec.ts turns it off to see a first visit as it really is.
 */
const ESSENTIAL_ONLY_RECORD = {
  status: { essential: true, functional: false, analytics: false, marketing: false },
  timestamp: "2026-01-01T00:00:00.000Z",
  version: "1.0.0",
  method: "banner",
  userAgent: "Playwright",
};

type Options = {
  /** Store an essential-only consent before every page load (default true); false shows the banner. */
  preConsent: boolean;
};

type Fixtures = {
  /**
   * Fails the test on any console error or uncaught page error (network status lines are left to the
   * assertions), and on any request that leaves this server: Balans loads nothing from third parties.
   */
  guardPage: void;
  /** A freshly registered user, signed in in this test's browser context. */
  user: TestUser;
  /** Runs axe-core on the page and fails on serious or critical violations. */
  checkAccessibility: (page: Page, label: string) => Promise<void>;
};

let counter = 0;
/** The token of the link to `path` in the last mail to an address (the outbox's test route). */
export async function mailedToken(page: Page, recipient: string, path: string): Promise<string> {
  const mail = await page.request.get(`/api/test/outbox?recipient=${encodeURIComponent(recipient)}`);
  expect(mail.status(), await mail.text()).toBe(200);
  const { text } = (await mail.json()) as { text: string };
  const token = new RegExp(`${path}\\?token=([\\w-]+)`).exec(text)?.[1];
  expect(token, text).toBeDefined();
  return token!;
}

export function uniqueUsername(prefix = "e2e"): string {
  return `${prefix}_${Date.now().toString(36)}_${process.pid}_${++counter}`;
}

export const test = base.extend<Options & Fixtures>({
  preConsent: [true, { option: true }],

  page: async ({ page, preConsent }, use) => {
    if (preConsent) {
      await page.addInitScript((record) => {
        if (window.localStorage.getItem("balans_consent") === null) {
          window.localStorage.setItem("balans_consent", record);
          window.localStorage.setItem("balans_consent_banner_shown", "true");
        }
      }, JSON.stringify(ESSENTIAL_ONLY_RECORD));
    }
    await use(page);
  },

  guardPage: [
    async ({ page, baseURL }, use) => {
      const problems: string[] = [];
      page.on("request", (request) => {
        const url = request.url();
        if (!url.startsWith(baseURL!) && !url.startsWith("data:") && !url.startsWith("blob:")) {
          problems.push(`third-party request: ${url}`);
        }
      });
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],

  user: async ({ page }, use) => {
    const username = uniqueUsername();
    const password = "e2e-wachtwoord";
    // page.request shares the browser context's cookies: the page is signed in afterwards.
    const email = `${username}@voorbeeld.nl`;
    const response = await page.request.post("/api/register", {
      data: { username, password, email, firstName: "Eva", companyName: "Eva Ontwerp", acceptTerms: true },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    // An established account: its address confirmed through the link in its welcome mail.
    const confirmed = await page.request.post("/api/email-confirmation", {
      data: { token: await mailedToken(page, email, "/e-mail-bevestigen") },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await use({ username, password, email, firstName: "Eva", id });
    // The run's database is thrown away at the next run; signing out ends this session now.
    await page.request.post("/api/logout").catch(() => {});
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
  checkAccessibility: async ({}, use) => {
    await use(async (page, label) => {
      // The app has no frames: axe runs in the page itself instead of opening a blank page to merge the results
      // of frames, which takes a third longer for every scan.
      const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === "serious" || violation.impact === "critical",
      );
      expect(
        serious.map(
          (violation) => `${label}: ${violation.id} — ${violation.help} (${violation.nodes.length}×)`,
        ),
      ).toEqual([]);
    });
  },
});

export { expect };

/**
 * The toast viewport; the toaster also copies each toast into the app's live regions, so look inside the viewport.
 * It stays perceivable while a modal dialog is open (see ui/toast.tsx), so one locator serves with and without one.
 */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /^Meldingen/ });
}

/** Complete company data through the API (Settings has its own journey), so the user's invoices can be issued. */
export async function saveCompanyData(page: Page): Promise<void> {
  const company = await page.request.put("/api/settings/company", {
    data: {
      tradeName: "Eva Ontwerp",
      address: "Keizersgracht 12",
      postalCode: "1015 CJ",
      city: "Amsterdam",
      country: "NL",
      kvkNumber: "12345678",
      vatNumber: "NL000099998B57",
      iban: "NL91ABNA0417164300",
      paymentTermsDays: 30,
    },
  });
  expect(company.status(), await company.text()).toBe(200);
}

/** A client through the API (the clients journey uses the form); answers its id. */
export async function createClient(
  page: Page,
  data: { name: string; [field: string]: unknown },
): Promise<string> {
  const response = await page.request.post("/api/clients", { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export type InvoiceLine = {
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  /** 21% unless said otherwise. */
  vatCategory?: VatCategory;
};

/**
 * A draft invoice through the API (the invoices journey uses the form), dated today in Amsterdam unless said
 * otherwise. It carries the totals its lines add up to, as the form sends them: the API refuses any others.
 * Answers its id.
 */
export async function createDraftInvoice(
  page: Page,
  clientId: string,
  lines: readonly InvoiceLine[],
  dates: { issueDate?: string; dueDate?: string } = {},
): Promise<string> {
  const today = businessDate(new Date());
  const items = lines.map((line) => ({ ...line, vatCategory: line.vatCategory ?? "21" }));
  const totals = computeTotals(
    items.map((item) => ({
      quantityHundredths: parseQuantity(item.quantity)!,
      unitPriceCents: parseAmount(item.unitPrice)!,
      vatCategory: item.vatCategory,
    })),
  );
  const response = await page.request.post("/api/invoices", {
    data: {
      clientId,
      issueDate: dates.issueDate ?? today,
      dueDate: dates.dueDate ?? dates.issueDate ?? today,
      items,
      subtotal: centsToDecimal(totals.subtotal),
      taxAmount: centsToDecimal(totals.taxAmount),
      total: centsToDecimal(totals.total),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Issues a draft through the API ('Markeer als verzonden'); answers its number. */
export async function issueInvoice(page: Page, id: string): Promise<string> {
  const response = await page.request.post(`/api/invoices/${id}/mark-sent`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { invoiceNumber: string }).invoiceNumber;
}

/** Opens the action menu of the invoice list's row whose name starts with `row` and chooses `action`. */
export async function invoiceRowAction(page: Page, row: string, action: string): Promise<void> {
  await page
    .getByRole("row", { name: new RegExp(`^${row}`) })
    .getByRole("button", { name: /^Acties voor/ })
    .click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

/**
 * Sends the one draft in the invoice list by e-mail as a user does, from its row menu; `check` looks at the send
 * dialog before 'Versturen' is pressed.
 */
export async function sendDraftByEmail(
  page: Page,
  check?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await page.goto("/app/invoices");
  await invoiceRowAction(page, "Concept", "Versturen per e-mail");
  const dialog = page.getByRole("dialog", { name: "Versturen per e-mail" });
  await check?.(dialog);
  await dialog.getByRole("button", { name: "Versturen" }).click();
  await expect(
    toasts(page)
      .getByText(/verstuurd/)
      .first(),
  ).toBeVisible();
}

/** An invoice's PDF as the download serves it. */
export async function invoicePdf(page: Page, id: string): Promise<Buffer> {
  const response = await page.request.get(`/api/invoices/${id}/pdf`);
  expect(response.status()).toBe(200);
  return response.body();
}

/** An account's balance from the books, as the API answers it ("124.98"). */
export async function balanceOf(page: Page, name: string): Promise<string> {
  const response = await page.request.get("/api/ledger/accounts");
  expect(response.status()).toBe(200);
  const accounts = (await response.json()) as Array<{ name: string; balance: string }>;
  return accounts.find((account) => account.name === name)!.balance;
}

/** No sideways scrolling: the page is no wider than the window. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
