import { useId, useRef, useState, type DragEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Camera, CheckCircle2, CircleAlert, FilePlus2, FileUp, PenLine, X } from "lucide-react";
import { MAX_DOCUMENT_BYTES, PURCHASE_MESSAGES } from "@shared/schemas/purchase-invoices";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Progress } from "@client/components/ui/progress";
import { getErrorMessage } from "@client/lib/api";
import { cn } from "@client/lib/utils";
import { purchaseQueryKeys } from "./api";
import { uploadPurchaseDocument } from "./upload";

/** What the file picker offers: PDFs (with or without an e-invoice inside), UBL XML and photos or scans. */
export const DOCUMENT_ACCEPT = "application/pdf,.pdf,application/xml,text/xml,.xml,image/*";

type Upload = {
  key: string;
  fileName: string;
  percent: number;
  state: "uploading" | "done" | "error";
  error?: string;
  invoiceId?: string;
};

let uploadCounter = 0;

interface DocumentIntakeProps {
  /** Opens a purchase invoice (the one a finished upload made). */
  onOpen: (id: string) => void;
  onManual: () => void;
  className?: string;
}

/**
 * Getting documents in: drop several files or pick them, or take a photo on a phone. Each file uploads on its
 * own with its own progress bar and its own error, so one refused file does not stop the others; once uploaded,
 * the list shows it being read.
 */
export function DocumentIntake({ onOpen, onManual, className }: DocumentIntakeProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const cameraInput = useRef<HTMLInputElement>(null);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  const send = async (file: File, source: "upload" | "camera") => {
    const key = `upload-${++uploadCounter}`;
    const fileName = file.name || (source === "camera" ? "Foto" : "Document");
    // A file over the limit is refused before it is sent: no waiting for 25 MB to go up for nothing.
    if (file.size > MAX_DOCUMENT_BYTES) {
      setUploads((current) => [
        ...current,
        { key, fileName, percent: 0, state: "error", error: PURCHASE_MESSAGES.tooLarge },
      ]);
      return;
    }
    setUploads((current) => [...current, { key, fileName, percent: 0, state: "uploading" }]);
    try {
      const detail = await uploadPurchaseDocument(file, source, (percent) => update(key, { percent }));
      update(key, { state: "done", percent: 100, invoiceId: detail.id });
      await queryClient.invalidateQueries({ queryKey: purchaseQueryKeys.all });
    } catch (error) {
      update(key, { state: "error", error: getErrorMessage(error) });
    }
  };

  const sendAll = (files: FileList | null | undefined, source: "upload" | "camera") => {
    for (const file of Array.from(files ?? [])) void send(file, source);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setIsDragging(false);
    sendAll(event.dataTransfer.files, "upload");
  };

  const finished = uploads.filter((upload) => upload.state !== "uploading");

  return (
    <Card
      className={cn("flex flex-col gap-4 p-4 sm:p-5", className)}
      onDragEnter={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
      }}
      onDrop={onDrop}
    >
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
        <h2 id={`${id}-title`} className="text-base font-semibold tracking-tight">
          Documenten toevoegen
        </h2>
        <div className="flex flex-wrap gap-2">
          {/* On a phone the camera comes first and the file picker is a button; a wider screen has a drop zone. */}
          <Button className="sm:hidden" onClick={() => cameraInput.current?.click()}>
            <Camera aria-hidden />
            Foto maken
          </Button>
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            // The button above is what people and screen readers use; the input only opens the camera.
            hidden
            onChange={(event) => {
              sendAll(event.target.files, "camera");
              event.target.value = "";
            }}
          />
          <label
            htmlFor={`${id}-files`}
            className={cn(
              "inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-input bg-card px-4 text-sm font-medium shadow-xs transition-colors",
              "focus-within:ring-3 focus-within:ring-ring/40 hover:bg-muted/50",
              "sm:h-auto sm:w-full sm:flex-col sm:border-2 sm:border-dashed sm:border-border sm:px-4 sm:py-6 sm:text-center sm:shadow-none",
              isDragging && "border-primary bg-accent/60",
            )}
          >
            <FileUp className="size-4 text-primary sm:size-7" aria-hidden />
            <span className="sm:hidden">Bestand kiezen</span>
            <span className="hidden sm:inline">
              {isDragging
                ? "Laat los om toe te voegen"
                : "Sleep facturen en bonnetjes hierheen of kies bestanden"}
            </span>
            <span className="hidden text-xs font-normal text-muted-foreground sm:inline">
              Pdf, e-factuur (XML) of foto · meerdere tegelijk · hooguit 25 MB per bestand
            </span>
            <input
              id={`${id}-files`}
              type="file"
              multiple
              accept={DOCUMENT_ACCEPT}
              className="sr-only"
              onChange={(event) => {
                sendAll(event.target.files, "upload");
                event.target.value = "";
              }}
            />
          </label>
          <Button variant="outline" onClick={onManual}>
            <PenLine aria-hidden />
            Handmatig invoeren
          </Button>
        </div>
      </section>

      {uploads.length > 0 && (
        <section aria-label="Uploads" className="flex flex-col gap-2">
          <ul className="flex flex-col gap-2">
            {uploads.map((upload) => (
              <UploadRow
                key={upload.key}
                upload={upload}
                onOpen={onOpen}
                onDismiss={() => setUploads((current) => current.filter((other) => other.key !== upload.key))}
              />
            ))}
          </ul>
          {finished.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() =>
                setUploads((current) => current.filter((upload) => upload.state === "uploading"))
              }
            >
              Afgeronde uploads wissen
            </Button>
          )}
        </section>
      )}
    </Card>
  );
}

function UploadRow({
  upload,
  onOpen,
  onDismiss,
}: {
  upload: Upload;
  onOpen: (id: string) => void;
  onDismiss: () => void;
}) {
  return (
    <li
      className={cn(
        "flex items-start gap-3 rounded-lg border px-3 py-2 text-sm",
        upload.state === "error" ? "border-destructive/60" : "border-border",
      )}
    >
      {upload.state === "error" ? (
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      ) : upload.state === "done" ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
      ) : (
        <FilePlus2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate font-medium">{upload.fileName}</span>
        {upload.state === "uploading" && (
          <Progress value={upload.percent} aria-label={`${upload.fileName} uploaden`} className="h-1.5" />
        )}
        {upload.state === "done" && (
          <span className="text-xs text-muted-foreground">Toegevoegd; Balans leest het document.</span>
        )}
        {upload.state === "error" && (
          <span role="alert" className="text-[0.8125rem] font-medium text-destructive">
            {upload.error}
          </span>
        )}
      </div>
      {upload.state === "done" && upload.invoiceId && (
        <Button variant="outline" size="sm" onClick={() => onOpen(upload.invoiceId!)}>
          Openen<span className="sr-only"> {upload.fileName}</span>
        </Button>
      )}
      {upload.state !== "uploading" && (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`${upload.fileName} uit deze lijst halen`}
          onClick={onDismiss}
        >
          <X aria-hidden />
        </Button>
      )}
    </li>
  );
}
