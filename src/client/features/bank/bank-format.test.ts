import { describe, expect, it } from "vitest";
import {
  BookLineInputSchema,
  proposalInput,
  RuleInputSchema,
  type BankLine,
  type BankLineProposal,
} from "@shared/schemas/bank-statements";
import {
  defaultAccountName,
  defaultRuleName,
  ruleBookingLabel,
  ruleConditions,
  ruleInputFor,
} from "./bank-format";

const line = (overrides: Partial<BankLine> = {}): BankLine => ({
  id: "7f1c8a52-3d43-4c1e-9d0e-1a2b3c4d5e6f",
  bankAccountId: "1f1c8a52-3d43-4c1e-9d0e-1a2b3c4d5e6f",
  bankAccountName: "ING 4567",
  bookingDate: "2026-03-02",
  valueDate: null,
  amount: "-121.00",
  counterpartyName: "KPN B.V.",
  counterpartyIban: "NL49ABNA0519283746",
  description: "Abonnement zakelijk",
  reference: null,
  booking: null,
  bookedAs: null,
  ruleName: null,
  proposal: null,
  ...overrides,
});

describe("defaultAccountName", () => {
  it.each([
    ["NL20INGB0001234567", "ING 4567"],
    ["nl91 abna 0417 1643 00", "ABN AMRO 4300"],
    ["NL03RABO0312456789", "Rabobank 6789"],
    ["NL02ZZZZ0123456789", "Rekening NL02ZZZZ0123456789"],
    ["DE89370400440532013000", "Rekening DE89 3704 0044 0532 0130 00"],
  ])("%s -> %s", (iban, name) => {
    expect(defaultAccountName(iban)).toBe(name);
  });
});

const INVOICE_ID = "2f1c8a52-3d43-4c1e-9d0e-1a2b3c4d5e6f";
const CATEGORY_ID = "3f1c8a52-3d43-4c1e-9d0e-1a2b3c4d5e6f";

describe("proposalInput: accepting a proposal books it as proposed", () => {
  const payment = {
    invoiceId: INVOICE_ID,
    invoiceNumber: "INV-000001",
    clientName: "Bakkerij De Korenschoof",
    openAmount: "1210.00",
    amount: "1210.00",
  };
  it.each<[string, BankLineProposal, unknown]>([
    [
      "an exact invoice payment",
      { kind: "invoices", certain: true, label: "", payments: [payment], difference: "0.00" },
      { kind: "invoices", payments: [{ invoiceId: INVOICE_ID, amount: 121000 }], writeOffDifference: false },
    ],
    [
      "a payment short by bank costs writes them off",
      { kind: "invoices", certain: false, label: "", payments: [payment], difference: "-2.50" },
      { kind: "invoices", payments: [{ invoiceId: INVOICE_ID, amount: 121000 }], writeOffDifference: true },
    ],
    [
      "a category",
      {
        kind: "category",
        certain: false,
        label: "",
        categoryId: CATEGORY_ID,
        vatRate: 9,
        clientId: null,
        ruleId: null,
      },
      { kind: "category", categoryId: CATEGORY_ID, vatRate: 9, clientId: null, description: null },
    ],
    ["a transfer", { kind: "transfer", certain: true, label: "" }, { kind: "transfer" }],
  ])("%s", (_name, proposal, parsed) => {
    expect(BookLineInputSchema.parse(proposalInput(proposal))).toEqual(parsed);
  });
});

describe("ruleInputFor: 'Voortaan automatisch'", () => {
  const category = { kind: "category" as const, categoryId: CATEGORY_ID, vatRate: 21, clientId: null };

  it("recognises the counterparty by IBAN, in the line's direction", () => {
    const rule = RuleInputSchema.parse(ruleInputFor(line(), category, "KPN B.V."));
    expect(rule).toMatchObject({
      name: "KPN B.V.",
      direction: "out",
      counterpartyIban: "NL49ABNA0519283746",
      counterpartyName: null,
      descriptionContains: null,
      booking: "category",
      categoryId: CATEGORY_ID,
      vatRate: 21,
    });
  });

  it("falls back to the name without an IBAN, and to the description without either", () => {
    const byName = ruleInputFor(line({ counterpartyIban: null, amount: "25.00" }), { kind: "private" }, "x");
    expect(byName).toMatchObject({ direction: "in", counterpartyName: "KPN B.V.", categoryId: null });
    const byText = ruleInputFor(
      line({ counterpartyIban: null, counterpartyName: null }),
      { kind: "vat" },
      "Btw",
    );
    expect(RuleInputSchema.safeParse(byText).success).toBe(true);
    expect(byText.descriptionContains).toBe("Abonnement zakelijk");
  });

  it.each([
    [line(), "KPN B.V."],
    [line({ counterpartyName: null }), "NL49ABNA0519283746"],
    [line({ counterpartyName: " ", counterpartyIban: null }), "Abonnement zakelijk"],
  ])("names the rule after the counterparty (%#)", (bankLine, name) => {
    expect(defaultRuleName(bankLine)).toBe(name);
  });
});

describe("rules in words", () => {
  it.each([
    [
      { direction: "out" as const, counterpartyIban: "NL49ABNA0519283746" },
      "IBAN NL49 ABNA 0519 2837 46 · uitgaand",
    ],
    [{ direction: "any" as const, counterpartyName: "KPN" }, "naam bevat 'KPN'"],
    [
      { direction: "in" as const, descriptionContains: "rente", amountMin: "1.00", amountMax: "50.00" },
      "omschrijving bevat 'rente' · bedrag van € 1,00 tot € 50,00 · inkomend",
    ],
  ])("conditions %#", (rule, text) => {
    // Intl puts a no-break space after the euro sign.
    expect(ruleConditions(rule).replace(/\u00a0/g, " ")).toBe(text);
  });

  it.each([
    [
      { booking: "category" as const, categoryName: "Telefoon en internet", vatRate: 21 },
      "Telefoon en internet, 21% btw",
    ],
    [{ booking: "private" as const, categoryName: null, vatRate: null }, "Privé"],
  ])("booking %#", (rule, text) => {
    expect(ruleBookingLabel(rule)).toBe(text);
  });
});
