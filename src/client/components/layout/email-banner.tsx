import { useMutation } from "@tanstack/react-query";
import { Link } from "wouter";
import { MailWarning } from "lucide-react";
import { settingsTabPath } from "@shared/routes";
import { Button } from "@client/components/ui/button";
import { apiRequest } from "@client/lib/api";
import { useSessionUser } from "@client/lib/session-user";
import { toast, toastError } from "@client/lib/toast";

/**
 * Above every screen until the account has a confirmed e-mail address: without one a forgotten password cannot
 * be recovered. Accounts from before the address was required are asked to add one; a new or changed address
 * waits for its link, which can be sent again. Demo accounts have no address and end by themselves.
 */
export function EmailBanner() {
  const user = useSessionUser();
  const resend = useMutation({
    mutationFn: () => apiRequest<{ message: string }>("POST", "/api/user/email-confirmation"),
    meta: { booksUnaffected: true },
    onSuccess: ({ message }) => toast({ title: "Bevestigingslink verstuurd", description: message }),
    onError: (error) => toastError(error, "Versturen mislukt"),
  });
  // A member in another's administration confirmed their own address to accept the invitation; the owner's
  // address is the owner's to confirm.
  if (user.isDemo || user.isEmailVerified || user.signedInAs) return null;

  return (
    <div
      role="region"
      aria-label="E-mailadres"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden className="size-5 shrink-0 text-amber-700" />
      {user.email ? (
        <>
          <p className="flex-1">
            Bevestig je e-mailadres <strong className="break-all">{user.email}</strong> met de link die we je
            stuurden. Dan kun je je wachtwoord altijd herstellen.
          </p>
          <Button variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? "Versturen..." : "Stuur opnieuw"}
          </Button>
        </>
      ) : (
        <>
          <p className="flex-1">
            Je account heeft nog geen e-mailadres. Voeg er een toe, zodat je je wachtwoord kunt herstellen als
            je het vergeet.
          </p>
          <Link
            href={settingsTabPath("profile")}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            E-mailadres toevoegen
          </Link>
        </>
      )}
    </div>
  );
}
