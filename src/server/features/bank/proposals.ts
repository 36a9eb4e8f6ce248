/**
 * The best way to book each bank line, best source first:
 * 1. a transaction already booked by hand for the same money (link it, book nothing twice);
 * 2. the user's rules ('Voortaan automatisch');
 * 3. a transfer between the user's own accounts;
 * 4. open sales invoices: by invoice number (or EPC remittance) in the description, else by the exact open amount
 *    and the payer's IBAN or name — partial payments, one transfer for several invoices, small differences;
 * 5. open purchase invoices, for money out: by payment reference (betalingskenmerk) or invoice number, else by
 *    the exact open amount to the supplier's IBAN or name — partial payments, one transfer for several invoices;
 * 6. the Belastingdienst (a VAT payment or refund);
 * 7. how the same counterparty was booked last time.
 * Pure: everything it needs is passed in, so thousands of lines are matched in memory against indexes.
 * `certain` proposals may be booked without a look (bulk accept, automatic matching on import).
 */
import { formatEuro } from "../../../shared/format";
import type { BalanceBooking } from "../../../shared/schemas/bank-statements";
import type { OpenInvoiceForMatching } from "../invoices/service";
import type { OpenPurchaseForMatching } from "../purchase-invoices/records";
import type { UnlinkedTransaction } from "../transactions/bank-lines";
import { daysBetween } from "../../../shared/dates";

export type MatchableLine = {
  id: string;
  bankAccountId: string;
  bookingDate: string;
  amountCents: number;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  description: string;
  reference: string | null;
};

export type MatchRule = {
  id: string;
  name: string;
  direction: "in" | "out" | "any";
  counterpartyIban: string | null;
  counterpartyName: string | null;
  descriptionContains: string | null;
  amountMinCents: number | null;
  amountMaxCents: number | null;
  booking: "category" | BalanceBooking;
  categoryId: string | null;
  categoryName: string | null;
  vatRate: number | null;
  clientId: string | null;
};

export type PurchasePayment = { purchase: OpenPurchaseForMatching; amountCents: number };

export type LearnedBooking = { categoryId: string; categoryName: string; vatRate: number };

export type MatchContext = {
  openInvoices: readonly OpenInvoiceForMatching[];
  openPurchases: readonly OpenPurchaseForMatching[];
  rules: readonly MatchRule[];
  ownIbans: ReadonlySet<string>;
  unlinkedTransactions: readonly UnlinkedTransaction[];
  /** The last category booking per counterparty IBAN (or lower-case name when there is no IBAN). */
  learned: ReadonlyMap<string, LearnedBooking>;
};

export type Proposal =
  | {
      kind: "invoices";
      certain: boolean;
      label: string;
      payments: Array<{ invoice: OpenInvoiceForMatching; amountCents: number }>;
      /** Line amount less the payments; negative: short of them (bank costs) and written off when accepted. */
      differenceCents: number;
    }
  | {
      kind: "purchase_invoices";
      certain: boolean;
      label: string;
      /** Positive amounts paid to the suppliers; together the whole (negative) line. */
      payments: PurchasePayment[];
    }
  | { kind: "existing"; certain: boolean; label: string; transactionId: string }
  | {
      kind: "category";
      certain: boolean;
      label: string;
      categoryId: string;
      vatRate: number;
      clientId: string | null;
      ruleId: string | null;
    }
  | { kind: BalanceBooking; certain: boolean; label: string; ruleId: string | null };

/** The Belastingdienst's own account for VAT payments (belastingdienst.nl, 'Betalen'). */
const BELASTINGDIENST_IBAN = "NL86INGB0002445588";
/** A payer short of the open amount by at most this much has paid it, less bank costs (written off). */
export const WRITE_OFF_LIMIT_CENTS = 1000;
/** 'Bestaande transactie' looks this many days either side of the bank's date. */
const EXISTING_WINDOW_DAYS = 5;
/** Fewer digits than this are too common in a bank text to recognise a payment reference by. */
const MIN_REFERENCE_DIGITS = 7;
/** A purchase invoice number this short ('D-9', '1234') names the invoice only on a line to its supplier. */
const MIN_LOOSE_NUMBER_LENGTH = 6;

const normalise = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");
const TOKEN = /[A-Z0-9][A-Z0-9\-/._]*[A-Z0-9]|[0-9]/g;

/** Keys an invoice number is known by: as written, and without a letter prefix ('F2026-0001' → '20260001'). */
function numberKeys(invoiceNumber: string): string[] {
  const full = normalise(invoiceNumber);
  const digits = full.replace(/^[A-Z]+/, "");
  return digits !== full && digits.length >= 5 ? [full, digits] : [full];
}

/**
 * Every number a bank text spells, digits only, also when written in groups ('1234 5678 9012 3456',
 * 'RF18 5390 0754 7034'): each run of groups whole and in parts, so a reference next to a date is still seen.
 */
function digitStrings(text: string): Set<string> {
  const found = new Set<string>();
  for (const run of text.match(/\d+(?:[ .-]\d+)*/g) ?? []) {
    const groups = run.split(/[ .-]/);
    for (let start = 0; start < groups.length; start += 1) {
      let joined = "";
      for (let end = start; end < groups.length && joined.length <= 40; end += 1) {
        joined += groups[end];
        if (joined.length >= MIN_REFERENCE_DIGITS) found.add(joined);
      }
    }
  }
  return found;
}

const daysApart = (a: string, b: string) => Math.abs(daysBetween(a, b));

const sameName = (a: string | null, b: string | null) => {
  if (!a || !b) return false;
  const x = a.toLowerCase().replace(/[^a-z0-9]/g, "");
  const y = b.toLowerCase().replace(/[^a-z0-9]/g, "");
  return x.length >= 3 && y.length >= 3 && (x.includes(y) || y.includes(x));
};

export function ruleMatches(rule: MatchRule, line: MatchableLine): boolean {
  if (rule.direction === "in" && line.amountCents <= 0) return false;
  if (rule.direction === "out" && line.amountCents >= 0) return false;
  if (rule.counterpartyIban && rule.counterpartyIban !== line.counterpartyIban) return false;
  if (
    rule.counterpartyName &&
    !(line.counterpartyName ?? "").toLowerCase().includes(rule.counterpartyName.toLowerCase())
  ) {
    return false;
  }
  if (
    rule.descriptionContains &&
    !line.description.toLowerCase().includes(rule.descriptionContains.toLowerCase())
  )
    return false;
  const size = Math.abs(line.amountCents);
  if (rule.amountMinCents !== null && size < Math.abs(rule.amountMinCents)) return false;
  if (rule.amountMaxCents !== null && size > Math.abs(rule.amountMaxCents)) return false;
  if (rule.booking === "category" && !rule.categoryId) return false;
  return true;
}

const BALANCE_LABELS: Readonly<Record<BalanceBooking, string>> = {
  private: "Privé",
  transfer: "Overboeking eigen rekening",
  vat: "Btw-betaling of -teruggaaf",
};

function ruleProposal(rule: MatchRule): Proposal {
  if (rule.booking !== "category") {
    return {
      kind: rule.booking,
      certain: true,
      label: `${BALANCE_LABELS[rule.booking]} (regel ${rule.name})`,
      ruleId: rule.id,
    };
  }
  return {
    kind: "category",
    certain: true,
    label: `${rule.categoryName ?? "Categorie"}, ${rule.vatRate ?? 21}% btw (regel ${rule.name})`,
    categoryId: rule.categoryId!,
    vatRate: rule.vatRate ?? 21,
    clientId: rule.clientId,
    ruleId: rule.id,
  };
}

/** Matches many lines at once; invoices and transactions one line claims are not offered to the next. */
export function proposeBookings(
  lines: readonly MatchableLine[],
  context: MatchContext,
): Map<string, Proposal | null> {
  const open = new Map(context.openInvoices.map((invoice) => [invoice.id, invoice.openCents]));
  const byNumber = new Map<string, OpenInvoiceForMatching[]>();
  const byAmount = new Map<number, OpenInvoiceForMatching[]>();
  for (const invoice of context.openInvoices) {
    for (const key of numberKeys(invoice.invoiceNumber)) {
      byNumber.set(key, [...(byNumber.get(key) ?? []), invoice]);
    }
    byAmount.set(invoice.openCents, [...(byAmount.get(invoice.openCents) ?? []), invoice]);
  }
  const existingByAmount = new Map<number, UnlinkedTransaction[]>();
  for (const transaction of context.unlinkedTransactions) {
    existingByAmount.set(transaction.amountCents, [
      ...(existingByAmount.get(transaction.amountCents) ?? []),
      transaction,
    ]);
  }
  const claimedTransactions = new Set<string>();
  const purchaseOpen = new Map(context.openPurchases.map((purchase) => [purchase.id, purchase.openCents]));
  const purchasesByNumber = new Map<string, OpenPurchaseForMatching[]>();
  const purchasesByReference = new Map<string, OpenPurchaseForMatching[]>();
  const purchasesByAmount = new Map<number, OpenPurchaseForMatching[]>();
  for (const purchase of context.openPurchases) {
    for (const key of purchase.invoiceNumber ? numberKeys(purchase.invoiceNumber) : []) {
      if (key) addTo(purchasesByNumber, key, purchase);
    }
    const reference = (purchase.paymentReference ?? "").replace(/\D/g, "");
    if (reference.length >= MIN_REFERENCE_DIGITS) addTo(purchasesByReference, reference, purchase);
    addTo(purchasesByAmount, purchase.openCents, purchase);
  }

  // Oldest first: the first payment of an invoice is the one that pays it.
  const chronological = [...lines].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
  const result = new Map<string, Proposal | null>();
  for (const line of chronological) result.set(line.id, propose(line));
  return result;

  function propose(line: MatchableLine): Proposal | null {
    if (line.amountCents === 0) return null;
    const existing = existingProposal(line);
    if (existing) return existing;
    const rule = context.rules.find((candidate) => ruleMatches(candidate, line));
    if (rule) return ruleProposal(rule);
    if (line.counterpartyIban && context.ownIbans.has(line.counterpartyIban)) {
      return { kind: "transfer", certain: true, label: BALANCE_LABELS.transfer, ruleId: null };
    }
    if (line.amountCents > 0) {
      const invoices = invoiceProposal(line);
      if (invoices) return invoices;
    } else {
      const purchases = purchaseProposal(line);
      if (purchases) return purchases;
    }
    if (
      line.counterpartyIban === BELASTINGDIENST_IBAN ||
      (line.counterpartyName ?? "").toLowerCase().includes("belastingdienst")
    ) {
      return { kind: "vat", certain: false, label: BALANCE_LABELS.vat, ruleId: null };
    }
    const learned = context.learned.get(line.counterpartyIban ?? (line.counterpartyName ?? "").toLowerCase());
    if (learned) {
      return {
        kind: "category",
        certain: false,
        label: `${learned.categoryName}, ${learned.vatRate}% btw (zoals de vorige keer)`,
        categoryId: learned.categoryId,
        vatRate: learned.vatRate,
        clientId: null,
        ruleId: null,
      };
    }
    return null;
  }

  function existingProposal(line: MatchableLine): Proposal | null {
    const day = line.bookingDate;
    const candidates = (existingByAmount.get(line.amountCents) ?? []).filter(
      (transaction) =>
        !claimedTransactions.has(transaction.id) &&
        (transaction.bankAccountId === null || transaction.bankAccountId === line.bankAccountId) &&
        daysApart(transaction.date, day) <= EXISTING_WINDOW_DAYS,
    );
    if (candidates.length === 0) return null;
    candidates.sort((a, b) => daysApart(a.date, day) - daysApart(b.date, day));
    const best = candidates[0]!;
    claimedTransactions.add(best.id);
    return {
      kind: "existing",
      certain: candidates.length === 1 && daysApart(best.date, day) <= 3,
      label: `Al geboekt: ${best.description} (${best.date.split("-").reverse().join("-")})`,
      transactionId: best.id,
    };
  }

  function invoiceProposal(line: MatchableLine): Proposal | null {
    const text = `${line.reference ?? ""} ${line.description}`.toUpperCase();
    const named = new Map<string, OpenInvoiceForMatching>();
    for (const token of text.match(TOKEN) ?? []) {
      for (const invoice of byNumber.get(normalise(token)) ?? []) {
        if ((open.get(invoice.id) ?? 0) > 0) named.set(invoice.id, invoice);
      }
    }
    if (named.size > 0) return namedInvoices(line, [...named.values()]);
    // No number: the exact open amount, from the client (IBAN or name) — or the only invoice of that amount.
    const sameAmount = (byAmount.get(line.amountCents) ?? []).filter(
      (invoice) => (open.get(invoice.id) ?? 0) === line.amountCents,
    );
    if (sameAmount.length === 0) return null;
    const fromClient = sameAmount.filter(
      (invoice) =>
        (invoice.clientIban !== null && invoice.clientIban === line.counterpartyIban) ||
        sameName(invoice.clientName, line.counterpartyName),
    );
    const chosen = fromClient.length > 0 ? fromClient : sameAmount;
    const invoice = chosen[0]!;
    return claim(line, [{ invoice, amountCents: line.amountCents }], fromClient.length === 1);
  }

  function namedInvoices(line: MatchableLine, invoices: OpenInvoiceForMatching[]): Proposal {
    invoices.sort(
      (a, b) => a.dueDate.localeCompare(b.dueDate) || a.invoiceNumber.localeCompare(b.invoiceNumber),
    );
    const openOf = (invoice: OpenInvoiceForMatching) => open.get(invoice.id) ?? 0;
    const total = invoices.reduce((sum, invoice) => sum + openOf(invoice), 0);
    if (total === line.amountCents) {
      return claim(
        line,
        invoices.map((invoice) => ({ invoice, amountCents: openOf(invoice) })),
        true,
      );
    }
    if (line.amountCents < total && total - line.amountCents <= WRITE_OFF_LIMIT_CENTS) {
      // Short by a little: the payer's bank costs, written off when accepted.
      return claim(
        line,
        invoices.map((invoice) => ({ invoice, amountCents: openOf(invoice) })),
        false,
      );
    }
    if (invoices.length === 1) {
      // A partial payment, or more than was open (the rest stays as a credit to refund).
      return claim(line, [{ invoice: invoices[0]!, amountCents: line.amountCents }], false);
    }
    // Several invoices, not all paid: the oldest first, as far as the money goes.
    let left = line.amountCents;
    const payments: Array<{ invoice: OpenInvoiceForMatching; amountCents: number }> = [];
    for (const invoice of invoices) {
      if (left <= 0) break;
      const amount = Math.min(left, openOf(invoice));
      payments.push({ invoice, amountCents: amount });
      left -= amount;
    }
    if (left > 0) payments[payments.length - 1]!.amountCents += left;
    return claim(line, payments, false);
  }

  function claim(
    line: MatchableLine,
    payments: Array<{ invoice: OpenInvoiceForMatching; amountCents: number }>,
    certain: boolean,
  ): Proposal {
    for (const payment of payments) {
      open.set(payment.invoice.id, (open.get(payment.invoice.id) ?? 0) - payment.amountCents);
    }
    const paid = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
    const numbers = payments.map((payment) => payment.invoice.invoiceNumber).join(", ");
    const single = payments.length === 1 ? payments[0]! : null;
    const label = single
      ? single.amountCents < single.invoice.openCents && paid === line.amountCents
        ? `Deelbetaling factuur ${numbers} (${formatEuro(single.amountCents)} van ${formatEuro(single.invoice.openCents)})`
        : `Betaling factuur ${numbers}${single.invoice.clientName ? ` (${single.invoice.clientName})` : ""}`
      : `Betaling facturen ${numbers}`;
    const differenceCents = line.amountCents - paid;
    return {
      kind: "invoices",
      certain,
      label: differenceCents < 0 ? `${label}, verschil ${formatEuro(-differenceCents)} afboeken` : label,
      payments,
      differenceCents,
    };
  }

  function purchaseProposal(line: MatchableLine): Proposal | null {
    const paid = -line.amountCents;
    const isOpen = (purchase: OpenPurchaseForMatching) => (purchaseOpen.get(purchase.id) ?? 0) > 0;
    const isToIban = (purchase: OpenPurchaseForMatching) =>
      purchase.supplierIban !== null && purchase.supplierIban === line.counterpartyIban;
    const isToSupplier = (purchase: OpenPurchaseForMatching) =>
      isToIban(purchase) || sameName(purchase.supplierName, line.counterpartyName);
    const text = `${line.reference ?? ""} ${line.description}`;
    const named = new Map<string, OpenPurchaseForMatching>();
    // The betalingskenmerk as the bank passes it on, spaces and dots or not.
    for (const digits of digitStrings(text)) {
      for (const purchase of purchasesByReference.get(digits) ?? []) {
        if (isOpen(purchase)) named.set(purchase.id, purchase);
      }
    }
    for (const token of text.toUpperCase().match(TOKEN) ?? []) {
      const key = normalise(token);
      for (const purchase of purchasesByNumber.get(key) ?? []) {
        if (isOpen(purchase) && (key.length >= MIN_LOOSE_NUMBER_LENGTH || isToSupplier(purchase))) {
          named.set(purchase.id, purchase);
        }
      }
    }
    if (named.size > 0) return namedPurchases(paid, [...named.values()]);
    // No reference or number: the exact open amount, to the supplier — certain only for one by IBAN.
    const sameAmount = (purchasesByAmount.get(paid) ?? []).filter(
      (purchase) => (purchaseOpen.get(purchase.id) ?? 0) === paid && isToSupplier(purchase),
    );
    if (sameAmount.length === 0) return null;
    const byIban = sameAmount.filter(isToIban);
    const purchase = (byIban.length > 0 ? byIban : sameAmount)[0]!;
    return claimPurchases([{ purchase, amountCents: paid }], byIban.length === 1);
  }

  function namedPurchases(paid: number, purchases: OpenPurchaseForMatching[]): Proposal {
    const last = "9999-12-31";
    purchases.sort(
      (a, b) =>
        (a.dueDate ?? last).localeCompare(b.dueDate ?? last) ||
        (a.invoiceNumber ?? "").localeCompare(b.invoiceNumber ?? ""),
    );
    const openOf = (purchase: OpenPurchaseForMatching) => purchaseOpen.get(purchase.id) ?? 0;
    const total = purchases.reduce((sum, purchase) => sum + openOf(purchase), 0);
    if (total === paid) {
      return claimPurchases(
        purchases.map((purchase) => ({ purchase, amountCents: openOf(purchase) })),
        true,
      );
    }
    if (purchases.length === 1) {
      // A partial payment, or more than was open (the supplier owes the rest back).
      return claimPurchases([{ purchase: purchases[0]!, amountCents: paid }], false);
    }
    // Several invoices, not all paid: the oldest first, as far as the money goes.
    let left = paid;
    const payments: PurchasePayment[] = [];
    for (const purchase of purchases) {
      if (left <= 0) break;
      const amount = Math.min(left, openOf(purchase));
      payments.push({ purchase, amountCents: amount });
      left -= amount;
    }
    if (left > 0) payments[payments.length - 1]!.amountCents += left;
    return claimPurchases(payments, false);
  }

  function claimPurchases(payments: PurchasePayment[], certain: boolean): Proposal {
    const single = payments.length === 1 ? payments[0]! : null;
    const label = single
      ? purchaseLabel(single, purchaseOpen.get(single.purchase.id) ?? 0)
      : `Betaling inkoopfacturen ${payments
          .map(
            (payment) => payment.purchase.invoiceNumber ?? payment.purchase.supplierName ?? "zonder nummer",
          )
          .join(", ")}`;
    for (const payment of payments) {
      purchaseOpen.set(
        payment.purchase.id,
        (purchaseOpen.get(payment.purchase.id) ?? 0) - payment.amountCents,
      );
    }
    return { kind: "purchase_invoices", certain, label, payments };
  }
}

/** 'Betaling inkoopfactuur 2026-0042 (Groothandel Jansen)'; 'Deelbetaling inkoopfactuur 2026-0042 (€ 50,00 van …)'. */
function purchaseLabel(payment: PurchasePayment, openCents: number): string {
  const { invoiceNumber, supplierName } = payment.purchase;
  const which = invoiceNumber ?? (supplierName ? `van ${supplierName}` : "zonder nummer");
  if (payment.amountCents < openCents) {
    return `Deelbetaling inkoopfactuur ${which} (${formatEuro(payment.amountCents)} van ${formatEuro(openCents)})`;
  }
  return `Betaling inkoopfactuur ${which}${invoiceNumber && supplierName ? ` (${supplierName})` : ""}`;
}

function addTo<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}
