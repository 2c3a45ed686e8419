import { Badge, Button, Card, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Alert } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { referenceOptions } from '../../components/ReferenceSelect';
import { failureMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { seasonsQuery } from '../../lib/reference';
import { allTeamsQuery, draftsQuery, useCreateDraft } from './api';

/** A new draft: a name, the target season, and its teams with a target size each. */
function NewDraftModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const seasons = useQuery(seasonsQuery);
  const teams = useQuery(allTeamsQuery);
  const create = useCreateDraft();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [season, setSeason] = useState<string | null>(null);
  const [targets, setTargets] = useState<Map<number, number | null>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const ofSeason = (teams.data ?? []).filter((t) => String(t.seasonId) === season);

  const submit = async () => {
    setError(null);
    try {
      const made = await create.mutateAsync({
        name,
        season_id: Number(season),
        teams: [...targets].map(([team_id, target_size]) => ({ team_id, target_size })),
      });
      notifySuccess();
      onClose();
      void navigate(`/app/teams/drafts/${made.id}`);
    } catch (e) {
      setError(failureMessage(e));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New draft">
      <Stack>
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Select
          label="Target season"
          required
          data={referenceOptions(seasons.data)}
          value={season}
          onChange={(v) => {
            setSeason(v);
            setTargets(new Map());
          }}
        />
        {season && ofSeason.length === 0 ? (
          <Text c="dimmed">This season has no teams yet: add them on the Teams page or roll a season over.</Text>
        ) : null}
        {ofSeason.map((t) => (
          <Group key={t.id} justify="space-between" wrap="nowrap">
            <Checkbox
              label={t.name}
              checked={targets.has(t.id)}
              onChange={(e) => {
                const next = new Map(targets);
                if (e.currentTarget.checked) next.set(t.id, 16);
                else next.delete(t.id);
                setTargets(next);
              }}
            />
            <NumberInput
              aria-label={`Target size of ${t.name}`}
              w={100}
              min={0}
              max={200}
              disabled={!targets.has(t.id)}
              value={targets.get(t.id) ?? ''}
              onChange={(v) => setTargets(new Map(targets).set(t.id, v === '' ? null : Number(v)))}
            />
          </Group>
        ))}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={create.isPending} disabled={!name.trim() || !season || targets.size === 0}>
            Create draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /app/teams/drafts: the draft boards, for users with teams write (docs/product.md#draft-board). */
export default function DraftsPage() {
  const drafts = useQuery(draftsQuery);
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader title="Draft boards">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setOpen(true)}>
          New draft
        </Button>
      </PageHeader>
      <QueryView query={drafts} noun="drafts" isEmpty={(d) => d.length === 0} emptyText="No drafts yet: start one with New draft.">
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {list.map((d) => (
              <Card key={d.id} withBorder>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} component={Link} to={`/app/teams/drafts/${d.id}`}>
                    {d.name}
                  </Text>
                  <Badge color={d.state === 'finalised' ? 'green' : 'blue'}>{d.state === 'finalised' ? 'Finalised' : 'Open'}</Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {d.season_name} · {d.teams} team(s) · {d.candidates} candidate(s)
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryView>
      {open ? <NewDraftModal opened onClose={() => setOpen(false)} /> : null}
    </>
  );
}
