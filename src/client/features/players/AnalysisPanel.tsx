import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { Player } from '../../../shared/schemas/player';
import { EmptyState } from '../../components/EmptyState';
import { VideoEmbed } from '../../components/VideoEmbed';
import { AnalysisModal } from './AnalysisModal';
import { pdfUrl } from './api';
import { Panel } from './Panel';

/** ANALYSIS: the player's videos (YouTube/Vimeo embedded, others as links) and the PDF. */
export function AnalysisPanel({ player, canEdit }: { player: Player; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const empty = !player.video_links.length && !player.pdf;
  return (
    <Panel
      title="ANALYSIS"
      action={
        canEdit ? (
          <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        ) : null
      }
    >
      {empty ? (
        <EmptyState />
      ) : (
        <Stack gap="sm">
          {player.video_links.map((link, i) => (
            <VideoEmbed key={`${i}-${link}`} link={link} title={`Analysis video ${i + 1} for ${player.name}`} />
          ))}
          {player.pdf ? (
            <Group>
              <Anchor href={pdfUrl(player.id)} download="Analysis.pdf">
                <Group gap={4} component="span">
                  <IconDownload size={16} />
                  Download PDF
                </Group>
              </Anchor>
            </Group>
          ) : null}
        </Stack>
      )}
      {canEdit ? <AnalysisModal player={player} opened={editing} onClose={() => setEditing(false)} /> : null}
    </Panel>
  );
}
