import { useAnnouncement } from "@client/lib/announcer";

/**
 * The app's live regions (spec §2.4: a polite one; errors interrupt through the assertive one). Fill them with
 * `announce()` from lib/announcer.
 */
export function LiveRegion() {
  const message = useAnnouncement("polite");
  const alert = useAnnouncement("assertive");
  return (
    <>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {message}
      </div>
      <div aria-live="assertive" aria-atomic="true" className="sr-only">
        {alert}
      </div>
    </>
  );
}
