import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { businessDate, businessTime } from "@shared/dates";
import type { Project } from "@shared/schemas/projects";
import {
  TimeEntryFormSchema,
  type TimeEntry,
  type TimeEntryApiInput,
  type TimeEntryFormValues,
} from "@shared/schemas/time-tracking";
import { minutesBetween } from "@shared/time-tracking/duration";
import { Checkbox } from "@client/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { ProjectPicker } from "@client/components/pickers/project-picker";
import { ApiError } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { useSaveTimeEntry } from "./api";

type FieldName = "date" | "start" | "end" | "duration" | "projectId" | "description";
/** The API's field names, mapped to the form's. */
const SERVER_FIELDS: Record<string, FieldName> = {
  projectId: "projectId",
  description: "description",
  startTime: "start",
  endTime: "end",
  duration: "duration",
};

function toFormValues(entry: TimeEntry | undefined, today: string): TimeEntryFormValues {
  if (!entry) {
    return {
      date: today,
      start: "",
      end: "",
      duration: "",
      projectId: "",
      description: "",
      isBillable: true,
    };
  }
  const start = new Date(entry.startTime);
  const end = entry.endTime ? new Date(entry.endTime) : null;
  // An entry that ends on another day (a timer over midnight) is edited by its duration.
  const endsSameDay = end !== null && businessDate(end) === businessDate(start);
  return {
    date: businessDate(start),
    start: businessTime(start),
    end: endsSameDay ? businessTime(end) : "",
    // The duration only when it says more than start and end do (pauses, or another day).
    duration:
      endsSameDay && entry.duration === minutesBetween(start, end)
        ? ""
        : `${Math.floor(entry.duration / 60)}:${String(entry.duration % 60).padStart(2, "0")}`,
    projectId: entry.projectId ?? "",
    description: entry.description ?? "",
    isBillable: entry.isBillable,
  };
}

interface EntryFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry to edit; without it the dialog adds hours by hand. */
  entry?: TimeEntry | undefined;
  projects: Project[];
}

/** Issue 5: hours forgotten to track, or a correction — date, start and end or a duration, project, billable. */
export function EntryFormDialog({ open, onOpenChange, entry, projects }: EntryFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl gap-6">
        <DialogHeader>
          <DialogTitle>{entry ? "Tijdregistratie bewerken" : "Uren handmatig toevoegen"}</DialogTitle>
          <DialogDescription>
            Vul een begintijd in en een eindtijd of een duur. Is de duur korter dan begin tot eind, dan telt
            de duur (bijvoorbeeld na een pauze).
          </DialogDescription>
        </DialogHeader>
        <EntryForm
          key={entry?.id ?? "new"}
          entry={entry}
          projects={projects}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function EntryForm({
  entry,
  projects,
  onDone,
}: {
  entry: TimeEntry | undefined;
  projects: Project[];
  onDone: () => void;
}) {
  const save = useSaveTimeEntry();
  const form = useForm<TimeEntryFormValues, unknown, TimeEntryApiInput>({
    resolver: zodResolver(TimeEntryFormSchema),
    defaultValues: toFormValues(entry, businessDate(new Date())),
  });
  const { errors } = form.formState;
  // The entry's own project is named at once, also when it is archived (then it stays choosable).
  const entryProject = projects.find((project) => project.id === entry?.projectId);

  const onSubmit = form.handleSubmit(async (input) => {
    // Editing keeps the entry's own rate and client unless it moves to another project.
    const keepsProject = entry && entry.projectId === input.projectId;
    const payload: TimeEntryApiInput = keepsProject
      ? { ...input, hourlyRate: entry.hourlyRate, clientId: entry.clientId }
      : input;
    try {
      await save.mutateAsync({ id: entry?.id, input: payload });
      toast({ title: "Tijdregistratie succesvol opgeslagen" });
      onDone();
    } catch (error) {
      toast({ variant: "destructive", title: "Fout", description: "Kon tijdregistratie niet opslaan" });
      if (error instanceof ApiError && error.fieldErrors) {
        let isFirst = true;
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const name = SERVER_FIELDS[field];
          if (!name) continue;
          form.setError(name, { type: "server", message }, { shouldFocus: isFirst });
          isFirst = false;
        }
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={entry ? "Tijdregistratie bewerken" : "Uren handmatig toevoegen"}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Project" error={errors.projectId?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="projectId"
              render={({ field }) => (
                <ProjectPicker
                  {...control}
                  ref={field.ref}
                  value={field.value}
                  onChange={(id) => field.onChange(id)}
                  onBlur={field.onBlur}
                  selectedProject={entryProject}
                  status="active"
                  texts={{ placeholder: "Selecteer een project" }}
                />
              )}
            />
          )}
        </FormField>
        <FormField label="Datum" error={errors.date?.message}>
          <Input type="date" {...form.register("date")} />
        </FormField>
        <FormField label="Beschrijving" error={errors.description?.message} className="sm:col-span-2">
          <Input placeholder="Wat heb je gedaan?" maxLength={500} {...form.register("description")} />
        </FormField>
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <FormField label="Begintijd" error={errors.start?.message}>
          <Input type="time" {...form.register("start")} />
        </FormField>
        <FormField label="Eindtijd" optional error={errors.end?.message}>
          <Input type="time" {...form.register("end")} />
        </FormField>
        <FormField
          label="Duur"
          optional
          hint="Bijvoorbeeld 1:30"
          error={errors.duration?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input inputMode="numeric" placeholder="u:mm" autoComplete="off" {...form.register("duration")} />
        </FormField>
      </div>
      <Checkbox
        id="entry-billable"
        label="Factureerbaar"
        description="Deze uren kunnen op een factuur komen."
        {...form.register("isBillable")}
      />
      <DialogFormFooter
        submitLabel={entry ? "Wijzigingen opslaan" : "Uren toevoegen"}
        isPending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
