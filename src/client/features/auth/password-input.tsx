import type { ComponentProps } from "react";
import { Eye, EyeOff } from "lucide-react";
import { Input } from "@client/components/ui/input";
import { cn } from "@client/lib/utils";

type PasswordInputProps = Omit<ComponentProps<"input">, "type"> & {
  isVisible: boolean;
  onToggleVisible: () => void;
};

/** A password input with a show/hide button. Visibility is controlled by the caller (shared by both tabs, §2.9). */
export function PasswordInput({ isVisible, onToggleVisible, className, ...props }: PasswordInputProps) {
  return (
    <div className="relative">
      <Input
        type={isVisible ? "text" : "password"}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn("pr-11", className)}
        {...props}
      />
      <button
        type="button"
        onClick={onToggleVisible}
        aria-pressed={isVisible}
        aria-label={isVisible ? "Wachtwoord verbergen" : "Wachtwoord tonen"}
        title={isVisible ? "Wachtwoord verbergen" : "Wachtwoord tonen"}
        className={cn(
          "absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground",
          "transition-colors outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40",
        )}
      >
        {isVisible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
