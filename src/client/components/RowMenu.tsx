import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A row's "…" actions menu that costs a plain button until first used: a Mantine Menu per row
 * (popover, floating position, focus handling) made a 50-row table render several times slower on
 * a phone. The first click or key press mounts the real menu around a new button, focuses that
 * button and only then opens, so Escape returns focus to it.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!mounted) return;
    target.current?.focus();
    setOpened(true);
  }, [mounted]);
  const button = (
    <ActionIcon
      ref={target}
      variant="subtle"
      size="lg"
      aria-label={label}
      aria-haspopup="menu"
      onClick={mounted ? undefined : () => setMounted(true)}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!mounted) return button;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
