import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import { YearQuerySchema } from "../../../shared/schemas/ledger";
import {
  VatCorrectionResolveSchema,
  VatFilingInputSchema,
  VatPeriodsAnswerSchema,
  VatReturnAnswerSchema,
  type VatPeriodsAnswer,
} from "../../../shared/schemas/vat-returns";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { getCompanyProfile } from "../settings/service";
import { openVatCorrection, resolveVatCorrection } from "./corrections";
import { renderVatReturnPdf, vatReturnFilename, vatReturnToCsv } from "./documents";
import { fileVatReturn, getVatReturn, toVatReturnAnswer } from "./filing";
import { vatPeriodsOf } from "./queries";
import { checkVatPeriod, checkVatYear } from "./years";

const PeriodParamsSchema = z.object({ period: z.string() });

/** The VAT returns of the signed-in user: the periods, one return, filing, correcting and its CSV and PDF. */
export const vatReturnRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const today = () => businessDate(clock());

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

  /** The period of the path, within the administration's years (years.ts). */
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
};
