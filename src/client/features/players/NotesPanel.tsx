import { ActionIcon, Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { NOTE_PREVIEW_CHARS } from '../../../shared/constants';
import type { Note } from '../../../shared/schemas/note';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notesQuery, useDeleteNote } from './api';
import { NoteModal } from './NoteModal';
import { ListPanel } from './Panel';
import classes from './players.module.css';

export const formatDate = (iso: string) => dayjs(iso).format('D MMM YYYY, HH:mm');

/** docs/product.md#scoring: a note shows its first 300 characters plus '...'; the full text on demand. */
export const notePreview = (text: string) => (text.length > NOTE_PREVIEW_CHARS ? `${text.slice(0, NOTE_PREVIEW_CHARS)}...` : text);

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete' | 'read'; note: Note } | null;

export function NotesPanel({ playerId, canEdit }: { playerId: number; canEdit: boolean }) {
  const notes = useQuery(notesQuery(playerId));
  const remove = useDeleteNote(playerId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <ListPanel
      title="NOTES"
      addLabel={canEdit ? 'Add note' : null}
      onAdd={() => setDialog({ kind: 'add' })}
      query={notes}
      loadingLabel="Loading notes"
      gap="md"
      renderItem={(note) => (
        <li key={note.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm" className={classes.muted}>
              <Text span fw={600} c="var(--mantine-color-text)">
                {note.authorName}
              </Text>{' '}
              · {formatDate(note.dateModified)}
            </Text>
            {canEdit ? (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" size="lg" aria-label={`Edit note by ${note.authorName}`} onClick={() => setDialog({ kind: 'edit', note })}>
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete note by ${note.authorName}`} onClick={() => setDialog({ kind: 'delete', note })}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ) : null}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {notePreview(note.notes)}
          </Text>
          {note.notes.length > NOTE_PREVIEW_CHARS ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setDialog({ kind: 'read', note })}>
              Read full note
            </Anchor>
          ) : null}
        </li>
      )}
    >
      <NoteModal playerId={playerId} note={dialog?.kind === 'edit' ? dialog.note : null} opened={dialog?.kind === 'add' || dialog?.kind === 'edit'} onClose={close} />
      <Modal opened={dialog?.kind === 'read'} onClose={close} title="Note" centered closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
        {dialog?.kind === 'read' ? (
          <Stack gap="xs">
            <Text size="sm" className={classes.muted}>
              {dialog.note.authorName} · {formatDate(dialog.note.dateModified)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{dialog.note.notes}</Text>
          </Stack>
        ) : null}
      </Modal>
      <ConfirmModal
        title="Delete Note"
        opened={dialog?.kind === 'delete'}
        onClose={close}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove.mutateAsync(dialog.note.id);
        }}
      >
        <Text>Are you sure you want to delete this note?</Text>
      </ConfirmModal>
    </ListPanel>
  );
}
