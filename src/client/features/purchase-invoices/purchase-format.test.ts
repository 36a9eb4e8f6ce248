import { describe, expect, it } from "vitest";
import type { PurchaseFieldOrigin, PurchaseVatTreatment } from "@shared/schemas/purchase-invoices";
import {
  expectedVat,
  formTotals,
  lineVat,
  originHint,
  signedPayment,
  statusOf,
  type LineText,
} from "./purchase-format";

describe("originHint", () => {
  it.each<[PurchaseFieldOrigin, string, boolean]>([
    [{ source: "e_invoice", confidence: 1 }, "uit e-factuur", false],
    [{ source: "pdf_text", confidence: 0.9 }, "uit tekst van de pdf · 90%", false],
    [{ source: "ocr", confidence: 0.72 }, "uit tekstherkenning · 72%", false],
    [{ source: "ocr", confidence: 0.47 }, "uit tekstherkenning · 47%", true],
    [{ source: "supplier", confidence: 1 }, "zoals bij deze leverancier", false],
    [{ source: "user", confidence: 1 }, "door jou ingevuld", false],
    [{ source: "pdf_text", confidence: 0.6 }, "uit tekst van de pdf · 60%", false],
  ])("%j → %s", (origin, text, isLow) => {
    expect(originHint(origin)).toEqual({ text, isLow });
  });
});

describe("statusOf", () => {
  it.each([
    [{ status: "reading", isOverdue: false }, "Wordt gelezen"],
    [{ status: "review", isOverdue: false }, "Te controleren"],
    [{ status: "booked", isOverdue: false }, "Geboekt"],
    [{ status: "booked", isOverdue: true }, "Verlopen"],
    [{ status: "paid", isOverdue: false }, "Betaald"],
  ] as const)("%j → %s", (invoice, label) => {
    expect(statusOf(invoice).label).toBe(label);
  });
});

const line = (vatRate: string, netAmount: string, vatAmount = ""): LineText => ({
  vatRate,
  netAmount,
  vatAmount,
});

describe("the review form's VAT and totals", () => {
  it.each<[LineText, PurchaseVatTreatment, number | null]>([
    [line("21", "100,00"), "domestic", 2100],
    [line("21", "100,00", "20,99"), "domestic", 2099],
    [line("21", "100,00", "99"), "reverse_charge", 2100],
    [line("0", "100,00"), "domestic", 0],
    [line("9", "1.234,56"), "eu", 11111],
    [line("21", "abc"), "domestic", null],
  ])("lineVat(%j, %s) = %s", (input, treatment, expected) => {
    expect(lineVat(input, treatment)).toBe(expected);
  });

  it("expectedVat rounds half away from zero, also for a supplier's credit", () => {
    expect(expectedVat(line("21", "0,50"))).toBe(11);
    expect(expectedVat(line("21", "-0,50"))).toBe(-11);
  });

  it("adds the VAT to the total only when the supplier charged it", () => {
    const lines = [line("21", "100,00", "21,00"), line("9", "50,00"), line("21", "")];
    expect(formTotals(lines, "domestic")).toEqual({ net: 15000, vat: 2550, total: 17550 });
    expect(formTotals(lines, "eu")).toEqual({ net: 15000, vat: 2550, total: 15000 });
  });

  it("has no total while an amount cannot be read", () => {
    expect(formTotals([line("21", "12,3,4")], "domestic")).toEqual({ net: null, vat: null, total: null });
  });
});

describe("signedPayment", () => {
  it.each([
    ["121,00", 12100, "121,00"],
    ["121,00", -12100, "-121,00"],
    ["-5", -500, "-5"],
    ["", -500, ""],
  ])("%s with %d open → %s", (typed, open, expected) => {
    expect(signedPayment(typed, open)).toBe(expected);
  });
});
