import { Anchor, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DASHBOARD_EVALUATIONS, NOTE_PREVIEW_CHARS } from '../../../shared/constants';
import { formatPercent } from '../../../shared/scoring';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { AnalysisBlock } from './AnalysisBlock';
import { achievementsQuery, evaluationsQuery, notesQuery, playerQuery } from './api';
import { Panel } from './Panel';
import { PlayerHeader } from './PlayerHeader';
import { PrivacyBlock } from './PrivacyBlock';
import { NoteModal } from './PlayerModals';
import { ProgressTable } from './ProgressTable';
import { redirectFor, usePlayerId } from './useAreaGuard';
import { useBoard } from './useBoard';

const formatDate = (d: string) => dayjs(d).format('MMM D, YYYY');
const clamp = (n: number) => Math.max(0, Math.min(100, Number.isFinite(n) ? n : 0));

/** /player/{id}/dashboard (docs/product.md#screens "Player area"): the player's own overview, phone first. */
export default function PlayerDashboardPage() {
  const id = usePlayerId();
  const Board = useBoard();
  const player = useQuery(playerQuery(id));
  const evaluations = useQuery(evaluationsQuery(id));
  const achievements = useQuery(achievementsQuery(id));
  const notes = useQuery(notesQuery(id));
  const [note, setNote] = useState<{ title: string; text: string; meta?: string } | null>(null);

  const redirect = redirectFor(player.error, evaluations.error);
  if (redirect) return redirect;
  if (player.isPending) return <Loading />;
  if (player.isError) return <Text c="red">{player.error.message}</Text>;
  const p = player.data;
  const total = evaluations.data?.totalScore ?? p.totalScore;
  const latest = (evaluations.data?.evaluations ?? []).slice(0, DASHBOARD_EVALUATIONS);
  const teamId = p.teamIds[0];

  return (
    <Stack gap="md">
      <PlayerHeader player={p} subtitle={p.teamName ? p.teamName.toUpperCase() : undefined} />
      <AfterFirstPaint>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="md">
            <Panel title="Score">
              <Group justify="space-between" mb={6}>
                <Text size="xl" fw={700}>
                  {formatPercent(total)}%
                </Text>
              </Group>
              <Progress value={clamp(total)} size="lg" radius="xl" aria-label="Total score" />
            </Panel>
            <Panel title="Progress">
              {evaluations.isPending ? <Loading /> : <ProgressTable playerId={id} evaluations={latest} showDate={false} />}
            </Panel>
            {achievements.data && achievements.data.length > 0 ? (
              <Panel title="Achievements">
                <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {achievements.data.map((a) => (
                    <li key={a.id}>
                      <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                        <Text fw={600} size="sm">
                          {a.achievement}
                        </Text>
                        <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                          {formatDate(a.dateModified)}
                        </Text>
                      </Group>
                      {a.detail ? <Text size="sm">{a.detail}</Text> : null}
                    </li>
                  ))}
                </Stack>
              </Panel>
            ) : null}
            {notes.data && notes.data.length > 0 ? (
              <Panel title="Notes">
                <Stack gap="sm">
                  {notes.data.map((n) => (
                    <div key={n.id}>
                      <Text size="xs" c="gray.7">
                        {n.authorName} · {formatDate(n.dateModified)}
                      </Text>
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {n.notes.length > NOTE_PREVIEW_CHARS ? `${n.notes.slice(0, NOTE_PREVIEW_CHARS)}...` : n.notes}
                      </Text>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        mih={44}
                        miw={44}
                        onClick={() => setNote({ title: 'Note', text: n.notes, meta: `${n.authorName} · ${formatDate(n.dateModified)}` })}
                      >
                        Note details
                      </Anchor>
                    </div>
                  ))}
                </Stack>
              </Panel>
            ) : null}
          </Stack>
          <Stack gap="md">
            <Panel title="Analysis">
              <AnalysisBlock player={p} />
            </Panel>
            <Panel title="Leaderboard">
              {teamId !== undefined ? (
                <Board
                  teamId={teamId}
                  currentPlayerId={id}
                  showTitle={false}
                  errorRoutes={{ notFound: '/player/not-found', unauthorized: '/player/unauthorized' }}
                />
              ) : (
                <EmptyState />
              )}
            </Panel>
            <Panel title="Privacy">
              <PrivacyBlock playerId={id} />
            </Panel>
          </Stack>
        </SimpleGrid>
      </AfterFirstPaint>
      <NoteModal note={note} onClose={() => setNote(null)} />
    </Stack>
  );
}
