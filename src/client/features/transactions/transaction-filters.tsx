import { useId } from "react";
import { Search, X } from "lucide-react";
import type { Category } from "@shared/schemas/categories";
import { TRANSACTION_TYPE_LABELS } from "@shared/schemas/transactions";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Select } from "@client/components/ui/select";
import type { TransactionFilters } from "./use-transaction-filters";

interface TransactionFilterBarProps {
  filters: TransactionFilters;
  onChange: (changes: Partial<TransactionFilters>) => void;
  categories: Category[];
  isFiltered: boolean;
}

/** Spec §2.12 filter bar: type, category, from-date, to-date; applied by the server, kept in the URL. */
export function TransactionFilterBar({
  filters,
  onChange,
  categories,
  isFiltered,
}: TransactionFilterBarProps) {
  const id = useId();
  return (
    <section aria-label="Filters" className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(4,minmax(0,1fr))_auto] md:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select
            id={`${id}-type`}
            value={filters.type}
            onChange={(event) => onChange({ type: event.target.value as TransactionFilters["type"] })}
          >
            <option value="">Alle types</option>
            <option value="income">{TRANSACTION_TYPE_LABELS.income}</option>
            <option value="expense">{TRANSACTION_TYPE_LABELS.expense}</option>
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-category`}>Categorie</Label>
          <Select
            id={`${id}-category`}
            value={filters.categoryId}
            onChange={(event) => onChange({ categoryId: event.target.value })}
          >
            <option value="">Alle categorieën</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-from`}>Vanaf</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.startDate}
            max={filters.endDate || undefined}
            onChange={(event) => onChange({ startDate: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-to`}>Tot en met</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.endDate}
            min={filters.startDate || undefined}
            onChange={(event) => onChange({ endDate: event.target.value })}
          />
        </div>
        <Button
          variant="ghost"
          className="col-span-2 md:col-span-1"
          disabled={!isFiltered}
          onClick={() =>
            onChange({ type: "", categoryId: "", startDate: "", endDate: "", search: "", bankAccountId: "" })
          }
        >
          <X aria-hidden />
          Filters wissen
        </Button>
      </div>
      {filters.search && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-accent-foreground">
            <Search className="size-3.5" aria-hidden />
            Zoekterm: <strong className="font-semibold">{filters.search}</strong>
            <button
              type="button"
              className="ml-1 rounded-full p-0.5 hover:bg-brand-100 focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
              onClick={() => onChange({ search: "" })}
            >
              <X className="size-3.5" aria-hidden />
              <span className="sr-only">Zoekterm wissen</span>
            </button>
          </span>
        </div>
      )}
    </section>
  );
}
