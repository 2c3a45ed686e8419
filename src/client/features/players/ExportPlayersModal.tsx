import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { exportUrl, teamOptionsQuery } from './api';
import classes from './players.module.css';

type Scope = 'all' | 'team' | 'club';

/** Export Players (docs/product.md#screens): all, by team or by club; a CSV of FirstName, LastName, Email, Score. */
export function ExportPlayersModal({ opened, onClose, teamId }: { opened: boolean; onClose: () => void; teamId?: number }) {
  const teams = useQuery({ ...teamOptionsQuery, enabled: opened });
  const [scope, setScope] = useState<Scope>(teamId ? 'team' : 'all');
  const [team, setTeam] = useState<string | null>(teamId ? String(teamId) : null);
  const [club, setClub] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setScope(teamId ? 'team' : 'all');
    setTeam(teamId ? String(teamId) : null);
  }, [opened, teamId]);

  const clubs = [...new Map((teams.data ?? []).map((t) => [t.categoryId, t.category])).entries()].map(([id, name]) => ({
    value: String(id),
    label: name,
  }));
  const href =
    scope === 'all'
      ? exportUrl({})
      : scope === 'team'
        ? team
          ? exportUrl({ team_id: Number(team) })
          : null
        : club
          ? exportUrl({ category: Number(club) })
          : null;

  return (
    <Modal opened={opened} onClose={onClose} title="Export Players" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <SegmentedControl
          aria-label="Export which players"
          value={scope}
          onChange={(v) => setScope(v as Scope)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'team', label: 'By team' },
            { value: 'club', label: 'By club' },
          ]}
          fullWidth
        />
        {scope === 'team' ? (
          <Select
            label="Team"
            placeholder="Choose a team"
            data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${t.category})` }))}
            value={team}
            onChange={setTeam}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {scope === 'club' ? (
          <Select
            label="Club"
            placeholder="Choose a club"
            data={clubs}
            value={club}
            onChange={setClub}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Text size="sm" className={classes.muted}>
          A CSV file with the columns FirstName, LastName, Email and Score.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            component="a"
            href={href ?? undefined}
            download="players.csv"
            leftSection={<IconDownload size={16} />}
            disabled={!href}
            data-disabled={!href || undefined}
            onClick={(e) => (href ? onClose() : e.preventDefault())}
          >
            Download CSV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
