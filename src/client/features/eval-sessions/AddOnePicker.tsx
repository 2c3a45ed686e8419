import { Button, Group, Select, type ComboboxItem } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';

/** The "add one" row of a session panel: choose one, press the button; the choice clears once it is added. */
export function AddOnePicker({
  label,
  placeholder,
  data,
  nothingFoundMessage,
  width,
  pending,
  onAdd,
  button,
  children,
}: {
  label: string;
  placeholder: string;
  data: ComboboxItem[];
  nothingFoundMessage?: string;
  width: number;
  pending: boolean;
  /** Adds the chosen id; a failure is shown as a notification. */
  onAdd: (id: number) => Promise<unknown>;
  button: string;
  /** Further buttons of the row. */
  children?: ReactNode;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={label}
        placeholder={placeholder}
        searchable
        data={data}
        value={value}
        onChange={setValue}
        nothingFoundMessage={nothingFoundMessage}
        w={{ base: '100%', xs: width }}
      />
      <Button
        disabled={!value}
        loading={pending}
        onClick={() =>
          onAdd(Number(value))
            .then(() => setValue(null))
            .catch((e: unknown) => notifyError(failureMessage(e)))
        }
      >
        {button}
      </Button>
      {children}
    </Group>
  );
}
