import { Link } from "wouter";
import { ArrowLeft } from "lucide-react";
import { buttonVariants } from "@client/components/ui/button-variants";
import { useDocumentTitle } from "@client/lib/use-document-title";

interface NotFoundProps {
  /** Where "home" is: the public home page, or the dashboard inside the app. */
  homeHref?: string;
  homeLabel?: string;
}

/** Spec §8: the 404 screen reads 'Page Not Found'. */
export function NotFound({ homeHref = "/", homeLabel = "Terug naar de homepage" }: NotFoundProps) {
  useDocumentTitle("Pagina niet gevonden");
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-sm font-semibold tracking-wide text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">Page Not Found</h1>
      <p className="mt-4 text-base text-muted-foreground">
        De pagina die je zoekt bestaat niet (meer) of is verplaatst. Controleer het adres of ga terug naar een
        bekende plek.
      </p>
      <Link href={homeHref} className={`${buttonVariants()} mt-8`}>
        <ArrowLeft aria-hidden />
        {homeLabel}
      </Link>
    </div>
  );
}
