import { cn } from "@client/lib/utils";
import { KeyHint } from "./key-hint";
import type { PaletteCommand, PaletteGroup } from "./palette-commands";

interface PaletteListProps {
  id: string;
  label: string;
  groups: PaletteGroup[];
  activeId: string | undefined;
  optionId: (command: PaletteCommand) => string;
  onActivate: (command: PaletteCommand) => void;
  onChoose: (command: PaletteCommand) => void;
}

/**
 * The palette's results: a listbox of labelled groups. Focus stays in the search field, which points at the
 * highlighted option (aria-activedescendant); the pointer highlights and chooses too.
 */
export function PaletteList({
  id,
  label,
  groups,
  activeId,
  optionId,
  onActivate,
  onChoose,
}: PaletteListProps) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      className="max-h-[min(24rem,55dvh)] scroll-py-2 overflow-y-auto overscroll-contain px-2 pb-2 empty:hidden"
    >
      {groups.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`${id}-${group.id}`}>
          <div id={`${id}-${group.id}`} className="px-2 pt-3 pb-1 text-xs font-medium text-muted-foreground">
            {group.label}
          </div>
          {group.commands.map((command) => {
            const elementId = optionId(command);
            const isActive = elementId === activeId;
            const Icon = command.icon;
            return (
              <div
                key={command.id}
                id={elementId}
                role="option"
                aria-selected={isActive}
                // Keeps focus in the search field.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => !isActive && onActivate(command)}
                onClick={() => onChoose(command)}
                className={cn(
                  "flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-foreground",
                  isActive && "bg-accent text-accent-foreground",
                )}
              >
                <Icon
                  aria-hidden
                  className={cn("size-4 shrink-0", isActive ? "text-primary" : "text-muted-foreground")}
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{command.label}</span>
                  {command.detail && (
                    <span className="truncate text-xs text-muted-foreground">{command.detail}</span>
                  )}
                </span>
                {command.hint &&
                  (command.isHintKeys ? (
                    <KeyHint keys={command.hint.split(" ")} className="hidden sm:inline-flex" aria-hidden />
                  ) : (
                    <span className="shrink-0 text-sm tabular-nums">{command.hint}</span>
                  ))}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
