import type { ComponentProps, ReactNode } from "react";
import { Select } from "./select";

/**
 * A Select over a fixed list of choices (a period, a year): each option shown by `label`, by itself without one.
 * The choice comes back as given, so a year stays a number.
 */
export function ChoiceSelect<Choice extends string | number>({
  options,
  value,
  onChange,
  label = String,
  ...props
}: {
  options: readonly Choice[];
  value: Choice;
  onChange: (choice: Choice) => void;
  label?: (option: Choice) => ReactNode;
} & Omit<ComponentProps<"select">, "value" | "onChange" | "children">) {
  return (
    <Select
      value={String(value)}
      onChange={(event) => {
        const choice = options.find((option) => String(option) === event.target.value);
        if (choice !== undefined) onChange(choice);
      }}
      {...props}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {label(option)}
        </option>
      ))}
    </Select>
  );
}
