import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";
import { inputClassName } from "./input-class-name";

export { inputClassName };
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}
