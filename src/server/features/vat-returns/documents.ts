/**
 * The VAT return as documents to copy from into the Belastingdienst portal ('Mijn Belastingdienst Zakelijk'):
 * rubriek by rubriek, the whole euros to type in, and the exact amounts from the books beside them.
 */
import PDFDocument from "pdfkit";
import { formatAmount, formatDate, formatNumber } from "../../../shared/format";
import { VAT_PERIOD_STATE_LABELS } from "../../../shared/vat-periods";
import { toCsv } from "../../csv";
import { wholeEuros, type IcpLine, type VatReturnWithIcp } from "./queries";

/** Whole euros as the return prints them: "1.234"; empty where a rubriek has no such column. */
const formatEuros = (value: number | null) => (value === null ? "" : formatNumber(value, 0));
const exact = (cents: number | null) => (cents === null ? "" : formatAmount(cents));

/** "BE0403019261 Gentse Studio BV": how a line of the opgaaf ICP is named in the CSV and the PDF. */
export const icpLabel = (line: IcpLine) => `${line.vatNumber} ${line.clientName}`;

/** btw-aangifte_2026-Q3.csv */
export const vatReturnFilename = (periodId: string, extension: "csv" | "pdf") =>
  `btw-aangifte_${periodId}.${extension}`;

/** The exports' one CSV writer: semicolons, BOM, CRLF; the client names of the opgaaf ICP pass its formula guard. */
export function vatReturnToCsv(result: VatReturnWithIcp): string {
  const rows = result.rubrieken.map((rubriek) => [
    rubriek.code,
    rubriek.label,
    rubriek.turnoverEuros === null ? "" : String(rubriek.turnoverEuros),
    rubriek.vatEuros === null ? "" : String(rubriek.vatEuros),
    exact(rubriek.turnoverCents),
    exact(rubriek.vatCents),
  ]);
  // The opgaaf ICP under the rubrieken, a row per client, in the same columns.
  for (const line of result.icp) {
    rows.push(["ICP", icpLabel(line), String(wholeEuros(line.amountCents)), "", exact(line.amountCents), ""]);
  }
  return toCsv(rows, {
    header: [
      "Rubriek",
      "Omschrijving",
      "Omzet (hele euro's)",
      "Btw (hele euro's)",
      "Omzet volgens administratie",
      "Btw volgens administratie",
    ],
  });
}

const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const COLUMNS = { code: MARGIN, label: MARGIN + 40, turnover: MARGIN + 330, vat: MARGIN + 415 };

export async function renderVatReturnPdf(result: VatReturnWithIcp, companyName: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Btw-aangifte ${result.period.label}`, Author: companyName },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on("end", () => resolve(Buffer.concat(chunks))));

  pdf.font("Helvetica-Bold").fontSize(18).text(`Btw-aangifte ${result.period.label}`);
  pdf.moveDown(0.3);
  pdf.font("Helvetica").fontSize(10).fillColor("#555555");
  if (companyName) pdf.text(companyName);
  pdf.text(
    `Periode ${formatDate(result.period.startDate)} t/m ${formatDate(result.period.endDate)} · uiterlijk indienen en betalen op ${formatDate(result.period.deadline)}`,
  );
  const state = VAT_PERIOD_STATE_LABELS[result.period.state];
  pdf.text(
    result.period.filedOn
      ? `Status: ${state} op ${formatDate(result.period.filedOn)}, kenmerk ${result.period.reference}`
      : `Status: ${state}`,
  );
  pdf.fillColor("#000000").moveDown(1);
  if (result.isKorApplied) {
    pdf
      .font("Helvetica-Bold")
      .text(
        "In deze periode gebruik je de kleineondernemersregeling (KOR): je hoeft geen btw-aangifte te doen.",
      );
    pdf.moveDown(1);
  }

  const header = (y: number) => {
    pdf.font("Helvetica-Bold").fontSize(9);
    pdf.text("Rubriek", COLUMNS.code, y, { width: 40 });
    pdf.text("Omschrijving", COLUMNS.label, y, { width: 280 });
    pdf.text("Omzet", COLUMNS.turnover, y, { width: 80, align: "right" });
    pdf.text("Btw", COLUMNS.vat, y, { width: 80, align: "right" });
    pdf
      .moveTo(MARGIN, y + 14)
      .lineTo(MARGIN + CONTENT_WIDTH, y + 14)
      .strokeColor("#cccccc")
      .stroke();
    return y + 20;
  };
  let y = header(pdf.y);
  pdf.font("Helvetica").fontSize(9);
  for (const rubriek of result.rubrieken) {
    if (rubriek.code === "5a") y += 8;
    const bold = rubriek.code === "5g";
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
    const labelHeight = pdf.heightOfString(rubriek.label, { width: 280 });
    pdf.text(rubriek.code, COLUMNS.code, y, { width: 40 });
    pdf.text(rubriek.label, COLUMNS.label, y, { width: 280 });
    pdf.text(formatEuros(rubriek.turnoverEuros), COLUMNS.turnover, y, { width: 80, align: "right" });
    pdf.text(formatEuros(rubriek.vatEuros), COLUMNS.vat, y, { width: 80, align: "right" });
    y += Math.max(labelHeight, 11) + 5;
  }
  pdf.font("Helvetica").fontSize(8).fillColor("#555555");
  pdf.text(
    "Bedragen in hele euro's, afgerond in je voordeel zoals de Belastingdienst toestaat: te betalen btw naar beneden, voorbelasting (5b) naar boven. Omzet volgens het factuurstelsel (op factuurdatum).",
    MARGIN,
    y + 12,
    { width: CONTENT_WIDTH },
  );
  if (result.icp.length > 0) {
    pdf.fillColor("#000000").moveDown(1.5);
    pdf.font("Helvetica-Bold").fontSize(12).text("Opgaaf ICP", MARGIN);
    pdf.font("Helvetica").fontSize(9).moveDown(0.3);
    pdf.text("Diensten aan ondernemers in andere EU-landen (rubriek 3b), per btw-nummer van de afnemer:");
    y = pdf.y + 8;
    for (const line of result.icp) {
      if (y > pdf.page.height - MARGIN - 16) {
        pdf.addPage();
        y = MARGIN;
      }
      pdf.text(icpLabel(line), COLUMNS.code, y, { width: 360 });
      pdf.text(formatEuros(wholeEuros(line.amountCents)), COLUMNS.turnover, y, {
        width: 80,
        align: "right",
      });
      y += 16;
    }
  }
  pdf.end();
  return done;
}
