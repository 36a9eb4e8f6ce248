import { expect } from "vitest";
import { computeTotals } from "../src/shared/invoices/math";
import { centsToDecimal } from "../src/shared/money";
import { InvoiceItemInputSchema, toLineInput, type InvoiceDetail } from "../src/shared/schemas/invoices";
import type { Database } from "../src/server/db/client";
import type { SignedIn } from "./app";
import { createClientRecord } from "./factories";

/** Two lines, 21% and 9%: 2 × 85.00 = 170.00 (VAT 35.70) and 1.5 × 10.50 = 15.75 (VAT 1.4175 -> 1.42). */
export const TWO_LINES = [
  { description: "Ontwerp homepage", quantity: 2, unitPrice: 85, vatCategory: "21" },
  { description: "Drukwerk", quantity: "1.5", unitPrice: "10.50", vatCategory: "9" },
];
export const TWO_LINES_TOTALS = { subtotal: "185.75", taxAmount: "37.12", total: "222.87" };

/** One line of 1 × 1,000.00 at 21%: 1,210.00 with VAT. */
export const ONE_LINE = [{ description: "Advies", quantity: 1, unitPrice: 1000, vatCategory: "21" }];
export const ONE_LINE_TOTALS = { subtotal: "1000.00", taxAmount: "210.00", total: "1210.00" };

/** The invoice form's body: a draft of two lines dated 20 November 2026, due in 14 days. */
export const invoiceBody = (clientId: string, overrides: object = {}) => ({
  clientId,
  issueDate: "2026-11-20",
  dueDate: "2026-12-04",
  items: TWO_LINES,
  ...TWO_LINES_TOTALS,
  status: "draft",
  notes: "Bedankt!",
  ...overrides,
});

/** An invoice line as the form sends it; the VAT category is checked when the totals are worked out. */
type LineBody = {
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  vatCategory: string;
};

/**
 * The invoice form's body for these lines with the totals they add up to, as the form computes them (the API
 * refuses any others): dated 20 November 2026, due in 14 days, unless `overrides` say otherwise.
 */
export function invoiceWithLines(clientId: string, items: LineBody[], overrides: object = {}) {
  const totals = computeTotals(items.map((item) => toLineInput(InvoiceItemInputSchema.parse(item))));
  return {
    clientId,
    issueDate: "2026-11-20",
    dueDate: "2026-12-04",
    items,
    subtotal: centsToDecimal(totals.subtotal),
    taxAmount: centsToDecimal(totals.taxAmount),
    total: centsToDecimal(totals.total),
    ...overrides,
  };
}

export async function createInvoice(as: SignedIn, payload: object): Promise<InvoiceDetail> {
  const response = await as.request({ method: "POST", url: "/api/invoices", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** ONE_LINE (€ 1.210,00) dated 20 November 2026, due 4 December, issued to a new client of the user. */
export async function issueToNewClient(
  db: Database,
  as: SignedIn,
  clientOverrides: Parameters<typeof createClientRecord>[2] = {},
) {
  const client = await createClientRecord(db, as.user.id, clientOverrides);
  return { client, invoice: await issuedInvoice(as, invoiceWithLines(client.id, ONE_LINE)) };
}

/** A draft made and issued ('Markeren als verstuurd'), as answered after issuing. */
export async function issuedInvoice(as: SignedIn, payload: object): Promise<InvoiceDetail> {
  const draft = await createInvoice(as, payload);
  const sent = await as.request({ method: "POST", url: `/api/invoices/${draft.id}/mark-sent` });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json();
}

/** Records the whole open amount as paid on `paidDate` ('Markeren als betaald'). */
export async function markPaid(as: SignedIn, id: string, paidDate: string): Promise<void> {
  const paid = await as.request({
    method: "POST",
    url: `/api/invoices/${id}/mark-paid`,
    payload: { paidDate },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

export const postJson = (as: SignedIn, url: string, payload?: object) =>
  as.request({ method: "POST", url, ...(payload ? { payload } : {}) });
