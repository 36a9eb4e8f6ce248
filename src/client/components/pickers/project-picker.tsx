import { useState, type Ref } from "react";
import type { Project, ProjectStatus } from "@shared/schemas/projects";
import { Combobox, type ComboboxOption } from "@client/components/ui/combobox";
import type { FormControlProps } from "@client/components/ui/form-field";
import { RESULTS_LABEL, SEARCHING_TEXT, type PickerTexts } from "./picker-texts";
import { useChosenRecord, usePickerSearch } from "./use-picker-search";

/** What a picker needs to name a project: its name and its client's. */
export type ProjectLabel = Pick<Project, "id" | "name" | "clientName">;

const DUTCH_TEXTS: PickerTexts = {
  placeholder: "Zoek een project of klant",
  emptyText: "Geen projecten gevonden",
  loadingText: SEARCHING_TEXT,
  listLabel: RESULTS_LABEL,
};

interface ProjectPickerProps extends Partial<FormControlProps> {
  /** The chosen project's id; "" is none. */
  value: string;
  /** The chosen id ("" for none), with the project when its record is at hand. */
  onChange: (projectId: string, project: Project | undefined) => void;
  /** The chosen project when the screen has it already: named at once, without a request. */
  selectedProject?: ProjectLabel | undefined;
  /** Only active projects (the timer, new hours), only one client's (invoicing hours). */
  status?: ProjectStatus | undefined;
  clientId?: string | undefined;
  texts?: Partial<PickerTexts>;
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  disabled?: boolean;
}

/** The project's name, its client's underneath: two projects called "Website" can be told apart. */
const toOption = (project: ProjectLabel): ComboboxOption => ({
  value: project.id,
  label: project.name,
  description: project.clientName,
});

/** Choose a project by typing part of its name or its client's; the server searches, 20 at a time. */
export function ProjectPicker({
  value,
  onChange,
  selectedProject,
  status,
  clientId,
  texts,
  ...control
}: ProjectPickerProps) {
  const search = usePickerSearch<Project>("/api/projects", { status, clientId });
  const [chosen, setChosen] = useState<Project>();
  const known =
    (chosen?.id === value ? chosen : undefined) ??
    (selectedProject?.id === value ? selectedProject : undefined) ??
    search.matches.find((project) => project.id === value);
  const fetched = useChosenRecord<Project>("/api/projects", value, known !== undefined);
  const record = known ?? fetched;

  return (
    <Combobox
      {...control}
      {...DUTCH_TEXTS}
      {...texts}
      value={value}
      selected={value !== "" && record ? toOption(record) : undefined}
      options={search.matches.map(toOption)}
      isLoading={search.isLoading}
      onSearchChange={search.onSearchChange}
      onOpenChange={search.onOpenChange}
      onSelect={(option) => {
        const id = option?.value ?? "";
        const project =
          search.matches.find((candidate) => candidate.id === id) ??
          (fetched?.id === id ? fetched : undefined);
        setChosen(project);
        onChange(id, project);
      }}
    />
  );
}
