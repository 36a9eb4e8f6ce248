import { describe, expect, it } from "vitest";
import { MemorialEntryInputSchema, type MemorialEntry } from "@shared/schemas/memorial";
import { toFormText, toInput, totalsOf, type LineText } from "./memorial-form";

const ACCOUNT = "6f1b2c3d-1111-4222-8333-444455556666";

const line = (debit: string, credit: string): LineText => ({
  key: "k",
  ledgerAccountId: ACCOUNT,
  description: "",
  debit,
  credit,
});

describe("toInput", () => {
  it.each<[string, string, string | number]>([
    ["249,00", "", "249,00"],
    ["", "249,00", "-249.00"],
    ["", "1.234,56", "-1234.56"],
    // Not an amount: sent as typed, so the schema's message names it.
    ["", "tien", "tien"],
    // Neither column: 0, which the schema refuses as an empty line.
    ["", "", 0],
  ])("debit %j, credit %j → %j", (debit, credit, amount) => {
    const input = toInput({
      date: "2026-11-02",
      description: "Correctie",
      isPrivateUse: false,
      lines: [line(debit, credit)],
    });
    expect(input.lines[0]!.amount).toBe(amount);
  });

  it("gives the schema a balanced entry in cents", () => {
    const parsed = MemorialEntryInputSchema.parse(
      toInput({
        date: "2026-11-02",
        description: "Correctie",
        isPrivateUse: false,
        lines: [line("12,50", ""), line("", "12,50")],
      }),
    );
    expect(parsed.lines.map((row) => row.amount)).toEqual([1250, -1250]);
    expect(parsed.vatRubriek).toBeNull();
  });

  it("declares privégebruik as rubriek 1d, and reads it back", () => {
    const input = toInput({
      date: "2026-12-31",
      description: "Btw privégebruik auto",
      isPrivateUse: true,
      lines: [line("540,00", ""), line("", "540,00")],
    });
    expect(MemorialEntryInputSchema.parse(input).vatRubriek).toBe("1d");
    const entry = { ...input, vatRubriek: "1d", lines: [] } as unknown as MemorialEntry;
    expect(toFormText(entry).isPrivateUse).toBe(true);
  });
});

describe("totalsOf", () => {
  it.each<[LineText[], { debit: number; credit: number; difference: number }]>([
    [[line("249,00", ""), line("", "249,00")], { debit: 24900, credit: 24900, difference: 0 }],
    [[line("100", ""), line("", "90,50")], { debit: 10000, credit: 9050, difference: 950 }],
    // What cannot be read yet counts as nothing.
    [[line("1.000", ""), line("", "5")], { debit: 0, credit: 500, difference: -500 }],
  ])("%j", (lines, totals) => {
    expect(totalsOf(lines)).toEqual(totals);
  });
});

describe("toFormText", () => {
  it("puts a debit in the debit column and a credit in the credit column", () => {
    const entry = {
      date: "2026-11-02",
      description: "Correctie",
      lines: [
        { ledgerAccountId: ACCOUNT, amount: "1234.50", description: "Printer" },
        { ledgerAccountId: ACCOUNT, amount: "-1234.50", description: null },
      ],
    } as MemorialEntry;
    const form = toFormText(entry);
    expect(form.lines.map(({ debit, credit, description }) => ({ debit, credit, description }))).toEqual([
      { debit: "1.234,50", credit: "", description: "Printer" },
      { debit: "", credit: "1.234,50", description: "" },
    ]);
  });
});
