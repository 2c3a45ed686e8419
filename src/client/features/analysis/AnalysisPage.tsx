import { Anchor, Avatar, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconChartLine, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { photoUrl } from '../../../shared/paths';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { LabelledPagination } from '../../components/LabelledPagination';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useFilterSpinner } from '../../lib/useFilterSpinner';
import { analysisPlayersQuery, analysisTeamsQuery } from './api';

type Mode = 'teams' | 'players';
const PAGE_SIZE = 25;

/** /app/analysis: two cards, then (after the 2-second spinner) the team or player list. */
export default function AnalysisPage() {
  const can = useCan();
  const [mode, setMode] = useState<Mode | null>(null);
  const spinning = useFilterSpinner(mode);
  if (!can('reports', 1)) return <Navigate to="/app/unauthorized" replace />;

  return (
    <>
      <PageHeader title="Analysis">
        {mode ? (
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => setMode(null)}>
            Back
          </Button>
        ) : null}
      </PageHeader>
      {mode === null ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          <ChoiceCard
            title="Team Analysis"
            text="Averages, progress and rankings of a team."
            icon={<IconUsersGroup size={32} />}
            onClick={() => setMode('teams')}
          />
          <ChoiceCard
            title="Player Analysis"
            text="A player's progress against their team."
            icon={<IconChartLine size={32} />}
            onClick={() => setMode('players')}
          />
        </SimpleGrid>
      ) : spinning ? (
        <Loading />
      ) : mode === 'teams' ? (
        <TeamList />
      ) : (
        <PlayerList />
      )}
    </>
  );
}

function ChoiceCard({ title, text, icon, onClick }: { title: string; text: string; icon: React.ReactNode; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} aria-label={title}>
      <Card withBorder padding="lg" radius="md" h="100%">
        <Group wrap="nowrap">
          {icon}
          <Stack gap={4}>
            <Title order={2} size="h3">
              {title}
            </Title>
            <Text c="gray.7" size="sm">
              {text}
            </Text>
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

function listError(error: Error | null) {
  if (error instanceof ApiError && error.status === 403) return <Navigate to="/app/unauthorized" replace />;
  if (error) return <Text c="red">{error.message}</Text>;
  return null;
}

function TeamList() {
  const [category, setCategory] = useState<string>('all');
  const spinning = useFilterSpinner(category);
  const { data, error, isPending } = useQuery(analysisTeamsQuery());
  const failed = listError(error);
  if (failed) return failed;
  const categories = [...new Map((data ?? []).map((t) => [t.categoryId, t.category])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  const rows = (data ?? []).filter((t) => category === 'all' || String(t.categoryId) === category);
  return (
    <Stack>
      <Select
        label="Filter by"
        data={[{ value: 'all', label: 'All Categories' }, ...categories.map(([id, name]) => ({ value: String(id), label: name }))]}
        value={category}
        onChange={(v) => setCategory(v ?? 'all')}
        allowDeselect={false}
        w={{ base: '100%', xs: 260 }}
      />
      {isPending || spinning ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <DataTable
          minWidth={340}
          highlightOnHover
          verticalSpacing="sm"
          aria-label="Teams"
          columns={['Name', 'Coach', <Table.Th ta="right">Players</Table.Th>, <Table.Th ta="right">Analysis</Table.Th>]}
        >
          {rows.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td fw={500}>{t.name}</Table.Td>
              <Table.Td>{t.coachName}</Table.Td>
              <Table.Td ta="right">{t.playerCount}</Table.Td>
              <Table.Td ta="right">
                <Anchor component={Link} to={`/app/team/${t.id}/analysis`} aria-label={`Team analysis of ${t.name}`}>
                  View
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}

function PlayerList() {
  const [team, setTeam] = useState<string>('all');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const spinning = useFilterSpinner(team);
  const teams = useQuery(analysisTeamsQuery());
  const players = useQuery(analysisPlayersQuery({ teamId: team === 'all' ? undefined : Number(team), q, page, pageSize: PAGE_SIZE }));
  const failed = listError(players.error ?? teams.error);
  if (failed) return failed;
  const pages = players.data ? Math.max(1, Math.ceil(players.data.total / PAGE_SIZE)) : 1;
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Filter by"
          data={[{ value: 'all', label: 'All Teams' }, ...(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))]}
          value={team}
          onChange={(v) => {
            setTeam(v ?? 'all');
            setPage(1);
          }}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 240 }}
        />
        <SearchInput
          label="Search"
          placeholder="Name or email"
          value={search}
          onSearch={(text) => (setSearch(text), setPage(1))}
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      {players.isPending || spinning ? (
        <Loading />
      ) : !players.data || players.data.rows.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <DataTable
            minWidth={340}
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Players"
            columns={['Name', 'Email', <Table.Th ta="right">Analysis</Table.Th>]}
          >
            {players.data.rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={photoUrl(p.profile_img)} alt="" radius="xl" color="indigo" variant="filled">
                      {p.first_name.charAt(0)}
                      {p.last_name.charAt(0)}
                    </Avatar>
                    <Text size="sm" fw={500}>
                      {p.first_name} {p.last_name}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{p.email}</Table.Td>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={`/app/player/${p.id}/analysis`}
                    aria-label={`Player analysis of ${p.first_name} ${p.last_name}`}
                  >
                    View
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {pages > 1 ? <LabelledPagination total={pages} value={page} onChange={setPage} siblings={0} /> : null}
        </>
      )}
    </Stack>
  );
}
