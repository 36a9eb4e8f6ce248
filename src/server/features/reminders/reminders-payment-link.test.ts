import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxAttachments, outboxMessages, paymentLinks } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { issuedInvoice, ONE_LINE, ONE_LINE_TOTALS } from "../../../../tests/invoices";
import { startMollieDouble, type MollieDouble } from "../../../../tests/mollie-double/server";
import { pdfText } from "../../../../tests/pdf-text";
import { reminderMailReference, sendDueReminders } from "./service";

const KEY = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM";
const SETTINGS = { isEnabled: true, friendlyAfterDays: 7, secondAfterDays: 21, finalAfterDays: 35 };

let mollie: MollieDouble;
let t: TestApp;
let withLinks: SignedIn;
let offline: SignedIn;
let previousTls: string | undefined;

async function signedInWithReminders(): Promise<SignedIn> {
  const user = await t.signIn();
  await createCompanyProfile(t.database.db, user.user.id);
  const saved = await user.request({ method: "PUT", url: "/api/settings/reminders", payload: SETTINGS });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

beforeAll(async () => {
  // Mollie's client speaks only HTTPS; the double's certificate is self-signed (tests/mollie-double/server.ts).
  previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  mollie = await startMollieDouble({ keys: [KEY] });
  t = await buildTestApp({ publicUrl: "https://balans.test" }, { mollieApiUrl: mollie.apiEndpoint });
  t.now.value = new Date("2026-11-20T10:00:00Z");
  withLinks = await signedInWithReminders();
  offline = await signedInWithReminders();
  const key = await withLinks.request({
    method: "PUT",
    url: "/api/settings/online-payments",
    payload: { apiKey: KEY },
  });
  expect(key.statusCode, key.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await mollie.close();
  if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
});

/** An invoice of € 1.210,00 due 4 December 2026, to a business client with an e-mail address. */
async function overdueInvoice(as: SignedIn) {
  t.now.value = new Date("2026-11-20T10:00:00Z");
  const client = await createClientRecord(t.database.db, as.user.id, { email: "klant@example.nl" });
  return issuedInvoice(as, {
    clientId: client.id,
    issueDate: "2026-11-20",
    dueDate: "2026-12-04",
    items: ONE_LINE,
    ...ONE_LINE_TOTALS,
    status: "draft",
  });
}

async function reminderMails(as: SignedIn, invoiceId: string) {
  const mails = await t.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.userId, as.user.id),
        eq(outboxMessages.reference, reminderMailReference(invoiceId)),
      ),
    )
    .orderBy(asc(outboxMessages.createdAt));
  return Promise.all(
    mails.map(async (mail) => {
      const [attachment] = await t.database.db
        .select()
        .from(outboxAttachments)
        .where(eq(outboxAttachments.messageId, mail.id));
      return { text: mail.text, pdf: (await pdfText(attachment!.content)).join("\n") };
    }),
  );
}

const linksOf = (invoiceId: string) =>
  t.database.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, invoiceId));

describe("a reminder of a user who takes online payments", () => {
  it("carries 'Betaal online' for the open amount in the e-mail and the PDF, from the job and by hand", async () => {
    const invoice = await overdueInvoice(withLinks);
    t.now.value = new Date("2026-12-11T09:00:00Z");
    // The job as main.ts runs it: with the app's link source.
    const sent = await t.database.db.transaction((tx) =>
      sendDueReminders(tx, t.now.value, t.app.paymentLinks),
    );
    expect(sent).toBeGreaterThanOrEqual(1);
    const manual = await withLinks.request({ method: "POST", url: `/api/invoices/${invoice.id}/reminders` });
    expect(manual.statusCode, manual.body).toBe(201);

    const [link, ...others] = await linksOf(invoice.id);
    expect(others).toHaveLength(0);
    expect(link!.amount).toBe("1210.00");
    expect(mollie.payments.get(link!.providerPaymentId)!.cents).toBe(121_000);
    const mails = await reminderMails(withLinks, invoice.id);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain(`Betaal online: ${link!.checkoutUrl}`);
      expect(mail.pdf).toContain("Betaal online");
      expect(mail.pdf).toContain(link!.checkoutUrl!);
    }
  });

  it("without a provider the letter keeps the offline path only", async () => {
    const invoice = await overdueInvoice(offline);
    t.now.value = new Date("2026-12-11T09:00:00Z");
    await t.database.db.transaction((tx) => sendDueReminders(tx, t.now.value, t.app.paymentLinks));
    const mails = await reminderMails(offline, invoice.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain("Betaal online");
    expect(mails[0]!.pdf).not.toContain("Betaal online");
    expect(await linksOf(invoice.id)).toHaveLength(0);
  });
});
