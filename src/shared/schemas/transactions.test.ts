import { describe, expect, it } from "vitest";
import { TransactionInputSchema } from "./transactions";

const VALID = { type: "expense", amount: "100", vatRate: "21", description: "Laptop", date: "2026-11-20" };

describe("TransactionInputSchema", () => {
  it.each([
    [{ amount: "19.99" }, { amount: 1999, vatRate: 2100, vatAmount: 420, amountIncludingVat: 2419 }],
    [
      { amount: "10,5", vatRate: "9" },
      { amount: 1050, vatRate: 900, vatAmount: 95, amountIncludingVat: 1145 },
    ],
    [
      { amount: 0.1, vatRate: 21 },
      { amount: 10, vatAmount: 2, amountIncludingVat: 12 },
    ],
    [
      { amount: "0", vatRate: "" },
      { amount: 0, vatRate: 2100, vatAmount: 0 },
    ],
    [
      { vatAmount: "21.00", amountIncludingVat: "121.00" },
      { vatAmount: 2100, amountIncludingVat: 12100 },
    ],
    [
      { isRecurring: false, recurringInterval: "monthly", recurringEndDate: "2027-01-01" },
      { recurringInterval: null, recurringEndDate: null },
    ],
    [
      { isRecurring: true, recurringInterval: "yearly", recurringEndDate: "" },
      { recurringInterval: "yearly", recurringEndDate: null },
    ],
    [
      { categoryId: "none", clientId: "", notes: "  " },
      { categoryId: null, clientId: null, notes: null },
    ],
  ])("%j -> %j", (change, expected) => {
    const parsed = TransactionInputSchema.parse({ ...VALID, ...change });
    expect(parsed).toMatchObject(expected);
  });

  it("shows every message at once, the cross-field rules included", () => {
    const result = TransactionInputSchema.safeParse({
      type: "expense",
      amount: "",
      description: "",
      date: "",
      isRecurring: true,
      recurringInterval: "",
    });
    expect(result.success).toBe(false);
    expect(
      Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])),
    ).toEqual({
      amount: "Bedrag is verplicht",
      description: "Beschrijving is verplicht",
      date: "Datum is verplicht",
      recurringInterval: "Kies een interval: wekelijks, maandelijks of jaarlijks",
    });
  });

  it("refuses a VAT amount or total that does not follow from amount and rate", () => {
    const result = TransactionInputSchema.safeParse({
      ...VALID,
      vatAmount: "20.00",
      amountIncludingVat: "120.00",
    });
    expect(result.error!.issues.map((issue) => issue.path.join("."))).toEqual([
      "vatAmount",
      "amountIncludingVat",
    ]);
  });
});
