import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Goal, GoalSuggestion } from '../../../shared/schemas/goal';
import { scoreLabel } from '../../../shared/schemas/evaluation';
import { QueryView } from '../../components/QueryView';
import { goalSuggestionsQuery, goalsQuery } from './api';
import { GoalCard } from './GoalCard';
import { GoalFormModal } from './GoalFormModal';
import { CheckInModal, GoalStateModal } from './GoalActionModals';
import { GoalEditModal } from './GoalEditModal';
import { ProposalActions } from './ProposalActions';

/**
 * GOALS on the player profile (docs/product.md#goals): the player's goals, Add goal by hand, Suggest
 * goals (the weakest criteria relative to the team, the coach picks), state changes and check-ins, and
 * the player's own proposals to accept, edit or decline.
 */
export function GoalsPanel({ playerId, canEdit }: { playerId: number; canEdit: boolean }) {
  const goals = useQuery(goalsQuery(playerId));
  const options = useQuery({ ...goalSuggestionsQuery(playerId), enabled: canEdit });
  const [adding, setAdding] = useState<{ suggestion: GoalSuggestion | null } | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [checkIn, setCheckIn] = useState<Goal | null>(null);
  const [moving, setMoving] = useState<Goal | null>(null);
  const [editing, setEditing] = useState<Goal | null>(null);
  const suggestions = options.data?.suggestions ?? [];

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="GOALS">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h5" c="dimmed" style={{ letterSpacing: 1 }}>
          GOALS
        </Title>
        {canEdit ? (
          <Group gap="xs">
            <Button
              size="sm"
              variant="light"
              leftSection={<IconBulb size={16} />}
              onClick={() => setSuggesting((s) => !s)}
              aria-expanded={suggesting}
            >
              Suggest goals
            </Button>
            <Button size="sm" variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding({ suggestion: null })}>
              Add goal
            </Button>
          </Group>
        ) : null}
      </Group>
      {suggesting ? (
        <Stack gap="xs" mb="sm" aria-label="Suggested goals" component="section">
          {options.isPending ? (
            <Text size="sm">Looking for the weakest criteria…</Text>
          ) : suggestions.length === 0 ? (
            <Text size="sm">No criterion is below the team's average, or each already has an active goal.</Text>
          ) : (
            suggestions.map((s) => (
              <Group key={s.criterionId} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  <b>{s.criterion}</b>: {scoreLabel(s.levelKind, s.score)} (team {s.teamMean})
                </Text>
                <Button
                  size="sm"
                  variant="default"
                  onClick={() => setAdding({ suggestion: s })}
                  aria-label={`Use suggestion ${s.criterion}`}
                >
                  Use
                </Button>
              </Group>
            ))
          )}
        </Stack>
      ) : null}
      <QueryView query={goals} noun="goals" isEmpty={(list) => list.length === 0} emptyText="No goals yet.">
        {(list) => (
          <Stack gap="sm">
            {list.map((g) => (
              <GoalCard
                key={g.id}
                goal={g}
                actions={
                  canEdit && g.state === 'proposed' ? (
                    <ProposalActions goal={g} />
                  ) : canEdit && g.state === 'active' ? (
                    <>
                      <Button size="sm" variant="default" onClick={() => setCheckIn(g)} aria-label={`Check in on ${g.title}`}>
                        Check in
                      </Button>
                      <Button size="sm" variant="default" onClick={() => setEditing(g)} aria-label={`Edit ${g.title}`}>
                        Edit
                      </Button>
                      <Button size="sm" variant="default" onClick={() => setMoving(g)} aria-label={`Change state of ${g.title}`}>
                        Change state
                      </Button>
                    </>
                  ) : null
                }
              />
            ))}
          </Stack>
        )}
      </QueryView>
      {canEdit ? (
        <GoalFormModal
          playerId={playerId}
          options={options.data?.criteria ?? []}
          suggestion={adding?.suggestion ?? null}
          opened={!!adding}
          onClose={() => setAdding(null)}
        />
      ) : null}
      <CheckInModal playerId={playerId} goal={checkIn} onClose={() => setCheckIn(null)} />
      <GoalStateModal playerId={playerId} goal={moving} onClose={() => setMoving(null)} />
      <GoalEditModal playerId={playerId} goal={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
