import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Onboarding } from "../../../shared/schemas/onboarding";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { camt053, imported } from "../../../../tests/bank";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { createInvoice, invoiceBody, issuedInvoice } from "../../../../tests/invoices";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
});
afterAll(() => t.close());

const IBAN = "NL91ABNA0417164300";
const NOTHING_DONE = {
  companyData: false,
  bankAccount: false,
  client: false,
  invoice: false,
  bankImport: false,
};
const ALL_DONE = { companyData: true, bankAccount: true, client: true, invoice: true, bankImport: true };

async function onboarding(as: SignedIn): Promise<Onboarding> {
  const response = await as.request({ method: "GET", url: "/api/onboarding" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function put(as: SignedIn, url: string, payload: object) {
  const response = await as.request({ method: "PUT", url, payload });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Every step done: company data, the IBAN on the default account, a client, an issued invoice and an imported
 * statement.
 */
async function completeEveryStep(as: SignedIn) {
  await createCompanyProfile(t.database.db, as.user.id);
  const accounts = await as.request({ method: "GET", url: "/api/bank-accounts" });
  const main = (accounts.json() as { id: string; name: string }[])[0]!;
  await put(as, `/api/bank-accounts/${main.id}`, { name: main.name, iban: IBAN });
  const client = await createClientRecord(t.database.db, as.user.id);
  await issuedInvoice(as, invoiceBody(client.id));
  await imported(
    as,
    camt053({
      iban: IBAN,
      opening: "100.00",
      entries: [{ date: "2026-11-18", amount: "-12.50", text: "Koffie" }],
    }),
  );
}

describe("GET /api/onboarding", () => {
  it("answers every step open for a new account, and the checklist not put away", async () => {
    const someone = await t.signIn();
    expect(await onboarding(someone)).toEqual({ steps: NOTHING_DONE, isDismissed: false });
  });

  it("answers every step done for an account that did them all", async () => {
    const someone = await t.signIn();
    await completeEveryStep(someone);
    expect(await onboarding(someone)).toEqual({ steps: ALL_DONE, isDismissed: false });
  });

  it("never counts another user's records", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    await completeEveryStep(owner);
    expect((await onboarding(owner)).steps).toEqual(ALL_DONE);
    expect((await onboarding(stranger)).steps).toEqual(NOTHING_DONE);
  });

  it("counts company data only when saved with everything an invoice needs", async () => {
    const someone = await t.signIn({ companyName: "Vries Ontwerp" });
    // Registration's company name prefills the form but is not saved company data.
    expect((await onboarding(someone)).steps.companyData).toBe(false);
    await put(someone, "/api/settings/company", COMPANY);
    expect((await onboarding(someone)).steps.companyData).toBe(false);
    await put(someone, "/api/settings/company", { ...COMPANY, kvkNumber: "12345678" });
    expect((await onboarding(someone)).steps.companyData).toBe(true);
  });

  it("counts company data without a btw-id for a KOR user, who charges no VAT", async () => {
    const someone = await t.signIn();
    await put(someone, "/api/settings/company", {
      ...COMPANY,
      kvkNumber: "12345678",
      vatNumber: "",
      korStartDate: "2000-01-01",
    });
    expect((await onboarding(someone)).steps.companyData).toBe(true);
  });

  it("counts a bank account only with an IBAN", async () => {
    const someone = await t.signIn();
    const savings = await someone.request({
      method: "POST",
      url: "/api/bank-accounts",
      payload: { name: "Spaarrekening" },
    });
    expect(savings.statusCode, savings.body).toBe(201);
    expect((await onboarding(someone)).steps.bankAccount).toBe(false);
    await put(someone, `/api/bank-accounts/${savings.json().id}`, { name: "Spaarrekening", iban: IBAN });
    expect((await onboarding(someone)).steps.bankAccount).toBe(true);
  });

  it("counts an invoice once it is issued, not while it is a draft", async () => {
    const someone = await t.signIn();
    await createCompanyProfile(t.database.db, someone.user.id);
    const client = await createClientRecord(t.database.db, someone.user.id);
    const draft = await createInvoice(someone, invoiceBody(client.id));
    expect((await onboarding(someone)).steps).toEqual({ ...NOTHING_DONE, companyData: true, client: true });
    const sent = await someone.request({ method: "POST", url: `/api/invoices/${draft.id}/mark-sent` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await onboarding(someone)).steps.invoice).toBe(true);
  });

  it("stays put away after 'Niet meer tonen', and still answers the steps", async () => {
    const someone = await t.signIn();
    await createClientRecord(t.database.db, someone.user.id);
    await put(someone, "/api/settings/preferences", { isOnboardingDismissed: true });
    expect(await onboarding(someone)).toEqual({
      steps: { ...NOTHING_DONE, client: true },
      isDismissed: true,
    });
    // Another preference leaves it put away.
    await put(someone, "/api/settings/preferences", { amountsIncludeVat: true });
    expect((await onboarding(someone)).isDismissed).toBe(true);
  });

  it("needs a signed-in user", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/onboarding" });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** Company data as the Settings form sends it, without the KvK number (each test adds it or not). */
const COMPANY = {
  tradeName: "Vries Ontwerp",
  address: "Keizersgracht 12",
  postalCode: "1015 CJ",
  city: "Amsterdam",
  country: "NL",
  vatNumber: "NL000099998B57",
  iban: IBAN,
  paymentTermsDays: 30,
};
