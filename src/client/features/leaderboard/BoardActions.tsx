import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import { can } from '../../../shared/permissions';
import type { Me } from '../../../shared/schemas/auth';
import { RowMenu } from '../../components/RowMenu';
import type { PlayerBoardRow } from './PlayersBoardTable';
import type { TeamBoardRow } from './TeamsBoardTable';

/** docs/product.md#permissions: the menu shows for teams > 1 or the player's coach; items by players / evaluation > 0. */
export function PlayerActions({ row, me }: { row: PlayerBoardRow; me: Me }) {
  const isCoach = row.coachUser?.includes(me.id) ?? false;
  if (!(can(me, 'teams', 2) || isCoach)) return null;
  const profile = can(me, 'players', 1);
  const evaluation = can(me, 'evaluation', 1);
  if (!profile && !evaluation) return null;
  const name = `${row.first_name} ${row.last_name}`;
  return (
    <RowMenu label={`Actions for ${name}`}>
      {profile ? (
        <Menu.Item component={Link} to={`/app/player/${row.id}`}>
          View Profile
        </Menu.Item>
      ) : null}
      {evaluation ? (
        <Menu.Item component={Link} to={`/app/player/${row.id}/evaluation`}>
          Evaluation
        </Menu.Item>
      ) : null}
    </RowMenu>
  );
}

export function TeamActions({ row, me }: { row: TeamBoardRow; me: Me }) {
  const manage = can(me, 'teams', 2) || row.coachUser === me.id;
  return (
    <RowMenu label={`Actions for ${row.name}`}>
      {manage ? (
        <Menu.Item component={Link} to={`/app/team/${row.id}/players`}>
          Manage Team
        </Menu.Item>
      ) : null}
      <Menu.Item component="a" href={`/leaderboard/team/${row.id}`} target="_blank" rel="noopener noreferrer">
        View Team Leaderboard
      </Menu.Item>
    </RowMenu>
  );
}
