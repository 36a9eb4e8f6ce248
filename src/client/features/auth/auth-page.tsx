import { useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { Calculator, FileText, Landmark, type LucideIcon } from "lucide-react";
import { Logo } from "@client/components/layout/logo";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { cn } from "@client/lib/utils";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { useRecordSignupLead } from "./signup-lead";

type AuthTab = "login" | "register";

const TAB_PATHS: Record<AuthTab, string> = { login: "/inloggen", register: "/aanmelden" };

const TAB_COPY: Record<AuthTab, { documentTitle: string; heading: string; intro: string }> = {
  login: {
    documentTitle: "Inloggen",
    heading: "Welkom terug",
    intro: "Log in om verder te gaan met je boekhouding.",
  },
  register: {
    documentTitle: "Account aanmaken",
    heading: "Maak je account aan",
    intro: "Probeer Balans 14 dagen gratis. Geen creditcard nodig.",
  },
};

const SELLING_POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: FileText,
    title: "Snel facturen versturen",
    text: "Maak in een paar klikken een nette factuur en stuur hem direct naar je klant.",
  },
  {
    icon: Landmark,
    title: "Automatische verwerking van je bank",
    text: "Importeer je bankafschrift en Balans herkent de betalingen van je facturen.",
  },
  {
    icon: Calculator,
    title: "Hulp bij je btw-aangifte",
    text: "Balans rekent per kwartaal uit wat je moet afdragen of terugkrijgt.",
  },
];

/** Spec §2.9: one page for /inloggen and /aanmelden; the URL picks the tab and follows tab changes. */
export function AuthPage() {
  const [location, navigate] = useLocation();
  const tab: AuthTab = location.startsWith(TAB_PATHS.register) ? "register" : "login";
  // One visibility state for both tabs' password fields (spec §2.9).
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const togglePasswordVisible = () => setIsPasswordVisible((visible) => !visible);
  const copy = TAB_COPY[tab];
  useDocumentTitle(copy.documentTitle);
  useRecordSignupLead(tab === "register");

  return (
    <AuthFrame heading={copy.heading} intro={copy.intro}>
      <Tabs
        value={tab}
        onValueChange={(value) => navigate(TAB_PATHS[value as AuthTab], { replace: true })}
        className="gap-6"
      >
        <TabsList className="w-full">
          <TabsTrigger value="login">Inloggen</TabsTrigger>
          <TabsTrigger value="register">Registreren</TabsTrigger>
        </TabsList>
        {/* Both forms stay mounted so typed values survive switching tabs. */}
        <TabsContent value="login" forceMount className="data-[state=inactive]:hidden">
          <LoginForm isPasswordVisible={isPasswordVisible} onTogglePasswordVisible={togglePasswordVisible} />
        </TabsContent>
        <TabsContent value="register" forceMount className="data-[state=inactive]:hidden">
          <RegisterForm
            isPasswordVisible={isPasswordVisible}
            onTogglePasswordVisible={togglePasswordVisible}
          />
        </TabsContent>
      </Tabs>
    </AuthFrame>
  );
}

/**
 * The frame of the auth page and of the pages its links lead to (a forgotten password, a confirmed address):
 * the heading, intro and card beside the selling points.
 */
export function AuthFrame({
  heading,
  intro,
  children,
}: {
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-background lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-1 flex-col px-4 pt-6 pb-10 sm:px-6 lg:order-2 lg:justify-center lg:py-12"
      >
        <div className="mx-auto flex w-full max-w-md flex-col">
          <Link
            href="/"
            className="-m-1 self-start rounded-lg p-1 outline-none focus-visible:ring-3 focus-visible:ring-ring/40 lg:hidden"
          >
            <Logo />
          </Link>
          <div className="mt-8 lg:mt-0">
            <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{heading}</h1>
            <p className="mt-2 text-muted-foreground">{intro}</p>
          </div>
          <div className="mt-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-7">{children}</div>
        </div>
      </main>
      <SellingPoints />
    </div>
  );
}

function SellingPoints() {
  return (
    <aside
      aria-labelledby="selling-points-title"
      className={cn(
        "relative overflow-hidden border-t border-border bg-brand-950 px-4 py-10 text-white sm:px-6",
        "lg:order-1 lg:flex lg:flex-col lg:justify-between lg:border-t-0 lg:px-12 lg:py-12 xl:px-16",
      )}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-brand-600/30 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-40 -left-24 size-96 rounded-full bg-brand-800/50 blur-3xl"
      />
      <Link
        href="/"
        className="relative -m-1 hidden self-start rounded-lg p-1 outline-none focus-visible:ring-3 focus-visible:ring-white/50 lg:inline-flex"
      >
        <Logo inverted />
      </Link>
      <div className="relative mx-auto w-full max-w-md lg:mx-0 lg:max-w-lg">
        <h2 id="selling-points-title" className="text-2xl font-bold tracking-tight text-balance lg:text-3xl">
          Je boekhouding, eindelijk overzichtelijk
        </h2>
        <p className="mt-3 text-brand-100/90">Alles wat je als zzp&apos;er nodig hebt, in één app.</p>
        <ul className="mt-8 flex flex-col gap-6">
          {SELLING_POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/15">
                <Icon className="size-5 text-brand-200" aria-hidden />
              </div>
              <div>
                <p className="font-semibold">{title}</p>
                <p className="mt-1 text-sm text-brand-100/80">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative mt-10 hidden text-sm text-brand-100/70 lg:block">
        © {new Date().getFullYear()} Balans
      </p>
    </aside>
  );
}
