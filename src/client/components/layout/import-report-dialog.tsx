import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { businessDate } from "@shared/dates";
import { formatDate } from "@shared/format";
import { formatRowError, IMPORT_REPORT_PARAM, type ImportReport } from "@shared/schemas/imports";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { apiRequest, getErrorMessage, getQueryFn } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { NOTIFICATIONS_QUERY_KEY } from "./notifications-menu";

const reportKey = (id: string) => ["/api/import-reports", id] as const;

function summary(report: ImportReport): string {
  const file = report.fileName ? `'${report.fileName}'` : "Het bestand";
  const when = formatDate(businessDate(new Date(report.createdAt)));
  if (report.refused) return `${file} is op ${when} niet ingelezen; er is niets geïmporteerd.`;
  const failed = report.failed === 1 ? "1 rij is" : `${report.failed} rijen zijn`;
  const imported = report.imported === 1 ? "1 rij wel" : `${report.imported} rijen wel`;
  return `Van ${file} (${when}) ${failed} niet geïmporteerd en ${imported}. Pas de rijen hieronder aan en importeer het bestand opnieuw: rijen die er al zijn worden overgeslagen.`;
}

/**
 * The report of an import that failed or left rows out, opened from the bell (`?importverslag=<id>` on any
 * screen). 'Gelezen' stops the bell announcing it; closing keeps it for later.
 */
export function ImportReportDialog() {
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const reportId = params.get(IMPORT_REPORT_PARAM);
  const queryClient = useQueryClient();
  const report = useQuery({
    queryKey: reportKey(reportId ?? ""),
    queryFn: getQueryFn<ImportReport>({ on401: "throw" }),
    enabled: reportId !== null,
  });
  const close = () => {
    params.delete(IMPORT_REPORT_PARAM);
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  };
  const markRead = useMutation({
    mutationFn: (id: string) => apiRequest<ImportReport>("POST", `/api/import-reports/${id}/read`),
    onSuccess: async (read) => {
      queryClient.setQueryData(reportKey(read.id), read);
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      close();
    },
    onError: (error) => toast({ variant: "destructive", title: getErrorMessage(error) }),
  });

  return (
    <Dialog open={reportId !== null} onOpenChange={(isOpen) => !isOpen && !markRead.isPending && close()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {report.data?.refused ? "Import mislukt" : report.data ? "Import deels mislukt" : "Importverslag"}
          </DialogTitle>
          <DialogDescription>
            {report.isError
              ? getErrorMessage(report.error)
              : report.data
                ? summary(report.data)
                : "Het verslag wordt geladen..."}
          </DialogDescription>
        </DialogHeader>
        {report.isPending && reportId !== null && <Skeleton className="h-24" />}
        {report.data && report.data.rowErrors.length > 0 && (
          <ul
            aria-label={report.data.refused ? "Reden" : "Niet geïmporteerde rijen"}
            className="max-h-72 overflow-y-auto rounded-lg border border-border text-sm"
          >
            {report.data.rowErrors.map((error, index) => (
              <li key={index} className="border-b border-border px-3 py-2 last:border-b-0">
                {formatRowError(error)}
              </li>
            ))}
          </ul>
        )}
        {report.data && report.data.failed > report.data.rowErrors.length && (
          <p className="text-sm text-muted-foreground">
            De eerste {report.data.rowErrors.length} van {report.data.failed} rijen staan hierboven.
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={markRead.isPending}>
            Sluiten
          </Button>
          {report.data && !report.data.readAt && (
            <Button onClick={() => markRead.mutate(report.data.id)} disabled={markRead.isPending}>
              {markRead.isPending && <Spinner />}
              Gelezen
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
