import { Link } from "wouter";
import { buttonVariants } from "@client/components/ui/button-variants";

/**
 * The home page's 'Probeer Demo' button (spec §2.5). The demo dialog (spec §2.6) takes its place; until it
 * is available the button leads to the free trial.
 */
export function ProbeerDemoButton() {
  return (
    <Link href="/aanmelden" className={buttonVariants({ variant: "outline", size: "lg" })}>
      Probeer Demo
    </Link>
  );
}
