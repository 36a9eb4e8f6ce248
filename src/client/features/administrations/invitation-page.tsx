/**
 * /uitnodiging?token=…: the page of a mailed invitation to someone's administration. Signed in, the invitee
 * accepts and opens it; signed out, they sign in or sign up and come back here. A used, expired or foreign link
 * gets a clear message and changes nothing.
 */
import type { ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { CircleAlert, Users } from "lucide-react";
import { INVITATION_PATH } from "@shared/routes";
import { MEMBER_ROLE_LABELS } from "@shared/schemas/administrations";
import { Logo } from "@client/components/layout/logo";
import { Button } from "@client/components/ui/button";
import { buttonVariants } from "@client/components/ui/button-variants";
import { PageLoader, Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { useQuery } from "@tanstack/react-query";
import { useAcceptInvitation, useInvitation, useSwitchAdministration } from "./api";

const MISSING_TOKEN = "Deze link is niet compleet. Open de link uit de uitnodiging opnieuw.";

export function InvitationPage() {
  useDocumentTitle("Uitnodiging");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invitation = useInvitation(token);
  const session = useQuery<{ signedIn: boolean }>({ queryKey: ["/api/session"], staleTime: 0 });
  const accept = useAcceptInvitation();
  const open = useSwitchAdministration();
  const [, navigate] = useLocation();
  const back = `${INVITATION_PATH}?token=${encodeURIComponent(token)}`;

  const onAccept = async () => {
    try {
      const administration = await accept.mutateAsync(token);
      await open.mutateAsync(administration.ownerId);
      toast({
        title: "Uitnodiging aangenomen",
        description: `Je werkt nu in de administratie van ${administration.name}.`,
      });
      navigate("/app/dashboard");
    } catch (error) {
      toastError(error);
    }
  };

  let content: ReactNode;
  if (token === "") content = <Refusal message={MISSING_TOKEN} />;
  else if (invitation.isPending || session.isPending) content = <PageLoader label="Uitnodiging laden..." />;
  else if (invitation.isError) content = <Refusal message={getErrorMessage(invitation.error)} />;
  else {
    const { ownerName, email, role } = invitation.data;
    content = (
      <section className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <Users aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-xl font-semibold text-foreground">Uitnodiging van {ownerName}</h1>
            <p className="text-sm break-words text-muted-foreground">
              Je bent uitgenodigd als {MEMBER_ROLE_LABELS[role].toLowerCase()} in de administratie van{" "}
              {ownerName}, voor {email}. Neem de uitnodiging aan met het Balans-account met dit bevestigde
              e-mailadres.
            </p>
          </div>
        </div>
        {session.data?.signedIn ? (
          <Button
            className="self-start"
            onClick={() => void onAccept()}
            disabled={accept.isPending || open.isPending}
          >
            {(accept.isPending || open.isPending) && <Spinner />}
            Uitnodiging aannemen
          </Button>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Link href={`/inloggen?volgende=${encodeURIComponent(back)}`} className={buttonVariants()}>
              Inloggen
            </Link>
            <Link
              href={`/aanmelden?volgende=${encodeURIComponent(back)}`}
              className={buttonVariants({ variant: "outline" })}
            >
              Account maken
            </Link>
          </div>
        )}
      </section>
    );
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6"
      >
        <Logo />
        {content}
      </main>
    </div>
  );
}

function Refusal({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border border-border bg-card p-6 shadow-sm">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <p className="text-sm text-foreground">{message}</p>
    </div>
  );
}
