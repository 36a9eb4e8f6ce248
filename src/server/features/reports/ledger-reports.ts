/**
 * The reports that read the books (the ledger feature's queries), so that they agree with the dashboard, the
 * VAT return and each other to the cent:
 * 1. Winst & verlies per revenue and cost account.
 * 2. Balans at the period's last day: assets against liabilities and equity (which include the results).
 * 3. BTW-aangifte: the return of every VAT period the chosen range touches, rubriek by rubriek.
 */
import { businessDate } from "../../../shared/dates";
import { formatDate } from "../../../shared/format";
import { centsToDecimal } from "../../../shared/money";
import type { DateRange } from "../../../shared/periods";
import type { ReportRow, ReportSection } from "../../../shared/schemas/reports";
import { VAT_PERIOD_STATE_LABELS } from "../../../shared/vat-periods";
import type { Database } from "../../db/client";
import { balanceSheet, profitAndLoss, type AccountLine } from "../ledger/queries";
import { icpLines, vatPeriodsOf, vatReturn, wholeEuros } from "../vat-returns/queries";
import { icpLabel } from "../vat-returns/documents";
import type { ReportBody } from "./service";

const accountColumns = [
  { key: "code", label: "Rekening", kind: "text" as const, narrow: true },
  { key: "name", label: "Omschrijving", kind: "text" as const },
  { key: "amount", label: "Bedrag", kind: "money" as const },
];

const accountRows = (lines: readonly AccountLine[]): ReportRow[] =>
  lines.map((line) => ({
    cells: { code: line.code, name: line.name, amount: centsToDecimal(line.amountCents) },
  }));

const totalRow = (label: string, cents: number): ReportRow => ({
  cells: { code: "", name: label, amount: centsToDecimal(cents) },
  style: "total",
});

export async function profitAndLossReport(
  db: Database,
  userId: string,
  range: DateRange,
): Promise<ReportBody> {
  const pnl = await profitAndLoss(db, userId, range);
  return {
    figures: [
      { label: "Opbrengsten", kind: "money", value: centsToDecimal(pnl.totalRevenueCents) },
      { label: "Kosten", kind: "money", value: centsToDecimal(pnl.totalExpensesCents) },
      { label: "Nettowinst", kind: "money", value: centsToDecimal(pnl.netProfitCents) },
    ],
    sections: [
      {
        title: "Opbrengsten",
        columns: accountColumns,
        rows: [...accountRows(pnl.revenue), totalRow("Totaal opbrengsten", pnl.totalRevenueCents)],
      },
      {
        title: "Kosten",
        columns: accountColumns,
        rows: [...accountRows(pnl.expenses), totalRow("Totaal kosten", pnl.totalExpensesCents)],
      },
      {
        title: "Resultaat",
        columns: accountColumns,
        rows: [totalRow(pnl.netProfitCents >= 0 ? "Nettowinst" : "Nettoverlies", pnl.netProfitCents)],
      },
    ],
    notes: [
      "Uit het grootboek: verkoopfacturen op factuurdatum, transacties op boekdatum, bedragen exclusief btw.",
    ],
    links: [],
  };
}

export async function balanceSheetReport(
  db: Database,
  userId: string,
  range: DateRange,
): Promise<ReportBody> {
  const sheet = await balanceSheet(db, userId, { date: range.to });
  const totalPassiva = sheet.totalLiabilitiesCents + sheet.totalEquityCents;
  const isBalanced = sheet.totalAssetsCents === totalPassiva;
  return {
    figures: [
      { label: "Totaal activa", kind: "money", value: centsToDecimal(sheet.totalAssetsCents) },
      { label: "Vreemd vermogen", kind: "money", value: centsToDecimal(sheet.totalLiabilitiesCents) },
      { label: "Eigen vermogen", kind: "money", value: centsToDecimal(sheet.totalEquityCents) },
    ],
    sections: [
      {
        title: `Activa per ${formatDate(range.to)}`,
        columns: accountColumns,
        rows: [...accountRows(sheet.assets), totalRow("Totaal activa", sheet.totalAssetsCents)],
      },
      {
        title: `Passiva per ${formatDate(range.to)}`,
        columns: accountColumns,
        rows: [
          { cells: { code: "", name: "Eigen vermogen", amount: null }, style: "heading" },
          ...accountRows(sheet.equity),
          totalRow("Totaal eigen vermogen", sheet.totalEquityCents),
          { cells: { code: "", name: "Vreemd vermogen", amount: null }, style: "heading" },
          ...accountRows(sheet.liabilities),
          totalRow("Totaal vreemd vermogen", sheet.totalLiabilitiesCents),
          totalRow("Totaal passiva", totalPassiva),
        ],
      },
    ],
    notes: [
      isBalanced
        ? "De balans sluit: totaal activa is gelijk aan totaal passiva."
        : "Let op: de balans sluit niet. Neem contact op met de ondersteuning.",
      "Het eigen vermogen bevat het resultaat van het boekjaar tot en met de balansdatum.",
    ],
    links: [],
  };
}

const vatColumns = [
  { key: "code", label: "Rubriek", kind: "text" as const, narrow: true },
  { key: "label", label: "Omschrijving", kind: "text" as const },
  { key: "turnover", label: "Omzet", kind: "money" as const },
  { key: "vat", label: "Btw", kind: "money" as const },
];
const euros = (value: number | null) => (value === null ? null : centsToDecimal(value * 100));

export async function vatReport(
  db: Database,
  userId: string,
  range: DateRange,
  now: Date,
): Promise<ReportBody> {
  const today = businessDate(now);
  const years: number[] = [];
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year++)
    years.push(year);
  const perYear = await Promise.all(years.map((year) => vatPeriodsOf(db, userId, year, today)));
  // Every period the range touches: 'deze maand' in a quarterly return shows the quarter it lies in.
  const periods = perYear
    .flatMap((year) => year.periods)
    .filter((period) => period.startDate <= range.to && period.endDate >= range.from);

  const sections: ReportSection[] = [];
  const links: ReportBody["links"] = [{ label: "Belastingen openen", href: "/app/taxes" }];
  let totalEuros = 0;
  let returnCount = 0;
  const korPeriods: string[] = [];
  for (const period of periods) {
    const vat = await vatReturn(db, userId, period.id, today);
    if (!vat) continue;
    if (vat.isKorApplied) korPeriods.push(vat.period.label);
    totalEuros += vat.totalEuros;
    returnCount += 1;
    sections.push({
      title: `${vat.period.label} · ${VAT_PERIOD_STATE_LABELS[vat.period.state]} · uiterlijk ${formatDate(vat.period.deadline)}`,
      columns: vatColumns,
      rows: vat.rubrieken.map((rubriek) => ({
        cells: {
          code: rubriek.code,
          label: rubriek.label,
          turnover: euros(rubriek.turnoverEuros),
          vat: euros(rubriek.vatEuros),
        },
        ...(rubriek.code === "5g" ? { style: "total" as const } : {}),
      })),
    });
    const icp = await icpLines(db, userId, vat.period);
    if (icp.length > 0) {
      sections.push({
        title: `Opgaaf ICP ${vat.period.label} (diensten aan ondernemers in andere EU-landen, rubriek 3b)`,
        columns: vatColumns,
        rows: icp.map((line) => ({
          cells: {
            code: "ICP",
            label: icpLabel(line),
            turnover: euros(wholeEuros(line.amountCents)),
            vat: null,
          },
        })),
      });
    }
    links.push(
      {
        label: `${vat.period.label} als PDF`,
        href: `/api/vat-returns/${encodeURIComponent(vat.period.id)}/pdf`,
      },
      {
        label: `${vat.period.label} als CSV`,
        href: `/api/vat-returns/${encodeURIComponent(vat.period.id)}/csv`,
      },
    );
  }
  return {
    figures: [
      {
        label: totalEuros < 0 ? "Terug te vragen" : "Te betalen",
        kind: "money",
        value: centsToDecimal(Math.abs(totalEuros) * 100),
      },
      { label: "Aangiftes", kind: "number", value: returnCount },
    ],
    sections,
    notes: [
      ...(korPeriods.length > 0
        ? [
            `Je gebruikt de kleineondernemersregeling (KOR): over ${korPeriods.join(", ")} hoef je geen btw-aangifte te doen.`,
          ]
        : []),
      "Factuurstelsel: verkopen op factuurdatum. Bedragen in hele euro's, afgerond in je voordeel zoals de Belastingdienst toestaat.",
    ],
    links,
  };
}
