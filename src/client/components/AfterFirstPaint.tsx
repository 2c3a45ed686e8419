import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders its children in a background render after the screen's first paint: the top of a heavy
 * screen (its heading) shows at once and the rest renders in interruptible slices, which keeps a
 * slow phone responsive. Nothing above the children moves when they appear.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
