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
  mails: [],
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

  it("shows each e-mail: sent, or waiting in the outbox", () => {
    const mails = [
      {
        recipient: "els@korenschoof.nl",
        queuedAt: "2026-11-20T10:00:00.000Z",
        sentAt: "2026-11-20T10:01:00.000Z",
      },
      // 23:30 UTC is the next day in Amsterdam.
      { recipient: "els@korenschoof.nl", queuedAt: "2026-11-26T23:30:00.000Z", sentAt: null },
    ];
    expect(invoiceEvents({ ...base, payments: [], creditNotes: [], mails })).toEqual([
      { date: "2026-11-20", text: "Verstuurd als INV-000007", amount: formatEuro(121_000) },
      { date: "2026-11-20", text: "E-mail aan els@korenschoof.nl verzonden", amount: null },
      {
        date: "2026-11-27",
        text: "E-mail aan els@korenschoof.nl staat in de outbox, nog niet verzonden",
        amount: null,
      },
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
