import { Download, ExternalLink, FileText } from "lucide-react";
import { formatDate, formatNumber } from "@shared/format";
import type { PurchaseInvoiceDetail } from "@shared/schemas/purchase-invoices";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { Progress } from "@client/components/ui/progress";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { cn } from "@client/lib/utils";
import { purchaseDocumentUrl, usePurchaseInvoice } from "./api";
import { BookedView } from "./booked-view";
import { PdfPreview } from "./pdf-preview";
import { statusOf, supplierLabel } from "./purchase-format";
import { ReviewForm } from "./review-form";

/** What the dialog shows: one purchase invoice, or a new one typed in by hand. */
export type PurchaseDialogTarget = { id: string } | { isNew: true } | undefined;

interface PurchaseDialogProps {
  target: PurchaseDialogTarget;
  onTargetChange: (target: PurchaseDialogTarget) => void;
}

/**
 * One purchase invoice: on a wide screen the original on the left and the form on the right, on a phone one
 * above the other. Being read, it shows the progress and fills the form once read; booked, it is read-only.
 */
export function PurchaseDialog({ target, onTargetChange }: PurchaseDialogProps) {
  const id = target && "id" in target ? target.id : undefined;
  const isNew = target !== undefined && "isNew" in target;
  const detail = usePurchaseInvoice(id);
  const data = detail.data?.id === id ? detail.data : undefined;
  const hasDocument = Boolean(data?.document);
  const onClose = () => onTargetChange(undefined);

  return (
    <Dialog open={target !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className={cn(
          "max-w-3xl",
          hasDocument && "max-w-6xl lg:h-[90vh] lg:grid-rows-[auto_minmax(0,1fr)] lg:overflow-hidden",
        )}
        // Focus the dialog rather than its first field: on a phone that would pop up the keyboard over the document.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{titleOf(isNew, data)}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {isNew ? (
              "Vul de gegevens van de factuur of het bonnetje in."
            ) : data ? (
              <Summary detail={data} />
            ) : (
              ""
            )}
          </DialogDescription>
        </DialogHeader>
        {detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(detail.error)}
          </p>
        ) : isNew ? (
          <ReviewForm
            detail={undefined}
            onCreated={(created) => onTargetChange({ id: created.id })}
            onClose={onClose}
          />
        ) : !data ? (
          <Skeleton className="h-96" />
        ) : (
          <div className={cn("grid min-w-0 gap-5", hasDocument && "lg:min-h-0 lg:grid-cols-2")}>
            {hasDocument && <DocumentPane detail={data} />}
            <div className={cn("min-w-0", hasDocument && "lg:min-h-0 lg:overflow-y-auto lg:pr-2 lg:pb-6")}>
              <Body detail={data} onOpen={(next) => onTargetChange({ id: next })} onClose={onClose} />
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function titleOf(isNew: boolean, detail: PurchaseInvoiceDetail | undefined): string {
  if (isNew) return "Nieuwe inkoopfactuur";
  switch (detail?.status) {
    case "reading":
      return "Document wordt gelezen";
    case "review":
      return "Inkoopfactuur controleren";
    default:
      return "Inkoopfactuur";
  }
}

function Summary({ detail }: { detail: PurchaseInvoiceDetail }) {
  const status = statusOf(detail);
  return (
    <>
      <span>
        {detail.status === "reading"
          ? (detail.document?.fileName ?? "Document")
          : [
              supplierLabel(detail),
              detail.invoiceNumber,
              detail.invoiceDate && formatDate(detail.invoiceDate),
            ]
              .filter(Boolean)
              .join(" · ")}
      </span>
      <Badge variant={status.variant}>{status.label}</Badge>
    </>
  );
}

function Body({
  detail,
  onOpen,
  onClose,
}: {
  detail: PurchaseInvoiceDetail;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  if (detail.status === "reading") {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-border p-4">
        <p className="text-sm font-medium">Balans leest dit document…</p>
        <Progress value={detail.readingProgress} aria-label="Document lezen" />
        <p className="text-sm text-muted-foreground">
          Het formulier vult zich vanzelf zodra het gelezen is. Je kunt dit venster ook sluiten: het document
          staat in de lijst.
        </p>
      </div>
    );
  }
  if (detail.status === "review") {
    // Keyed by status: a document that has just been read starts the form from what was read.
    return (
      <ReviewForm
        key={`${detail.id}:${detail.status}`}
        detail={detail}
        onCreated={(created) => onOpen(created.id)}
        onClose={onClose}
      />
    );
  }
  return <BookedView detail={detail} onOpen={onOpen} />;
}

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, bytes / 1024), 0)} kB`
    : `${formatNumber(bytes / 1024 / 1024, 1)} MB`;

/**
 * The original beside the form: a PDF's pages or the photo, scrolling on their own beside the form on a wide
 * screen; on a phone a short window above it. Anything else (an XML e-invoice) is a download.
 */
function DocumentPane({ detail }: { detail: PurchaseInvoiceDetail }) {
  const document = detail.document!;
  const url = purchaseDocumentUrl(detail.id);
  const isPdf = document.mimeType === "application/pdf";
  const isImage = /^image\/(png|jpeg|webp)$/.test(document.mimeType);
  const title = `Document ${document.fileName}`;
  return (
    <section aria-label="Document" className="flex min-w-0 flex-col gap-2 lg:min-h-0">
      <div className="flex items-center gap-1 text-sm">
        <FileText className="mr-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1 truncate" title={document.fileName}>
          {document.fileName}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground">{fileSize(document.sizeBytes)}</span>
        {(isPdf || isImage) && (
          <Button variant="ghost" size="icon-sm" asChild>
            <a href={url} target="_blank" rel="noopener" aria-label="Document openen in een nieuw tabblad">
              <ExternalLink aria-hidden />
            </a>
          </Button>
        )}
        <Button variant="ghost" size="icon-sm" asChild>
          <a
            href={purchaseDocumentUrl(detail.id, { download: true })}
            download
            aria-label="Document downloaden"
          >
            <Download aria-hidden />
          </a>
        </Button>
      </div>
      {isPdf && (
        // Focusable, so the pages can be scrolled with the keyboard too.
        <div
          tabIndex={0}
          role="group"
          aria-label={title}
          className="max-h-64 overflow-y-auto rounded-lg bg-muted p-2 outline-none focus-visible:ring-3 focus-visible:ring-ring/40 lg:max-h-none lg:min-h-0 lg:flex-1"
        >
          <PdfPreview url={url} title={title} />
        </div>
      )}
      {isImage && (
        // Focusable, so the pages can be scrolled with the keyboard too.
        <div
          tabIndex={0}
          role="group"
          aria-label={title}
          className="max-h-64 overflow-y-auto rounded-lg bg-muted p-2 outline-none focus-visible:ring-3 focus-visible:ring-ring/40 lg:max-h-none lg:min-h-0 lg:flex-1"
        >
          <img src={url} alt={title} className="w-full rounded-md border border-border bg-white" />
        </div>
      )}
      {!isPdf && !isImage && (
        <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
          Dit bestand kan hier niet getoond worden. Download het om het te bekijken.
        </p>
      )}
    </section>
  );
}
