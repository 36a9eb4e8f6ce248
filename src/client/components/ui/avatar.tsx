import { Avatar as AvatarPrimitive } from "radix-ui";
import { cn } from "@client/lib/utils";

interface AvatarProps {
  /** Shown as initials when there is no image or it fails to load. Rendered locally: no avatar service. */
  initials: string;
  imageUrl?: string | null | undefined;
  /** Alternative text for the image; leave empty when the name is written next to the avatar. */
  alt?: string;
  className?: string;
}

export function Avatar({ initials, imageUrl, alt = "", className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full select-none", className)}
    >
      {imageUrl && (
        <AvatarPrimitive.Image src={imageUrl} alt={alt} className="aspect-square size-full object-cover" />
      )}
      <AvatarPrimitive.Fallback
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
        className="flex size-full items-center justify-center bg-brand-100 text-[0.8125rem] font-semibold text-brand-800"
      >
        {initials}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
