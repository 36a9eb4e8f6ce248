import { useEffect, useRef, useState } from "react";
import { ImageOff } from "lucide-react";

/** Spec §9: images start loading 100px before they scroll into view (0 for priority images), threshold 0.1. */
export const IMAGE_ROOT_MARGIN = "100px";
export const PRIORITY_IMAGE_ROOT_MARGIN = "0px";
export const IMAGE_THRESHOLD = 0.1;

type Status = "waiting" | "loading" | "loaded" | "failed";

/**
 * A self-hosted image that loads when it comes near the viewport, in a box of fixed aspect ratio (no layout
 * shift), and shows 'Afbeelding niet beschikbaar' when it cannot be loaded. A priority image (the first thing on
 * the page) is in the HTML from the start and is fetched with high priority.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  priority = false,
  className = "",
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [status, setStatus] = useState<Status>(priority ? "loading" : "waiting");

  useEffect(() => {
    if (status !== "waiting") return;
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === "undefined") {
      setStatus("loading");
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setStatus("loading");
        }
      },
      { rootMargin: priority ? PRIORITY_IMAGE_ROOT_MARGIN : IMAGE_ROOT_MARGIN, threshold: IMAGE_THRESHOLD },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [status, priority]);

  // A prerendered priority image may have finished (or failed) before React attached its handlers.
  useEffect(() => {
    const image = imageRef.current;
    if (!image?.complete) return;
    setStatus(image.naturalWidth > 0 ? "loaded" : "failed");
  }, []);

  return (
    <div
      ref={boxRef}
      className={`relative overflow-hidden bg-slate-100 ${className}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {status === "failed" ? (
        <div
          role="img"
          aria-label={alt ? `${alt} (afbeelding niet beschikbaar)` : "Afbeelding niet beschikbaar"}
          className="flex size-full flex-col items-center justify-center gap-2 text-sm text-slate-600"
        >
          <ImageOff aria-hidden className="size-6" />
          <span aria-hidden>Afbeelding niet beschikbaar</span>
        </div>
      ) : (
        status !== "waiting" && (
          <img
            ref={imageRef}
            src={src}
            alt={alt}
            width={width}
            height={height}
            decoding="async"
            fetchPriority={priority ? "high" : "auto"}
            onLoad={() => setStatus("loaded")}
            onError={() => setStatus("failed")}
            className="size-full object-cover"
          />
        )
      )}
      {status === "waiting" && (
        <noscript>
          <img src={src} alt={alt} width={width} height={height} className="size-full object-cover" />
        </noscript>
      )}
    </div>
  );
}
