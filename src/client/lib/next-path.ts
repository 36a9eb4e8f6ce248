/**
 * Where to go after signing in or up: the same-site path in `?volgende=` (a mailed link that needs an account,
 * such as an invitation), else the app. Anything that could leave the site is ignored.
 */
export function nextPathAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get("volgende");
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/app";
  return next;
}
