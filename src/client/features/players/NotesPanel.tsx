import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { NOTE_PREVIEW_CHARS } from '../../../shared/constants';
import type { Note } from '../../../shared/schemas/note';
import { notesQuery, useDeleteNote } from './api';
import { NoteModal } from './NoteModal';
import { ItemActions, ListPanel, useItemDialog } from './Panel';
import classes from './players.module.css';

export const formatDate = (iso: string) => dayjs(iso).format('D MMM YYYY, HH:mm');

/** docs/product.md#scoring: a note shows its first 300 characters plus '...'; the full text on demand. */
export const notePreview = (text: string) => (text.length > NOTE_PREVIEW_CHARS ? `${text.slice(0, NOTE_PREVIEW_CHARS)}...` : text);

export function NotesPanel({ playerId, canEdit }: { playerId: number; canEdit: boolean }) {
  const notes = useQuery(notesQuery(playerId));
  const remove = useDeleteNote(playerId);
  const dialog = useItemDialog<Note>();
  return (
    <ListPanel
      title="NOTES"
      addLabel={canEdit ? 'Add note' : null}
      dialog={dialog}
      remove={{
        title: 'Delete Note',
        question: () => 'Are you sure you want to delete this note?',
        run: (note) => remove.mutateAsync(note.id),
      }}
      query={notes}
      noun="notes"
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
              <ItemActions
                name={`note by ${note.authorName}`}
                onEdit={() => dialog.open('edit', note)}
                onDelete={() => dialog.open('delete', note)}
              />
            ) : null}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {notePreview(note.notes)}
          </Text>
          {note.notes.length > NOTE_PREVIEW_CHARS ? (
            <Anchor component="button" type="button" size="sm" onClick={() => dialog.open('read', note)}>
              Read full note
            </Anchor>
          ) : null}
        </li>
      )}
    >
      <NoteModal playerId={playerId} note={dialog.editing} opened={dialog.formOpened} onClose={dialog.close} />
      <Modal opened={!!dialog.reading} onClose={dialog.close} title="Note" centered closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
        {dialog.reading ? (
          <Stack gap="xs">
            <Text size="sm" className={classes.muted}>
              {dialog.reading.authorName} · {formatDate(dialog.reading.dateModified)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{dialog.reading.notes}</Text>
          </Stack>
        ) : null}
      </Modal>
    </ListPanel>
  );
}
