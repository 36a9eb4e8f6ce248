import { useState } from "react";
import type { FieldErrors } from "./api";

/** The schema's first message per field, keyed as the server keys them ("items.0.unitPrice"). */
export function fieldErrorsOf(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "_"] ??= issue.message;
  return errors;
}

type LineOf<TForm extends { lines: object[] }> = TForm["lines"][number];

interface LineFormOptions {
  /** Where the server puts the lines' messages: "items" for "items.0.unitPrice". */
  linesField: string;
  /** The message key of a line's input, when it is not `${linesField}.${index}.${key}`. */
  lineFieldOf?: (index: number, key: string) => string;
}

/**
 * A form typed as text with lines (a quote's, a memorial entry's) and its messages per field: a change clears
 * the messages of what it changed.
 */
export function useLineForm<TForm extends { lines: object[] }>(
  initial: TForm | (() => TForm),
  { linesField, lineFieldOf = (index, key) => `${linesField}.${index}.${key}` }: LineFormOptions,
) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = (...fields: string[]) =>
    setErrors((current) => {
      if (!fields.some((field) => field in current)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });

  const setLine = (index: number, change: Partial<LineOf<TForm>>) => {
    setForm((current) => ({
      ...current,
      lines: current.lines.map((line, at) => (at === index ? { ...line, ...change } : line)),
    }));
    clearError(linesField, ...Object.keys(change).map((key) => lineFieldOf(index, key)));
  };

  const addLine = (line: LineOf<TForm>) =>
    setForm((current) => ({ ...current, lines: [...current.lines, line] }));

  const removeLine = (index: number) => {
    setForm((current) => ({ ...current, lines: current.lines.filter((_, at) => at !== index) }));
    // The messages of the lines after it would point at the wrong line now.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith(linesField))),
    );
  };

  return { form, setForm, errors, setErrors, clearError, setLine, addLine, removeLine };
}
