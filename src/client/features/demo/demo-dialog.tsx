import { useEffect, useRef } from "react";
import { CheckCircle2, Clock, FileText, Users, Wallet } from "lucide-react";
import { useLocation } from "wouter";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { Spinner } from "@client/components/ui/spinner";
import { toast } from "@client/lib/toast";
import { useSignedIn } from "@client/lib/signed-in";
import { demoErrorDescription, useStartDemo } from "./api";

/** Spec §9: the dashboard opens 1.5 seconds after 'Demo is klaar!'. */
export const DEMO_REDIRECT_DELAY_MS = 1500;
const DASHBOARD_PATH = "/app/dashboard";

const WHAT_IS_IN_IT = [
  { icon: Wallet, text: "Een jaar aan inkomsten en uitgaven met btw" },
  { icon: Clock, text: "Urenregistratie per project" },
  { icon: FileText, text: "Facturen: betaald, openstaand, verlopen en een creditnota" },
  { icon: Users, text: "Klanten in Nederland, België en Duitsland" },
];

/**
 * The demo dialog of spec §2.6, in four states: idle (what the demo is, and the start button), pending (a spinner
 * with 'Demo omgeving wordt voorbereid...'), success ('Demo is klaar!', then the dashboard after 1.5 s) and error
 * (a toast; the dialog is ready to try again).
 */
export function DemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const startDemo = useStartDemo();
  const signedIn = useSignedIn();
  const [, navigate] = useLocation();
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const start = () =>
    startDemo.mutate(undefined, {
      onSuccess: ({ user }) => {
        toast({ title: "Demo gestart!", description: `Welkom, ${user.firstName || user.username}!` });
        redirect.current = setTimeout(() => navigate(DASHBOARD_PATH), DEMO_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        toast({
          variant: "destructive",
          title: "Demo starten mislukt",
          description: demoErrorDescription(error),
        });
        startDemo.reset();
      },
    });

  const isBusy = startDemo.isPending || startDemo.isSuccess;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Once the account is being made, the visitor is on the way to the dashboard.
        if (!isBusy) onOpenChange(next);
      }}
    >
      <DialogContent hideCloseButton={isBusy} aria-busy={startDemo.isPending}>
        <DialogHeader>
          <DialogTitle>Probeer Balans zonder account</DialogTitle>
          <DialogDescription>
            Je krijgt een eigen demo-omgeving met de administratie van een fictieve zzp&apos;er. Klik rond,
            maak facturen en boek transacties: er gaat niets echt de deur uit.
          </DialogDescription>
        </DialogHeader>

        {startDemo.isPending ? (
          <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
            <Spinner className="size-8 text-primary" />
            <p className="font-medium">Demo omgeving wordt voorbereid...</p>
          </div>
        ) : startDemo.isSuccess ? (
          <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
            <CheckCircle2 className="size-10 text-success" aria-hidden />
            <p className="text-lg font-semibold">Demo is klaar!</p>
            <p className="text-sm text-muted-foreground">Je gaat nu naar het dashboard.</p>
          </div>
        ) : (
          <>
            <ul className="flex flex-col gap-2.5">
              {WHAT_IS_IN_IT.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-3 text-sm">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  {text}
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              Geen aanmelding nodig. De demo blijft 2 uur beschikbaar en wordt daarna automatisch verwijderd.
            </p>
            {signedIn && (
              <p
                role="alert"
                className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
              >
                Je bent ingelogd. De demo neemt de plaats in van je eigen sessie: je wordt uitgelogd en logt
                daarna weer in met je eigen account. Er verandert niets aan je administratie.
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Annuleren
              </Button>
              <Button onClick={start}>{signedIn ? "Uitloggen en demo starten" : "Start demo"}</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
