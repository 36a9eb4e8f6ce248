import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
import {
  BANK_MESSAGES,
  proposalInput,
  type BankLineCandidates,
} from "../../../shared/schemas/bank-statements";
import { PURCHASE_MESSAGES, type PurchaseInvoiceDetail } from "../../../shared/schemas/purchase-invoices";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { bankLines, camt053, imported, lineWith } from "../../../../tests/bank";
import { expectEveryEntryBalanced } from "../../../../tests/books";
import { createCompanyProfile } from "../../../../tests/factories";
import { postJson as post } from "../../../../tests/invoices";

let t: TestApp;

const OWN_IBAN = "NL91ABNA0417164300";
const JANSEN_IBAN = "NL20INGB0001234567";
const SNEL_IBAN = "NL44RABO0123456789";

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-30T10:00:00Z");
});
afterAll(() => t.close());

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });
const book = (as: SignedIn, lineId: string, payload: object) =>
  post(as, `/api/bank-lines/${lineId}/book`, payload);
const unbook = (as: SignedIn, lineId: string) =>
  as.request({ method: "DELETE", url: `/api/bank-lines/${lineId}/booking` });

/** A user with company data and the main account's IBAN set, € 1.000 on it since 1 January. */
async function freelancer(iban = OWN_IBAN) {
  const user = await t.signIn();
  await createCompanyProfile(t.database.db, user.user.id);
  const [main] = (await get(user, "/api/bank-accounts")).json() as Array<{ id: string }>;
  const updated = await user.request({
    method: "PUT",
    url: `/api/bank-accounts/${main!.id}`,
    payload: { name: "Zakelijk", iban, openingBalance: "1000,00", openingDate: "2026-01-01" },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return user;
}

/** A booked purchase invoice dated 10 November, through the API as the screen books one. */
async function bookedPurchase(
  as: SignedIn,
  fields: {
    supplierName: string;
    invoiceNumber?: string | null;
    iban?: string | null;
    paymentReference?: string | null;
    netAmount: string;
    vatAmount: string;
  },
): Promise<PurchaseInvoiceDetail> {
  const categories = (await get(as, "/api/categories")).json() as Array<{ id: string; name: string }>;
  const { netAmount, vatAmount, ...rest } = fields;
  const body = {
    invoiceDate: "2026-11-10",
    dueDate: "2026-12-10",
    ...rest,
    lines: [
      { vatRate: 21, netAmount, vatAmount, categoryId: categories.find((c) => c.name === "Inkoop")!.id },
    ],
  };
  const created = await post(as, "/api/purchase-invoices", body);
  expect(created.statusCode, created.body).toBe(201);
  const booked = await post(as, `/api/purchase-invoices/${created.json().id}/book`, body);
  expect(booked.statusCode, booked.body).toBe(200);
  return booked.json();
}

const purchase = async (as: SignedIn, id: string): Promise<PurchaseInvoiceDetail> =>
  (await get(as, `/api/purchase-invoices/${id}`)).json();

const ledgerBalance = async (as: SignedIn, name: string) =>
  ((await get(as, "/api/ledger/accounts")).json() as Array<{ name: string; balance: string }>).find(
    (row) => row.name === name,
  )?.balance;

const booksBalance = async (as: SignedIn) =>
  ((await get(as, "/api/bank-statements/balances")).json() as Array<{ booksBalance: string }>)[0]!
    .booksBalance;

describe("an outgoing bank line pays purchase invoices", () => {
  it("pays the invoice its betalingskenmerk names on import: Crediteuren settled, the bank moved, no cost twice", async () => {
    const user = await freelancer();
    const jansen = await bookedPurchase(user, {
      supplierName: "Groothandel Jansen",
      invoiceNumber: "2026-0042",
      iban: JANSEN_IBAN,
      paymentReference: "1234 5678 9012 3456",
      netAmount: "100,00",
      vatAmount: "21,00",
    });
    expect(await ledgerBalance(user, "Crediteuren")).toBe("121.00");
    const answer = await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "1000.00",
        entries: [
          {
            date: "2026-11-20",
            amount: "-121.00",
            name: "GROOTHANDEL JANSEN",
            iban: JANSEN_IBAN,
            reference: "1234567890123456",
          },
        ],
      }),
    );
    expect(answer).toMatchObject({ new: 1, matched: 1, toHandle: 0 });

    expect(await purchase(user, jansen.id)).toMatchObject({ status: "paid", openAmount: "0.00" });
    expect(await ledgerBalance(user, "Crediteuren")).toBe("0.00");
    expect(await booksBalance(user)).toBe("879.00");
    // The payment settles the debt; the cost and the VAT to reclaim are the invoice's, once.
    expect(await ledgerBalance(user, "Inkoopwaarde van de omzet")).toBe("100.00");
    expect(await ledgerBalance(user, "Te vorderen btw")).toBe("21.00");
    const [line] = await bankLines(user, "booked");
    expect(line).toMatchObject({
      booking: "purchase_invoices",
      bookedAs: "Betaling inkoopfactuur 2026-0042 Groothandel Jansen",
    });
    await expectEveryEntryBalanced(t.database.db, user.user.id);

    // Undone: the invoice is open again and the line proposes it again, certain.
    const undone = await unbook(user, line!.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      booking: null,
      proposal: {
        kind: "purchase_invoices",
        certain: true,
        label: "Betaling inkoopfactuur 2026-0042 (Groothandel Jansen)",
        payments: [{ purchaseInvoiceId: jansen.id, amount: "121.00", openAmount: "121.00" }],
      },
    });
    expect(await purchase(user, jansen.id)).toMatchObject({ status: "booked", openAmount: "121.00" });
    expect(await ledgerBalance(user, "Crediteuren")).toBe("121.00");
    expect(await booksBalance(user)).toBe("1000.00");

    expect((await post(user, "/api/bank-lines/accept", { ids: [line!.id] })).json()).toEqual({
      booked: 1,
      skipped: 0,
    });
    expect(await purchase(user, jansen.id)).toMatchObject({ status: "paid", openAmount: "0.00" });
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("matches by the exact amount and the supplier's IBAN (certain), by name only (to confirm), and one transfer for two", async () => {
    const user = await freelancer();
    const snel = await bookedPurchase(user, {
      supplierName: "Drukkerij Snel",
      invoiceNumber: "D-9",
      iban: SNEL_IBAN,
      netAmount: "200,00",
      vatAmount: "42,00",
    });
    const courier = await bookedPurchase(user, {
      supplierName: "Koeriers BV",
      invoiceNumber: "K-1",
      netAmount: "50,00",
      vatAmount: "10,50",
    });
    const first = await bookedPurchase(user, {
      supplierName: "Groothandel Jansen",
      invoiceNumber: "2026-0061",
      iban: JANSEN_IBAN,
      netAmount: "100,00",
      vatAmount: "21,00",
    });
    const second = await bookedPurchase(user, {
      supplierName: "Groothandel Jansen",
      invoiceNumber: "2026-0062",
      iban: JANSEN_IBAN,
      netAmount: "50,00",
      vatAmount: "10,50",
    });
    const answer = await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "1000.00",
        entries: [
          { date: "2026-11-20", amount: "-242.00", name: "Snel", iban: SNEL_IBAN, text: "Drukwerk" },
          { date: "2026-11-21", amount: "-60.50", name: "KOERIERS B.V.", text: "Zending" },
          {
            date: "2026-11-22",
            amount: "-181.50",
            name: "Groothandel Jansen",
            iban: JANSEN_IBAN,
            text: "Facturen 2026-0061 en 2026-0062",
          },
          { date: "2026-11-23", amount: "-99.00", name: "Tankstation", text: "Brandstof" },
        ],
      }),
    );
    expect(answer).toMatchObject({ new: 4, matched: 2, toHandle: 2 });
    expect(await purchase(user, snel.id)).toMatchObject({ status: "paid", openAmount: "0.00" });
    expect((await purchase(user, first.id)).status).toBe("paid");
    expect((await purchase(user, second.id)).status).toBe("paid");
    expect(
      lineWith(await bankLines(user, "booked"), "Facturen")
        .bookedAs?.split(", ")
        .sort(),
    ).toEqual([
      "Betaling inkoopfactuur 2026-0061 Groothandel Jansen",
      "Betaling inkoopfactuur 2026-0062 Groothandel Jansen",
    ]);

    const open = await bankLines(user, "open");
    expect(lineWith(open, "Tankstation").proposal).toBeNull();
    const byName = lineWith(open, "Zending");
    expect(byName.proposal).toEqual({
      kind: "purchase_invoices",
      certain: false,
      label: "Betaling inkoopfactuur K-1 (Koeriers BV)",
      payments: [
        {
          purchaseInvoiceId: courier.id,
          invoiceNumber: "K-1",
          supplierName: "Koeriers BV",
          openAmount: "60.50",
          amount: "60.50",
        },
      ],
    });
    const accepted = await book(user, byName.id, proposalInput(byName.proposal!));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await purchase(user, courier.id)).toMatchObject({ status: "paid", openAmount: "0.00" });
    expect(await ledgerBalance(user, "Crediteuren")).toBe("0.00");
    // 1.000 − 242 − 60,50 − 181,50; the fuel still to handle.
    expect(await booksBalance(user)).toBe("516.00");
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("books a partial payment of the invoice it names, only for the whole line and money out", async () => {
    const user = await freelancer();
    const jansen = await bookedPurchase(user, {
      supplierName: "Groothandel Jansen",
      invoiceNumber: "2026-0050",
      iban: JANSEN_IBAN,
      netAmount: "500,00",
      vatAmount: "105,00",
    });
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "1000.00",
        entries: [
          {
            date: "2026-11-20",
            amount: "-200.00",
            name: "Groothandel Jansen",
            iban: JANSEN_IBAN,
            text: "Termijn 1 factuur 2026-0050",
          },
          {
            date: "2026-11-21",
            amount: "50.00",
            name: "Groothandel Jansen",
            iban: JANSEN_IBAN,
            text: "Retour",
          },
        ],
      }),
    );
    const lines = await bankLines(user, "open");
    const partial = lineWith(lines, "Termijn");
    expect(partial.proposal).toMatchObject({
      kind: "purchase_invoices",
      certain: false,
      label: `Deelbetaling inkoopfactuur 2026-0050 (${formatEuro(20_000)} van ${formatEuro(60_500)})`,
      payments: [{ purchaseInvoiceId: jansen.id, amount: "200.00" }],
    });
    expect((await post(user, "/api/bank-lines/accept", { ids: [partial.id] })).json()).toEqual({
      booked: 0,
      skipped: 1,
    });
    const candidates = (
      await get(user, `/api/bank-lines/${partial.id}/candidates`)
    ).json() as BankLineCandidates;
    expect(candidates.invoices).toEqual([]);
    expect(candidates.purchaseInvoices).toEqual([
      {
        purchaseInvoiceId: jansen.id,
        invoiceNumber: "2026-0050",
        supplierName: "Groothandel Jansen",
        openAmount: "605.00",
        dueDate: "2026-12-10",
      },
    ]);

    const pay = (amount: string) =>
      book(user, partial.id, {
        kind: "purchase_invoices",
        payments: [{ purchaseInvoiceId: jansen.id, amount }],
      });
    const refusals: Array<[string, string, string]> = [
      [
        "150,00",
        "payments",
        `Verdeel het hele bedrag: ${formatEuro(5_000)} van de bankregel hoort nog bij geen inkoopfactuur`,
      ],
      ["250,00", "payments", BANK_MESSAGES.paymentsTooMuch],
      ["-200,00", "payments.0.amount", "Vul een bedrag groter dan 0 in"],
    ];
    for (const [amount, field, message] of refusals) {
      const refused = await pay(amount);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().fieldErrors[field]).toBe(message);
    }
    const empty = await book(user, partial.id, { kind: "purchase_invoices", payments: [] });
    expect(empty.json().fieldErrors.payments).toBe(BANK_MESSAGES.purchasePaymentsRequired);
    // Money in does not pay a purchase invoice.
    const incoming = await book(user, lineWith(lines, "Retour").id, {
      kind: "purchase_invoices",
      payments: [{ purchaseInvoiceId: jansen.id, amount: "50,00" }],
    });
    expect(incoming.statusCode).toBe(400);
    expect(incoming.json().fieldErrors.payments).toBe(BANK_MESSAGES.purchasePaymentsDirection);
    expect(await purchase(user, jansen.id)).toMatchObject({ status: "booked", openAmount: "605.00" });
    expect(await bankLines(user, "booked")).toEqual([]);

    expect((await pay("200,00")).statusCode).toBe(200);
    expect(await purchase(user, jansen.id)).toMatchObject({ status: "booked", openAmount: "405.00" });
    expect(await ledgerBalance(user, "Crediteuren")).toBe("405.00");
    expect(await booksBalance(user)).toBe("800.00");
  });

  it("does not pay another user's purchase invoice (404) and does not propose it", async () => {
    const owner = await freelancer();
    const stranger = await freelancer("NL02ABNA0123456789");
    const jansen = await bookedPurchase(owner, {
      supplierName: "Groothandel Jansen",
      invoiceNumber: "2026-0042",
      iban: JANSEN_IBAN,
      paymentReference: "1234567890123456",
      netAmount: "100,00",
      vatAmount: "21,00",
    });
    const answer = await imported(
      stranger,
      camt053({
        iban: "NL02ABNA0123456789",
        opening: "0",
        entries: [
          { date: "2026-11-20", amount: "-121.00", iban: JANSEN_IBAN, reference: "1234567890123456" },
        ],
      }),
    );
    expect(answer).toMatchObject({ matched: 0, toHandle: 1 });
    const [line] = await bankLines(stranger, "open");
    expect(line!.proposal).toBeNull();
    const candidates = (await get(stranger, `/api/bank-lines/${line!.id}/candidates`)).json();
    expect(candidates.purchaseInvoices).toEqual([]);
    const refused = await book(stranger, line!.id, {
      kind: "purchase_invoices",
      payments: [{ purchaseInvoiceId: jansen.id, amount: "121.00" }],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PURCHASE_MESSAGES.notFound);
    expect(await purchase(owner, jansen.id)).toMatchObject({ status: "booked", openAmount: "121.00" });
    expect((await bankLines(stranger, "open"))[0]!.booking).toBeNull();
  });
});
