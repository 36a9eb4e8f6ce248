import type { ChangeEvent, ComponentProps, FocusEvent } from "react";
import { formatAmount } from "@shared/format";
import { parseAmount } from "@shared/money";
import { Input } from "./input";

/**
 * The one amount field of the app: plain text with the phone's decimal keyboard, so a browser in any locale keeps
 * exactly what was typed ("12,50" is never read as 1250), read by the schemas' shared parser (schemas/amount.ts).
 * On leaving the field a readable amount is written back the Dutch way ("1234.5" → "1.234,50"); anything else
 * is left as typed, for the form's message to point at.
 */
export function AmountInput({ onBlur, onChange, placeholder = "0,00", ...props }: ComponentProps<"input">) {
  const writeBackFormatted = (event: FocusEvent<HTMLInputElement>) => {
    const cents = parseAmount(event.target.value);
    if (cents !== null && event.target.value.trim() !== "") {
      const formatted = formatAmount(cents);
      if (formatted !== event.target.value) {
        event.target.value = formatted;
        // A form library (register) or a state setter reads the new text from the same event.
        onChange?.(event as unknown as ChangeEvent<HTMLInputElement>);
      }
    }
    onBlur?.(event);
  };
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      onChange={onChange}
      onBlur={writeBackFormatted}
    />
  );
}
