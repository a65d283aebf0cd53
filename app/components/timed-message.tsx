import { useEffect, useState } from "react";

/**
 * A form message (docs/product.md §8/§9). With JavaScript on it hides after `hideAfterMs` (3 s or 5 s);
 * without JavaScript the server-rendered message simply stays. `trigger` shows it again when
 * a new answer arrives (pass the action data).
 */
export function TimedMessage({
  kind,
  hideAfterMs,
  trigger,
  id,
  children,
}: {
  kind: "danger" | "warning" | "success";
  hideAfterMs?: number;
  trigger?: unknown;
  id?: string;
  children: React.ReactNode;
}) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!hideAfterMs) return;
    const timer = setTimeout(() => setVisible(false), hideAfterMs);
    return () => clearTimeout(timer);
  }, [hideAfterMs, trigger]);
  if (!visible) return null;
  return (
    <div id={id} className={`alert alert-${kind}`} role={kind === "success" ? "status" : "alert"}>
      {children}
    </div>
  );
}

/** Keeps a username field lowercase as it is typed (the server lowercases too). */
export function lowercaseInput(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const lower = input.value.toLowerCase();
  if (lower === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = lower;
  input.setSelectionRange(selectionStart, selectionEnd);
}
