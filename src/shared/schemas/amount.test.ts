import { describe, expect, it } from "vitest";
import { AMOUNT_AMBIGUOUS_MESSAGE, AMOUNT_AMBIGUOUS_MESSAGE_EN } from "./amount";
import { BankAccountInputSchema, OPENING_BALANCE_MESSAGE } from "./bank-accounts";
import { InvoiceItemInputSchema, PaymentInputSchema } from "./invoices";
import { ProjectInputSchema } from "./projects";
import { AMOUNT_INVALID_MESSAGE, TransactionInputSchema } from "./transactions";

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
