import { useId } from "react";
import { Circle, CircleCheck } from "lucide-react";
import { Link } from "wouter";
import { APP_ROUTES, appActionPath, settingsTabPath } from "@shared/routes";
import { ONBOARDING_STEPS, type Onboarding, type OnboardingStep } from "@shared/schemas/onboarding";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Progress } from "@client/components/ui/progress";
import { cn } from "@client/lib/utils";
import { useDismissOnboarding } from "./api";

/** Each step with the link that goes straight to doing it (the form opens on arrival: lib/linked-action.ts). */
const STEPS: Readonly<
  Record<OnboardingStep, { title: string; description: string; action: string; href: string }>
> = {
  companyData: {
    title: "Vul je bedrijfsgegevens in",
    description: "Handelsnaam, adres, KvK-nummer en btw-id: ze staan op elke factuur die je verstuurt.",
    action: "Bedrijfsgegevens invullen",
    href: settingsTabPath("company"),
  },
  bankAccount: {
    title: "Voeg je zakelijke rekening toe",
    description:
      "Vul het IBAN in bij Hoofdrekening of voeg een rekening toe: zo herkent Balans je afschriften.",
    action: "Bankrekening instellen",
    href: settingsTabPath("bank-accounts"),
  },
  client: {
    title: "Voeg je eerste klant toe",
    description: "Met naam en adres, zodat je meteen een factuur kunt maken.",
    action: "Klant toevoegen",
    href: appActionPath(APP_ROUTES.clients, "nieuw"),
  },
  invoice: {
    title: "Verstuur je eerste factuur",
    description: "Een concept telt nog niet mee: je factuur krijgt zijn nummer als je hem verstuurt.",
    action: "Factuur maken",
    href: appActionPath(APP_ROUTES.invoices, "nieuw"),
  },
  bankImport: {
    title: "Importeer een bankafschrift",
    description:
      "Een CSV-, MT940- of CAMT.053-bestand van je bank; Balans stelt voor hoe je elke regel boekt.",
    action: "Afschrift importeren",
    href: appActionPath(APP_ROUTES.bank, "importeren"),
  },
};

const doneCount = (onboarding: Onboarding) =>
  ONBOARDING_STEPS.filter((step) => onboarding.steps[step]).length;

/** The checklist shows until every step is done or the user puts it away ('Niet meer tonen'). */
export function isChecklistShown(onboarding: Onboarding): boolean {
  return !onboarding.isDismissed && doneCount(onboarding) < ONBOARDING_STEPS.length;
}

/** The dashboard's first steps for a new user: what is done, and a button for each step still to do. */
export function OnboardingChecklist({ onboarding }: { onboarding: Onboarding }) {
  const dismiss = useDismissOnboarding();
  const titleId = useId();
  const done = doneCount(onboarding);
  const next = ONBOARDING_STEPS.find((step) => !onboarding.steps[step]);

  return (
    <Card aria-labelledby={titleId} role="region" data-testid="onboarding">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle id={titleId}>Aan de slag met Balans</CardTitle>
          <CardDescription>Vijf stappen, en je administratie staat klaar.</CardDescription>
        </div>
        <Button variant="ghost" size="sm" className="shrink-0" onClick={() => dismiss.mutate()}>
          Niet meer tonen
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Progress
            value={(done / ONBOARDING_STEPS.length) * 100}
            aria-label="Voortgang van de eerste stappen"
            className="flex-1"
          />
          <span
            className="text-sm font-medium whitespace-nowrap tabular-nums"
            data-testid="onboarding-progress"
          >
            {done} van {ONBOARDING_STEPS.length}
          </span>
        </div>
        <ol className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {ONBOARDING_STEPS.map((step) => {
            const isDone = onboarding.steps[step];
            const { title, description, action, href } = STEPS[step];
            return (
              <li
                key={step}
                data-testid={`onboarding-step-${step}`}
                data-done={isDone}
                className="flex flex-col gap-3 px-3 py-3 sm:flex-row sm:items-center sm:px-4"
              >
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  {isDone ? (
                    <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                  ) : (
                    <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                  )}
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <p className={cn("text-sm font-medium", isDone && "text-muted-foreground line-through")}>
                      {title}
                      <span className="sr-only">{isDone ? " (gedaan)" : " (nog te doen)"}</span>
                    </p>
                    {!isDone && <p className="text-sm text-muted-foreground">{description}</p>}
                  </div>
                </div>
                {!isDone && (
                  <Button
                    asChild
                    size="sm"
                    variant={step === next ? "default" : "outline"}
                    className="ml-8 self-start sm:ml-0 sm:self-center"
                  >
                    <Link href={href}>{action}</Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
