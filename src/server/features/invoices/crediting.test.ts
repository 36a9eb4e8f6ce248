import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CREDIT_INPUT_MESSAGES } from "../../../shared/schemas/invoices";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import {
  invoiceBody,
  issuedInvoice,
  ONE_LINE,
  ONE_LINE_TOTALS,
  postJson as post,
} from "../../../../tests/invoices";
import { CREDIT_MESSAGES } from "./crediting";

let t: TestApp;
let owner: SignedIn;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-30T10:00:00Z");
});

/** Each test its own user: credit notes dated later would keep later invoices from being issued. */
beforeEach(async () => {
  owner = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  clientId = (await createClientRecord(t.database.db, owner.user.id)).id;
});
afterAll(() => t.close());

/** Two 21% lines: 4 × 100.00 and 1 × 200.00 = 600.00, VAT 126.00, 726.00 in all. */
const TWO_21 = [
  { description: "Workshop", quantity: 4, unitPrice: 100, vatCategory: "21" },
  { description: "Reiskosten", quantity: 1, unitPrice: 200, vatCategory: "21" },
];
const invoice = () =>
  issuedInvoice(
    owner,
    invoiceBody(clientId, { items: TWO_21, subtotal: "600.00", taxAmount: "126.00", total: "726.00" }),
  );
const credit = (id: string, payload?: object) => post(owner, `/api/invoices/${id}/credit`, payload);

describe("POST /api/invoices/{id}/credit", () => {
  it("credits chosen lines with their own date; the original's open amount drops and lists the credit note", async () => {
    const original = await invoice();
    const response = await credit(original.id, {
      issueDate: "2026-11-25",
      items: [{ itemId: original.items[0]!.id, quantity: "1" }],
      reason: "Eén workshopdag vervallen",
    });
    expect(response.statusCode, response.body).toBe(201);
    const note = response.json();
    expect(note).toMatchObject({
      issueDate: "2026-11-25",
      subtotal: "-100.00",
      taxAmount: "-21.00",
      total: "-121.00",
      notes: "Eén workshopdag vervallen",
      creditNoteForNumber: original.invoiceNumber,
      items: [expect.objectContaining({ description: "Workshop", quantity: "-1.00", rate: "100.00" })],
    });
    const after = (await owner.request({ method: "GET", url: `/api/invoices/${original.id}` })).json();
    expect(after).toMatchObject({
      status: "sent",
      openAmount: "605.00",
      creditedAmount: "121.00",
      creditNotes: [
        { id: note.id, invoiceNumber: note.invoiceNumber, issueDate: "2026-11-25", total: "-121.00" },
      ],
    });
    // A second partial credit by an amount excluding VAT, in the invoice's rate.
    const byAmount = await credit(original.id, { issueDate: "2026-11-26", amount: "50,00" });
    expect(byAmount.json()).toMatchObject({ subtotal: "-50.00", taxAmount: "-10.50", total: "-60.50" });
    const later = (await owner.request({ method: "GET", url: `/api/invoices/${original.id}` })).json();
    expect(later).toMatchObject({ openAmount: "544.50", creditedAmount: "181.50" });
    expect(later.creditNotes).toHaveLength(2);
    // What is left, no more.
    const tooMuch = await credit(original.id, { amount: "500.00" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ message: CREDIT_MESSAGES.exceeds(54450) });
    const whole = await credit(original.id);
    expect(whole.json()).toEqual({ message: CREDIT_MESSAGES.wholeAfterPartial });
    // The rest of the invoice paid: settled.
    const paid = await post(owner, `/api/invoices/${original.id}/payments`, { date: "2026-11-28" });
    expect(paid.json()).toMatchObject({ status: "paid", openAmount: "0.00", paidAmount: "544.50" });
  });

  it.each([
    [{ issueDate: "2026-11-01" }, "issueDate", CREDIT_MESSAGES.beforeInvoice, 400],
    [{ issueDate: "morgen" }, "issueDate", "Vul een geldige datum in", 400],
    [
      { items: [{ itemId: "00000000-0000-4000-8000-000000000000" }] },
      "items.0.itemId",
      CREDIT_MESSAGES.unknownLine,
      400,
    ],
    [{ items: [{ itemId: "", quantity: 1 }] }, "items.0.itemId", "Kies een regel", 400],
    [{ amount: "0" }, "amount", CREDIT_INPUT_MESSAGES.amount, 400],
    [{ amount: "-10" }, "amount", CREDIT_INPUT_MESSAGES.amount, 400],
    [{ reason: "x".repeat(501) }, "reason", "Een reden mag maximaal 500 tekens zijn", 400],
  ])(
    "refuses case %# with its Dutch message, and issues nothing",
    async (payload, field, message, status) => {
      const original = await invoice();
      const response = await credit(original.id, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().fieldErrors[field]).toBe(message);
      const after = (await owner.request({ method: "GET", url: `/api/invoices/${original.id}` })).json();
      expect(after).toMatchObject({ openAmount: "726.00", creditNotes: [] });
    },
  );

  it("refuses a quantity above the line's, lines and an amount together, and an amount on mixed rates", async () => {
    const original = await invoice();
    const line = original.items[0]!.id;
    const tooMany = await credit(original.id, { items: [{ itemId: line, quantity: 5 }] });
    expect(tooMany.json().fieldErrors).toEqual({ "items.0.quantity": CREDIT_MESSAGES.quantityTooLarge });
    const both = await credit(original.id, { items: [{ itemId: line }], amount: "10" });
    expect(both.json().fieldErrors).toEqual({ amount: CREDIT_INPUT_MESSAGES.both });
    const mixed = await issuedInvoice(owner, invoiceBody(clientId));
    const byAmount = await credit(mixed.id, { amount: "10" });
    expect(byAmount.json().fieldErrors).toEqual({ amount: CREDIT_MESSAGES.amountNeedsOneRate });
  });

  it("books the credit note: 1a goes down in the credit note's quarter", async () => {
    const original = await issuedInvoice(
      owner,
      invoiceBody(clientId, { items: ONE_LINE, ...ONE_LINE_TOTALS }),
    );
    const before = (await owner.request({ method: "GET", url: "/api/vat-returns/2026-Q4" })).json();
    await credit(original.id, { items: [{ itemId: original.items[0]!.id, quantity: "0.5" }] });
    const after = (await owner.request({ method: "GET", url: "/api/vat-returns/2026-Q4" })).json();
    const box = (answer: { rubrieken: { code: string; turnover: string }[] }) =>
      Number(answer.rubrieken.find((row) => row.code === "1a")!.turnover);
    expect(box(before) - box(after)).toBe(500);
  });

  it("answers 404 for another user's invoice", async () => {
    const original = await invoice();
    const stranger = await t.signIn();
    const response = await post(stranger, `/api/invoices/${original.id}/credit`, { amount: "10" });
    expect(response.statusCode).toBe(404);
  });
});
