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
  YearParamsSchema,
  type AccountLineAnswer,
  type BalanceSheetAnswer,
  type LedgerAccountAnswer,
  type ProfitAndLossAnswer,
} from "../../../shared/schemas/ledger";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { balanceSheet, listAccountBalances, profitAndLoss, type AccountLine } from "./queries";
import { closeYear, listBookYears, reopenYear } from "./year-end";

const toLineAnswer = (line: AccountLine): AccountLineAnswer => ({
  accountId: line.accountId,
  code: line.code,
  rgsCode: line.rgsCode,
  name: line.name,
  amount: centsToDecimal(line.amountCents),
});

/** The books of the signed-in user; everything is scoped to `request.user.id`. */
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
