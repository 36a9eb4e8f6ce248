import { useState, type ComponentProps } from "react";
import { Button } from "@client/components/ui/button";
import { DemoDialog } from "./demo-dialog";

/** The home page's 'Probeer Demo' button (spec §2.5), which opens the demo dialog (§2.6). */
export function ProbeerDemoButton(props: Omit<ComponentProps<typeof Button>, "onClick" | "asChild">) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="lg" {...props} onClick={() => setOpen(true)}>
        {props.children ?? "Probeer Demo"}
      </Button>
      <DemoDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
