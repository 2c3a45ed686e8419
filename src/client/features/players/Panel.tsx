import { ActionIcon, Button, Card, Group, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '../../components/ConfirmModal';
import { QueryView } from '../../components/QueryView';
import classes from './players.module.css';

/** A profile panel: SCORE, ANALYSIS, NOTES, ACHIEVEMENTS (docs/product.md#screens "Player profile"). */
export function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" className={classes.muted} style={{ letterSpacing: 1 }}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

interface ListPanelProps<T> {
  title: string;
  /** The Add button's text; no button without it (the viewer may not edit). */
  addLabel: string | null;
  dialog: ItemDialogState<T>;
  /** The delete confirmation: its title, its question about the item, and the deletion. */
  remove: { title: string; question: (item: T) => string; run: (item: T) => Promise<unknown> };
  query: UseQueryResult<T[]>;
  /** What the panel lists, e.g. 'notes': names its spinner and its failure. */
  noun: string;
  gap: MantineSpacing;
  /** One item of the list: an li element with its key. */
  renderItem: (item: T) => ReactNode;
  /** The panel's other dialogs. */
  children: ReactNode;
}

/** A profile panel that lists the player's items (NOTES, ACHIEVEMENTS), with its Add button and the delete confirmation. */
export function ListPanel<T>({ title, addLabel, dialog, remove, query, noun, gap, renderItem, children }: ListPanelProps<T>) {
  return (
    <Panel
      title={title}
      action={
        addLabel ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={dialog.add}>
            {addLabel}
          </Button>
        ) : null
      }
    >
      <QueryView query={query} noun={noun} isEmpty={(items) => items.length === 0}>
        {(items) => (
          <Stack gap={gap} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => renderItem(item))}
          </Stack>
        )}
      </QueryView>
      {children}
      <ConfirmModal
        title={remove.title}
        opened={!!dialog.deleting}
        onClose={dialog.close}
        onConfirm={async () => {
          if (dialog.deleting) await remove.run(dialog.deleting);
        }}
      >
        <Text>{dialog.deleting ? remove.question(dialog.deleting) : ''}</Text>
      </ConfirmModal>
    </Panel>
  );
}

/** The Edit and Delete icons of one listed item; `name` completes their accessible names ('Edit note by Ann'). */
export function ItemActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${name}`} onClick={onEdit}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${name}`} onClick={onDelete}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

type ItemDialog<T> = { kind: 'add' } | { kind: 'edit' | 'delete' | 'read'; item: T } | null;

type ItemDialogState<T> = ReturnType<typeof useItemDialog<T>>;

/** The one open dialog of a list panel: the add or edit form, a delete confirmation or (notes) the full text. */
export function useItemDialog<T>() {
  const [dialog, setDialog] = useState<ItemDialog<T>>(null);
  const itemIf = (kind: 'edit' | 'delete' | 'read') => (dialog && dialog.kind === kind ? dialog.item : null);
  return {
    add: () => setDialog({ kind: 'add' }),
    open: (kind: 'edit' | 'delete' | 'read', item: T) => setDialog({ kind, item }),
    close: () => setDialog(null),
    formOpened: dialog?.kind === 'add' || dialog?.kind === 'edit',
    editing: itemIf('edit'),
    deleting: itemIf('delete'),
    reading: itemIf('read'),
  };
}
