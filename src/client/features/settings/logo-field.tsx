import { useRef, useState, type ChangeEvent } from "react";
import { ImageUp, Trash2 } from "lucide-react";
import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
} from "@shared/schemas/settings";
import { Button } from "@client/components/ui/button";
import { Spinner } from "@client/components/ui/spinner";
import { toast, toastError } from "@client/lib/toast";
import { LOGO_URL, useCompanyProfile, useRemoveLogo, useUploadLogo } from "./api";

/**
 * The logo on invoices, uploaded on its own (not with the form's save): the server checks and stores it at
 * once. The same type and size limits are checked here first, so a wrong file needs no round trip.
 */
export function LogoField() {
  const company = useCompanyProfile();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  // Changes the preview's URL after each upload, so the browser shows the new image.
  const [version, setVersion] = useState(0);
  const hasLogo = company.data?.hasLogo ?? false;
  const isSaved = company.data?.isSaved ?? false;
  const isBusy = upload.isPending || remove.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again must fire change again
    if (!file) return;
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      toast({ variant: "destructive", title: "Fout", description: LOGO_TYPE_MESSAGE });
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      toast({ variant: "destructive", title: "Fout", description: LOGO_SIZE_MESSAGE });
      return;
    }
    try {
      await upload.mutateAsync(file);
      setVersion((current) => current + 1);
      toast({ title: "Logo opgeslagen" });
    } catch (error) {
      toastError(error);
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      toast({ title: "Logo verwijderd" });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <p className="text-sm font-medium">Logo</p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-[60px] w-[160px] items-center justify-center rounded-md border border-dashed border-border bg-white">
          {hasLogo ? (
            <img
              src={`${LOGO_URL}?v=${version}`}
              alt="Huidig logo"
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-xs text-muted-foreground">Geen logo</span>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg"
          aria-label="Logo uploaden"
          className="sr-only"
          tabIndex={-1}
          onChange={onFile}
        />
        <Button
          type="button"
          variant="outline"
          disabled={!isSaved || isBusy}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? <Spinner /> : <ImageUp aria-hidden />}
          {hasLogo ? "Ander logo kiezen" : "Logo kiezen"}
        </Button>
        {hasLogo && (
          <Button type="button" variant="ghost" disabled={isBusy} onClick={onRemove}>
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden />}
            Logo verwijderen
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {isSaved
          ? "PNG, JPEG of SVG, maximaal 512 KB. Staat linksboven op je facturen."
          : "Sla eerst de bedrijfsgegevens op, daarna kun je een logo toevoegen."}
      </p>
    </div>
  );
}
