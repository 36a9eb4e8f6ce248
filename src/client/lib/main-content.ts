/** The id of the app's main landmark: the skip link's target, and where focus goes after jumping to a screen. */
export const MAIN_CONTENT_ID = "main-content";

/** Puts focus at the start of the screen, as a page load would, so Tab continues on the new screen. */
export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
