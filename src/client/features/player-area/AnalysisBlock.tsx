import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { Player } from '../../../shared/schemas/player';
import { EmptyState } from '../../components/EmptyState';
import { VideoEmbed } from '../../components/VideoEmbed';
import { pdfUrl } from './api';

/** ANALYSIS: the player's analysis video(s) and, when a PDF exists, the 'Analysis.pdf' download. */
export function AnalysisBlock({ player }: { player: Player }) {
  if (player.video_links.length === 0 && !player.pdf) return <EmptyState />;
  return (
    <Stack gap="sm">
      {player.video_links.map((link, i) => (
        <VideoEmbed key={link} link={link} title={`Analysis video ${i + 1}`} />
      ))}
      {player.pdf ? (
        <Group gap={6}>
          <IconFileTypePdf size={20} aria-hidden color="var(--mantine-color-red-7)" />
          <Anchor href={pdfUrl(player.id)} download="Analysis.pdf" fw={500}>
            Analysis.pdf
          </Anchor>
        </Group>
      ) : (
        <Text size="sm" c="gray.7">
          No PDF yet.
        </Text>
      )}
    </Stack>
  );
}
