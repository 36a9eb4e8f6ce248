import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fieldsFromText } from "./text-fields";
import { amountsIn, datesIn, ibansIn, repairDigits, vatNumbersIn } from "./text-patterns";
import type { ReadFields } from "./types";

const snippet = (name: string) =>
  readFileSync(new URL(`./fixtures/text/${name}.txt`, import.meta.url), "utf8");

function valuesOf(fields: ReadFields): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.value]));
}

describe("fieldsFromText on receipts and invoices", () => {
  it("a supermarket receipt with a VAT table (BTW / OVER / EUR)", () => {
    expect(valuesOf(fieldsFromText(snippet("supermarket"), "ocr"))).toEqual({
      supplierName: "ALBERT HEIJN",
      invoiceNumber: "0245",
      invoiceDate: "2026-03-12",
      totalCents: 1245,
      vatLines: [
        { ratePercent: 21, baseCents: 578, vatCents: 121 },
        { ratePercent: 9, baseCents: 501, vatCents: 45 },
      ],
      currency: "EUR",
    });
  });

  it("a fuel station receipt: TOTAAL EUR, litres that are no amount, the base from 'Excl. BTW'", () => {
    expect(valuesOf(fieldsFromText(snippet("fuel-station"), "ocr"))).toEqual({
      supplierName: "TINQ Utrecht Papendorp",
      supplierVatNumber: "NL123456789B01",
      supplierKvkNumber: "12345678",
      supplierCountry: "NL",
      invoiceNumber: "000123",
      invoiceDate: "2026-03-12",
      totalCents: 7847,
      vatLines: [{ ratePercent: 21, baseCents: 6485, vatCents: 1362 }],
      currency: "EUR",
    });
  });

  it("a webshop invoice: '12 maart 2026', the buyer's block skipped, the IBAN in groups", () => {
    expect(valuesOf(fieldsFromText(snippet("webshop"), "pdf_text"))).toEqual({
      supplierName: "Coolblue B.V.",
      supplierVatNumber: "NL810433941B01",
      supplierKvkNumber: "24431892",
      supplierCountry: "NL",
      supplierIban: "NL91ABNA0417164300",
      invoiceNumber: "912345678",
      invoiceDate: "2026-03-12",
      totalCents: 50000,
      vatLines: [{ ratePercent: 21, baseCents: 41322, vatCents: 8678 }],
      currency: "EUR",
    });
  });

  it("an English SaaS invoice with the VAT reverse charged", () => {
    expect(valuesOf(fieldsFromText(snippet("saas-english"), "pdf_text"))).toEqual({
      supplierName: "Acme Cloud Ltd",
      supplierVatNumber: "IE6388047V",
      supplierCountry: "IE",
      supplierIban: "IE29AIBK93115212345678",
      paymentReference: "RF18539007547034",
      invoiceNumber: "ACME-2026-0312",
      invoiceDate: "2026-03-12",
      dueDate: "2026-04-11",
      reverseCharge: true,
      totalCents: 4900,
      vatLines: [{ ratePercent: 0, baseCents: 4900, vatCents: 0 }],
      currency: "EUR",
    });
  });

  it("a Dutch invoice at two rates ('21% btw over € 100,00 € 21,00'), a betalingskenmerk and a due date", () => {
    expect(valuesOf(fieldsFromText(snippet("printer-two-rates"), "pdf_text"))).toEqual({
      supplierName: "Drukkerij Van Dam V.O.F.",
      supplierVatNumber: "NL853746333B01",
      supplierKvkNumber: "87654321",
      supplierCountry: "NL",
      supplierIban: "NL44RABO0123456789",
      paymentReference: "1234567890123456",
      invoiceNumber: "F-2026-117",
      invoiceDate: "2026-02-03",
      dueDate: "2026-02-17",
      totalCents: 17550,
      vatLines: [
        { ratePercent: 21, baseCents: 10000, vatCents: 2100 },
        { ratePercent: 9, baseCents: 5000, vatCents: 450 },
      ],
      currency: "EUR",
    });
  });

  it("a recognised receipt with O for 0, l for 1 and S for 5", () => {
    const fields = fieldsFromText(snippet("ocr-receipt"), "ocr", 0.8);
    expect(valuesOf(fields)).toMatchObject({
      supplierName: "JUMBO Utrecht Overvecht",
      invoiceDate: "2026-03-12",
      totalCents: 1637,
      vatLines: [
        { ratePercent: 21, baseCents: 602, vatCents: 127 },
        { ratePercent: 9, baseCents: 833, vatCents: 75 },
      ],
    });
    for (const field of Object.values(fields)) {
      expect(field.source).toBe("ocr");
      expect(field.confidence).toBeLessThan(0.8);
    }
  });
});

describe("fieldsFromText per field", () => {
  it.each([
    ["Totaal € 121,00", 12100],
    ["Totaal incl. btw   € 1.234,56", 123456],
    ["Te betalen: EUR 99,95", 9995],
    ["TOTAAL EUR 12,50", 1250],
    ["Total $1,234.56", 123456],
    ["Amount due €49.00 EUR", 4900],
    ["Grand total: 2,500.00", 250000],
    ["Totaal € 250,-", 25000],
    ["Totaal € 121", 12100],
    ["Totaal 12 ,50", 1250],
    ["TOTAAL l2,5O", 1250],
    ["Totaal\n€ 42,00", 4200],
    ["Totaal € -12,50", -1250],
  ])("total of %j is %i cents", (text, cents) => {
    expect(fieldsFromText(text, "pdf_text").totalCents?.value).toBe(cents);
  });

  it("prefers 'Totaal incl. btw' over the amount left to pay after a payment", () => {
    const text = "Totaal incl. btw € 121,00\nReeds betaald € 121,00\nTe betalen € 0,00";
    expect(fieldsFromText(text, "pdf_text").totalCents?.value).toBe(12100);
  });

  it("does not take a subtotal, the VAT or the change as the total", () => {
    const text =
      "Subtotaal € 100,00\nTotaal btw € 21,00\nTotaal € 121,00\nContant € 150,00\nWisselgeld € 29,00";
    expect(fieldsFromText(text, "pdf_text").totalCents?.value).toBe(12100);
  });

  it.each([
    ["BTW 21% € 21,00", [{ ratePercent: 21, baseCents: null, vatCents: 2100 }]],
    ["21% btw over € 100,00 € 21,00", [{ ratePercent: 21, baseCents: 10000, vatCents: 2100 }]],
    ["VAT 21% of €100.00: €21.00", [{ ratePercent: 21, baseCents: 10000, vatCents: 2100 }]],
    ["VAT (20%) £20.00", [{ ratePercent: 20, baseCents: null, vatCents: 2000 }]],
    [
      "Btw hoog € 21,00\nBtw laag € 4,50",
      [
        { ratePercent: 21, baseCents: null, vatCents: 2100 },
        { ratePercent: 9, baseCents: null, vatCents: 450 },
      ],
    ],
    [
      "BTW%   Excl.   BTW   Incl.\n9,00%   18,35   1,65   20,00\n21,00%   4,13   0,87   5,00",
      [
        { ratePercent: 21, baseCents: 413, vatCents: 87 },
        { ratePercent: 9, baseCents: 1835, vatCents: 165 },
      ],
    ],
    ["BTW\nA 9%   20,00   1,65", [{ ratePercent: 9, baseCents: 1835, vatCents: 165 }]],
  ])("VAT lines of %j", (text, lines) => {
    expect(fieldsFromText(text, "pdf_text").vatLines?.value).toEqual(lines);
  });

  it("reads 'laag' as 6% on an invoice from before 2019", () => {
    const text = "Factuurdatum: 15-06-2018\nBtw laag € 6,00\nTotaal € 106,00";
    expect(fieldsFromText(text, "pdf_text").vatLines?.value).toEqual([
      { ratePercent: 6, baseCents: 10000, vatCents: 600 },
    ]);
  });

  it("does not read 'Totaal incl. 21% btw' or an item table's rate column as VAT lines", () => {
    const text = [
      "Omschrijving   Aantal   Btw   Bedrag",
      "Advies   10   21%   € 1.000,00",
      "Totaal incl. btw (21%)   € 1.210,00",
    ].join("\n");
    const fields = fieldsFromText(text, "pdf_text");
    expect(fields.totalCents?.value).toBe(121000);
    expect(fields.vatLines).toBeUndefined();
  });

  it("infers the rate from the amounts when none is printed", () => {
    const text = "Subtotaal € 100,00\nBTW € 9,00\nTotaal € 109,00";
    expect(fieldsFromText(text, "pdf_text").vatLines?.value).toEqual([
      { ratePercent: 9, baseCents: 10000, vatCents: 900 },
    ]);
  });

  it.each([
    ["Factuurdatum: 12-03-2026", "2026-03-12"],
    ["Datum 12/03/26", "2026-03-12"],
    ["Datum: 3 maart 2026", "2026-03-03"],
    ["Factuurdatum 12 mrt. 2026", "2026-03-12"],
    ["Invoice date: 2026-03-12", "2026-03-12"],
    ["Date: March 12, 2026", "2026-03-12"],
    ["Date of issue 12 March 2026", "2026-03-12"],
    ["Date: 03/25/2026", "2026-03-25"],
    ["Datum 12.03.2026", "2026-03-12"],
    ["Vervaldatum 30-03-2026\nDatum 12-03-2026", "2026-03-12"],
    ["Due date 30-03-2026\nOrder 15-02-2026", "2026-02-15"],
  ])("invoice date of %j is %s", (text, date) => {
    expect(fieldsFromText(text, "pdf_text").invoiceDate?.value).toBe(date);
  });

  it.each([
    ["Vervaldatum: 11-04-2026", "2026-04-11"],
    ["Te betalen vóór 11 april 2026", "2026-04-11"],
    ["Te betalen voor 11-04-2026", "2026-04-11"],
    ["Due date: April 11, 2026", "2026-04-11"],
    ["Factuurdatum 12-03-2026\nBetaling binnen 14 dagen", "2026-03-26"],
    ["Invoice date 2026-03-12\nPayment terms: Net 30", "2026-04-11"],
  ])("due date of %j is %s", (text, date) => {
    expect(fieldsFromText(text, "pdf_text").dueDate?.value).toBe(date);
  });

  it.each([
    ["Factuurnummer: 2026-0042", "2026-0042"],
    ["Factuurnr. F/2026/117", "F/2026/117"],
    ["Invoice number INV-0012", "INV-0012"],
    ["Invoice #INV-0012", "INV-0012"],
    ["Invoice No. 4471", "4471"],
    ["Bonnr: 000123", "000123"],
    ["Factuurnummer   Factuurdatum\n2026-0042   12-03-2026", "2026-0042"],
    ["FACTUUR 2026-0042", "2026-0042"],
  ])("invoice number of %j is %s", (text, number) => {
    expect(fieldsFromText(text, "pdf_text").invoiceNumber?.value).toBe(number);
  });

  it.each([
    ["Betalingskenmerk: 1234 5678 9012 3456", "1234567890123456"],
    ["Kenmerk 7012345678901234", "7012345678901234"],
    ["Payment reference RF18 5390 0754 7034", "RF18539007547034"],
    ["o.v.v. factuurnummer 2026-0042", "2026-0042"],
  ])("payment reference of %j is %s", (text, reference) => {
    expect(fieldsFromText(text, "pdf_text").paymentReference?.value).toBe(reference);
  });

  it("does not take the buyer's reference ('Uw kenmerk') nor an RF reference that fails its check", () => {
    expect(
      fieldsFromText("Uw kenmerk: PO-7781\nRF19 5390 0754 7034", "pdf_text").paymentReference,
    ).toBeUndefined();
  });

  it.each([
    "btw verlegd",
    "BTW verlegd naar afnemer",
    "Verlegd",
    "Reverse charge",
    "VAT reverse charged",
    "Article 196 Council Directive 2006/112/EC",
    "Intracommunautaire levering, art. 138",
  ])("reverse charge in %j", (phrase) => {
    expect(fieldsFromText(`Factuur\n${phrase}\nTotaal € 100,00`, "pdf_text").reverseCharge?.value).toBe(true);
  });

  it("a credit note ('Creditnota', 'Credit note') gives negative amounts", () => {
    const dutch = fieldsFromText("CREDITNOTA\nBtw 21% € 21,00\nTotaal € 121,00", "pdf_text");
    expect(valuesOf(dutch)).toMatchObject({
      isCreditNote: true,
      totalCents: -12100,
      vatLines: [{ ratePercent: 21, baseCents: -10000, vatCents: -2100 }],
    });
    const english = fieldsFromText("Credit note\nCredit note number CN-12\nTotal €-50.00", "pdf_text");
    expect(valuesOf(english)).toMatchObject({
      isCreditNote: true,
      totalCents: -5000,
      invoiceNumber: "CN-12",
    });
  });

  it("takes the supplier with a legal form, not the buyer under 'Aan'", () => {
    const text =
      "FACTUUR\nPagina 1 van 1\nAan:\nBakkerij de Vries B.V.\nKerkstraat 1\n\nHovenier Groen VOF\nTuinpad 3";
    expect(fieldsFromText(text, "pdf_text").supplierName?.value).toBe("Hovenier Groen VOF");
  });

  it("finds the supplier's legal name in the footer when the letterhead is a logo", () => {
    const lines = ["FACTUUR", ...Array.from({ length: 20 }, (_, index) => `Regel ${index + 1}`)];
    lines.push("Jansen Installatie B.V. | KvK 12345678 | www.jansen.nl");
    expect(fieldsFromText(lines.join("\n"), "pdf_text").supplierName?.value).toBe("Jansen Installatie B.V.");
  });

  it("skips the buyer's VAT number and an IBAN the amount is debited from", () => {
    const text = [
      "Muster GmbH",
      "USt-IdNr. DE123456789",
      "Uw btw-nummer: NL123456789B01",
      "Het bedrag wordt via automatische incasso afgeschreven van uw rekening NL91 ABNA 0417 1643 00",
    ].join("\n");
    const fields = fieldsFromText(text, "pdf_text");
    expect(fields.supplierVatNumber?.value).toBe("DE123456789");
    expect(fields.supplierCountry?.value).toBe("DE");
    expect(fields.supplierIban).toBeUndefined();
  });

  it("names the currency of a foreign invoice", () => {
    expect(fieldsFromText("Total $1,234.56\nVAT 0%", "pdf_text").currency?.value).toBe("USD");
  });

  it("answers nothing for text without invoice data", () => {
    expect(fieldsFromText("", "ocr")).toEqual({});
    expect(fieldsFromText("Hallo, hierbij de foto's van de vakantie.", "ocr")).toEqual({});
  });
});

describe("fieldsFromText confidence", () => {
  it("is higher when base + VAT = total than when they disagree", () => {
    const agreeing = fieldsFromText("Subtotaal € 100,00\nBTW 21% € 21,00\nTotaal € 121,00", "pdf_text");
    const disagreeing = fieldsFromText("Subtotaal € 100,00\nBTW 21% € 21,00\nTotaal € 125,00", "pdf_text");
    expect(agreeing.totalCents!.confidence).toBeGreaterThan(disagreeing.totalCents!.confidence);
    expect(agreeing.vatLines!.confidence).toBeGreaterThan(disagreeing.vatLines!.confidence);
  });

  it("is lower when several totals compete", () => {
    const single = fieldsFromText("Totaal € 121,00", "pdf_text");
    const competing = fieldsFromText("Totaal € 121,00\nTotaal € 118,00", "pdf_text");
    expect(competing.totalCents!.confidence).toBeLessThan(single.totalCents!.confidence);
  });

  it("follows the recogniser's confidence and never reaches that of an e-invoice", () => {
    const text = snippet("printer-two-rates");
    const sharp = fieldsFromText(text, "ocr", 0.95);
    const blurred = fieldsFromText(text, "ocr", 0.4);
    expect(blurred.totalCents!.confidence).toBeLessThan(sharp.totalCents!.confidence);
    for (const field of Object.values(sharp)) expect(field.confidence).toBeLessThan(1);
  });

  it("stays quick on a very long text", () => {
    const long = `${snippet("printer-two-rates")}\n${"Regel 1.234,5 % € 12,50 NL91 ABNA 0417 ".repeat(40_000)}`;
    const started = performance.now();
    expect(fieldsFromText(long, "ocr").totalCents?.value).toBe(17550);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe("text tokens", () => {
  it.each([
    ["€ 12,50", [1250]],
    ["EUR 12.50", [1250]],
    ["1.234,56 en 1,234.56", [123456, 123456]],
    ["-12,50 en 12,50-", [-1250, -1250]],
    ["21,00% van 41,32 L", []],
    ["12-03-2026 14:32", []],
    ["12.03.2026", []],
    ["Artikel 1234", []],
    ["€ 1 234,56", [123456]],
  ])("amounts in %j", (text, cents) => {
    expect(amountsIn(repairDigits(text)).map((token) => token.cents)).toEqual(cents);
  });

  it.each([
    ["NL 8534.67.333.B01", "NL853467333B01"],
    ["Btw-nr: 853746333B01", "NL853746333B01"],
    ["BE 0403.019.261", "BE0403019261"],
    ["ATU12345678", "ATU12345678"],
    ["FR 11 123 456 782", "FR11123456782"],
    ["ESB12345678", "ESB12345678"],
    ["EL123456789", "EL123456789"],
    // The B read as an 8 by text recognition.
    ["BTW NL853746333801", "NL853746333B01"],
  ])("VAT number in %j is %s", (text, value) => {
    expect(vatNumbersIn(text).map((token) => token.value)).toEqual([value]);
  });

  it("IBANs with spaces, checked with their checksum", () => {
    expect(ibansIn("IBAN: NL91 ABNA 0417 1643 00 BIC ABNANL2A").map((token) => token.value)).toEqual([
      "NL91ABNA0417164300",
    ]);
    expect(ibansIn("IBAN: NL92 ABNA 0417 1643 00")).toEqual([]);
  });

  it("dates that are no dates are not read", () => {
    expect(datesIn("31-02-2026 en 2026-13-01 en 12-03-1899")).toEqual([]);
  });
});
