import { useState } from "react";
import { Archive, ArchiveRestore, FolderKanban, Pencil, Plus, Trash2 } from "lucide-react";
import { parseCents } from "@shared/money";
import { formatEuro } from "@shared/format";
import type { Project } from "@shared/schemas/projects";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { EmptyState } from "@client/components/ui/empty-state";
import { toast } from "@client/lib/toast";
import { useDeleteProject, useSaveProject } from "./api";
import { ProjectFormDialog } from "./project-form-dialog";

interface ProjectsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projects: Project[];
}

/** Issue 5: the projects of the Uren screen — add, edit, archive (and back) and delete. */
export function ProjectsDialog({ open, onOpenChange, projects }: ProjectsDialogProps) {
  const [formState, setFormState] = useState<{ open: boolean; project?: Project | undefined }>({
    open: false,
  });
  const [projectToDelete, setProjectToDelete] = useState<Project>();
  const save = useSaveProject();

  const setArchived = async (project: Project, isArchived: boolean) => {
    try {
      await save.mutateAsync({
        id: project.id,
        input: {
          name: project.name,
          clientId: project.clientId,
          description: project.description,
          hourlyRate: project.hourlyRate,
          status: isArchived ? "archived" : "active",
        },
      });
      toast({ title: isArchived ? "Project gearchiveerd" : "Project weer actief" });
    } catch {
      toast({ variant: "destructive", title: "Fout", description: "Kon project niet bijwerken" });
    }
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-2xl gap-5">
          <DialogHeader>
            <DialogTitle>Projecten</DialogTitle>
            <DialogDescription>
              Actieve projecten staan in de timer. Archiveer een afgerond project; de uren blijven bewaard.
            </DialogDescription>
          </DialogHeader>
          <div>
            <Button onClick={() => setFormState({ open: true })}>
              <Plus aria-hidden />
              Nieuw project
            </Button>
          </div>
          {projects.length === 0 ? (
            <EmptyState
              icon={FolderKanban}
              title="Nog geen projecten"
              description="Maak een project aan om je uren op te schrijven."
            />
          ) : (
            <ul
              aria-label="Projecten"
              className="flex flex-col divide-y divide-border rounded-lg border border-border"
            >
              {projects.map((project) => {
                const isArchived = project.status === "archived";
                return (
                  <li key={project.id} className="flex items-center gap-2 px-3 py-2.5">
                    <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <div className="flex items-center gap-2">
                        <span className="truncate font-medium">{project.name}</span>
                        {isArchived && <Badge variant="muted">Gearchiveerd</Badge>}
                      </div>
                      <span className="truncate text-xs text-muted-foreground">
                        {[
                          project.clientName ?? "Geen klant",
                          project.hourlyRate
                            ? `${formatEuro(parseCents(project.hourlyRate)!)} per uur`
                            : "Geen tarief",
                        ].join(" · ")}
                      </span>
                    </div>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => setFormState({ open: true, project })}
                      aria-label={`Bewerk ${project.name}`}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => void setArchived(project, !isArchived)}
                      disabled={save.isPending}
                      aria-label={
                        isArchived ? `Zet ${project.name} weer actief` : `Archiveer ${project.name}`
                      }
                      title={isArchived ? "Weer actief maken" : "Archiveren"}
                    >
                      {isArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => setProjectToDelete(project)}
                      aria-label={`Verwijder ${project.name}`}
                      className="text-destructive hover:bg-red-50 hover:text-destructive"
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </DialogContent>
      </Dialog>
      <ProjectFormDialog
        open={formState.open}
        project={formState.project}
        onOpenChange={(isOpen) => setFormState((current) => ({ ...current, open: isOpen }))}
      />
      <DeleteProjectDialog project={projectToDelete} onClose={() => setProjectToDelete(undefined)} />
    </>
  );
}

function DeleteProjectDialog({ project, onClose }: { project: Project | undefined; onClose: () => void }) {
  const deleteProject = useDeleteProject();
  const confirm = async () => {
    if (!project) return;
    try {
      await deleteProject.mutateAsync(project.id);
      toast({ title: "Project succesvol verwijderd" });
      onClose();
    } catch {
      toast({ variant: "destructive", title: "Fout", description: "Kon project niet verwijderen" });
    }
  };
  return (
    <ConfirmDialog
      open={project !== undefined}
      onClose={onClose}
      title="Project verwijderen?"
      description={
        <>
          Weet je zeker dat je <strong className="font-semibold text-foreground">{project?.name}</strong> wilt
          verwijderen? De geregistreerde uren blijven bewaard en tonen daarna &lsquo;Onbekend project&rsquo;.
          Wil je het project alleen uit de timer halen, archiveer het dan.
        </>
      }
      confirmLabel="Verwijderen"
      onConfirm={confirm}
      isPending={deleteProject.isPending}
    />
  );
}
