import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { HIGHLIGHT_MS } from '../../shared/constants';

/** docs/product.md#validation: required-field highlights and their tooltip disappear after 5 seconds. */
export function useTimedErrors<T>(form: UseFormReturnType<T>): void {
  const hasErrors = Object.keys(form.errors).length > 0;
  useEffect(() => {
    if (!hasErrors) return;
    const id = setTimeout(() => form.clearErrors(), HIGHLIGHT_MS);
    return () => clearTimeout(id);
  }, [hasErrors, form.errors]); // eslint-disable-line react-hooks/exhaustive-deps
}
