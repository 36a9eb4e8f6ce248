import { describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
import type { OpenPurchaseForMatching } from "../purchase-invoices/records";
import { proposeBookings, type MatchableLine, type MatchContext, type Proposal } from "./proposals";

const JANSEN_IBAN = "NL91ABNA0417164300";
const SNEL_IBAN = "NL44RABO0123456789";

const purchase = (overrides: Partial<OpenPurchaseForMatching>): OpenPurchaseForMatching => ({
  id: "p-jansen",
  invoiceNumber: "2026-0042",
  supplierName: "Groothandel Jansen & Zn. B.V.",
  supplierIban: JANSEN_IBAN,
  paymentReference: "1234 5678 9012 3456",
  openCents: 17_550,
  dueDate: "2026-04-11",
  ...overrides,
});

const PURCHASES: readonly OpenPurchaseForMatching[] = [
  purchase({}),
  purchase({
    id: "p-snel",
    invoiceNumber: "D-9",
    supplierName: "Drukkerij Snel",
    supplierIban: SNEL_IBAN,
    paymentReference: null,
    openCents: 24_200,
    dueDate: "2026-03-22",
  }),
  purchase({
    id: "p-snel-2",
    invoiceNumber: "D-10",
    supplierName: "Drukkerij Snel",
    supplierIban: SNEL_IBAN,
    paymentReference: null,
    openCents: 6_050,
    dueDate: "2026-03-29",
  }),
  purchase({
    id: "p-koerier",
    invoiceNumber: null,
    supplierName: "Koeriers BV",
    supplierIban: null,
    paymentReference: null,
    openCents: 6_050,
    dueDate: null,
  }),
];

const context = (openPurchases = PURCHASES): MatchContext => ({
  openInvoices: [],
  openPurchases,
  rules: [],
  ownIbans: new Set(),
  unlinkedTransactions: [],
  learned: new Map(),
});

const line = (overrides: Partial<MatchableLine>): MatchableLine => ({
  id: "line",
  bankAccountId: "account",
  bookingDate: "2026-03-25",
  amountCents: -17_550,
  counterpartyName: null,
  counterpartyIban: null,
  description: "",
  reference: null,
  ...overrides,
});

const proposalFor = (bankLine: MatchableLine, openPurchases = PURCHASES) =>
  proposeBookings([bankLine], context(openPurchases)).get(bankLine.id) ?? null;

/** What a purchase proposal pays, as 'id amount' pairs, and whether it is certain. */
const summary = (proposal: Proposal | null) =>
  proposal?.kind === "purchase_invoices"
    ? {
        certain: proposal.certain,
        paid: proposal.payments.map((payment) => `${payment.purchase.id} ${payment.amountCents}`),
      }
    : (proposal?.kind ?? null);

describe("proposeBookings: money out pays purchase invoices", () => {
  it.each<[string, Partial<MatchableLine>, ReturnType<typeof summary>]>([
    [
      "the betalingskenmerk as the structured reference",
      { reference: "1234567890123456", counterpartyIban: "NL02ABNA0123456789" },
      { certain: true, paid: ["p-jansen 17550"] },
    ],
    [
      "the betalingskenmerk in groups in the description, beside a date",
      { description: "Betalingskenmerk 1234.5678.9012.3456 25-03-2026" },
      { certain: true, paid: ["p-jansen 17550"] },
    ],
    [
      "the invoice number in the description, whoever it is paid to",
      { description: "Factuur 2026-0042" },
      { certain: true, paid: ["p-jansen 17550"] },
    ],
    [
      "a partial payment of the one invoice named",
      { amountCents: -5_000, description: "Termijn 2026-0042" },
      { certain: false, paid: ["p-jansen 5000"] },
    ],
    [
      "one transfer for two invoices of the supplier, by their short numbers",
      { amountCents: -30_250, counterpartyIban: SNEL_IBAN, description: "D-9 D-10" },
      { certain: true, paid: ["p-snel 24200", "p-snel-2 6050"] },
    ],
    [
      "two invoices named, not all paid: the oldest first",
      { amountCents: -25_000, counterpartyIban: SNEL_IBAN, description: "D-9 D-10" },
      { certain: false, paid: ["p-snel 24200", "p-snel-2 800"] },
    ],
    [
      "the exact open amount to the supplier's IBAN",
      { amountCents: -24_200, counterpartyIban: SNEL_IBAN, description: "Drukwerk" },
      { certain: true, paid: ["p-snel 24200"] },
    ],
    [
      "the exact open amount to the supplier's name only: not certain",
      { amountCents: -6_050, counterpartyName: "KOERIERS B.V.", description: "Zending" },
      { certain: false, paid: ["p-koerier 6050"] },
    ],
    [
      "the exact open amount to the IBAN, when the name of another supplier matches too",
      { amountCents: -6_050, counterpartyName: "Koeriers", counterpartyIban: SNEL_IBAN },
      { certain: true, paid: ["p-snel-2 6050"] },
    ],
  ])("%s", (_name, overrides, expected) => {
    expect(summary(proposalFor(line(overrides)))).toEqual(expected);
  });

  it.each<[string, Partial<MatchableLine>]>([
    ["the same amount to someone else", { amountCents: -24_200, counterpartyIban: "NL02ABNA0123456789" }],
    ["a short number on a line to another party", { amountCents: -1_000, description: "Bon D-9" }],
    ["money in", { amountCents: 17_550, reference: "1234567890123456" }],
    ["too few digits to be a reference", { amountCents: -1_000, description: "Kassa 12345" }],
  ])("proposes no purchase invoice for %s", (_name, overrides) => {
    expect(summary(proposalFor(line(overrides)))).toBeNull();
  });

  it("is not certain when two invoices of that amount are open at the IBAN", () => {
    const twins = [
      purchase({ id: "a", invoiceNumber: "A-1", paymentReference: null }),
      purchase({ id: "b", invoiceNumber: "A-2", paymentReference: null }),
    ];
    expect(summary(proposalFor(line({ counterpartyIban: JANSEN_IBAN }), twins))).toEqual({
      certain: false,
      paid: ["a 17550"],
    });
  });

  it("does not offer an invoice one line paid to the next, and says what it proposes", () => {
    const first = line({
      id: "first",
      bookingDate: "2026-03-24",
      counterpartyIban: SNEL_IBAN,
      amountCents: -24_200,
    });
    const second = line({ id: "second", counterpartyIban: SNEL_IBAN, amountCents: -24_200 });
    const proposals = proposeBookings([second, first], context());
    expect(proposals.get("first")).toMatchObject({
      kind: "purchase_invoices",
      label: "Betaling inkoopfactuur D-9 (Drukkerij Snel)",
    });
    expect(proposals.get("second")).toBeNull();
    expect(proposalFor(line({ amountCents: -5_000, description: "2026-0042" }))).toMatchObject({
      label: `Deelbetaling inkoopfactuur 2026-0042 (${formatEuro(5_000)} van ${formatEuro(17_550)})`,
    });
  });
});
