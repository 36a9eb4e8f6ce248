import type { ComponentProps } from "react";
import { Input } from "./input";

/** An e-mail address field: the phone offers its e-mail keyboard, and nothing capitalises or corrects it. */
export function EmailInput(props: Omit<ComponentProps<"input">, "type">) {
  return (
    <Input
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
