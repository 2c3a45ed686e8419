import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { RelativeAge } from '../../shared/schemas/relative-age';
import { formatPercent } from '../../shared/scoring';
import { DataTable } from './DataTable';

/** Rows of the age-adjusted table shown before "Show all". */
const FIRST_ROWS = 10;

const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatPercent(Math.abs(v))}`;
const share = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

/**
 * The relative-age view of a session or a draft (docs/product.md#relative-age): birth quarters of the
 * selected players against every candidate, the χ² verdict, and the age-adjusted ranking. It only
 * shows; nothing on it changes a rank, a placement or a publication.
 */
export function RelativeAgeView({ data, controls }: { data: RelativeAge; controls?: ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? data.adjusted : data.adjusted.slice(0, FIRST_ROWS);
  return (
    <Stack gap="sm" component="section" aria-labelledby="relative-age-title">
      <Title order={3} size="h4" id="relative-age-title">
        Relative age
      </Title>
      <Text size="sm">
        Are the selected players ({data.selection}) born earlier in the year than the candidates? Shown for your judgement only: nothing
        here changes a rank or a place.
      </Text>
      {controls}
      {data.missing ? (
        <Text size="sm" data-testid="relative-age-missing">
          {data.missing === 1 ? '1 candidate has' : `${data.missing} candidates have`} no birth date and {data.missing === 1 ? 'is' : 'are'}{' '}
          left out.
        </Text>
      ) : null}
      {data.candidates === 0 ? (
        <Text size="sm">
          No candidate has a birth date yet. Add birth dates on the players’ forms, by import, or ask families to add them.
        </Text>
      ) : (
        <>
          <Alert color="blue" variant="light" icon={<IconCalendarStats size={18} aria-hidden />}>
            <Text fw={600} data-testid="relative-age-sentence">
              {data.sentence}
            </Text>
            <Text size="sm">
              {data.verdict}
              {data.small_sample ? ' Few players: read the test with care.' : ''}
            </Text>
          </Alert>
          <DataTable
            minWidth={320}
            columns={['Born in', 'Candidates', 'Selected', <Table.Th visibleFrom="sm">Expected</Table.Th>, 'Share']}
          >
            {data.quarters.map((q) => (
              <Table.Tr key={q.quarter}>
                <Table.Td>{q.label}</Table.Td>
                <Table.Td>{q.candidates}</Table.Td>
                <Table.Td>{q.selected}</Table.Td>
                <Table.Td visibleFrom="sm">{q.expected.toFixed(1)}</Table.Td>
                <Table.Td>{share(q.rate)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <Text size="sm" c="dimmed">
            Share: how many of the quarter’s candidates were selected. Expected: how many would be selected from each quarter if birth dates
            made no difference.
          </Text>
        </>
      )}
      {data.adjusted.length ? (
        <>
          <Title order={4} size="h5">
            Age-adjusted ranking
          </Title>
          <Text size="sm">
            Each player’s score against what their age in days predicts among the players born in the same year: above zero, better than
            their age predicts.
          </Text>
          <DataTable
            minWidth={320}
            striped
            columns={[
              'Adjusted rank',
              'Player',
              <Table.Th visibleFrom="sm">Born</Table.Th>,
              'Score',
              <Table.Th visibleFrom="sm">Age predicts</Table.Th>,
              'Difference',
              'Rank',
            ]}
          >
            {shown.map((p) => (
              <Table.Tr key={p.player_id}>
                <Table.Td>{p.adjusted_rank ?? '–'}</Table.Td>
                <Table.Td>
                  {p.name}
                  {p.selected ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (selected)
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td visibleFrom="sm">{p.birth_date}</Table.Td>
                <Table.Td>{formatPercent(p.score)}</Table.Td>
                <Table.Td visibleFrom="sm">{p.predicted === null ? '–' : formatPercent(p.predicted)}</Table.Td>
                <Table.Td>{p.residual === null ? 'too few born that year' : signed(p.residual)}</Table.Td>
                <Table.Td>{p.rank}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {data.adjusted.length > FIRST_ROWS ? (
            <Button variant="subtle" onClick={() => setAll((v) => !v)} style={{ alignSelf: 'flex-start' }} mih={44}>
              {all ? 'Show fewer' : `Show all ${data.adjusted.length}`}
            </Button>
          ) : null}
        </>
      ) : data.candidates ? (
        <Text size="sm" data-testid="relative-age-unscored">
          The age-adjusted ranking needs players with both a score and a birth date: none yet.
        </Text>
      ) : null}
    </Stack>
  );
}
