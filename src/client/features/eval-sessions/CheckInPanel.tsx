import { ActionIcon, Avatar, Badge, Button, Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BIB_MAX, type SessionDetail, type SessionPlayer } from '../../../shared/schemas/eval-session';
import { photoUrl } from '../../../shared/paths';
import { EmptyState } from '../../components/EmptyState';
import { SearchInput } from '../../components/SearchInput';
import { failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { teamOptionsQuery, useAddPlayers, useCheckIn, useRemovePlayer } from './api';
import { AddOnePicker } from './AddOnePicker';
import { WalkUpModal } from './WalkUpModal';

function CheckInRow({
  sessionId,
  player,
  editable,
  rosterOpen,
}: {
  sessionId: number;
  player: SessionPlayer;
  editable: boolean;
  rosterOpen: boolean;
}) {
  const checkIn = useCheckIn(sessionId);
  const remove = useRemovePlayer(sessionId);
  const [bib, setBib] = useState<string | number>(player.bib ?? '');
  const [error, setError] = useState<string | null>(null);
  const name = `${player.firstName} ${player.lastName}`;

  const send = async (present: boolean, number: string | number) => {
    setError(null);
    try {
      await checkIn.mutateAsync({ playerId: player.playerId, present, bib: number === '' ? null : Number(number) });
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  const saveBib = () => {
    if (String(bib) !== String(player.bib ?? '')) void send(bib === '' ? player.present : true, bib);
  };

  return (
    <Card withBorder padding="xs" data-testid="check-in-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 180px', minWidth: 0 }}>
          <Avatar src={photoUrl(player.photo)} alt="" radius="xl" color="blue">
            {player.firstName.slice(0, 1)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={500} truncate="end">
              {name}
            </Text>
            {player.walkUp ? (
              <Badge size="xs" variant="light" color="grape">
                Walk-up
              </Badge>
            ) : null}
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <NumberInput
            aria-label={`Number for ${name}`}
            placeholder="#"
            w={76}
            min={1}
            max={BIB_MAX}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            inputMode="numeric"
            disabled={!editable}
            value={bib}
            error={!!error}
            onChange={setBib}
            onBlur={saveBib}
            onKeyDown={(e) => {
              if (e.key === 'Enter') saveBib();
            }}
          />
          <Switch
            aria-label={`${name} is here`}
            label="Here"
            disabled={!editable}
            checked={player.present}
            onChange={(e) => void send(e.currentTarget.checked, bib)}
          />
          {rosterOpen ? (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name} from the session`}
              onClick={() => remove.mutateAsync(player.playerId).catch((e: unknown) => notifyError(failureMessage(e)))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
      {error ? (
        <Text c="red" size="sm" role="alert" mt={4}>
          {error}
        </Text>
      ) : null}
    </Card>
  );
}

/** Check-in at the door: find a player, mark them here and give them a number; add teams and walk-ups. */
export function CheckInPanel({ detail }: { detail: SessionDetail }) {
  const s = detail.session;
  const editable = s.state !== 'published';
  const rosterOpen = s.state === 'draft' || s.state === 'open';
  const teams = useQuery({ ...teamOptionsQuery, enabled: rosterOpen });
  const add = useAddPlayers(s.id);
  const [walkUp, setWalkUp] = useState(false);
  const [search, setSearch] = useState('');

  const q = search.trim().toLowerCase();
  const players = q
    ? detail.players.filter((p) =>
        /^\d+$/.test(q) ? String(p.bib ?? '').startsWith(q) : `${p.firstName} ${p.lastName}`.toLowerCase().includes(q),
      )
    : detail.players;

  return (
    <Stack gap="sm">
      {rosterOpen ? (
        <AddOnePicker
          label="Add a team's players"
          placeholder="Choose a team"
          data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          width={260}
          pending={add.isPending}
          onAdd={(id) => add.mutateAsync({ teamIds: [id] })}
          button="Add team"
        >
          <Button variant="default" leftSection={<IconUserPlus size={18} />} onClick={() => setWalkUp(true)}>
            Walk-up
          </Button>
        </AddOnePicker>
      ) : null}
      <SearchInput label="Find a player" placeholder="Number or name" type="search" value={search} onSearch={setSearch} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {detail.players.filter((p) => p.present).length} of {detail.players.length} checked in
      </Text>
      {players.length === 0 ? (
        <EmptyState text={detail.players.length ? 'No player matches this number or name.' : 'No players yet. Add a team or a walk-up.'} />
      ) : (
        players.map((p) => (
          <CheckInRow key={`${p.playerId}-${p.bib ?? ''}`} sessionId={s.id} player={p} editable={editable} rosterOpen={rosterOpen} />
        ))
      )}
      <WalkUpModal sessionId={s.id} opened={walkUp} onClose={() => setWalkUp(false)} />
    </Stack>
  );
}
