import { describe, expect, it } from "vitest";
import { AMOUNT_AMBIGUOUS_MESSAGE, AMOUNT_AMBIGUOUS_MESSAGE_EN } from "./amount";
import { BankAccountInputSchema, OPENING_BALANCE_MESSAGE } from "./bank-accounts";
import { InvoiceItemInputSchema, PaymentInputSchema } from "./invoices";
import { ProjectInputSchema } from "./projects";
import { AMOUNT_INVALID_MESSAGE, TOTAL_MISMATCH_MESSAGE, TransactionInputSchema } from "./transactions";

const transaction = { type: "expense", vatRate: "21", description: "Lunch", date: "2026-11-20" };
const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

// Every amount field reads what a person types in any browser locale the same way (issue: 12,50 became 1250).
describe("one reading of a typed amount in every schema", () => {
  it.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["€ 1.234,56", 123456],
    ["1234.56", 123456],
    [1234.56, 123456],
  ])("a transaction of %j is %i cents", (amount, cents) => {
    expect(TransactionInputSchema.parse({ ...transaction, amount }).amount).toBe(cents);
  });

  it("refuses an amount that reads two ways, and says so, in Dutch and on the English invoice form", () => {
    expect(messageOf(TransactionInputSchema.safeParse({ ...transaction, amount: "1.000" }))).toBe(
      AMOUNT_AMBIGUOUS_MESSAGE,
    );
    expect(messageOf(TransactionInputSchema.safeParse({ ...transaction, amount: "12,3456" }))).toBe(
      AMOUNT_INVALID_MESSAGE,
    );
    expect(messageOf(TransactionInputSchema.safeParse({ ...transaction, amount: "-12,50" }))).toBe(
      "Bedrag mag niet negatief zijn",
    );
    const line = { description: "Design", quantity: "1", vatCategory: "21" };
    expect(messageOf(InvoiceItemInputSchema.safeParse({ ...line, unitPrice: "1,500" }))).toBe(
      AMOUNT_AMBIGUOUS_MESSAGE_EN,
    );
    expect(InvoiceItemInputSchema.parse({ ...line, unitPrice: "1.500,00" }).unitPrice).toBe(150000);
  });

  it("takes '1.000,50' as an opening balance, and the Dutch form of every other amount field", () => {
    expect(
      BankAccountInputSchema.parse({ name: "Zakelijk", openingBalance: "1.000,50" }).openingBalance,
    ).toBe("1000.50");
    expect(messageOf(BankAccountInputSchema.safeParse({ name: "Zakelijk", openingBalance: "1.000" }))).toBe(
      AMOUNT_AMBIGUOUS_MESSAGE,
    );
    expect(messageOf(BankAccountInputSchema.safeParse({ name: "Zakelijk", openingBalance: "1,5,0" }))).toBe(
      OPENING_BALANCE_MESSAGE,
    );
    expect(ProjectInputSchema.parse({ name: "Site", hourlyRate: "€ 1.085,50" }).hourlyRate).toBe(108550);
    expect(PaymentInputSchema.parse({ date: "2026-11-20", amount: "1.210,00", method: "bank" }).amount).toBe(
      121000,
    );
  });
});

// Issue 22 defect 8: a receipt of € 35,00 or € 8,50 at 21% is booked exactly when typed including VAT.
describe("amounts typed including VAT", () => {
  it.each([
    ["35,00", "21", { amount: 2893, vatAmount: 607, amountIncludingVat: 3500 }],
    ["8,50", "21", { amount: 702, vatAmount: 148, amountIncludingVat: 850 }],
    ["10,90", "9", { amount: 1000, vatAmount: 90, amountIncludingVat: 1090 }],
    ["12,00", "0", { amount: 1200, vatAmount: 0, amountIncludingVat: 1200 }],
  ])("%s at %s%% keeps the total to the cent", (amount, vatRate, booked) => {
    expect(
      TransactionInputSchema.parse({ ...transaction, amount, vatRate, amountIncludesVat: true }),
    ).toMatchObject(booked);
  });

  it("takes the amounts as the form sends them: a total whose included VAT gives back the amount", () => {
    const sent = { ...transaction, amount: "28.93", vatAmount: "6.07", amountIncludingVat: "35.00" };
    expect(TransactionInputSchema.parse(sent)).toMatchObject({
      amount: 2893,
      vatAmount: 607,
      amountIncludingVat: 3500,
    });
    // Excluding VAT (the specification's way) 28.93 would be 35.01; a total that fits neither is refused.
    expect(TransactionInputSchema.parse({ ...transaction, amount: "28.93" }).amountIncludingVat).toBe(3501);
    const wrong = TransactionInputSchema.safeParse({ ...sent, amountIncludingVat: "35.50", vatAmount: null });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([TOTAL_MISMATCH_MESSAGE]);
  });
});
