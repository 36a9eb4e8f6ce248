import { useState } from "react";
import { Clock, Download, Pencil, Trash2 } from "lucide-react";
import { businessDate, businessTime } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import type { Project } from "@shared/schemas/projects";
import type { TimeEntry } from "@shared/schemas/time-tracking";
import { formatDuration } from "@shared/time-tracking/duration";
import { ListStates } from "@client/components/layout/list-page";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Label } from "@client/components/ui/label";
import { Select } from "@client/components/ui/select";
import { ResponsiveTable, type TableColumn } from "@client/components/ui/responsive-table";
import { toast } from "@client/lib/toast";
import { timeEntriesExportUrl, useDeleteTimeEntry, useTimeEntries, type EntryFilter } from "./api";
import { entryTotals, pauseMinutes } from "./entry-figures";
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
  const totals = entries.data && entryTotals(entries.data);

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Tijdregistraties</CardTitle>
          {totals && totals.minutes > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="entries-total">
              {formatDuration(totals.minutes)} totaal · {formatDuration(totals.billableMinutes)} factureerbaar
              · {formatEuro(totals.billableCents)}
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
        <ListStates
          query={entries}
          loadingText="Tijdregistraties laden..."
          errorTitle="De tijdregistraties konden niet worden geladen"
          skeletonRows={4}
          empty={{ icon: Clock, title: EMPTY_TEXT, addLabel: "Uren handmatig toevoegen" }}
          onAdd={onAdd}
          renderRows={(rows) => (
            <ResponsiveTable
              caption="Tijdregistraties"
              columns={entryColumns(projectName, onEdit, setEntryToDelete)}
              rows={rows}
              rowKey={(entry) => entry.id}
              className="rounded-lg shadow-none"
            />
          )}
        />
      </CardContent>
      <DeleteEntryDialog
        entry={entryToDelete}
        projectName={entryToDelete ? projectName(entryToDelete.projectId) : ""}
        onClose={() => setEntryToDelete(undefined)}
      />
    </Card>
  );
}

/** "09:01–09:14": when the work was done. */
function timeRange(entry: TimeEntry): string {
  const start = businessTime(new Date(entry.startTime));
  return entry.endTime ? `${start}–${businessTime(new Date(entry.endTime))}` : start;
}

const entryDate = (entry: TimeEntry) => formatDate(businessDate(new Date(entry.startTime)));

/**
 * The entries' columns. On a phone the project, the duration and the actions stay and the rest goes under the
 * project; beside the sidebar the rate waits for a wide screen, so the table fits at 1280 px.
 */
function entryColumns(
  projectName: (id: string | null) => string,
  onEdit: (entry: TimeEntry) => void,
  onDelete: (entry: TimeEntry) => void,
): TableColumn<TimeEntry>[] {
  return [
    {
      header: "Datum",
      from: "lg",
      className: "whitespace-nowrap tabular-nums",
      cell: (entry) => (
        <>
          {entryDate(entry)}
          <span className="block text-xs text-muted-foreground">{timeRange(entry)}</span>
        </>
      ),
      folded: (entry) => `${entryDate(entry)} ${timeRange(entry)}`,
    },
    {
      header: "Project",
      isMain: true,
      cell: (entry) => (
        <span className="block max-w-44 truncate font-medium">{projectName(entry.projectId)}</span>
      ),
    },
    {
      header: "Beschrijving",
      from: "xl",
      className: "text-muted-foreground",
      cell: (entry) => <span className="block max-w-48 truncate">{entry.description}</span>,
      folded: (entry) => <span className="truncate">{entry.description}</span>,
    },
    {
      header: "Duur",
      align: "right",
      cell: (entry) => {
        // The timer's pauses (or a shorter duration typed by hand): the span minus the time worked.
        const pause = pauseMinutes(entry);
        return (
          <>
            {formatDuration(entry.duration)}
            {pause > 0 && (
              <span className="block text-xs text-muted-foreground">{formatDuration(pause)} pauze</span>
            )}
          </>
        );
      },
    },
    {
      header: "Tarief",
      from: "2xl",
      align: "right",
      cell: (entry) => money(entry.hourlyRate),
      folded: (entry) => (entry.hourlyRate === null ? "Geen tarief" : `${money(entry.hourlyRate)}/u`),
    },
    {
      header: "Totaal",
      from: "lg",
      align: "right",
      cell: (entry) => <span className="font-medium">{money(entry.amount)}</span>,
      folded: (entry) => money(entry.amount),
    },
    {
      header: "Status",
      from: "xl",
      cell: (entry) => <EntryStatus entry={entry} />,
    },
    {
      header: "Acties",
      isHeaderHidden: true,
      className: "px-1 py-1.5",
      cell: (entry) => <EntryActions entry={entry} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}

/** Invoiced, or whether it can still be: the hours a client is (or is not) billed for. */
function EntryStatus({ entry }: { entry: TimeEntry }) {
  if (entry.isInvoiced) return <Badge variant="default">Gefactureerd</Badge>;
  return entry.isBillable ? (
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
