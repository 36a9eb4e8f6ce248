import { describe, expect, it } from "vitest";
import { formatEuro } from "@shared/format";
import type { InvoiceDetail } from "@shared/schemas/invoices";
import { invoiceEvents } from "./invoice-timeline";

const base: InvoiceDetail = {
  id: "1",
  invoiceNumber: "INV-000007",
  clientId: null,
  clientName: "Bakkerij De Korenschoof",
  issueDate: "2026-11-20",
  dueDate: "2026-12-04",
  supplyDate: null,
  subtotal: "1000.00",
  taxAmount: "210.00",
  total: "1210.00",
  status: "sent",
  notes: null,
  sentAt: "2026-11-20T10:00:00.000Z",
  paidDate: null,
  openAmount: "489.00",
  paidAmount: "600.00",
  paymentCount: 2,
  creditedAmount: "121.00",
  creditNoteForId: null,
  creditNoteForNumber: null,
  creditNotes: [{ id: "2", invoiceNumber: "INV-000009", issueDate: "2026-11-25", total: "-121.00" }],
  createdAt: "2026-11-20T09:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  items: [],
  payments: [
    { id: "p2", date: "2026-11-28", amount: "100.00", method: "cash", transactionId: null, note: null },
    { id: "p1", date: "2026-11-22", amount: "500.00", method: "bank", transactionId: null, note: null },
  ],
};

describe("the invoice's history", () => {
  it("lists issuing, payments and credit notes by date, amounts as taken off", () => {
    expect(invoiceEvents(base)).toEqual([
      { date: "2026-11-20", text: "Verstuurd als INV-000007", amount: formatEuro(121_000) },
      { date: "2026-11-22", text: "Betaling ontvangen (bank)", amount: formatEuro(50_000) },
      { date: "2026-11-25", text: "Gecrediteerd met creditnota INV-000009", amount: formatEuro(12_100) },
      { date: "2026-11-28", text: "Betaling ontvangen (contant)", amount: formatEuro(10_000) },
    ]);
  });

  it("shows a refund as such, and nothing for a draft", () => {
    const refund = { ...base.payments[0]!, amount: "-40.00" };
    expect(invoiceEvents({ ...base, creditNotes: [], payments: [refund] })[1]).toEqual({
      date: "2026-11-28",
      text: "Terugbetaald (contant)",
      amount: formatEuro(4_000),
    });
    expect(invoiceEvents({ ...base, status: "draft", sentAt: null, invoiceNumber: null })).toEqual([]);
  });
});
