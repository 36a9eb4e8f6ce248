/**
 * Issuing an invoice: the one operation that turns a draft into an invoice, whatever the path (the form with
 * status sent, 'Markeren als verstuurd', 'Versturen per e-mail', a credit note, the hours dialog). In the
 * caller's transaction it checks what Wet OB art. 35a asks, freezes the client and the seller, gives the next
 * number of the series, posts the journal entry (refused in a filed VAT period) and settles the open amount.
 * No other code changes an invoice from draft to issued.
 */
import { eq } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { VAT_RATE_HUNDREDTHS } from "../../../shared/invoices/math";
import { korAppliesOn } from "../../../shared/kor";
import { EU_COUNTRIES } from "../../../shared/vat";
import { formatDate } from "../../../shared/format";
import type { Client } from "../../../shared/schemas/clients";
import { missingInvoiceCompanyFields, type InvoiceCompanyField } from "../../../shared/schemas/settings";
import type { Database } from "../../db/client";
import { invoices, type InvoiceClientSnapshot, type InvoiceSellerSnapshot } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { assertPeriodsOpen } from "../ledger/lock";
import { postInvoices } from "../ledger/posting";
import { getCompanyProfile } from "../settings/service";
import { lastIssueDateInSeries, lockSeries, takeNextInvoiceNumber } from "./numbering";
import {
  clientForInvoice,
  clientSnapshotOf,
  findOwnRow,
  itemsOf,
  sellerSnapshotOf,
  type InvoiceRow,
} from "./records";
import { settleInvoices } from "./settlement";

/** Where the request came from: the (English) invoice form, or the (Dutch) list and its dialogs. */
export type IssueVia = "form" | "list";

/** The seller's fields an invoice needs, as the list (Dutch) and the form (English) name them. */
const COMPANY_FIELD_NAMES: Readonly<Record<InvoiceCompanyField, Readonly<Record<IssueVia, string>>>> = {
  tradeName: { list: "handelsnaam", form: "trade name" },
  address: { list: "adres", form: "address" },
  postalCode: { list: "postcode", form: "postcode" },
  city: { list: "plaats", form: "city" },
  kvkNumber: { list: "KvK-nummer", form: "KvK number" },
  vatNumber: { list: "btw-id", form: "VAT ID" },
};

export const ISSUE_MESSAGES = {
  alreadyIssued: { list: "Deze factuur is al verstuurd.", form: "This invoice has already been sent." },
  noLines: {
    list: "Een factuur heeft minstens één regel nodig met omschrijving, aantal en btw-tarief. Bewerk het concept en voeg een regel toe.",
    form: "Add at least one line with a description, quantity and VAT rate.",
  },
  noClient: {
    list: "Deze factuur heeft geen klant meer. Kies een klant in het concept.",
    form: "Client is required",
  },
  clientGone: {
    list: "Klant niet gevonden. Kies een andere klant in het concept.",
    form: "Client not found",
  },
  reverseChargeNeedsVat: {
    list: "Btw verlegd vraagt het btw-nummer van de klant. Vul het eerst in bij de klant.",
    form: "Reverse charge requires the client's VAT number. Add it to the client first.",
  },
  intraEuNeedsEuClient: {
    list: "Een intracommunautaire levering vraagt een klant in een ander EU-land met btw-nummer. Vul land en btw-nummer in bij de klant.",
    form: "An intra-EU supply of goods requires a client in another EU country with a VAT number. Add them to the client first.",
  },
  kor: {
    list: "Je gebruikt de kleineondernemersregeling (KOR): alle regels moeten vrijgesteld van btw zijn.",
    form: "You use the small-business scheme (KOR): invoice lines must be VAT exempt.",
  },
  companyIncomplete: {
    list: (missing: string[]) =>
      `Vul eerst je bedrijfsgegevens aan bij Instellingen → Bedrijfsgegevens. Dit ontbreekt nog: ${missing.join(", ")}.`,
    form: (missing: string[]) =>
      `Complete your company details in Settings first: trade name, address, postcode, city, KvK number and VAT ID are required on an invoice (missing: ${missing.join(", ")}).`,
  },
  dateBeforeLast: {
    list: (last: string) =>
      `De factuurdatum ligt vóór die van je laatst verstuurde factuur (${formatDate(last)}). Nummers en datums lopen samen op: kies ${formatDate(last)} of later.`,
    form: (last: string) =>
      `The issue date is before your last sent invoice's date (${formatDate(last)}): numbers and dates run together. Choose ${formatDate(last)} or later.`,
  },
} as const;

/** Issues the draft `invoiceId` inside `tx`; answers the number it got. */
export async function issueInvoice(
  tx: Database,
  userId: string,
  invoiceId: string,
  { now, via }: { now: Date; via: IssueVia },
): Promise<string> {
  const row = await findOwnRow(tx, userId, invoiceId, true);
  if (row.status !== "draft") throw new AppError(409, ISSUE_MESSAGES.alreadyIssued[via]);
  const items = await itemsOf(tx, invoiceId);
  // A credit note mirrors the invoice it corrects: its client, seller and (an old invoice's lack of) lines.
  const isCreditNote = row.creditNoteForNumber !== null;
  if (items.length === 0 && !isCreditNote) {
    throw new AppError(409, ISSUE_MESSAGES.noLines[via], {
      fieldErrors: { items: ISSUE_MESSAGES.noLines[via] },
    });
  }
  const snapshots = isCreditNote ? {} : await freshSnapshots(tx, userId, row, items, via);

  // A filed VAT period is closed whatever else is wrong: say that first (postInvoices holds it too).
  await assertPeriodsOpen(tx, userId, [row.issueDate]);
  // One issue at a time per user from here: two at once could otherwise both pass the date check.
  await lockSeries(tx, userId);
  const last = await lastIssueDateInSeries(tx, userId, row.issueDate);
  if (last && row.issueDate < last) {
    throw invalidField("issueDate", ISSUE_MESSAGES.dateBeforeLast[via](last), 409);
  }
  const invoiceNumber = await takeNextInvoiceNumber(tx, userId, row.issueDate);
  await tx
    .update(invoices)
    // A credit note is settled with the invoice it corrects: nothing is open on it.
    .set({
      status: "sent",
      sentAt: now,
      invoiceNumber,
      openAmount: isCreditNote ? "0" : row.total,
      ...snapshots,
    })
    .where(eq(invoices.id, invoiceId));
  await postInvoices(tx, userId, [invoiceId]);
  await settleInvoices(tx, userId, [invoiceId], businessDate(now));
  return invoiceNumber;
}

/** The client and seller as they are now, after checking that the invoice can carry them. */
async function freshSnapshots(
  tx: Database,
  userId: string,
  row: InvoiceRow,
  items: readonly { vatCategory: keyof typeof VAT_RATE_HUNDREDTHS }[],
  via: IssueVia,
): Promise<{ clientSnapshot: InvoiceClientSnapshot; sellerSnapshot: InvoiceSellerSnapshot }> {
  if (!row.clientId) throw invalidField("clientId", ISSUE_MESSAGES.noClient[via], 409);
  const client: Client = await clientForInvoice(tx, userId, row.clientId, ISSUE_MESSAGES.clientGone[via]);
  const company = await getCompanyProfile(tx, userId);
  const missing = missingInvoiceCompanyFields(company, row.issueDate).map(
    (field) => COMPANY_FIELD_NAMES[field][via],
  );
  if (!company.isSaved || missing.length > 0) {
    const message = ISSUE_MESSAGES.companyIncomplete[via](
      missing.length > 0 ? missing : [via === "list" ? "bedrijfsgegevens" : "company details"],
    );
    // The field 'companyProfile' tells the screens to offer a link to Settings.
    throw new AppError(409, message, { fieldErrors: { companyProfile: message } });
  }
  // KOR (Wet OB art. 25) on the issue date: no VAT charged; the invoice states the exemption (seller snapshot).
  if (
    korAppliesOn(company, row.issueDate) &&
    items.some((item) => VAT_RATE_HUNDREDTHS[item.vatCategory] > 0)
  ) {
    throw new AppError(409, ISSUE_MESSAGES.kor[via]);
  }
  if (items.some((item) => item.vatCategory === "reverse_charge") && !client.taxNumber) {
    throw new AppError(409, ISSUE_MESSAGES.reverseChargeNeedsVat[via]);
  }
  // An intra-community supply is 0% only to a business registered for VAT in another member state (art. 138 BTW-richtlijn).
  const isOtherEuBusiness =
    client.country !== "NL" &&
    (EU_COUNTRIES as readonly string[]).includes(client.country) &&
    !!client.taxNumber;
  if (items.some((item) => item.vatCategory === "intra_eu_goods") && !isOtherEuBusiness) {
    throw new AppError(409, ISSUE_MESSAGES.intraEuNeedsEuClient[via]);
  }
  return {
    clientSnapshot: clientSnapshotOf(client),
    sellerSnapshot: sellerSnapshotOf(company, row.issueDate),
  };
}
