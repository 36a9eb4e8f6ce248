import { lazy, Suspense, useEffect, useState } from "react";
import { getConsentManager } from "@client/lib/consent/browser";
import { installPrivacySettingsHandle, usePrivacySettings } from "@client/lib/consent/privacy-settings";
import { CookieBanner } from "./cookie-banner";

// The dialog (and the form validation and data layer it brings) loads the first time it is opened; the banner
// is light. The public pages have no data layer of their own, so the dialog brings the query client along.
const PrivacyDialog = lazy(async () => {
  const [{ PrivacyDialog: Dialog }, { QueryClientProvider }, { queryClient }] = await Promise.all([
    import("./privacy-dialog"),
    import("@tanstack/react-query"),
    import("@client/lib/query-client"),
  ]);
  return {
    default: () => (
      <QueryClientProvider client={queryClient}>
        <Dialog />
      </QueryClientProvider>
    ),
  };
});

/** Mounted once at the root: starts the consent manager, installs window.privacySettings, renders both UIs. */
export function ConsentRoot() {
  const { isOpen } = usePrivacySettings();
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);

  useEffect(() => {
    installPrivacySettingsHandle(window);
    void getConsentManager().start();
  }, []);
  return (
    <>
      <CookieBanner />
      {hasOpened && (
        <Suspense fallback={null}>
          <PrivacyDialog />
        </Suspense>
      )}
    </>
  );
}
