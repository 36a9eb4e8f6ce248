import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Pencil, Trash2, X } from "lucide-react";
import {
  CategoryInputSchema,
  DEFAULT_CATEGORY_COLOR,
  type Category,
  type CategoryFormInput,
  type CategoryInput,
} from "@shared/schemas/categories";
import {
  BOOKING_VAT_TREATMENTS,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
  type BookingVatTreatment,
} from "@shared/schemas/transactions";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Select } from "@client/components/ui/select";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { useCategories, useDeleteCategory, useSaveCategory } from "./api";

const FIELD_NAMES = ["name", "type", "color", "vatTreatment"] as const;

/** Short labels for the narrow category form and list. */
const TREATMENT_SHORT_LABELS: Readonly<Record<BookingVatTreatment, string>> = {
  taxed: "Belast",
  exempt: "Vrijgesteld",
  outside_scope: "Buiten de btw",
  export: "Uitvoer (3a)",
};

/** A small management screen: add, rename, recolour and delete categories (transactions keep existing). */
export function CategoriesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const categories = useCategories();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const remove = useDeleteCategory();

  const onDelete = async (category: Category) => {
    try {
      await remove.mutateAsync(category.id);
      toast({
        title: "Categorie verwijderd",
        description: `${category.name} is verwijderd; de transacties blijven bestaan.`,
      });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Fout",
        description: `Kon categorie niet verwijderen: ${getErrorMessage(error)}`,
      });
    } finally {
      setConfirmingId(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Categorieën</DialogTitle>
          <DialogDescription>
            Voeg categorieën toe, wijzig naam of kleur, of verwijder ze. Transacties van een verwijderde
            categorie blijven bestaan, zonder categorie.
          </DialogDescription>
        </DialogHeader>
        <CategoryForm key="new" onDone={() => {}} />
        {TRANSACTION_TYPES.map((type) => {
          const group = (categories.data ?? []).filter((category) => category.type === type);
          if (group.length === 0) return null;
          return (
            <section key={type} aria-label={TRANSACTION_TYPE_LABELS[type]} className="flex flex-col gap-1">
              <h3 className="text-sm font-semibold text-muted-foreground">{TRANSACTION_TYPE_LABELS[type]}</h3>
              <ul className="divide-y divide-border rounded-lg border border-border">
                {group.map((category) => (
                  <li key={category.id} className="flex items-center gap-2 px-3 py-2">
                    {editingId === category.id ? (
                      <CategoryForm category={category} onDone={() => setEditingId(null)} />
                    ) : (
                      <>
                        <span
                          aria-hidden
                          className="size-3 shrink-0 rounded-full"
                          style={{ backgroundColor: category.color }}
                        />
                        <span className="min-w-0 flex-1 truncate text-sm">{category.name}</span>
                        {category.vatTreatment !== "taxed" && (
                          <span className="shrink-0 text-xs text-muted-foreground">
                            {TREATMENT_SHORT_LABELS[category.vatTreatment]}
                          </span>
                        )}
                        {confirmingId === category.id ? (
                          <span className="flex items-center gap-1 text-sm">
                            Verwijderen?
                            <Button size="sm" variant="destructive" onClick={() => onDelete(category)}>
                              Ja
                            </Button>
                            <Button size="sm" variant="ghost" onClick={() => setConfirmingId(null)}>
                              Nee
                            </Button>
                          </span>
                        ) : (
                          <>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              title="Wijzigen"
                              onClick={() => setEditingId(category.id)}
                            >
                              <Pencil aria-hidden />
                              <span className="sr-only">Wijzig {category.name}</span>
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              title="Verwijderen"
                              className="text-destructive"
                              onClick={() => setConfirmingId(category.id)}
                            >
                              <Trash2 aria-hidden />
                              <span className="sr-only">Verwijder {category.name}</span>
                            </Button>
                          </>
                        )}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </DialogContent>
    </Dialog>
  );
}

function CategoryForm({ category, onDone }: { category?: Category; onDone: () => void }) {
  const save = useSaveCategory();
  const id = useId();
  const form = useForm<CategoryFormInput, unknown, CategoryInput>({
    resolver: zodResolver(CategoryInputSchema),
    defaultValues: category ?? {
      name: "",
      type: "expense",
      color: DEFAULT_CATEGORY_COLOR,
      vatTreatment: "taxed",
    },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (category) form.setFocus("name");
  }, [category, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(category ? { id: category.id, input } : { input });
      toast({ title: category ? "Categorie bijgewerkt" : "Categorie toegevoegd" });
      if (!category)
        form.reset({ name: "", type: input.type, color: DEFAULT_CATEGORY_COLOR, vatTreatment: "taxed" });
      onDone();
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={category ? `Wijzig ${category.name}` : "Nieuwe categorie"}
      className="flex w-full flex-wrap items-end gap-2"
    >
      <FormField label="Naam" error={errors.name?.message} className="min-w-40 flex-1">
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <FormField label="Type" error={errors.type?.message} className="w-32">
        <Select {...form.register("type")}>
          <option value="income">Inkomsten</option>
          <option value="expense">Uitgaven</option>
        </Select>
      </FormField>
      <FormField label="Btw bij 0%" error={errors.vatTreatment?.message} className="w-36">
        <Select {...form.register("vatTreatment")}>
          {BOOKING_VAT_TREATMENTS.map((treatment) => (
            <option key={treatment} value={treatment}>
              {TREATMENT_SHORT_LABELS[treatment]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Kleur" error={errors.color?.message} className="w-16" id={`${id}-color`}>
        <Input type="color" className="px-1 py-1" {...form.register("color")} />
      </FormField>
      {category ? (
        <div className="flex gap-1">
          <Button type="submit" size="icon" title="Opslaan" disabled={isSubmitting}>
            <Check aria-hidden />
            <span className="sr-only">Opslaan</span>
          </Button>
          <Button size="icon" variant="ghost" title="Annuleren" onClick={onDone}>
            <X aria-hidden />
            <span className="sr-only">Annuleren</span>
          </Button>
        </div>
      ) : (
        <Button type="submit" disabled={isSubmitting}>
          Toevoegen
        </Button>
      )}
    </form>
  );
}
