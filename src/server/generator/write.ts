/**
 * Writes a generated account for an existing user (who has no data yet) with bulk multi-row inserts, a few
 * thousand rows per statement, so that even the large account is written in seconds. Ids are random UUIDs,
 * so the same generated data can be written for many users. Then the books: rebuildLedger posts the journal
 * of everything that was written, so the account's ledger balances like one built event by event.
 */
import { randomUUID } from "node:crypto";
import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { businessMoment } from "../../shared/dates";
import { computeLine, quantityToDecimal, VAT_RATE_HUNDREDTHS } from "../../shared/invoices/math";
import { NO_KOR } from "../../shared/kor";
import { centsToDecimal } from "../../shared/money";
import type { Database } from "../db/client";
import {
  bankAccounts,
  categories,
  clients,
  companyProfiles,
  invoiceItems,
  invoiceNumberCounters,
  invoicePayments,
  invoices,
  invoiceTimeEntries,
  projects,
  timeEntries,
  transactions,
} from "../db/schema/index";
import { clientSnapshotOf, sellerSnapshotOf } from "../features/invoices/records";
import { settleInvoices } from "../features/invoices/settlement";
import { rebuildLedger } from "../features/ledger/posting";
import { fileVatReturn } from "../features/vat-returns/filing";
import { defaultVatTreatment } from "../features/categories/service";
import { createSupplier } from "../features/clients/suppliers";
import { recordPurchasePayment } from "../features/purchase-invoices/payments";
import { bookPurchaseInvoice, createPurchaseInvoice } from "../features/purchase-invoices/service";
import { PaymentInputSchema } from "../../shared/schemas/invoices";
import type { BookingVatTreatment } from "../../shared/schemas/transactions";
import { PurchaseInvoiceInputSchema } from "../../shared/schemas/purchase-invoices";
import type { GeneratedAccount, GeneratedPurchaseInvoice } from "./generate";

/** From this many transactions the planner needs fresh statistics before the books are posted. */
const LARGE_ACCOUNT_ROWS = 10_000;
/** Rows per INSERT: one JSON parameter each, so the size only bounds memory. */
const ROWS_PER_STATEMENT = 5000;

/**
 * Inserts rows (in Drizzle's insert shape) as one JSON parameter per statement, unpacked by json_to_recordset:
 * binding thousands of separate parameters costs far more than the insert itself, on PGlite above all.
 * Columns left out of the rows get their defaults; every row must have the same keys.
 */
async function insertRows<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: ReadonlyArray<TTable["$inferInsert"]>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!);
  const names = keys.map((key) => sql.identifier(columns[key]!.name));
  const definitions = keys.map(
    (key) => sql`${sql.identifier(columns[key]!.name)} ${sql.raw(columns[key]!.getSQLType())}`,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
      const record: Record<string, unknown> = {};
      for (const key of keys) {
        const value = (row as Record<string, unknown>)[key];
        record[columns[key]!.name] = value instanceof Date ? value.toISOString() : value;
      }
      return record;
    });
    await db.execute(sql`insert into ${table} (${sql.join(names, sql`, `)})
      select ${sql.join(names, sql`, `)} from json_to_recordset(${JSON.stringify(chunk)}::json)
      as rows(${sql.join(definitions, sql`, `)})`);
  }
}

const decimal = centsToDecimal;
const rate = (percent: number) => centsToDecimal(percent * 100);

export async function writeGeneratedAccount(
  db: Database,
  userId: string,
  account: GeneratedAccount,
): Promise<void> {
  const { company } = account;
  await db.insert(companyProfiles).values({ userId, ...company });

  const bankAccountIds = account.bankAccounts.map(() => randomUUID());
  await db.insert(bankAccounts).values(
    account.bankAccounts.map((row, index) => ({
      id: bankAccountIds[index]!,
      userId,
      name: row.name,
      iban: row.iban,
      openingBalance: decimal(row.openingBalanceCents),
      openingDate: row.openingDate,
      isDefault: row.isDefault,
    })),
  );

  const categoryIds = new Map<string, string>();
  const categoryDefaults = new Map<string, { vatTreatment: BookingVatTreatment }>();
  await db.insert(categories).values(
    account.categories.map((row) => {
      const id = randomUUID();
      categoryIds.set(`${row.type}:${row.name}`, id);
      categoryDefaults.set(`${row.type}:${row.name}`, { vatTreatment: row.vatTreatment ?? "taxed" });
      return { id, userId, ...row };
    }),
  );

  const clientIds = account.clients.map(() => randomUUID());
  await insertRows(
    db,
    clients,
    account.clients.map((row, index) => ({ id: clientIds[index]!, userId, ...row })),
  );

  const projectIds = account.projects.map(() => randomUUID());
  await db.insert(projects).values(
    account.projects.map((row, index) => ({
      id: projectIds[index]!,
      userId,
      clientId: row.clientIndex === null ? null : clientIds[row.clientIndex]!,
      name: row.name,
      description: row.description,
      hourlyRate: row.hourlyRateCents === null ? null : decimal(row.hourlyRateCents),
      status: row.status,
    })),
  );

  const entryIds = account.timeEntries.map(() => randomUUID());
  await insertRows(
    db,
    timeEntries,
    account.timeEntries.map((row, index) => ({
      id: entryIds[index]!,
      userId,
      projectId: projectIds[row.projectIndex]!,
      clientId: row.clientIndex === null ? null : clientIds[row.clientIndex]!,
      description: row.description,
      startTime: new Date(row.startTime),
      endTime: new Date(row.endTime),
      duration: row.durationMinutes,
      hourlyRate: row.hourlyRateCents === null ? null : decimal(row.hourlyRateCents),
      isBillable: row.isBillable,
      isInvoiced: row.invoiceIndex !== null,
    })),
  );

  // Generated companies do not use the KOR.
  const sellerOn = (issueDate: string) => sellerSnapshotOf({ ...company, ...NO_KOR }, issueDate);
  const snapshotOf = (clientIndex: number) => clientSnapshotOf(account.clients[clientIndex]!);
  const invoiceIds = account.invoices.map(() => randomUUID());
  await insertRows(
    db,
    invoices,
    account.invoices.map((row, index) => {
      const isIssued = row.status !== "draft";
      return {
        id: invoiceIds[index]!,
        userId,
        clientId: clientIds[row.clientIndex]!,
        invoiceNumber: row.invoiceNumber,
        issueDate: row.issueDate,
        dueDate: row.dueDate,
        supplyDate: row.supplyDate,
        subtotal: decimal(row.subtotalCents),
        taxAmount: decimal(row.taxAmountCents),
        total: decimal(row.totalCents),
        status: row.status,
        notes: row.notes,
        sentAt: isIssued ? businessMoment(row.issueDate, "10:00") : null,
        creditNoteForId: row.creditNoteForIndex === null ? null : invoiceIds[row.creditNoteForIndex]!,
        creditNoteForNumber:
          row.creditNoteForIndex === null ? null : account.invoices[row.creditNoteForIndex]!.invoiceNumber,
        clientSnapshot: isIssued ? snapshotOf(row.clientIndex) : null,
        sellerSnapshot: isIssued ? sellerOn(row.issueDate) : null,
      };
    }),
  );
  await insertRows(
    db,
    invoiceItems,
    account.invoices.flatMap((row, index) =>
      row.lines.map((line, position) => {
        const amounts = computeLine(line);
        return {
          userId,
          invoiceId: invoiceIds[index]!,
          position,
          description: line.description,
          quantity: quantityToDecimal(line.quantityHundredths),
          rate: decimal(line.unitPriceCents),
          vatRate: decimal(VAT_RATE_HUNDREDTHS[line.vatCategory]),
          vatCategory: line.vatCategory,
          amount: decimal(amounts.amount),
          vatAmount: decimal(amounts.vatAmount),
          totalAmount: decimal(amounts.totalAmount),
        };
      }),
    ),
  );
  await insertRows(
    db,
    invoiceTimeEntries,
    account.timeEntries.flatMap((row, index) =>
      row.invoiceIndex === null
        ? []
        : [{ userId, invoiceId: invoiceIds[row.invoiceIndex]!, timeEntryId: entryIds[index]! }],
    ),
  );
  const issuedCount = account.invoices.filter((row) => row.status !== "draft").length;
  if (issuedCount > 0) await db.insert(invoiceNumberCounters).values({ userId, lastNumber: issuedCount });

  const transactionIds = account.transactions.map(() => randomUUID());
  await insertRows(
    db,
    transactions,
    account.transactions.map((row, index) => ({
      id: transactionIds[index]!,
      userId,
      categoryId: categoryIds.get(`${row.type}:${row.categoryName}`) ?? null,
      clientId: row.clientIndex === null ? null : clientIds[row.clientIndex]!,
      invoiceId: row.invoiceIndex === null ? null : invoiceIds[row.invoiceIndex]!,
      bankAccountId: bankAccountIds[row.bankAccountIndex]!,
      description: row.description,
      amount: decimal(row.amountCents),
      vatRate: rate(row.vatRate),
      vatTreatment: defaultVatTreatment(
        categoryDefaults.get(`${row.type}:${row.categoryName}`) ?? null,
        row.vatRate * 100,
      ),
      vatAmount: decimal(row.vatAmountCents),
      amountIncludingVat: decimal(row.amountIncludingVatCents),
      type: row.type,
      date: row.date,
      status: row.status,
      isRecurring: row.isRecurring,
      recurringInterval: row.recurringInterval,
      recurringGeneratedUntil: row.recurringGeneratedUntil,
      recurringTemplateId:
        row.recurringTemplateIndex === null ? null : transactionIds[row.recurringTemplateIndex]!,
      notes: row.notes,
    })),
  );
  // A paid invoice was paid by its bank transaction: the payment record links the two.
  await insertRows(
    db,
    invoicePayments,
    account.transactions.flatMap((row, index) =>
      row.invoiceIndex === null || account.invoices[row.invoiceIndex]!.status !== "paid"
        ? []
        : [
            {
              userId,
              invoiceId: invoiceIds[row.invoiceIndex]!,
              date: row.date,
              amount: decimal(row.amountIncludingVatCents),
              method: "bank" as const,
              transactionId: transactionIds[index]!,
            },
          ],
    ),
  );
  await rebuildLedger(db, userId, { refreshStatistics: account.transactions.length > LARGE_ACCOUNT_ROWS });
  // Open amounts, statuses and paid dates as every payment and credit note sets them.
  await settleInvoices(db, userId, "all", account.today);
  for (const purchase of account.purchaseInvoices) {
    await writePurchaseInvoice(db, userId, purchase, categoryIds, account.today);
  }
  // Filed through the ledger's own service, so each filing holds the figures of the books just built.
  const lastFiledOn = account.vatFilings.at(-1)?.filedOn;
  for (const filing of account.vatFilings) {
    await fileVatReturn(db, userId, filing.period, filing, lastFiledOn!);
  }
}

/**
 * A supplier's invoice through the purchase-invoice service, as a user enters, books and pays it: the few of
 * an account are not worth a bulk path of their own, and the service posts their books and payments.
 */
async function writePurchaseInvoice(
  db: Database,
  userId: string,
  purchase: GeneratedPurchaseInvoice,
  categoryIds: Map<string, string>,
  today: string,
): Promise<void> {
  const now = businessMoment(today, "12:00");
  const supplier = await createSupplier(db, userId, purchase.supplier);
  const input = PurchaseInvoiceInputSchema.parse({
    supplierId: supplier.id,
    invoiceNumber: purchase.invoiceNumber,
    invoiceDate: purchase.invoiceDate,
    dueDate: purchase.dueDate,
    vatTreatment: purchase.vatTreatment,
    iban: purchase.supplier.iban,
    paymentReference: purchase.paymentReference,
    lines: [
      {
        description: purchase.line.description,
        categoryId: categoryIds.get(`expense:${purchase.line.categoryName}`) ?? null,
        vatRate: purchase.line.vatRate,
        netAmount: centsToDecimal(purchase.line.netAmountCents),
        // Shifted VAT is the buyer's to compute; a Dutch supplier charges it.
        vatAmount:
          purchase.vatTreatment === "domestic"
            ? centsToDecimal(Math.round((purchase.line.netAmountCents * purchase.line.vatRate) / 100))
            : null,
      },
    ],
  });
  const { id } = await createPurchaseInvoice(db, userId, input, now);
  if (purchase.status === "review") return;
  const card =
    purchase.payment?.method === "card" ? { date: purchase.payment.date, method: "card" as const } : null;
  await bookPurchaseInvoice(db, userId, id, input, card, now);
  if (purchase.payment?.method === "bank") {
    const payment = PaymentInputSchema.parse({ date: purchase.payment.date, bookTransaction: true });
    await recordPurchasePayment(db, userId, id, payment, now);
  }
}
