import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';

/**
 * Each opening of a modal form starts from `values()` without the previous opening's errors; a change of
 * what the values come from (`source`: the record being edited) while open loads them again. With `dirty`,
 * those values are also the form's unchanged state (form.isDirty()).
 */
export function useFormOnOpen<T>(
  form: UseFormReturnType<T>,
  opened: boolean,
  values: () => T,
  source: readonly unknown[],
  { dirty = false } = {},
): void {
  useEffect(() => {
    if (!opened) return;
    form.setValues(values());
    if (dirty) form.resetDirty(values());
    form.clearErrors();
  }, [opened, ...source]); // eslint-disable-line react-hooks/exhaustive-deps
}
