/**
 * Purchase invoices and receipts: one operation per business event, each owning its side effects in one
 * database transaction.
 * - addDocument: an uploaded, photographed or mailed original is kept and a purchase invoice waits for reading.
 * - applyReading: what the readers found fills the review form, the supplier matched and its defaults applied.
 * - savePurchaseInvoice: the user's corrections while it is in review.
 * - bookPurchaseInvoice: into the books (Crediteuren, cost, VAT), a new supplier created, its defaults learnt,
 *   and, for a receipt paid at the till, its payment.
 * - deletePurchaseInvoice / creditPurchaseInvoice: an unbooked one may go; a booked one is corrected by a credit.
 * Payments are in payments.ts.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates";
import { centsToDecimal, percentOf, type Cents } from "../../../shared/money";
import {
  isShiftedVat,
  PURCHASE_MESSAGES,
  type PurchaseFieldOrigin,
  type PurchaseInvoiceDetail,
  type PurchaseInvoiceInput,
  type PurchaseLineInput,
  type PurchaseSource,
  type PurchaseVatTreatment,
} from "../../../shared/schemas/purchase-invoices";
import { EU_COUNTRIES } from "../../../shared/vat";
import { formatIban, isValidIban } from "../../../shared/validators/iban";
import type { Database } from "../../db/client";
import {
  purchaseInboxes,
  purchaseInvoiceLines,
  purchaseInvoices,
  type PurchaseInvoiceRow,
} from "../../db/schema/index";
import { AppError, invalidField, type FieldErrors } from "../../errors";
import { ownExpenseCategoryIds } from "../categories/service";
import {
  createSupplier,
  findSupplier,
  learnFromPurchase,
  matchSupplier,
  type SupplierIdentity,
  type SupplierMatch,
} from "../clients/suppliers";
import { forgetDocuments, sha256Of, type DocumentStore } from "../documents/store";
import { postPurchaseInvoices } from "../ledger/posting";
import { recordPurchasePaymentIn } from "./payments";
import { detectKind, isZip } from "./reading/detect";
import type { ReadFields, ReadResult } from "./reading/types";
import { findOwnPurchase, getPurchaseInvoice, toCents, type StoredReading } from "./records";

const MIME_TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  xml: "application/xml",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  tiff: "image/tiff",
  heic: "image/heic",
};

/** The rate a buyer declares shifted VAT at unless they choose another (most services are taxed at 21%). */
const SHIFTED_DEFAULT_RATE = 21;
/** What amounts derived from a rounded VAT figure may differ from the printed total. */
const ROUNDING_CENTS = 2;
/** Without a due date on the document: the usual Dutch payment term. */
const DEFAULT_TERM_DAYS = 30;
/** The text kept for the user to look at; a long PDF's text is cut here. */
const MAX_KEPT_TEXT = 20_000;

/**
 * Keeps the original and opens a purchase invoice for it, waiting to be read (the caller queues the reading).
 * Any file is kept, even one no reader understands: the user can still book it by hand.
 */
export async function addDocument(
  db: Database,
  store: DocumentStore,
  userId: string,
  file: { fileName: string; bytes: Uint8Array; source: PurchaseSource; description?: string | null },
): Promise<{ id: string }> {
  if (file.bytes.byteLength === 0) throw new AppError(400, PURCHASE_MESSAGES.empty);
  const kind = detectKind(file.bytes);
  const mimeType = MIME_TYPES[kind] ?? (isZip(file.bytes) ? "application/zip" : "application/octet-stream");
  return db.transaction(async (tx) => {
    // One lock per user: two uploads of the same file at once cannot both pass the duplicate check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balans:documents:${userId}`}))`);
    if (await store.findDuplicate(tx, userId, sha256Of(file.bytes))) {
      throw new AppError(409, PURCHASE_MESSAGES.duplicate);
    }
    const document = await store.put(tx, userId, { fileName: file.fileName, mimeType, bytes: file.bytes });
    const [row] = await tx
      .insert(purchaseInvoices)
      .values({
        userId,
        status: "reading",
        source: file.source,
        documentId: document.id,
        description: file.description ?? null,
      })
      .returning({ id: purchaseInvoices.id });
    return row!;
  });
}

/** A purchase invoice typed in by hand, without a document (or before one arrives). */
export async function createPurchaseInvoice(
  db: Database,
  userId: string,
  input: PurchaseInvoiceInput,
  now: Date,
): Promise<PurchaseInvoiceDetail> {
  const id = await db.transaction(async (tx) => {
    const prepared = await prepare(tx, userId, input);
    const [row] = await tx
      .insert(purchaseInvoices)
      .values({ userId, status: "review", source: "manual", ...prepared.columns })
      .returning({ id: purchaseInvoices.id });
    await replaceLines(tx, userId, row!.id, prepared.lines);
    return row!.id;
  });
  return getPurchaseInvoice(db, userId, id, businessDate(now));
}

// ---- Reading ------------------------------------------------------------------------------------------------

/** Progress of a document being read, 0–100; only while it is still being read. */
export async function setReadingProgress(db: Database, id: string, percent: number): Promise<void> {
  await db
    .update(purchaseInvoices)
    .set({ readingProgress: Math.max(0, Math.min(100, Math.round(percent))) })
    .where(and(eq(purchaseInvoices.id, id), eq(purchaseInvoices.status, "reading")));
}

/** The purchase invoices still waiting to be read (after a restart), oldest first. */
export async function unreadPurchaseInvoices(db: Database): Promise<Array<{ id: string; userId: string }>> {
  return db
    .select({ id: purchaseInvoices.id, userId: purchaseInvoices.userId })
    .from(purchaseInvoices)
    .where(eq(purchaseInvoices.status, "reading"))
    .orderBy(purchaseInvoices.createdAt);
}

const origin = (field: { source: PurchaseFieldOrigin["source"]; confidence: number } | undefined) =>
  field ? { source: field.source, confidence: Math.round(field.confidence * 100) / 100 } : undefined;

/** The VAT treatment a document implies: shifted VAT by where the supplier is; otherwise charged VAT. */
function treatmentOf(fields: ReadFields): PurchaseVatTreatment | null {
  if (!fields.reverseCharge?.value) return null;
  const country = fields.supplierCountry?.value ?? compactCountry(fields.supplierVatNumber?.value);
  if (!country || country === "NL") return "reverse_charge";
  return (EU_COUNTRIES as readonly string[]).includes(country) ? "eu" : "non_eu";
}

const compactCountry = (vatNumber: string | undefined) =>
  vatNumber && /^[A-Z]{2}/.test(vatNumber.toUpperCase()) ? vatNumber.slice(0, 2).toUpperCase() : undefined;

/**
 * The lines per VAT rate from what the document states: the amount excluding VAT where given, else derived
 * from the VAT; whatever of the total the VAT lines do not explain (a deposit, an untaxed item) as a 0% line.
 * Without any VAT on the document: the total as one 0% line, and a warning, rather than a guessed rate.
 */
function linesFromReading(
  fields: ReadFields,
  shifted: boolean,
): { lines: PurchaseLineInput[]; warning?: string } {
  const total = fields.totalCents?.value ?? null;
  const vatLines = fields.vatLines?.value ?? [];
  const lines: PurchaseLineInput[] = [];
  for (const vatLine of vatLines) {
    const net =
      vatLine.baseCents ??
      (vatLines.length === 1 && total !== null
        ? total - vatLine.vatCents
        : vatLine.ratePercent > 0
          ? Math.round((vatLine.vatCents * 100) / vatLine.ratePercent)
          : 0);
    lines.push({
      description: null,
      categoryId: null,
      // The supplier's 0% under 'btw verlegd' is not the buyer's rate: they declare at the Dutch rate.
      vatRate: shifted && vatLine.ratePercent === 0 ? SHIFTED_DEFAULT_RATE : vatLine.ratePercent,
      netAmount: net,
      vatAmount: shifted ? null : vatLine.vatCents,
    });
  }
  if (total === null) return { lines };
  const explained = lines.reduce((sum, line) => sum + (line.netAmount ?? 0) + (line.vatAmount ?? 0), 0);
  const rest = total - explained;
  if (lines.length === 0) {
    return {
      lines: [
        {
          description: null,
          categoryId: null,
          vatRate: shifted ? SHIFTED_DEFAULT_RATE : 0,
          netAmount: total,
          vatAmount: shifted ? null : 0,
        },
      ],
      warning: shifted
        ? undefined
        : "Op het document is geen btw gevonden. Staat er wel btw op, vul dan het tarief en het btw-bedrag in.",
    };
  }
  if (Math.abs(rest) > ROUNDING_CENTS) {
    lines.push({ description: null, categoryId: null, vatRate: 0, netAmount: rest, vatAmount: 0 });
  } else if (rest !== 0) {
    // An amount derived from the printed VAT is a cent or two off: the printed total is what is owed.
    const largest = lines.reduce((best, line) =>
      Math.abs(line.netAmount ?? 0) > Math.abs(best.netAmount ?? 0) ? line : best,
    );
    largest.netAmount = (largest.netAmount ?? 0) + rest;
  }
  return { lines };
}

/**
 * Fills a purchase invoice being read with what the readers found, matches the supplier (btw-id, KvK, IBAN,
 * name) and applies its defaults, then puts it in review. A document deleted meanwhile is left alone.
 */
export async function applyReading(
  db: Database,
  userId: string,
  id: string,
  result: ReadResult,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(purchaseInvoices)
      .where(and(eq(purchaseInvoices.id, id), eq(purchaseInvoices.userId, userId)))
      .for("update");
    if (!row || row.status !== "reading") return;
    const { fields } = result;
    const identity: SupplierIdentity = {
      name: fields.supplierName?.value ?? null,
      vatNumber: fields.supplierVatNumber?.value ?? null,
      kvkNumber: fields.supplierKvkNumber?.value ?? null,
      iban: fields.supplierIban?.value ?? null,
      country: fields.supplierCountry?.value ?? compactCountry(fields.supplierVatNumber?.value) ?? null,
    };
    const hasIdentity = Object.values(identity).some(Boolean);
    const supplier = hasIdentity ? await matchSupplier(tx, userId, identity) : null;
    const origins: StoredReading["origins"] = {
      supplier: supplier ? { source: "supplier", confidence: 1 } : origin(fields.supplierName),
      invoiceNumber: origin(fields.invoiceNumber),
      invoiceDate: origin(fields.invoiceDate),
      dueDate: origin(fields.dueDate),
      total: origin(fields.totalCents),
      lines: origin(fields.vatLines ?? fields.totalCents),
      iban: origin(fields.supplierIban),
      paymentReference: origin(fields.paymentReference),
    };
    const readTreatment = treatmentOf(fields);
    const treatment = readTreatment ?? supplier?.defaultVatTreatment ?? "domestic";
    origins.vatTreatment = readTreatment
      ? origin(fields.reverseCharge)
      : supplier?.defaultVatTreatment
        ? { source: "supplier", confidence: 1 }
        : undefined;
    const { lines, warning } = linesFromReading(fields, isShiftedVat(treatment));
    if (supplier?.defaultCategoryId) {
      for (const line of lines) line.categoryId = supplier.defaultCategoryId;
      origins.category = { source: "supplier", confidence: 1 };
    }
    const warnings = [...result.warnings, ...(warning ? [warning] : [])];
    const currency = fields.currency?.value;
    if (currency && currency !== "EUR") {
      warnings.push(`Deze factuur is in ${currency}. Balans boekt in euro's: vul de bedragen in euro's in.`);
    }
    const reading: StoredReading = {
      method: result.method,
      origins: Object.fromEntries(Object.entries(origins).filter(([, value]) => value !== undefined)),
      warnings,
      text: result.text ? result.text.slice(0, MAX_KEPT_TEXT) : null,
      proposedSupplier:
        !supplier && identity.name
          ? {
              name: identity.name,
              vatNumber: identity.vatNumber,
              kvkNumber: identity.kvkNumber,
              iban: identity.iban,
              country: identity.country,
            }
          : null,
    };
    const computed = computeLines(lines, treatment).lines;
    await tx
      .update(purchaseInvoices)
      .set({
        status: "review",
        readingProgress: 100,
        reading,
        supplierId: supplier?.id ?? null,
        supplierName: supplier?.name ?? identity.name,
        invoiceNumber: fields.invoiceNumber?.value ?? null,
        invoiceDate: fields.invoiceDate?.value ?? null,
        dueDate: fields.dueDate?.value ?? null,
        vatTreatment: treatment,
        iban: readIban(fields.supplierIban?.value),
        paymentReference: fields.paymentReference?.value ?? null,
        total: centsToDecimal(totalOf(computed, treatment)),
      })
      .where(eq(purchaseInvoices.id, id));
    await replaceLines(tx, userId, id, computed);
  });
}

const readIban = (iban: string | undefined) => (iban && isValidIban(iban) ? formatIban(iban) : null);

/**
 * After the user saved the form: a field they changed is theirs now, and the form says so instead of naming the
 * reader it first came from.
 */
function originsAfterEdit(row: PurchaseInvoiceRow, input: PurchaseInvoiceInput): StoredReading | null {
  const reading = row.reading as StoredReading | null;
  if (!reading) return null;
  const changed: Record<string, boolean> = {
    supplier:
      input.supplierId !== row.supplierId || (input.supplierName ?? null) !== (row.supplierName ?? null),
    invoiceNumber: input.invoiceNumber !== row.invoiceNumber,
    invoiceDate: input.invoiceDate !== row.invoiceDate,
    dueDate: input.dueDate !== row.dueDate,
    vatTreatment: input.vatTreatment !== row.vatTreatment,
    iban: input.iban !== row.iban,
    paymentReference: input.paymentReference !== row.paymentReference,
  };
  const origins = { ...reading.origins };
  for (const [field, isChanged] of Object.entries(changed)) {
    if (isChanged && origins[field]) origins[field] = { source: "user", confidence: 1 };
  }
  return { ...reading, origins };
}

// ---- Review and booking -------------------------------------------------------------------------------------

type ComputedLine = {
  description: string | null;
  categoryId: string | null;
  vatRate: number;
  netCents: Cents;
  vatCents: Cents;
};

/**
 * The lines' VAT: computed by Balans when it is shifted to the buyer (the supplier charged none); as the
 * document states it otherwise, within a few cents of the rate (receipts compute VAT on the total), or
 * computed when left empty.
 */
function computeLines(
  lines: readonly PurchaseLineInput[],
  treatment: PurchaseVatTreatment,
): { lines: ComputedLine[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const computed = lines.map((line, index) => {
    const net = line.netAmount ?? 0;
    const expected = percentOf(net, line.vatRate * 100);
    let vat = isShiftedVat(treatment) ? expected : (line.vatAmount ?? expected);
    if (line.vatRate === 0 && !isShiftedVat(treatment)) vat = line.vatAmount ?? 0;
    const tolerance = Math.max(5, Math.ceil(Math.abs(expected) / 100));
    if (!isShiftedVat(treatment) && Math.abs(vat - expected) > tolerance) {
      errors[`lines.${index}.vatAmount`] = PURCHASE_MESSAGES.vatMismatch(line.vatRate);
    }
    return {
      description: line.description,
      categoryId: line.categoryId,
      vatRate: line.vatRate,
      netCents: net,
      vatCents: vat,
    };
  });
  return { lines: computed, errors };
}

/** What is owed to the supplier: the amounts plus the VAT they charged (shifted VAT is the buyer's to declare). */
const totalOf = (lines: readonly ComputedLine[], treatment: PurchaseVatTreatment) =>
  lines.reduce((sum, line) => sum + line.netCents + (isShiftedVat(treatment) ? 0 : line.vatCents), 0);

/** Checks the input against the user's categories and computes lines and totals; throws every field at once. */
async function prepare(db: Database, userId: string, input: PurchaseInvoiceInput) {
  const { lines, errors } = computeLines(input.lines, input.vatTreatment);
  const categoryIds = input.lines.map((line) => line.categoryId).filter((id): id is string => id !== null);
  const own = await ownExpenseCategoryIds(db, userId, categoryIds);
  input.lines.forEach((line, index) => {
    if (line.categoryId && !own.has(line.categoryId))
      errors[`lines.${index}.categoryId`] = PURCHASE_MESSAGES.category;
  });
  let supplier: SupplierMatch | null = null;
  if (input.supplierId) {
    supplier = await findSupplier(db, userId, input.supplierId);
    if (!supplier) errors.supplierId = PURCHASE_MESSAGES.supplierNotFound;
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(400, Object.values(errors)[0]!, { fieldErrors: errors });
  }
  const total = totalOf(lines, input.vatTreatment);
  return {
    lines,
    supplier,
    total,
    columns: {
      supplierId: supplier?.id ?? null,
      supplierName: supplier?.name ?? input.supplierName,
      invoiceNumber: input.invoiceNumber,
      invoiceDate: input.invoiceDate,
      dueDate: input.dueDate,
      description: input.description,
      vatTreatment: input.vatTreatment,
      iban: input.iban,
      paymentReference: input.paymentReference,
      total: centsToDecimal(total),
    },
  };
}

async function replaceLines(db: Database, userId: string, id: string, lines: readonly ComputedLine[]) {
  await db.delete(purchaseInvoiceLines).where(eq(purchaseInvoiceLines.purchaseInvoiceId, id));
  if (lines.length === 0) return;
  await db.insert(purchaseInvoiceLines).values(
    lines.map((line, position) => ({
      purchaseInvoiceId: id,
      position,
      userId,
      description: line.description,
      categoryId: line.categoryId,
      vatRate: String(line.vatRate),
      netAmount: centsToDecimal(line.netCents),
      vatAmount: centsToDecimal(line.vatCents),
    })),
  );
}

function assertInReview(row: PurchaseInvoiceRow): void {
  if (row.status === "reading") throw new AppError(409, PURCHASE_MESSAGES.stillReading);
  if (row.status !== "review") throw new AppError(409, PURCHASE_MESSAGES.alreadyBooked);
}

/** Saves the review form as it is; nothing is required yet and nothing is booked. */
export async function savePurchaseInvoice(
  db: Database,
  userId: string,
  id: string,
  input: PurchaseInvoiceInput,
  now: Date,
): Promise<PurchaseInvoiceDetail> {
  await db.transaction(async (tx) => {
    const row = await findOwnPurchase(tx, userId, id, true);
    assertInReview(row);
    const prepared = await prepare(tx, userId, input);
    await tx
      .update(purchaseInvoices)
      .set({ ...prepared.columns, reading: originsAfterEdit(row, input) })
      .where(eq(purchaseInvoices.id, id));
    await replaceLines(tx, userId, id, prepared.lines);
  });
  return getPurchaseInvoice(db, userId, id, businessDate(now));
}

/** A receipt paid at the till is booked and paid in one step. */
export type PaidAtOnce = { date: string; method: "bank" | "cash" | "card" | "other" } | null;

/**
 * Books the purchase invoice: saves the form, checks what a booking needs (supplier, date, an amount, a number
 * not booked before for this supplier), creates the supplier when it is new, posts the entry, learns the
 * supplier's defaults, and records the payment of a receipt paid at once. All or nothing.
 */
export async function bookPurchaseInvoice(
  db: Database,
  userId: string,
  id: string,
  input: PurchaseInvoiceInput,
  paid: PaidAtOnce,
  now: Date,
): Promise<PurchaseInvoiceDetail> {
  await db.transaction(async (tx) => {
    const row = await findOwnPurchase(tx, userId, id, true);
    assertInReview(row);
    const prepared = await prepare(tx, userId, input);
    const errors: FieldErrors = {};
    if (!prepared.supplier && !input.supplierName) errors.supplierId = PURCHASE_MESSAGES.supplierRequired;
    if (!input.invoiceDate) errors.invoiceDate = PURCHASE_MESSAGES.invoiceDateRequired;
    if (!prepared.lines.some((line) => line.netCents !== 0 || line.vatCents !== 0)) {
      errors.lines = PURCHASE_MESSAGES.linesRequired;
    }
    if (Object.keys(errors).length > 0)
      throw new AppError(400, Object.values(errors)[0]!, { fieldErrors: errors });

    const proposal = (row.reading as StoredReading | null)?.proposedSupplier ?? null;
    const identity: SupplierIdentity = {
      name: input.supplierName,
      vatNumber: proposal?.vatNumber ?? null,
      kvkNumber: proposal?.kvkNumber ?? null,
      iban: input.iban ?? proposal?.iban ?? null,
      country: proposal?.country ?? null,
    };
    const supplier =
      prepared.supplier ??
      (await matchSupplier(tx, userId, { ...identity, vatNumber: null, kvkNumber: null, iban: null })) ??
      (await createSupplier(tx, userId, { ...identity, name: input.supplierName! }));
    if (input.invoiceNumber) await assertNumberNotBooked(tx, userId, id, supplier, input.invoiceNumber);

    await tx
      .update(purchaseInvoices)
      .set({
        ...prepared.columns,
        reading: originsAfterEdit(row, input),
        supplierId: supplier.id,
        supplierName: supplier.name,
        dueDate: input.dueDate ?? addDays(input.invoiceDate!, DEFAULT_TERM_DAYS),
        status: "booked",
        openAmount: prepared.columns.total,
        bookedAt: now,
      })
      .where(eq(purchaseInvoices.id, id));
    await replaceLines(tx, userId, id, prepared.lines);
    await postPurchaseInvoices(tx, userId, [id]);
    await learnFromPurchase(tx, userId, supplier.id, {
      categoryId: prepared.lines.find((line) => line.categoryId)?.categoryId ?? null,
      vatTreatment: input.vatTreatment,
      identity,
    });
    if (paid && prepared.total !== 0) {
      const booked = await findOwnPurchase(tx, userId, id, true);
      await recordPurchasePaymentIn(
        tx,
        userId,
        booked,
        {
          date: paid.date,
          amount: null,
          method: paid.method,
          bookTransaction: false,
          bankAccountId: null,
          note: null,
        },
        now,
      );
    }
  });
  return getPurchaseInvoice(db, userId, id, businessDate(now));
}

/** The same supplier's invoice number booked twice is almost always the same invoice uploaded twice. */
async function assertNumberNotBooked(
  db: Database,
  userId: string,
  id: string,
  supplier: SupplierMatch,
  invoiceNumber: string,
): Promise<void> {
  const [duplicate] = await db
    .select({ id: purchaseInvoices.id })
    .from(purchaseInvoices)
    .where(
      and(
        eq(purchaseInvoices.userId, userId),
        eq(purchaseInvoices.supplierId, supplier.id),
        sql`lower(${purchaseInvoices.invoiceNumber}) = ${invoiceNumber.toLowerCase()}`,
        sql`${purchaseInvoices.status} in ('booked', 'paid')`,
        ne(purchaseInvoices.id, id),
      ),
    )
    .limit(1);
  if (duplicate) {
    throw invalidField("invoiceNumber", PURCHASE_MESSAGES.duplicateNumber(invoiceNumber, supplier.name), 409);
  }
}

/**
 * Removes a purchase invoice that is not booked, with its original unless another purchase invoice keeps it.
 * A booked one stays: the books and the retention duty need it; a credit corrects it.
 */
export async function deletePurchaseInvoice(
  db: Database,
  store: DocumentStore,
  userId: string,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findOwnPurchase(tx, userId, id, true);
    if (row.status === "booked" || row.status === "paid")
      throw new AppError(409, PURCHASE_MESSAGES.deleteBooked);
    await tx.delete(purchaseInvoices).where(eq(purchaseInvoices.id, id));
    if (row.documentId) {
      const [other] = await tx
        .select({ id: purchaseInvoices.id })
        .from(purchaseInvoices)
        .where(eq(purchaseInvoices.documentId, row.documentId))
        .limit(1);
      if (!other) await store.remove(tx, userId, row.documentId);
    }
  });
}

/**
 * The correction of a booked purchase invoice: a new one in review with the same supplier and the amounts
 * negated, to adjust and book (with the supplier's credit note as its document when there is one).
 */
export async function creditPurchaseInvoice(
  db: Database,
  userId: string,
  id: string,
  now: Date,
): Promise<PurchaseInvoiceDetail> {
  const creditId = await db.transaction(async (tx) => {
    const row = await findOwnPurchase(tx, userId, id, true);
    if (row.status !== "booked" && row.status !== "paid")
      throw new AppError(409, PURCHASE_MESSAGES.notBooked);
    const lines = await tx
      .select()
      .from(purchaseInvoiceLines)
      .where(eq(purchaseInvoiceLines.purchaseInvoiceId, id))
      .orderBy(purchaseInvoiceLines.position);
    const [credit] = await tx
      .insert(purchaseInvoices)
      .values({
        userId,
        status: "review",
        source: "manual",
        supplierId: row.supplierId,
        supplierName: row.supplierName,
        invoiceDate: businessDate(now),
        description: `Correctie op inkoopfactuur ${row.invoiceNumber ?? ""}`.trim(),
        vatTreatment: row.vatTreatment,
        total: centsToDecimal(-toCents(row.total)),
      })
      .returning({ id: purchaseInvoices.id });
    await replaceLines(
      tx,
      userId,
      credit!.id,
      lines.map((line) => ({
        description: line.description,
        categoryId: line.categoryId,
        vatRate: Number(line.vatRate),
        netCents: -toCents(line.netAmount),
        vatCents: -toCents(line.vatAmount),
      })),
    );
    return credit!.id;
  });
  return getPurchaseInvoice(db, userId, creditId, businessDate(now));
}

/**
 * Erasure of an account whose books must be kept: the inbox address and every purchase invoice not booked go,
 * with their originals; booked ones and their originals are fiscal records and stay for the retention period.
 */
export async function forgetUnbookedPurchases(tx: Database, userId: string): Promise<void> {
  await tx.delete(purchaseInboxes).where(eq(purchaseInboxes.userId, userId));
  const gone = await tx
    .delete(purchaseInvoices)
    .where(and(eq(purchaseInvoices.userId, userId), inArray(purchaseInvoices.status, ["reading", "review"])))
    .returning({ documentId: purchaseInvoices.documentId });
  const documentIds = [...new Set(gone.flatMap((row) => (row.documentId ? [row.documentId] : [])))];
  if (documentIds.length === 0) return;
  // An original that a booked purchase invoice also points to is that invoice's fiscal record: it stays.
  const kept = await tx
    .select({ documentId: purchaseInvoices.documentId })
    .from(purchaseInvoices)
    .where(
      and(
        eq(purchaseInvoices.userId, userId),
        inArray(purchaseInvoices.documentId, documentIds),
        inArray(purchaseInvoices.status, ["booked", "paid"]),
      ),
    );
  const keptIds = new Set(kept.map((row) => row.documentId));
  await forgetDocuments(
    tx,
    userId,
    documentIds.filter((id) => !keptIds.has(id)),
  );
}
