import { useState } from "react";
import { FolderKanban, Plus } from "lucide-react";
import type { TimeEntry } from "@shared/schemas/time-tracking";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { useLinkedAction } from "@client/lib/linked-action";
import { useProjects } from "./api";
import { EntriesSection } from "./entries-section";
import { EntryFormDialog } from "./entry-form-dialog";
import { HoursCriterionCard } from "./hours-criterion-card";
import { ProjectsDialog } from "./projects-dialog";
import { TimerCard } from "./timer-card";

/** Spec §2.14: the Uren screen — the timer, the urencriterium, and the entries with filters and export. */
export function TimeTrackingPage() {
  const projects = useProjects();
  const [isProjectsOpen, setIsProjectsOpen] = useState(false);
  const [entryForm, setEntryForm] = useState<{ open: boolean; entry?: TimeEntry | undefined }>({
    open: false,
  });
  const projectList = projects.data ?? [];
  useLinkedAction("nieuw", () => setEntryForm({ open: true }));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Uren"
        description="Houd je uren per project bij met de timer of voeg ze handmatig toe."
        actions={
          <>
            <Button variant="outline" onClick={() => setIsProjectsOpen(true)}>
              <FolderKanban aria-hidden />
              Projecten
            </Button>
            <Button variant="outline" onClick={() => setEntryForm({ open: true })}>
              <Plus aria-hidden />
              Handmatig toevoegen
            </Button>
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TimerCard projects={projects.data} />
        <HoursCriterionCard />
      </div>

      <EntriesSection
        projects={projectList}
        onAdd={() => setEntryForm({ open: true })}
        onEdit={(entry) => setEntryForm({ open: true, entry })}
      />

      <ProjectsDialog open={isProjectsOpen} onOpenChange={setIsProjectsOpen} projects={projectList} />
      <EntryFormDialog
        open={entryForm.open}
        entry={entryForm.entry}
        projects={projectList}
        onOpenChange={(open) => setEntryForm((current) => ({ ...current, open }))}
      />
    </div>
  );
}
