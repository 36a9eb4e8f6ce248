import type { ComponentProps } from "react";
import { Input } from "./input";

/**
 * A code from an authenticator app (or a recovery code): the phone offers its number pad, a browser or password
 * manager may fill it in, and nothing autocorrects it.
 */
export function OneTimeCodeInput(props: Omit<ComponentProps<"input">, "type">) {
  return (
    <Input
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      maxLength={40}
      {...props}
    />
  );
}
