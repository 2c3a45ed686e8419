import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPercent } from '../../../shared/scoring';
import { ActionsHeading, DataTable } from '../../components/DataTable';

export interface TeamBoardRow {
  rank: number;
  id: number;
  name: string;
  coachName: string;
  coachUser?: number;
  averageScore: number;
}

type Row = TeamBoardRow;

export function TeamsBoardTable({ rows, actions }: { rows: Row[]; actions?: ((row: Row) => ReactNode) | undefined }) {
  const staff = actions !== undefined;
  return (
    <DataTable
      className="lb-table"
      highlightOnHover
      verticalSpacing="sm"
      aria-label="Teams leaderboard"
      columns={[
        <Table.Th className="lb-rank">Rank</Table.Th>,
        'Team',
        'Coach',
        <Table.Th className="lb-score">Average</Table.Th>,
        staff ? <ActionsHeading className="lb-actions" /> : null,
      ]}
    >
      {rows.map((r) => (
        <Table.Tr key={r.id} data-testid="board-row">
          <Table.Td className="lb-rank">{r.rank}</Table.Td>
          <Table.Td fw={500}>{r.name}</Table.Td>
          <Table.Td>{r.coachName}</Table.Td>
          <Table.Td className="lb-score">{formatPercent(r.averageScore)}%</Table.Td>
          {actions ? <Table.Td className="lb-actions">{actions(r)}</Table.Td> : null}
        </Table.Tr>
      ))}
    </DataTable>
  );
}
