import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import { centsToDecimal } from "../../../shared/money";
import {
  BalanceSheetAnswerSchema,
  BookYearsAnswerSchema,
  DateQuerySchema,
  LedgerAccountAnswerSchema,
  ProfitAndLossAnswerSchema,
  RangeQuerySchema,
  ReopenYearInputSchema,
  VatCorrectionResolveSchema,
  VatFilingInputSchema,
  VatPeriodsAnswerSchema,
  VatReturnAnswerSchema,
  YearParamsSchema,
  YearQuerySchema,
  type AccountLineAnswer,
  type BalanceSheetAnswer,
  type LedgerAccountAnswer,
  type ProfitAndLossAnswer,
  type VatPeriodsAnswer,
} from "../../../shared/schemas/ledger";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { getCompanyProfile } from "../settings/service";
import { balanceSheet, listAccountBalances, profitAndLoss, vatPeriodsOf, type AccountLine } from "./queries";
import { renderVatReturnPdf, vatReturnFilename, vatReturnToCsv } from "./vat-export";
import { openVatCorrection, resolveVatCorrection } from "./vat-corrections";
import { fileVatReturn, getVatReturn, toVatReturnAnswer } from "./vat-filing";
import { checkVatPeriod, checkVatYear } from "./vat-years";
import { closeYear, listBookYears, reopenYear } from "./year-end";

const PeriodParamsSchema = z.object({ period: z.string() });

const toLineAnswer = (line: AccountLine): AccountLineAnswer => ({
  accountId: line.accountId,
  code: line.code,
  rgsCode: line.rgsCode,
  name: line.name,
  amount: centsToDecimal(line.amountCents),
});

/** The books and the VAT return of the signed-in user; everything is scoped to `request.user.id`. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const today = () => businessDate(clock());

  /** The chart of accounts with each account's balance at the end of the date (default today). */
  app.get(
    "/api/ledger/accounts",
    { schema: { querystring: DateQuerySchema, response: { 200: z.array(LedgerAccountAnswerSchema) } } },
    async (request) => {
      const accounts = await listAccountBalances(db, request.user.id, {
        date: request.query.date ?? today(),
      });
      return accounts.map((account): LedgerAccountAnswer => ({
        id: account.id,
        code: account.code,
        rgsCode: account.rgsCode,
        name: account.name,
        kind: account.kind,
        systemKey: account.systemKey,
        bankAccountId: account.bankAccountId,
        // Natural sign: assets and costs debit-positive, the others credit-positive.
        balance: centsToDecimal(
          account.kind === "asset" || account.kind === "expense"
            ? account.balanceCents
            : -account.balanceCents,
        ),
      }));
    },
  );

  app.get(
    "/api/ledger/profit-and-loss",
    { schema: { querystring: RangeQuerySchema, response: { 200: ProfitAndLossAnswerSchema } } },
    async (request): Promise<ProfitAndLossAnswer> => {
      const { from, to } = request.query;
      const result = await profitAndLoss(db, request.user.id, { from, to });
      return {
        from,
        to,
        revenue: result.revenue.map(toLineAnswer),
        expenses: result.expenses.map(toLineAnswer),
        totalRevenue: centsToDecimal(result.totalRevenueCents),
        totalExpenses: centsToDecimal(result.totalExpensesCents),
        netProfit: centsToDecimal(result.netProfitCents),
      };
    },
  );

  app.get(
    "/api/ledger/balance-sheet",
    { schema: { querystring: DateQuerySchema, response: { 200: BalanceSheetAnswerSchema } } },
    async (request): Promise<BalanceSheetAnswer> => {
      const result = await balanceSheet(db, request.user.id, { date: request.query.date ?? today() });
      return {
        date: result.date,
        assets: result.assets.map(toLineAnswer),
        liabilities: result.liabilities.map(toLineAnswer),
        equity: result.equity.map(toLineAnswer),
        totalAssets: centsToDecimal(result.totalAssetsCents),
        totalLiabilities: centsToDecimal(result.totalLiabilitiesCents),
        totalEquity: centsToDecimal(result.totalEquityCents),
      };
    },
  );

  /** The periods of a year (default this year) in the user's frequency, with state, deadline and 5g. */
  app.get(
    "/api/vat-returns",
    { schema: { querystring: YearQuerySchema, response: { 200: VatPeriodsAnswerSchema } } },
    async (request): Promise<VatPeriodsAnswer> => {
      const year = request.query.year ?? Number(today().slice(0, 4));
      const years = await checkVatYear(db, request.user.id, year, today());
      const result = await vatPeriodsOf(db, request.user.id, year, today());
      return { year, ...years, ...result };
    },
  );

  /** The period of the path, within the administration's years (vat-years.ts). */
  const periodOf = async (request: { user: { id: string }; params: { period: string } }) =>
    (await checkVatPeriod(db, request.user.id, request.params.period, today())).id;

  app.get(
    "/api/vat-returns/:period",
    { schema: { params: PeriodParamsSchema, response: { 200: VatReturnAnswerSchema } } },
    async (request) =>
      toVatReturnAnswer(await getVatReturn(db, request.user.id, await periodOf(request), today())),
  );

  app.post(
    "/api/vat-returns/:period/file",
    {
      schema: {
        params: PeriodParamsSchema,
        body: VatFilingInputSchema,
        response: { 200: VatReturnAnswerSchema },
      },
    },
    async (request) =>
      toVatReturnAnswer(
        await fileVatReturn(db, request.user.id, await periodOf(request), request.body, today()),
      ),
  );

  /** 'Corrigeren': a filed period takes bookings again until the correction is resolved. */
  app.post(
    "/api/vat-returns/:period/corrections",
    { schema: { params: PeriodParamsSchema, response: { 200: VatReturnAnswerSchema } } },
    async (request) => {
      const period = await periodOf(request);
      await openVatCorrection(db, request.user.id, period, today());
      return toVatReturnAnswer(await getVatReturn(db, request.user.id, period, today()));
    },
  );

  /** Ends the open correction: by suppletie, in the next return (≤ € 1,000), or without a difference. */
  app.post(
    "/api/vat-returns/:period/corrections/resolve",
    {
      schema: {
        params: PeriodParamsSchema,
        body: VatCorrectionResolveSchema,
        response: { 200: VatReturnAnswerSchema },
      },
    },
    async (request) => {
      const period = await periodOf(request);
      await resolveVatCorrection(db, request.user.id, period, request.body, today());
      return toVatReturnAnswer(await getVatReturn(db, request.user.id, period, today()));
    },
  );

  app.get(
    "/api/vat-returns/:period/csv",
    { schema: { params: PeriodParamsSchema } },
    async (request, reply) => {
      const result = await getVatReturn(db, request.user.id, await periodOf(request), today());
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${vatReturnFilename(result.period.id, "csv")}"`)
        .send(vatReturnToCsv(result));
    },
  );

  app.get(
    "/api/vat-returns/:period/pdf",
    { schema: { params: PeriodParamsSchema } },
    async (request, reply) => {
      const result = await getVatReturn(db, request.user.id, await periodOf(request), today());
      const company = await getCompanyProfile(db, request.user.id);
      const pdf = await renderVatReturnPdf(result, company.tradeName ?? "");
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `attachment; filename="${vatReturnFilename(result.period.id, "pdf")}"`)
        .send(pdf);
    },
  );

  // Jaarafsluiting: the book years with their state, and closing or reopening one.
  app.get("/api/ledger/years", { schema: { response: { 200: BookYearsAnswerSchema } } }, (request) =>
    listBookYears(db, request.user.id, today()),
  );

  app.post(
    "/api/ledger/years/:year/close",
    { schema: { params: YearParamsSchema, response: { 200: BookYearsAnswerSchema } } },
    async (request) => {
      await closeYear(db, request.user.id, request.params.year, clock());
      return listBookYears(db, request.user.id, today());
    },
  );

  app.post(
    "/api/ledger/years/:year/reopen",
    {
      schema: {
        params: YearParamsSchema,
        body: ReopenYearInputSchema,
        response: { 200: BookYearsAnswerSchema },
      },
    },
    async (request) => {
      await reopenYear(db, request.user.id, request.params.year, request.body, clock());
      return listBookYears(db, request.user.id, today());
    },
  );
};
