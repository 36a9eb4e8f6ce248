import type { Locator } from "@playwright/test";

/**
 * Chooses in a searchable picker (components/ui/combobox.tsx) as a user does: type (part of) the name, then
 * click the match. `option` is the option's full accessible name, e.g. "Website · Bakkerij Jansen".
 */
export async function pick(
  combobox: Locator,
  option: string,
  search = option.split(" · ")[0]!,
): Promise<void> {
  await combobox.fill(search);
  await combobox.page().getByRole("listbox").getByRole("option", { name: option, exact: true }).click();
}
