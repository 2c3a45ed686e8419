import { Modal, Stack } from '@mantine/core';
import type { Resource } from '../../../shared/schemas/resource';
import { LinkPreviewCard } from '../../components/LinkPreviewCard';
import { VideoEmbed } from '../../components/VideoEmbed';

/** 'Docs': the resource's documents as preview cards. */
export function DocsModal({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  return (
    <Modal
      opened={!!resource}
      onClose={onClose}
      title={resource ? `${resource.title} – Documents` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {resource?.document_links.map((link) => (
          <LinkPreviewCard key={link} url={link} />
        ))}
      </Stack>
    </Modal>
  );
}

const dark = {
  content: { backgroundColor: 'var(--mantine-color-dark-8)', color: 'var(--mantine-color-gray-0)' },
  header: { backgroundColor: 'var(--mantine-color-dark-8)', color: 'var(--mantine-color-gray-0)' },
  close: { color: 'var(--mantine-color-gray-0)' },
};

/** 'Media': the resource's videos in a dark modal (docs/product.md#screens). */
export function MediaModal({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  return (
    <Modal
      opened={!!resource}
      onClose={onClose}
      title={resource ? `${resource.title} – Media` : ''}
      size="xl"
      styles={dark}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {resource?.video_links.map((link, i) => (
          <VideoEmbed key={link} link={link} title={`${resource.title} video ${i + 1}`} />
        ))}
      </Stack>
    </Modal>
  );
}
