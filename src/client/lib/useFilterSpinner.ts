import { useEffect, useRef, useState } from 'react';
import { FILTER_SPINNER_MS } from '../../shared/constants';

/** docs/product.md#scoring: a filter change shows a spinner for 2 s (window.__FILTER_SPINNER_MS shortens it in tests). */
export function filterSpinnerMs(): number {
  const override = (globalThis as { __FILTER_SPINNER_MS?: number }).__FILTER_SPINNER_MS;
  return typeof override === 'number' ? override : FILTER_SPINNER_MS;
}

export function useFilterSpinner<T>(value: T): boolean {
  const [spinning, setSpinning] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setSpinning(true);
    const id = setTimeout(() => setSpinning(false), filterSpinnerMs());
    return () => clearTimeout(id);
  }, [value]);
  return spinning;
}
