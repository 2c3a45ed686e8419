import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { NOTE_PREVIEW_CHARS } from '../../../shared/constants';
import type { Evaluation } from '../../../shared/schemas/evaluation';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { ExpandToggle } from '../../components/ExpandToggle';
import { VideoEmbed } from '../../components/VideoEmbed';
import { criterionVideosQuery } from './api';
import { CriterionVideoModal, NoteModal } from './PlayerModals';

const formatDate = (d: string) => dayjs(d).format('MMM D, YYYY');
const preview = (text: string) => (text.length > NOTE_PREVIEW_CHARS ? `${text.slice(0, NOTE_PREVIEW_CHARS)}...` : text);

/**
 * PROGRESS table (docs/product.md#screens "Player area"): Criteria and Score, plus Date outside the dashboard view.
 * A row expands to the evaluation's notes and videos and the criterion's own videos.
 */
export function ProgressTable({ playerId, evaluations, showDate }: { playerId: number; evaluations: Evaluation[]; showDate: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const [videoModal, setVideoModal] = useState<{ name: string; videos: string[] } | null>(null);
  const [note, setNote] = useState<{ title: string; text: string; meta?: string } | null>(null);
  const videos = useQuery({ ...criterionVideosQuery(playerId), enabled: evaluations.length > 0 });

  if (evaluations.length === 0) return <EmptyState />;
  const cols = showDate ? 3 : 2;
  const criterionVideos = (criteriaId: number) => videos.data?.find((c) => c.id === criteriaId)?.video_links ?? [];

  return (
    <>
      <DataTable verticalSpacing="xs" horizontalSpacing="xs" columns={['Criteria', 'Score', showDate ? 'Date' : null]}>
        {evaluations.map((e) => {
          const expanded = open === e.id;
          return (
            <Fragment key={e.id}>
              <Table.Tr>
                <Table.Td>
                  <ExpandToggle expanded={expanded} controls={`evaluation-${e.id}`} onToggle={() => setOpen(expanded ? null : e.id)}>
                    <Text size="sm" fw={500}>
                      {e.criteria}
                    </Text>
                  </ExpandToggle>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{e.scoreLabel}</Text>
                </Table.Td>
                {showDate ? (
                  <Table.Td>
                    <Text size="sm">{formatDate(e.date)}</Text>
                  </Table.Td>
                ) : null}
              </Table.Tr>
              {expanded ? (
                <Table.Tr id={`evaluation-${e.id}`}>
                  <Table.Td colSpan={cols}>
                    <Stack gap="xs" py={4}>
                      <Text size="sm" c="gray.7">
                        {e.level_name} · evaluated by {e.evaluator_name || 'the club'} on {formatDate(e.date)}
                      </Text>
                      {e.notes ? (
                        <Text size="sm" style={{ wordBreak: 'break-word' }}>
                          {preview(e.notes)}{' '}
                          {e.notes.length > NOTE_PREVIEW_CHARS ? (
                            <Anchor
                              component="button"
                              type="button"
                              size="sm"
                              onClick={() => setNote({ title: e.criteria, text: e.notes, meta: formatDate(e.date) })}
                            >
                              Read note
                            </Anchor>
                          ) : null}
                        </Text>
                      ) : null}
                      {e.video_links.map((link, i) => (
                        <VideoEmbed key={link} link={link} title={`${e.criteria} evaluation video ${i + 1}`} />
                      ))}
                      <Group>
                        <Button
                          variant="light"
                          size="xs"
                          leftSection={<IconPlayerPlay size={14} />}
                          onClick={() => setVideoModal({ name: e.criteria, videos: criterionVideos(e.criteria_id) })}
                        >
                          Criterion videos
                        </Button>
                      </Group>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          );
        })}
      </DataTable>
      <CriterionVideoModal criterion={videoModal} onClose={() => setVideoModal(null)} />
      <NoteModal note={note} onClose={() => setNote(null)} />
    </>
  );
}
