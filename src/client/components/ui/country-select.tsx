import type { ComponentProps } from "react";
import { CLIENT_COUNTRIES, CLIENT_COUNTRY_NAMES } from "@shared/schemas/clients";
import { cn } from "@client/lib/utils";
import { inputClassName } from "./input";

/** The countries Balans supports for addresses (spec §2.16), by their Dutch names; the value is the ISO code. */
export function CountrySelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select className={cn(inputClassName, "pr-8", className)} {...props}>
      {CLIENT_COUNTRIES.map((code) => (
        <option key={code} value={code}>
          {CLIENT_COUNTRY_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
