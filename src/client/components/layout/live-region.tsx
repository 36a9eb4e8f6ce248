import { useAnnouncement } from "@client/lib/announcer";

/** The one polite live region of the app (spec §2.4); fill it with `announce()` from lib/announcer. */
export function LiveRegion() {
  const message = useAnnouncement();
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
