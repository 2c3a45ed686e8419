import { Modal, Stack, Text } from '@mantine/core';
import { MSG } from '../../../shared/messages';
import { VideoEmbed } from '../../components/VideoEmbed';

/** docs/product.md#screens: the criterion video modal shows the criterion's videos or 'NO VIDEOS!'. */
export function CriterionVideoModal({ criterion, onClose }: { criterion: { name: string; videos: string[] } | null; onClose: () => void }) {
  return (
    <Modal opened={!!criterion} onClose={onClose} title={criterion?.name ?? ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {criterion && criterion.videos.length > 0 ? (
        <Stack gap="md">
          {criterion.videos.map((link, i) => (
            <VideoEmbed key={link} link={link} title={`${criterion.name} video ${i + 1}`} />
          ))}
        </Stack>
      ) : (
        <Text ta="center" fw={700} py="lg">
          {MSG.noVideos}
        </Text>
      )}
    </Modal>
  );
}

/** docs/product.md#screens: the note-details modal shows a note's whole text. */
export function NoteModal({ note, onClose }: { note: { title: string; text: string; meta?: string } | null; onClose: () => void }) {
  return (
    <Modal opened={!!note} onClose={onClose} title={note?.title ?? ''} closeButtonProps={{ 'aria-label': 'Close' }}>
      {note?.meta ? (
        <Text size="sm" c="gray.7" mb="xs">
          {note.meta}
        </Text>
      ) : null}
      <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{note?.text}</Text>
    </Modal>
  );
}
