import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api";

/**
 * Puts the server's per-field messages (a 400/409 answer's `fieldErrors`) under the matching form fields and
 * focuses the first. Fields the form does not have are ignored: the toast carries the overall message.
 */
export function applyFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<TValues>[],
  setError: UseFormSetError<TValues>,
): void {
  if (!(error instanceof ApiError) || !error.fieldErrors) return;
  let isFirst = true;
  for (const name of fieldNames) {
    const message = error.fieldErrors[name];
    if (!message) continue;
    setError(name, { type: "server", message }, { shouldFocus: isFirst });
    isFirst = false;
  }
}
