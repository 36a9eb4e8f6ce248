import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { centsToDecimal } from "@shared/money";
import {
  ProjectInputSchema,
  type Project,
  type ProjectFormInput,
  type ProjectInput,
  type ProjectStatus,
} from "@shared/schemas/projects";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { Input, inputClassName } from "@client/components/ui/input";
import { AmountInput } from "@client/components/ui/amount-input";
import { Select } from "@client/components/ui/select";
import { ClientPicker } from "@client/components/pickers/client-picker";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useSaveProject } from "./api";

const FIELD_NAMES = ["name", "clientId", "hourlyRate", "description", "status"] as const;

type FormValues = {
  name: string;
  clientId: string;
  hourlyRate: string;
  description: string;
  status: ProjectStatus;
};

function toFormValues(project: Project | undefined): FormValues {
  return {
    name: project?.name ?? "",
    clientId: project?.clientId ?? "",
    // The form shows the rate the Dutch way: 85,50.
    hourlyRate: project?.hourlyRate?.replace(".", ",") ?? "",
    description: project?.description ?? "",
    status: project?.status ?? "active",
  };
}

interface ProjectFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project to edit; without it the dialog creates one. */
  project?: Project | undefined;
  onSaved?: (project: Project) => void;
}

/** Issue 5: name (required), client, hourly rate, description and — when editing — active or archived. */
export function ProjectFormDialog({ open, onOpenChange, project, onSaved }: ProjectFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg gap-6">
        <DialogHeader>
          <DialogTitle>{project ? "Project bewerken" : "Nieuw project"}</DialogTitle>
          <DialogDescription>
            Het uurtarief en de klant worden overgenomen in de uren die je op dit project schrijft.
          </DialogDescription>
        </DialogHeader>
        <ProjectForm
          key={project?.id ?? "new"}
          project={project}
          onDone={(saved) => {
            if (saved) onSaved?.(saved);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ProjectForm({
  project,
  onDone,
}: {
  project: Project | undefined;
  onDone: (saved?: Project) => void;
}) {
  const save = useSaveProject();
  const form = useForm<ProjectFormInput, unknown, ProjectInput>({
    resolver: zodResolver(ProjectInputSchema),
    defaultValues: toFormValues(project),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({
        id: project?.id,
        input: { ...input, hourlyRate: input.hourlyRate === null ? null : centsToDecimal(input.hourlyRate) },
      });
      toast({ title: project ? "Project succesvol bijgewerkt" : "Project succesvol toegevoegd" });
      onDone(saved);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Fout",
        description: project ? "Kon project niet bijwerken" : "Kon project niet toevoegen",
      });
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={project ? "Project bewerken" : "Nieuw project"}
      className="flex flex-col gap-5"
    >
      <FormField label="Projectnaam" error={errors.name?.message}>
        <Input autoComplete="off" placeholder="Bijvoorbeeld Nieuwe website" {...form.register("name")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Klant" optional error={errors.clientId?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="clientId"
              render={({ field }) => (
                <ClientPicker
                  {...control}
                  ref={field.ref}
                  value={field.value ?? ""}
                  onChange={(id) => field.onChange(id)}
                  onBlur={field.onBlur}
                  selectedName={project?.clientName}
                  texts={{ noneLabel: "Geen klant", placeholder: "Geen klant" }}
                />
              )}
            />
          )}
        </FormField>
        <FormField label="Uurtarief (€)" optional hint="Exclusief btw" error={errors.hourlyRate?.message}>
          <AmountInput placeholder="85,00" {...form.register("hourlyRate")} />
        </FormField>
      </div>
      <FormField label="Omschrijving" optional error={errors.description?.message}>
        <textarea
          rows={3}
          className={cn(inputClassName, "h-auto min-h-20 resize-y")}
          {...form.register("description")}
        />
      </FormField>
      {project && (
        <FormField
          label="Status"
          hint="Een gearchiveerd project staat niet meer in de timer; de uren blijven bewaard."
          error={errors.status?.message}
        >
          <Select {...form.register("status")}>
            <option value="active">Actief</option>
            <option value="archived">Gearchiveerd</option>
          </Select>
        </FormField>
      )}
      <DialogFormFooter
        submitLabel={project ? "Wijzigingen opslaan" : "Project toevoegen"}
        isPending={save.isPending}
        onCancel={() => onDone()}
      />
    </form>
  );
}
