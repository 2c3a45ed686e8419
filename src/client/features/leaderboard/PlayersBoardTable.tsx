import { Avatar, Badge, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { photoUrl } from '../../../shared/paths';
import { formatPercent } from '../../../shared/scoring';
import { ActionsHeading, DataTable } from '../../components/DataTable';
import type { PlayersPage } from './api';

export type PlayerBoardRow = PlayersPage['rows'][number];
type Row = PlayerBoardRow;

const initials = (r: Row) => `${r.first_name.charAt(0)}${r.last_name.charAt(0)}`.toUpperCase();

/** Router-free so the public leaderboard bundle stays small; staff actions come in through `actions`. */
export function PlayersBoardTable({
  rows,
  currentPlayerId,
  actions,
}: {
  rows: Row[];
  currentPlayerId?: number | null | undefined;
  actions?: ((row: Row) => ReactNode) | undefined;
}) {
  const staff = actions !== undefined;
  return (
    <DataTable
      className="lb-table"
      highlightOnHover
      verticalSpacing="xs"
      aria-label="Players leaderboard"
      columns={[
        <Table.Th className="lb-rank">Rank</Table.Th>,
        'Player',
        <Table.Th className="lb-score">Score</Table.Th>,
        staff ? <ActionsHeading className="lb-actions" /> : null,
      ]}
    >
      {rows.map((r) => {
        const current = currentPlayerId === r.id;
        return (
          <Table.Tr
            key={r.id}
            className={current ? 'lb-current' : undefined}
            aria-current={current ? 'true' : undefined}
            data-testid="board-row"
          >
            <Table.Td className="lb-rank">{r.rank}</Table.Td>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={photoUrl(r.profile_img)} alt="" radius="xl" size="md" color="indigo" variant="filled">
                  {initials(r)}
                </Avatar>
                <div>
                  <Text size="sm" fw={500} lh={1.3}>
                    {r.first_name} {r.last_name}
                  </Text>
                  {current ? (
                    <Badge size="xs" variant="filled" mt={2}>
                      You
                    </Badge>
                  ) : null}
                </div>
              </Group>
            </Table.Td>
            <Table.Td className="lb-score">{formatPercent(r.totalScore)}%</Table.Td>
            {actions ? <Table.Td className="lb-actions">{actions(r)}</Table.Td> : null}
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
