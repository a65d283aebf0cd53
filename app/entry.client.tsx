/**
 * React Router's client entry as it ships (StrictMode, HydratedRouter in a transition), with one check first: the
 * paint-first boot (app/components/paint-first-scripts.tsx) tells whether the address bar still names the address
 * the server wrote this page for. A history move taken while the page loaded would have React Router hydrate
 * another address with this page's HTML; the boot reloads the page instead, and nothing hydrates.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { MOVED_CHECK } from "./components/paint-first-scripts";

const moved = (window as unknown as Record<string, (() => boolean) | undefined>)[MOVED_CHECK];

if (!moved?.()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
