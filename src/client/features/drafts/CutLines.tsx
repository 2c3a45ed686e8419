import { Badge, Box, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatPercent } from '../../../shared/scoring';
import {
  BASIS_LABELS,
  TOTAL_BASES,
  type Board,
  type BoardCandidate,
  type CutRanking,
  type TotalBasis,
  type TotalInterval,
} from '../../../shared/schemas/draft';
import classes from './drafts.module.css';

/** "62.5–71.25%". */
export const rangeText = (r: TotalInterval) => `${formatPercent(r.low)}–${formatPercent(r.high)}%`;

/** A candidate's total and range on a basis: the fair ones where the session has them, else the one total. */
export function figureOn(c: BoardCandidate, basis: TotalBasis): { total: number | null; interval: TotalInterval | null } {
  if (basis === 'fair' && c.fair_total !== null) return { total: c.fair_total, interval: c.fair_interval };
  // A session published on fair scores shows its fair total as `total`; raw keeps the raw one.
  return c.raw_total !== null ? { total: c.raw_total, interval: c.raw_interval } : { total: c.total, interval: c.interval };
}

/** The players too close to call at any cut line on this basis. */
export function tooCloseOn(board: Board, basis: TotalBasis): Set<number> {
  return new Set(board.cut_lines[basis].flatMap((r) => r.lines.flatMap((l) => l.too_close)));
}

export const TOO_CLOSE = 'Too close to call';

/**
 * The board's cut lines (docs/product.md#draft-board): per age group, the candidates best first with
 * their 90 % range, a line after each team's places, and the players whose ranges reach across it
 * marked too close to call. The director chooses raw or fair totals; Suggest starts with that choice.
 */
export function CutLines({ board, basis, onBasis }: { board: Board; basis: TotalBasis; onBasis: (b: TotalBasis) => void }) {
  const [shown, setShown] = useState(true);
  const rankings = board.cut_lines[basis];
  if (!board.cut_lines.raw.length) return null;
  const byId = new Map(board.candidates.map((c) => [c.player_id, c]));
  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-labelledby="cut-lines-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="cut-lines-title">
          Cut lines
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label="Order candidates by"
            value={basis}
            onChange={(v) => onBasis(v as TotalBasis)}
            data={TOTAL_BASES.map((b) => ({ value: b, label: BASIS_LABELS[b] }))}
          />
          <Button variant="subtle" onClick={() => setShown(!shown)} aria-expanded={shown} aria-controls="cut-lines-body">
            {shown ? 'Hide' : 'Show'}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        Each total with its 90 % range: the totals another draw of the same evaluators would likely give.
        {basis === 'fair' ? ' Fair totals take out how harsh or lenient the evaluators a player had were.' : ''} Players whose ranges reach
        across a team&apos;s line are {TOO_CLOSE.toLowerCase()}.
      </Text>
      {shown ? (
        <Stack gap="sm" mt="xs" id="cut-lines-body">
          {rankings.map((r) => (
            <Ranking key={r.label} ranking={r} byId={byId} basis={basis} />
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

function Ranking({ ranking, byId, basis }: { ranking: CutRanking; byId: Map<number, BoardCandidate>; basis: TotalBasis }) {
  const close = new Set(ranking.lines.flatMap((l) => l.too_close));
  const after = new Map<number, string[]>();
  for (const l of ranking.lines) if (l.places < ranking.player_ids.length) after.set(l.places, [...(after.get(l.places) ?? []), l.label]);
  const label = `Ordering ${ranking.label}`;
  return (
    <Box>
      {/* A visible heading only when there is more than one ordering; screen readers always hear the list's name. */}
      <Text size="sm" fw={600} mb={2}>
        {ranking.label}
      </Text>
      <ul className={classes.ranking} aria-label={label}>
        {ranking.player_ids.map((id, i) => {
          const c = byId.get(id)!;
          const { total, interval } = figureOn(c, basis);
          return [
            <li key={id} className={classes.rankRow} data-testid="ranked">
              <Text size="sm" span className={classes.rankPos}>
                {i + 1}.
              </Text>
              <Text size="sm" span fw={600} className={classes.rankName}>
                {c.name}
              </Text>
              <Text size="sm" span>
                {formatPercent(total)}%
              </Text>
              <Text size="xs" span c="dimmed">
                {interval ? rangeText(interval) : 'no range'}
              </Text>
              {close.has(id) ? (
                <Badge size="sm" color="violet.9" variant="filled">
                  {TOO_CLOSE}
                </Badge>
              ) : null}
            </li>,
            ...(after.get(i + 1) ?? []).map((line) => (
              <li key={`line-${line}`} className={classes.cutLine} data-testid="cut-line">
                <span>Cut line: {line}</span>
              </li>
            )),
          ];
        })}
      </ul>
    </Box>
  );
}
