import { Select, type SelectProps } from '@mantine/core';
import type { Level } from '../../shared/schemas/reference';

/** The required 'Level' select of the criterion and evaluation forms, one option per level. */
export function LevelSelect({ levels, ...props }: Omit<SelectProps, 'data'> & { levels: Level[] | undefined }) {
  return (
    <Select
      label="Level"
      placeholder="Choose a level"
      withAsterisk
      allowDeselect={false}
      data={(levels ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
