import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import { paymentLinks } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { invoiceBody, issuedInvoice, ONE_LINE, ONE_LINE_TOTALS } from "../../../../tests/invoices";
import { startMollieDouble, type MollieDouble } from "../../../../tests/mollie-double/server";
import { WEBHOOK_PATH } from "./service";

const KEY = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM";
const OTHER_KEY = "test_k8JmW3xYp2Qr5Tn7Vb9Cd1Fg4Hj6Lz";

let mollie: MollieDouble;
let t: TestApp;
let owner: SignedIn;
let previousTls: string | undefined;

beforeAll(async () => {
  // Mollie's client speaks only HTTPS; the double's certificate is self-signed (tests/mollie-double/server.ts).
  previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  mollie = await startMollieDouble({ keys: [KEY, OTHER_KEY] });
  t = await buildTestApp({ publicUrl: "https://balans.test" }, { mollieApiUrl: mollie.apiEndpoint });
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  const saved = await owner.request({
    method: "PUT",
    url: "/api/settings/online-payments",
    payload: { apiKey: KEY },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await mollie.close();
  if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
});

describe("the webhook with a foreign payment id", () => {
  it("changes nothing for a paid payment of another Mollie account that names the user's invoice", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { email: "klant@example.nl" });
    const invoice = await issuedInvoice(
      owner,
      invoiceBody(client.id, { items: ONE_LINE, ...ONE_LINE_TOTALS }),
    );
    // Someone else's account at the provider, with metadata copied from a real link: paid in full.
    mollie.payments.set("tr_foreign1", {
      id: "tr_foreign1",
      apiKey: OTHER_KEY,
      cents: 121_000,
      description: `Factuur ${invoice.invoiceNumber}`,
      redirectUrl: "https://elders.test/terug",
      webhookUrl: `https://balans.test${WEBHOOK_PATH}`,
      metadata: { invoiceId: invoice.id, linkId: "00000000-0000-4000-8000-000000000000" },
      status: "paid",
      createdAt: new Date().toISOString(),
      paidAt: new Date().toISOString(),
      refunds: [],
    });
    const before = await t.database.db.select().from(paymentLinks);
    const answer = await t.app.inject({
      method: "POST",
      url: WEBHOOK_PATH,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "id=tr_foreign1",
    });
    expect(answer.statusCode).toBe(200);
    expect(await t.database.db.select().from(paymentLinks)).toEqual(before);
    const after = (
      await owner.request({ method: "GET", url: `/api/invoices/${invoice.id}` })
    ).json() as InvoiceDetail;
    expect(after).toMatchObject({ openAmount: "1210.00", paidAmount: "0.00" });
    expect(after.payments).toEqual([]);
    expect(
      await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, invoice.id)),
    ).toEqual([]);
  });
});
