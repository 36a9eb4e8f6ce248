/** Helpers for the app's keyboard shortcuts (see components/layout/use-app-shortcuts.ts). */

const TEXT_INPUT_TYPES = new Set([
  "text",
  "search",
  "email",
  "password",
  "number",
  "tel",
  "url",
  "date",
  "datetime-local",
  "month",
  "time",
  "week",
]);

/**
 * Whether a key press goes into a field (text, a date, a select's type-ahead): single-key shortcuts must then
 * stay out of the way, so typing "?" or "g" in a description never does anything but type it.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  const role = target.getAttribute("role");
  return role === "textbox" || role === "combobox" || role === "searchbox";
}

/**
 * Whether the key press happens in a dialog or a menu: those handle their own keys (a menu's type-ahead), and a
 * single-key shortcut must not open something over them.
 */
export function isInOverlay(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null
  );
}

/** Apple keyboards have ⌘ where others use Ctrl. */
export function isApplePlatform(): boolean {
  if (typeof navigator === "undefined") return false;
  return /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

/** The label of the key held with K to open the command palette: "⌘" on Apple keyboards, else "Ctrl". */
export function commandKeyLabel(): string {
  return isApplePlatform() ? "⌘" : "Ctrl";
}
