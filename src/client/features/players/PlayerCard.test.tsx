import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayerListItem } from '../../../shared/schemas/player';
import { PlayerCard } from './PlayerCard';

const player: PlayerListItem = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Lane',
  name: 'Ada Lane',
  email: 'parent@example.org',
  player_email: null,
  dob: null,
  birth_date: null,
  profile_img: null,
  teamIds: [1],
  teams: [{ id: 1, name: 'U14 Boys' }],
  teamName: 'U14 Boys',
  coachUser: 3,
  totalScore: 0,
};

async function menuItems(rights: { canEvaluate: boolean; canAnalyse: boolean }): Promise<string[]> {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <PlayerCard player={player} canManage onTeamRoute={false} onAction={() => {}} {...rights} />
      </MemoryRouter>
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Actions for Ada Lane' }));
  return (await screen.findAllByRole('menuitem')).map((el) => el.textContent ?? '');
}

afterEach(cleanup);

describe('PlayerCard menu', () => {
  it('hides Evaluation without evaluation read and Analysis without reports read', async () => {
    expect(await menuItems({ canEvaluate: false, canAnalyse: false })).toEqual(['Edit player', 'Delete Player']);
  });

  it('shows each item with its own permission', async () => {
    expect(await menuItems({ canEvaluate: true, canAnalyse: false })).toEqual(['Edit player', 'Evaluation', 'Delete Player']);
    cleanup();
    expect(await menuItems({ canEvaluate: false, canAnalyse: true })).toEqual(['Edit player', 'Analysis', 'Delete Player']);
  });
});
