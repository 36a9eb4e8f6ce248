import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import {
  createClient,
  createDraftInvoice,
  expect,
  issueInvoice,
  saveCompanyData,
  test,
  toasts,
} from "./fixtures";

/** Screenshots of the Afschriften screen, for a person to look at (test-results/bank-*.png). */
const SHOTS_DIR = "test-results";

/** The user's own business account at ING; the counterparties' IBANs are valid but made up. */
const OWN_IBAN = "NL20INGB0001234567";
const CLIENT_IBAN = "NL03RABO0312456789";
const KPN_IBAN = "NL49ABNA0519283746";
const SHOP_IBAN = "NL71INGB0009876543";

/** Today in Amsterdam, "2026-03-02": the invoice is issued today and paid the same day. */
function todayInAmsterdam(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
}

/** MT940 writes a date as YYMMDD. */
const yymmdd = (isoDate: string) => isoDate.slice(2).replaceAll("-", "");

/** An MT940 field of more than 65 characters continues on the next line, cut anywhere (SWIFT 6*65x). */
function field(tag: string, text: string): string {
  const lines = text.match(/.{1,65}/g) ?? [""];
  return `:${tag}:${lines.join("\r\n")}`;
}

/**
 * An ING MT940 statement with two entries: the client pays the invoice exactly, with its number in the remittance
 * information (REMI); and KPN collects the phone subscription. Opening balance 1.000,00, closing 2.089,00.
 */
function ingMt940(date: string, invoiceNumber: string): string {
  const day = yymmdd(date);
  const entryDate = day.slice(2);
  return [
    "{1:F01INGBNL2ABXXX0000000000}",
    "{2:I940INGBNL2AXXXN}",
    "{4:",
    `:20:P${day}000000001`,
    `:25:${OWN_IBAN}EUR`,
    ":28C:00012",
    `:60F:C${day}EUR1000,00`,
    `:61:${day}${entryDate}C1210,00NTRFNONREF//${day}0012345001`,
    "/TRCD/00100/",
    field(
      "86",
      `/EREF/NOTPROVIDED//CNTP/${CLIENT_IBAN}/RABONL2U/Bakkerij De Korenschoof/OUDEWATER//REMI/USTD//Factuur ${invoiceNumber}/`,
    ),
    `:61:${day}${entryDate}D121,00NDDTNONREF//${day}0012345002`,
    "/TRCD/01028/",
    field(
      "86",
      `/EREF/7306221-0326//MARF/KPN-1234567//CSID/NL53ZZZ091734220000//CNTP/${KPN_IBAN}/ABNANL2A/KPN B.V./DEN HAAG//REMI/USTD//Abonnement zakelijk KPN-1234567 maart/`,
    ),
    `:62F:C${day}EUR2089,00`,
    `:64:C${day}EUR2089,00`,
    "-}",
    "",
  ].join("\r\n");
}

/**
 * A CAMT.053.001.02 statement of the same account, continuing where the MT940 ended: KPN again (a smaller
 * amount, so it is not the same line) and a card payment at a shop. Closing balance 1.983,00.
 */
function ingCamt053(date: string): string {
  const entry = (options: {
    amount: string;
    reference: string;
    family: string;
    subFamily: string;
    creditor: string;
    iban: string;
    text: string;
  }) => `
      <Ntry>
        <Amt Ccy="EUR">${options.amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        <AcctSvcrRef>${options.reference}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${options.family}</Cd><SubFmlyCd>${options.subFamily}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>${options.reference}-E2E</EndToEndId></Refs>
            <RltdPties>
              <Cdtr><Nm>${options.creditor}</Nm></Cdtr>
              <CdtrAcct><Id><IBAN>${options.iban}</IBAN></Id></CdtrAcct>
            </RltdPties>
            <RmtInf><Ustrd>${options.text}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>CAMT053-${date}-0001</MsgId>
      <CreDtTm>${date}T21:00:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>${OWN_IBAN}-${date}</Id>
      <ElctrncSeqNb>13</ElctrncSeqNb>
      <CreDtTm>${date}T21:00:00</CreDtTm>
      <Acct>
        <Id><IBAN>${OWN_IBAN}</IBAN></Id>
        <Ccy>EUR</Ccy>
        <Svcr><FinInstnId><BIC>INGBNL2A</BIC></FinInstnId></Svcr>
      </Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">2089.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt>
      </Bal>
      <Bal>
        <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">1983.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt>
      </Bal>
      <TxsSummry>
        <TtlNtries><NbOfNtries>2</NbOfNtries><Sum>106.00</Sum><TtlNetNtryAmt>106.00</TtlNetNtryAmt><CdtDbtInd>DBIT</CdtDbtInd></TtlNtries>
      </TxsSummry>${entry({
        amount: "60.50",
        reference: `${yymmdd(date)}0098765001`,
        family: "RDDT",
        subFamily: "ESDD",
        creditor: "KPN B.V.",
        iban: KPN_IBAN,
        text: "Abonnement zakelijk KPN-1234567 extra bundel",
      })}${entry({
        amount: "45.50",
        reference: `${yymmdd(date)}0098765002`,
        family: "CCRD",
        subFamily: "POSD",
        creditor: "Kantoorboekhandel Het Spui",
        iban: SHOP_IBAN,
        text: "Pasbetaling Kantoorboekhandel Het Spui Amsterdam",
      })}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** A client and an issued invoice of € 1.210,00 (1.000,00 + 21% VAT) through the API; its number. */
async function issueInvoiceToNewClient(page: Page): Promise<string> {
  await saveCompanyData(page);
  const clientId = await createClient(page, {
    name: "Bakkerij De Korenschoof",
    email: "els@korenschoof.nl",
    street: "Dorpsstraat",
    houseNumber: "12a",
    postalCode: "1234 AB",
    city: "Oudewater",
    paymentTermsDays: 14,
  });
  const id = await createDraftInvoice(page, clientId, [
    { description: "Huisstijl en verpakkingsontwerp", quantity: 1, unitPrice: 1000 },
  ]);
  return issueInvoice(page, id);
}

async function importFile(page: Page, name: string, content: string) {
  await page.getByRole("button", { name: "Afschrift importeren" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Afschrift importeren" });
  await dialog.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(content, "utf8"),
  });
  return dialog;
}

/** The import's figures: "Regels gelezen 2", "Nieuw 2", … */
async function expectResult(dialog: Locator, figures: Record<string, number>) {
  const result = dialog.getByRole("region", { name: "Resultaat van de import" });
  for (const [label, value] of Object.entries(figures)) {
    await expect(result).toContainText(new RegExp(`${label}\\s*${value}(?!\\d)`));
  }
}

const lines = (page: Page) => page.getByRole("list", { name: "Bankregels" }).getByRole("listitem");
const lineOf = (page: Page, text: string) => lines(page).filter({ hasText: text });

async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/bank-${name}.png`, fullPage: options.fullPage ?? false });
}

const hasSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

// Issue: Bank — import statements, reconcile the lines with the books, and let rules do it from then on.
test.describe("Afschriften", () => {
  test("MT940 with an unknown account → invoice payment matched, undone and accepted with Enter → a cost booked with a rule → CAMT.053 booked by that rule → balances", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    test.slow();
    expect(user.id).toBeTruthy();
    // Written with the screen, before the bank API was there: until it answers, this journey is skipped.
    const probe = await page.request.get("/api/bank-rules");
    test.skip(probe.status() === 404, "the bank API is not available yet");

    const invoiceNumber = await issueInvoiceToNewClient(page);
    const today = todayInAmsterdam();

    await page.goto("/app/bank");
    await expect(page.getByRole("heading", { level: 1, name: "Afschriften" })).toBeVisible();
    await expect(
      page.getByText(
        "Importeer een afschrift van je bank (CSV, MT940 of CAMT.053) om je bankregels te verwerken.",
      ),
    ).toBeVisible();
    await checkAccessibility(page, "empty bank screen");

    // MT940 of an account Balans does not know yet: add it from the dialog, and the file is imported.
    let dialog = await importFile(
      page,
      `MT940_${OWN_IBAN}_${yymmdd(today)}.sta`,
      ingMt940(today, invoiceNumber),
    );
    await expect(
      dialog.getByText("Rekening NL20 INGB 0001 2345 67 staat nog niet bij je bankrekeningen."),
    ).toBeVisible();
    await expect(dialog.getByLabel("Naam van de rekening")).toHaveValue("ING 4567");
    await dialog.getByRole("button", { name: "Rekening toevoegen" }).click();
    await expect(dialog.getByText(/is geïmporteerd als MT940/)).toBeVisible();
    // The exact payment with its invoice number is certain: booked on import; KPN waits.
    await expectResult(dialog, {
      "Regels gelezen": 2,
      Nieuw: 2,
      "Al bekend": 0,
      "Automatisch verwerkt": 1,
      "Af te handelen": 1,
    });
    await checkAccessibility(page, "import result");
    await shoot(page, "import-1280");
    await dialog.getByRole("button", { name: "Naar de bankregels" }).click();
    await expect(dialog).toBeHidden();

    const kpn = lineOf(page, "KPN B.V.");
    await expect(lines(page)).toHaveCount(1);
    await expect(kpn).toContainText("€ -121,00");
    await expect(kpn).toContainText("Geen voorstel");
    await expect(page.getByRole("tab", { name: /Af te handelen/ })).toContainText("1");

    // The invoice payment under 'Verwerkt': undo it, so that it can be reconciled from the keyboard.
    await page.getByRole("tab", { name: "Verwerkt" }).click();
    const payment = lineOf(page, "Bakkerij De Korenschoof");
    await expect(payment).toContainText(invoiceNumber);
    await payment.getByRole("button", { name: "Ongedaan maken" }).click();
    await expect(toasts(page).getByText("Verwerking ongedaan gemaakt")).toBeVisible();
    await expect(payment).toBeHidden();

    await page.getByRole("tab", { name: /Af te handelen/ }).click();
    await expect(lines(page)).toHaveCount(2);
    await expect(payment).toContainText(`Betaling factuur ${invoiceNumber}`);
    await expect(payment).toContainText("zeker");
    await expect(payment).toContainText("€ 1.210,00");
    await checkAccessibility(page, "bank lines to handle");
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, "list-1280", { fullPage: true });

    // Keyboard: focus the row, Enter accepts its proposal and the focus stays in the list, on the next row.
    await payment.focus();
    await page.keyboard.press("Enter");
    await expect(toasts(page).getByText("Bankregel verwerkt")).toBeVisible();
    await expect(payment).toBeHidden();
    await expect(kpn).toBeFocused();
    const paid = await page.request.get("/api/invoices");
    expect(JSON.stringify(await paid.json())).toContain('"status":"paid"');

    // e opens the booking dialog: a cost at 21% VAT (included in the amount), and from now on automatically.
    await page.keyboard.press("e");
    const book = page.getByRole("dialog", { name: "Bankregel verwerken" });
    await expect(book.getByRole("radio", { name: "Categorie" })).toBeChecked();
    // Money out pays a purchase invoice, never a sales invoice.
    await expect(book.getByRole("radio", { name: "Factuur", exact: true })).toHaveCount(0);
    await expect(book.getByRole("radio", { name: "Inkoopfactuur", exact: true })).not.toBeChecked();
    await book.getByLabel("Uitgavencategorie").selectOption({ label: "Telefoon en internet" });
    await book.getByRole("radio", { name: "9%" }).check();
    await expect(book.getByText("€ 121,00 = € 111,01 + € 9,99 btw")).toBeVisible();
    await book.getByRole("radio", { name: "21%" }).check();
    await expect(book.getByText("€ 121,00 = € 100,00 + € 21,00 btw")).toBeVisible();
    await book.getByLabel("Voortaan automatisch").check();
    await expect(book.getByLabel("Naam van de regel")).toHaveValue("KPN B.V.");
    await checkAccessibility(page, "booking dialog");
    await shoot(page, "book-1280");
    await book.getByRole("button", { name: "Verwerken" }).click();
    await expect(toasts(page).getByText("Regel opgeslagen; 0 andere bankregels verwerkt")).toBeVisible();
    await expect(book).toBeHidden();
    await expect(page.getByText("Alles is verwerkt")).toBeVisible();

    await page.getByRole("button", { name: "Regels" }).click();
    const rules = page.getByRole("dialog", { name: "Regels" });
    await expect(rules.getByRole("listitem")).toHaveCount(1);
    await expect(rules).toContainText("IBAN NL49 ABNA 0519 2837 46 · uitgaand");
    await expect(rules).toContainText("Telefoon en internet, 21% btw");
    await rules.getByRole("button", { name: "Sluiten" }).first().click();

    // CAMT.053 of the same account: KPN is booked by the rule at once, the shop waits.
    dialog = await importFile(page, `CAMT053_${OWN_IBAN}_${today}.xml`, ingCamt053(today));
    await expect(dialog.getByText(/is geïmporteerd als CAMT\.053/)).toBeVisible();
    await expectResult(dialog, {
      "Regels gelezen": 2,
      Nieuw: 2,
      "Al bekend": 0,
      "Automatisch verwerkt": 1,
      "Af te handelen": 1,
    });
    await dialog.getByRole("button", { name: "Naar de bankregels" }).click();
    await expect(lines(page)).toHaveCount(1);
    await expect(lineOf(page, "Kantoorboekhandel Het Spui")).toContainText("€ -45,50");

    await page.getByRole("tab", { name: "Verwerkt" }).click();
    const byRule = lines(page).filter({ hasText: "€ -60,50" });
    await expect(byRule).toContainText("KPN B.V.");
    await expect(byRule).toContainText("regel KPN B.V.");

    // The bank says 1.983,00; Balans started the new account at 0: the missing opening balance shows.
    const accounts = page.getByRole("region", { name: "Rekeningen" });
    await expect(accounts).toContainText("ING 4567");
    await expect(accounts).toContainText("€ 1.983,00");
    await expect(accounts).toContainText(
      "Verschil van € 1.000,00: er ontbreekt een afschrift of er is iets dubbel geboekt",
    );
    await page.getByRole("button", { name: /Geïmporteerde afschriften/ }).click();
    await expect(page.getByText(`CAMT053_${OWN_IBAN}_${today}.xml`)).toBeVisible();

    await page.getByRole("tab", { name: "Alles" }).click();
    await expect(lines(page)).toHaveCount(4);
    await shoot(page, "all-1280", { fullPage: true });

    // In Transacties the booked lines point back here instead of offering to edit them.
    await page.goto("/app/transactions");
    const bookedRow = page.getByRole("row").filter({ hasText: "€ -60,50" }).first();
    await expect(bookedRow.getByRole("link", { name: /Wijzigen bij Afschriften/ })).toBeVisible();
    await expect(bookedRow.getByRole("button", { name: /Bewerken/ })).toHaveCount(0);
    await page.goto("/app/bank");
    await page.getByRole("tab", { name: "Alles" }).click();
    await expect(lines(page)).toHaveCount(4);

    // 390 px: rows become cards, nothing scrolls sideways, the dialogs fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("tab", { name: /Af te handelen/ }).click();
    await expect(lines(page)).toHaveCount(1);
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, "list-390", { fullPage: true });
    await lineOf(page, "Kantoorboekhandel Het Spui").getByRole("button", { name: "Verwerken" }).click();
    await expect(book).toBeVisible();
    const box = await book.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await shoot(page, "book-390");
    await book.getByRole("button", { name: "Annuleren" }).click();
    await page.getByRole("button", { name: "Afschrift importeren" }).first().click();
    await shoot(page, "import-390");
  });
});
