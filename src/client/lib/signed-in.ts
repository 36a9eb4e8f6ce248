import { useEffect, useState } from "react";

let answer: Promise<boolean> | undefined;

/** Asked once per page load: the public pages are the same HTML for everyone, so the browser asks the server. */
function askServer(): Promise<boolean> {
  answer ??= fetch("/api/session", { credentials: "same-origin" })
    .then((response) =>
      response.ok ? (response.json() as Promise<{ signedIn: boolean }>) : { signedIn: false },
    )
    .then(({ signedIn }) => signedIn)
    .catch(() => false);
  return answer;
}

/**
 * Whether this browser is signed in, on the public site: false while prerendering and until the server has
 * answered, so the page hydrates as it was rendered and then shows the way into the app.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void askServer().then((value) => isCurrent && setSignedIn(value));
    return () => {
      isCurrent = false;
    };
  }, []);
  return signedIn;
}
