import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface Props {
  expanded: boolean;
  /** The id of the details row the button opens. */
  controls: string;
  onToggle: () => void;
  /** The row's name. */
  children: ReactNode;
}

/** The button in the first cell of a table row that opens and closes the row's details: a chevron and the row's name. */
export function ExpandToggle({ expanded, controls, onToggle, children }: Props) {
  const Icon = expanded ? IconChevronDown : IconChevronRight;
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      style={{ display: 'flex', alignItems: 'center', gap: 6, minHeight: 36 }}
    >
      <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />
      {children}
    </UnstyledButton>
  );
}
