/**
 * The 0% rates with a reason: goods exported outside the EU (uitvoer, rubriek 3a) and an intra-community supply
 * of goods (intracommunautaire levering, rubriek 3b and the opgaaf ICP), on invoices and, for export, on
 * bookings by hand; other 0% stays in 1e.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_INCOME_ONLY_MESSAGE } from "../../../shared/schemas/transactions";
import type { VatReturnAnswer } from "../../../shared/schemas/vat-returns";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { pdfText } from "../../../../tests/pdf-text";
import { ISSUE_MESSAGES } from "../invoices/issuing";

let t: TestApp;
let owner: SignedIn;
let germanBusiness: string;
let swissClient: string;
let dutchClient: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-10-15T10:00:00Z");
  owner = await t.signIn({ createdAt: new Date("2026-01-05T09:00:00Z") });
  await createCompanyProfile(t.database.db, owner.user.id);
  const db = t.database.db;
  germanBusiness = (
    await createClientRecord(db, owner.user.id, {
      name: "Maschinen GmbH",
      country: "DE",
      taxNumber: "DE136695976",
    })
  ).id;
  swissClient = (
    await createClientRecord(db, owner.user.id, { name: "Uhren AG", country: "CH", taxNumber: null })
  ).id;
  dutchClient = (await createClientRecord(db, owner.user.id)).id;
});
afterAll(() => t.close());

const post = (url: string, payload?: object) =>
  owner.request({ method: "POST", url, ...(payload ? { payload } : {}) });

async function issue(clientId: string, vatCategory: string, unitPrice: number, issueDate = "2026-08-10") {
  const created = await post("/api/invoices", {
    clientId,
    issueDate,
    dueDate: "2026-12-31",
    items: [{ description: "Machineonderdelen", quantity: 1, unitPrice, vatCategory }],
    subtotal: unitPrice.toFixed(2),
    taxAmount: "0.00",
    total: unitPrice.toFixed(2),
    status: "draft",
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  return { id, sent: await post(`/api/invoices/${id}/mark-sent`) };
}

describe("0% with its reason", () => {
  it("books an intra-community supply of goods in 3b and the opgaaf ICP, with the invoice's legal texts", async () => {
    const { id, sent } = await issue(germanBusiness, "intra_eu_goods", 4000);
    expect(sent.statusCode, sent.body).toBe(200);
    const pdf = await owner.request({ method: "GET", url: `/api/invoices/${id}/pdf` });
    const text = (await pdfText(pdf.rawPayload)).join("\n");
    expect(text).toContain("Intracommunautaire levering");
    expect(text).toContain("Btw-nummer afnemer: DE136695976");
  });

  it("books an export of goods outside the EU in 3a, with the reason on the invoice", async () => {
    const { id, sent } = await issue(swissClient, "export", 2500);
    expect(sent.statusCode, sent.body).toBe(200);
    const pdf = await owner.request({ method: "GET", url: `/api/invoices/${id}/pdf` });
    const text = (await pdfText(pdf.rawPayload)).join("\n");
    expect(text).toContain("Uitvoer: levering buiten de EU, 0% btw");
  });

  it("books an export by hand in 3a, and refuses export on an expense", async () => {
    const booked = await post("/api/transactions", {
      type: "income",
      amount: "300.00",
      vatRate: "0",
      vatTreatment: "export",
      description: "Verkoop via de webshop naar Noorwegen",
      date: "2026-08-20",
      status: "completed",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const refused = await post("/api/transactions", {
      type: "expense",
      amount: "300.00",
      vatRate: "0",
      vatTreatment: "export",
      description: "Geen uitvoer",
      date: "2026-08-20",
      status: "completed",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.vatTreatment).toBe(EXPORT_INCOME_ONLY_MESSAGE);
    const category = await post("/api/categories", {
      name: "Uitvoer kosten",
      type: "expense",
      vatTreatment: "export",
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().fieldErrors.vatTreatment).toBe(EXPORT_INCOME_ONLY_MESSAGE);
  });

  it("refuses an intra-community supply to a client that is not a business elsewhere in the EU", async () => {
    for (const clientId of [dutchClient, swissClient]) {
      const { sent } = await issue(clientId, "intra_eu_goods", 100);
      expect(sent.statusCode).toBe(409);
      expect(sent.json().message).toBe(ISSUE_MESSAGES.intraEuNeedsEuClient.list);
    }
  });

  it("shows each in its rubriek: 3a export, 3b intra-community with the ICP line, plain 0% in 1e", async () => {
    const plain = await post("/api/transactions", {
      type: "income",
      amount: "50.00",
      vatRate: "0",
      description: "Overige 0%",
      date: "2026-08-21",
      status: "completed",
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const answer: VatReturnAnswer = (
      await owner.request({ method: "GET", url: "/api/vat-returns/2026-Q3" })
    ).json();
    const rubriek = (code: string) => answer.rubrieken.find((row) => row.code === code)!;
    expect(rubriek("3a").turnoverEuros).toBe(2500 + 300);
    expect(rubriek("3b").turnoverEuros).toBe(4000);
    expect(rubriek("1e").turnoverEuros).toBe(50);
    expect(rubriek("5g").vatEuros).toBe(0);
    expect(answer.icp).toEqual([
      {
        country: "DE",
        vatNumber: "DE136695976",
        clientName: "Maschinen GmbH",
        amount: "4000.00",
        amountEuros: 4000,
      },
    ]);
  });
});
