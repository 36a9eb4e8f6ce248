import { useEffect } from "react";
import { AppLoading } from "./app-loading";

/**
 * Rendered by the public site's build when the visitor navigates into the signed-in area (a link to
 * /aanmelden, the demo's redirect to /app): the address has already changed, so loading it from the server
 * brings up the app's own build there. 'Laden...' shows meanwhile.
 */
export function LoadFromServer() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return <AppLoading />;
}
