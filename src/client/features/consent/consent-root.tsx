import { lazy, Suspense, useEffect, useState } from "react";
import { getConsentManager } from "@client/lib/consent/browser";
import { installPrivacySettingsHandle, usePrivacySettings } from "@client/lib/consent/privacy-settings";
import { CookieBanner } from "./cookie-banner";

// The dialog (and the form validation it brings) loads the first time it is opened; the banner is light.
const PrivacyDialog = lazy(async () => ({ default: (await import("./privacy-dialog")).PrivacyDialog }));

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
