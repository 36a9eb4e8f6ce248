import { Download, ExternalLink } from "lucide-react";
import { Link } from "wouter";
import type { DateRange } from "@shared/periods";
import {
  formatReportCell,
  type ReportDocument,
  type ReportId,
  type ReportSection,
} from "@shared/schemas/reports";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/utils";
import { reportDownloadUrl, useReport } from "./api";

/** The generated report on screen: the same document the PDF and the CSV are rendered from. */
export function ReportView({ report, range }: { report: ReportId; range: DateRange }) {
  const { data: document, error, isPending } = useReport(report, range);

  return (
    <Card role="region" aria-label="Gegenereerd rapport" aria-live="polite" aria-busy={isPending}>
      {error ? (
        <CardContent className="py-6 text-sm text-destructive">
          Het rapport kon niet worden gemaakt: {error.message.replace(/^\d+: /, "")}
        </CardContent>
      ) : !document ? (
        <CardContent className="flex flex-col gap-3 py-6">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-32 w-full" />
        </CardContent>
      ) : (
        <ReportContent document={document} range={range} />
      )}
    </Card>
  );
}

function ReportContent({ document, range }: { document: ReportDocument; range: DateRange }) {
  return (
    <>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <CardTitle as="h2" className="text-lg">
            {document.title}
          </CardTitle>
          <CardDescription>{document.periodLabel}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={reportDownloadUrl(document.report, range, "pdf")} download>
              <Download aria-hidden />
              PDF downloaden
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={reportDownloadUrl(document.report, range, "csv")} download>
              <Download aria-hidden />
              CSV downloaden
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {document.figures.length > 0 && (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {document.figures.map((figure) => (
              <div key={figure.label} className="rounded-lg bg-muted/60 px-3 py-2">
                <dt className="text-xs text-muted-foreground">{figure.label}</dt>
                <dd className="text-base font-semibold tabular-nums">
                  {formatReportCell(figure.kind, figure.value) || "–"}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {document.sections.map((section) => (
          <ReportTable key={section.title} section={section} />
        ))}
        {document.notes.length > 0 && (
          <ul className="flex flex-col gap-1 text-xs text-muted-foreground">
            {document.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
        {document.links.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {document.links.map((link) =>
              link.href.startsWith("/api/") ? (
                <Button key={link.href} asChild variant="outline" size="sm">
                  <a href={link.href} download>
                    <Download aria-hidden />
                    {link.label}
                  </a>
                </Button>
              ) : (
                <Button key={link.href} asChild variant="outline" size="sm">
                  <Link href={link.href}>
                    <ExternalLink aria-hidden />
                    {link.label}
                  </Link>
                </Button>
              ),
            )}
          </div>
        )}
      </CardContent>
    </>
  );
}

function ReportTable({ section }: { section: ReportSection }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{section.title}</h3>
      {section.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{section.emptyText ?? "Geen gegevens."}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-sm">
            <thead className="bg-muted/60 text-xs text-muted-foreground">
              <tr>
                {section.columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={cn(
                      "px-3 py-2 font-medium whitespace-nowrap",
                      column.kind === "text" ? "text-left" : "text-right",
                      column.narrow && "w-20",
                    )}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row, index) => (
                <tr
                  key={index}
                  className={cn(
                    "border-t border-border",
                    row.style === "total" && "bg-muted/30 font-semibold",
                    row.style === "heading" && "font-semibold",
                    row.style === "forecast" && "text-muted-foreground italic",
                  )}
                >
                  {section.columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn(
                        "px-3 py-2",
                        column.kind === "text" ? "text-left" : "text-right whitespace-nowrap tabular-nums",
                      )}
                    >
                      {formatReportCell(column.kind, row.cells[column.key] ?? null)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
