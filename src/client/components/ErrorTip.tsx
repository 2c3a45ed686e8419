import { useId } from '@mantine/hooks';
import { useEffect, useRef, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import classes from './ErrorTip.module.css';

/** The field a tip describes: Mantine renders the input inside its wrapper (a hidden input holds a Select's value). */
const FIELD = 'input:not([type="hidden"]), textarea, select, [role="radiogroup"]';

/**
 * docs/product.md#validation: a field error shows as a red tooltip on the field (the field itself gets a
 * red border). The tip sits in the flow right under its field, its arrow pointing up at it, so it never
 * covers a label, another field or a button at any width; screen readers hear it when it appears (a live
 * region) and again on the field, which it describes.
 */
export function ErrorTip({
  error,
  children,
  style,
}: {
  error?: ReactNode;
  children: ReactElement;
  /** Flex or width rules of the wrapped field's place in a row (the tip's wrapper now takes that place). */
  style?: CSSProperties;
}) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const shown = error !== undefined && error !== null && error !== false && error !== '';

  // Mantine owns the input's aria-describedby (its description); the tip's id is added beside it while shown.
  useEffect(() => {
    const field = root.current?.querySelector<HTMLElement>(FIELD);
    if (!shown || !field) return;
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    field.setAttribute('aria-describedby', [...ids.filter((x) => x !== id), id].join(' '));
    return () => {
      const rest = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((x) => x && x !== id);
      if (rest.length) field.setAttribute('aria-describedby', rest.join(' '));
      else field.removeAttribute('aria-describedby');
    };
  }, [shown, id]);

  return (
    <div ref={root} className={classes.root} style={style}>
      {children}
      <div aria-live="polite" aria-atomic="true">
        {shown ? (
          <div role="tooltip" id={id} className={classes.tip}>
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
