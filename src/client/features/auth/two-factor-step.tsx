import { useState } from "react";
import type { User } from "@shared/schemas/auth";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { OneTimeCodeInput } from "@client/components/ui/one-time-code-input";
import { Spinner } from "@client/components/ui/spinner";
import { ApiError } from "@client/lib/api";
import { toastError } from "@client/lib/toast";
import { useSignInWithCode } from "./api";

/**
 * The second step of signing in for an account with two-factor sign-in, after the password (or after a new
 * password from a reset link): a code from the app or a recovery code starts the session.
 */
export function TwoFactorStep({
  onSignedIn,
  onBack,
}: {
  onSignedIn: (user: User) => void;
  onBack: () => void;
}) {
  const signIn = useSignInWithCode();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  return (
    <form
      aria-label="Verificatiecode"
      noValidate
      className="flex flex-col gap-5"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          onSignedIn(await signIn.mutateAsync({ code }));
        } catch (failure) {
          // The step lasts five minutes: after that the password is asked again.
          if (failure instanceof ApiError && failure.status === 401) {
            toastError(failure, "Inloggen mislukt");
            return onBack();
          }
          const message = failure instanceof ApiError ? failure.fieldErrors?.code : undefined;
          if (message) setError(message);
          else toastError(failure, "Inloggen mislukt");
        }
      }}
    >
      <p className="text-sm text-muted-foreground">
        Je account gebruikt tweestapsverificatie. Vul de code van 6 cijfers uit je authenticator-app in, of
        een van je herstelcodes.
      </p>
      <FormField label="Verificatiecode" error={error}>
        <OneTimeCodeInput autoFocus value={code} onChange={(event) => setCode(event.target.value)} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner />}
        {signIn.isPending ? "Controleren..." : "Inloggen"}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Terug
      </Button>
    </form>
  );
}
