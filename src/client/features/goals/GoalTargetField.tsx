import { NumberInput, Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** A goal's target: Yes on a Yes/No criterion, else a level 1–10 (no steppers: they are too small to tap). */
export function GoalTargetField(props: {
  yesNo: boolean;
  input: GetInputPropsReturnType;
  value: number | string;
  onYes: (value: string) => void;
  autoFocus?: boolean;
}) {
  const { yesNo, input, value, onYes, autoFocus } = props;
  return yesNo ? (
    <Select
      label="Target"
      withAsterisk
      data={[{ value: '1', label: 'Yes' }]}
      {...input}
      value={String(value || '')}
      onChange={(v) => onYes(v ?? '')}
    />
  ) : (
    <NumberInput
      label="Target level"
      withAsterisk
      min={1}
      max={10}
      step={1}
      allowDecimal={false}
      hideControls
      {...(autoFocus ? { 'data-autofocus': true } : {})}
      {...input}
    />
  );
}
