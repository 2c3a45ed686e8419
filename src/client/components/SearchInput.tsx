import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  value: string;
  /** The new text (a paged list goes back to its first page here). */
  onSearch: (text: string) => void;
}

/** A search field: a text input with the magnifier in front. */
export function SearchInput({ onSearch, ...props }: Props) {
  return <TextInput leftSection={<IconSearch size={16} />} {...props} onChange={(e) => onSearch(e.currentTarget.value)} />;
}
