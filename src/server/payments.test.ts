import { describe, expect, it } from "vitest";
import type { PaymentInput } from "../shared/schemas/invoices";
import { bankLinePayment, exceedsRefundable, paymentAmountCents, ZERO_PAYMENT_MESSAGE } from "./payments";

const input = (amount: number | null): PaymentInput => ({
  date: "2026-11-21",
  amount,
  method: "bank",
  bookTransaction: false,
  bankAccountId: null,
  note: null,
});

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("paymentAmountCents", () => {
  it.each([
    [null, 12100, false, 12100],
    [5000, 12100, false, 5000],
    [-2500, -2500, true, -2500],
  ])("amount %s with %s open and settled %s is %s", (amount, open, isSettled, expected) => {
    expect(paymentAmountCents(input(amount), open, isSettled, "al betaald")).toBe(expected);
  });

  it("refuses the open amount of a settled invoice with 409, and 0 on the amount field", () => {
    expect(thrown(() => paymentAmountCents(input(null), 0, true, "al betaald"))).toMatchObject({
      statusCode: 409,
      message: "al betaald",
    });
    expect(thrown(() => paymentAmountCents(input(0), 12100, false, "al betaald"))).toMatchObject({
      statusCode: 400,
      fieldErrors: { amount: ZERO_PAYMENT_MESSAGE },
    });
  });
});

describe("exceedsRefundable", () => {
  it.each([
    // amount, direction, refundable, exceeds
    [-1000, 1, 1000, false],
    [-1001, 1, 1000, true],
    [5000, 1, 0, false],
    [1000, -1, 500, true],
    [-9000, -1, 0, false],
    [100, 0, 0, true],
  ])("%s against direction %s with %s refundable: %s", (amount, direction, refundable, exceeds) => {
    expect(exceedsRefundable(amount, direction, refundable)).toBe(exceeds);
  });
});

describe("bankLinePayment", () => {
  it("pays on the line's day, booked on its account", () => {
    expect(bankLinePayment({ date: "2026-11-30", bankAccountId: "acc" }, 4200)).toEqual({
      date: "2026-11-30",
      amount: 4200,
      method: "bank",
      bookTransaction: true,
      bankAccountId: "acc",
      note: null,
    });
  });
});
