import { expect } from "vitest";
import type { InvoiceDetail } from "../src/shared/schemas/invoices";
import type { SignedIn } from "./app";

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

export async function createInvoice(as: SignedIn, payload: object): Promise<InvoiceDetail> {
  const response = await as.request({ method: "POST", url: "/api/invoices", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A draft made and issued ('Markeren als verstuurd'), as answered after issuing. */
export async function issuedInvoice(as: SignedIn, payload: object): Promise<InvoiceDetail> {
  const draft = await createInvoice(as, payload);
  const sent = await as.request({ method: "POST", url: `/api/invoices/${draft.id}/mark-sent` });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json();
}

export const postJson = (as: SignedIn, url: string, payload?: object) =>
  as.request({ method: "POST", url, ...(payload ? { payload } : {}) });
