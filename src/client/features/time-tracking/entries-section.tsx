import { useState } from "react";
import { Clock, Download, Pencil, Plus, Trash2 } from "lucide-react";
import { businessDate, businessTime } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import type { Project } from "@shared/schemas/projects";
import type { TimeEntry } from "@shared/schemas/time-tracking";
import { formatDuration } from "@shared/time-tracking/duration";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { EmptyState } from "@client/components/ui/empty-state";
import { Label } from "@client/components/ui/label";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { timeEntriesExportUrl, useDeleteTimeEntry, useTimeEntries, type EntryFilter } from "./api";
import { PERIODS, periodRange, type Period } from "./periods";

/** Spec §2.14 verbatim. */
const EMPTY_TEXT = "Geen tijdregistraties gevonden. Start met tijdregistratie om je uren hier te zien.";
const UNKNOWN_PROJECT = "Onbekend project";

const money = (decimal: string | null) => (decimal === null ? "–" : formatEuro(parseCents(decimal)!));

interface EntriesSectionProps {
  projects: Project[];
  onAdd: () => void;
  onEdit: (entry: TimeEntry) => void;
}

/** Spec §2.14: the recent entries, filtered by period and project, with the CSV export of what is shown. */
export function EntriesSection({ projects, onAdd, onEdit }: EntriesSectionProps) {
  const [period, setPeriod] = useState<Period>("month");
  const [projectId, setProjectId] = useState("");
  const [entryToDelete, setEntryToDelete] = useState<TimeEntry>();
  const filter: EntryFilter = {
    ...periodRange(period, businessDate(new Date())),
    projectId: projectId || undefined,
  };
  const entries = useTimeEntries(filter);
  const projectName = (id: string | null) =>
    projects.find((project) => project.id === id)?.name ?? UNKNOWN_PROJECT;
  const totalMinutes = entries.data?.reduce((sum, entry) => sum + entry.duration, 0) ?? 0;
  const totalCents = entries.data?.reduce((sum, entry) => sum + parseCents(entry.amount)!, 0) ?? 0;

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Tijdregistraties</CardTitle>
          {entries.data && entries.data.length > 0 && (
            <p className="text-sm text-muted-foreground">
              {formatDuration(totalMinutes)} · {formatEuro(totalCents)}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="entries-period">Periode</Label>
            <Select
              id="entries-period"
              value={period}
              onChange={(event) => setPeriod(event.target.value as Period)}
              className="sm:w-40"
            >
              {(Object.keys(PERIODS) as Period[]).map((key) => (
                <option key={key} value={key}>
                  {PERIODS[key]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="entries-project">Project</Label>
            <Select
              id="entries-project"
              value={projectId}
              onChange={(event) => setProjectId(event.target.value)}
              className="sm:w-48"
            >
              <option value="">Alle projecten</option>
              {projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                  {project.status === "archived" ? " (gearchiveerd)" : ""}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" asChild>
            <a href={timeEntriesExportUrl(filter)} download>
              <Download aria-hidden />
              Exporteren
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {entries.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Tijdregistraties laden...</span>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-12" />
            ))}
          </div>
        ) : entries.isError ? (
          <EmptyState
            title="De tijdregistraties konden niet worden geladen"
            description={getErrorMessage(entries.error)}
            action={
              <Button variant="outline" onClick={() => void entries.refetch()}>
                Opnieuw proberen
              </Button>
            }
          />
        ) : entries.data.length === 0 ? (
          <EmptyState
            icon={Clock}
            title={EMPTY_TEXT}
            action={
              <Button variant="outline" onClick={onAdd}>
                <Plus aria-hidden />
                Uren handmatig toevoegen
              </Button>
            }
          />
        ) : (
          <>
            <ul aria-label="Tijdregistraties" className="flex flex-col divide-y divide-border md:hidden">
              {entries.data.map((entry) => (
                <li key={entry.id} className="flex items-start gap-2 py-3">
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="truncate font-medium">{projectName(entry.projectId)}</span>
                      <span className="shrink-0 font-medium tabular-nums">
                        {formatDuration(entry.duration)}
                      </span>
                    </div>
                    <span className="truncate text-sm text-muted-foreground">{entry.description}</span>
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                      <span>{formatDate(businessDate(new Date(entry.startTime)))}</span>
                      <span aria-hidden>·</span>
                      <span>
                        {entry.hourlyRate === null ? "Geen tarief" : `${money(entry.hourlyRate)}/u`}
                      </span>
                      <span aria-hidden>·</span>
                      <span className="font-medium text-foreground">{money(entry.amount)}</span>
                      <BillableBadge isBillable={entry.isBillable} />
                    </div>
                  </div>
                  <EntryActions entry={entry} onEdit={onEdit} onDelete={setEntryToDelete} />
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-sm">
                <caption className="sr-only">Tijdregistraties</caption>
                <thead>
                  <tr className="border-b border-border text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Datum
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Project
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Beschrijving
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Duur
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Tarief
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Totaal
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Status
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">Acties</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {entries.data.map((entry) => (
                    <tr key={entry.id}>
                      <td className="py-2.5 pr-3 whitespace-nowrap tabular-nums">
                        {formatDate(businessDate(new Date(entry.startTime)))}
                        <span className="block text-xs text-muted-foreground">
                          {businessTime(new Date(entry.startTime))}
                          {entry.endTime && `–${businessTime(new Date(entry.endTime))}`}
                        </span>
                      </td>
                      <td className="max-w-48 truncate py-2.5 pr-3 font-medium">
                        {projectName(entry.projectId)}
                      </td>
                      <td className="max-w-72 truncate py-2.5 pr-3 text-muted-foreground">
                        {entry.description}
                      </td>
                      <td className="py-2.5 pr-3 text-right whitespace-nowrap tabular-nums">
                        {formatDuration(entry.duration)}
                      </td>
                      <td className="py-2.5 pr-3 text-right whitespace-nowrap tabular-nums">
                        {money(entry.hourlyRate)}
                      </td>
                      <td className="py-2.5 pr-3 text-right font-medium whitespace-nowrap tabular-nums">
                        {money(entry.amount)}
                      </td>
                      <td className="py-2.5 pr-3">
                        <BillableBadge isBillable={entry.isBillable} />
                      </td>
                      <td className="py-1.5 text-right">
                        <EntryActions entry={entry} onEdit={onEdit} onDelete={setEntryToDelete} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
      <DeleteEntryDialog
        entry={entryToDelete}
        projectName={entryToDelete ? projectName(entryToDelete.projectId) : ""}
        onClose={() => setEntryToDelete(undefined)}
      />
    </Card>
  );
}

function BillableBadge({ isBillable }: { isBillable: boolean }) {
  return isBillable ? (
    <Badge variant="success">Factureerbaar</Badge>
  ) : (
    <Badge variant="muted">Niet-factureerbaar</Badge>
  );
}

function EntryActions({
  entry,
  onEdit,
  onDelete,
}: {
  entry: TimeEntry;
  onEdit: (entry: TimeEntry) => void;
  onDelete: (entry: TimeEntry) => void;
}) {
  const label = `${formatDate(businessDate(new Date(entry.startTime)))} ${entry.description ?? ""}`.trim();
  return (
    <div className="flex shrink-0 items-center justify-end gap-1">
      <Button variant="ghost" size="icon-sm" onClick={() => onEdit(entry)} aria-label={`Bewerk ${label}`}>
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => onDelete(entry)}
        aria-label={`Verwijder ${label}`}
        className="text-destructive hover:bg-red-50 hover:text-destructive"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function DeleteEntryDialog({
  entry,
  projectName,
  onClose,
}: {
  entry: TimeEntry | undefined;
  projectName: string;
  onClose: () => void;
}) {
  const deleteEntry = useDeleteTimeEntry();
  const confirm = async () => {
    if (!entry) return;
    try {
      await deleteEntry.mutateAsync(entry.id);
      toast({ title: "Tijdregistratie verwijderd" });
      onClose();
    } catch {
      toast({ variant: "destructive", title: "Fout", description: "Kon tijdregistratie niet verwijderen" });
    }
  };
  return (
    <ConfirmDialog
      open={entry !== undefined}
      onClose={onClose}
      title="Tijdregistratie verwijderen?"
      description={
        entry && (
          <>
            {formatDuration(entry.duration)} op <strong className="text-foreground">{projectName}</strong> van{" "}
            {formatDate(businessDate(new Date(entry.startTime)))} ({entry.description}) wordt verwijderd. Dit
            kan niet ongedaan worden gemaakt.
          </>
        )
      }
      confirmLabel="Verwijderen"
      onConfirm={confirm}
      isPending={deleteEntry.isPending}
    />
  );
}
