import type { DateRange } from "@shared/periods";
import { isIsoDate } from "@shared/dates";
import { FormField } from "./form-field";
import { Input } from "./input";

export type DateRangeErrors = { from?: string; to?: string };

/** The server's wording for a wrong range; the reports and the exports say it alike. */
export interface DateRangeMessages {
  fromRequired: string;
  toRequired: string;
  invalidDate: string;
  toBeforeFrom: string;
}

/** An own period's check, with the server's messages, so a wrong range never leaves the browser. */
export function dateRangeErrors(range: DateRange, messages: DateRangeMessages): DateRangeErrors {
  if (!range.from) return { from: messages.fromRequired };
  if (!isIsoDate(range.from)) return { from: messages.invalidDate };
  if (!range.to) return { to: messages.toRequired };
  if (!isIsoDate(range.to)) return { to: messages.invalidDate };
  if (range.to < range.from) return { to: messages.toBeforeFrom };
  return {};
}

const ENDS = [
  { end: "from", label: "Van" },
  { end: "to", label: "Tot en met" },
] as const;

/** 'Van' and 'Tot en met': an own period, beside the other fields of a period bar. */
export function DateRangeFields({
  range,
  errors,
  onChange,
}: {
  range: DateRange;
  errors: DateRangeErrors;
  onChange: (update: (current: DateRange) => DateRange) => void;
}) {
  return ENDS.map(({ end, label }) => (
    <FormField key={end} label={label} error={errors[end]} className="sm:w-44">
      <Input
        type="date"
        value={range[end]}
        onChange={(event) => {
          const value = event.target.value;
          onChange((current) => ({ ...current, [end]: value }));
        }}
      />
    </FormField>
  ));
}
