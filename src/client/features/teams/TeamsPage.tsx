import { Button, Menu, Select, SimpleGrid, Text } from '@mantine/core';
import { IconCalendarRepeat, IconLayoutKanban, IconChevronDown, IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Team } from '../../../shared/schemas/team';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { referenceOptions } from '../../components/ReferenceSelect';
import { ApiError } from '../../lib/api';
import { useCan, useMe } from '../../lib/auth';
import { useFilterSpinner } from '../../lib/useFilterSpinner';
import { categoriesQuery } from '../../lib/reference';
import { teamListQuery } from './api';
import { TeamBulkModal } from './TeamBulkModal';
import { TeamCard } from './TeamCard';
import { TeamDeleteModal } from './TeamDeleteModal';
import { TeamFormModal } from './TeamFormModal';

const ALL = 'all';

/** Teams (/app/teams) and CoachTeams (/app/coach/{coachId}/teams): the same page, the latter for one coach. */
export default function TeamsPage() {
  const { coachId } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const { data: me } = useMe();
  const canWrite = can('teams', 2);
  const [filter, setFilter] = useState(ALL);
  const category = filter === ALL ? null : filter;
  const spinning = useFilterSpinner(filter);
  const categories = useQuery(categoriesQuery);
  const client = useQueryClient();
  const teams = useInfiniteQuery({
    ...teamListQuery(coachId, category),
    placeholderData: keepPreviousData,
  });
  const chooseFilter = (value: string) => {
    // A club chosen again starts from its first page, not from the pages loaded last time.
    client.removeQueries({ queryKey: teamListQuery(coachId, value === ALL ? null : value).queryKey, exact: true });
    setFilter(value);
  };
  // The last team stays in state while a modal closes, so its text does not change mid-animation.
  const [form, setForm] = useState<{ open: boolean; team: Team | null }>({ open: false, team: null });
  const [bulkOpen, setBulkOpen] = useState(false);
  const [deleting, setDeleting] = useState<{ open: boolean; team: Team | null }>({ open: false, team: null });

  // docs/product.md#permissions and docs/product.md#errors: a 404 goes to the not-found page, missing permission to unauthorized.
  const status = teams.error instanceof ApiError ? teams.error.status : null;
  useEffect(() => {
    if (status === 404 || status === 400) void navigate('/app/not-found', { replace: true });
    else if (status === 403) void navigate('/app/unauthorized', { replace: true });
  }, [status, navigate]);

  const coach = teams.data?.pages[0]?.coach;
  const list = useMemo(() => teams.data?.pages.flatMap((p) => p.teams) ?? [], [teams.data]);

  return (
    <>
      <PageHeader title="Teams">
        <Select
          label="Filter by"
          data={[{ value: ALL, label: 'All Clubs' }, ...referenceOptions(categories.data)]}
          value={filter}
          onChange={(v) => chooseFilter(v ?? ALL)}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        {canWrite ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button leftSection={<IconPlus size={18} />} rightSection={<IconChevronDown size={16} />} mt={{ base: 0, xs: 24 }}>
                Add New Team
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setForm({ open: true, team: null })}>
                Add Single
              </Menu.Item>
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setBulkOpen(true)}>
                Add Bulk
              </Menu.Item>
              <Menu.Item leftSection={<IconLayoutKanban size={16} />} onClick={() => void navigate('/app/teams/drafts')}>
                Draft boards
              </Menu.Item>
              {me?.admin ? (
                <Menu.Item leftSection={<IconCalendarRepeat size={16} />} onClick={() => void navigate('/app/teams/rollover')}>
                  Roll over a season
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </PageHeader>
      {coachId && coach ? (
        <Text c="dimmed" mt={-8} mb="md">
          Teams coached by {coach.first_name} {coach.last_name}
        </Text>
      ) : null}

      <QueryView query={teams} busy={spinning} noun="teams" isEmpty={() => list.length === 0}>
        {() => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {list.map((team) => (
                <TeamCard
                  key={team.id}
                  team={team}
                  canWrite={canWrite}
                  onEdit={(t) => setForm({ open: true, team: t })}
                  onDelete={(t) => setDeleting({ open: true, team: t })}
                />
              ))}
            </SimpleGrid>
            <LoadMore query={teams} label="Load more teams" mt="md" />
          </>
        )}
      </QueryView>

      {canWrite ? (
        <>
          <TeamFormModal opened={form.open} team={form.team} onClose={() => setForm((f) => ({ ...f, open: false }))} />
          <TeamBulkModal opened={bulkOpen} onClose={() => setBulkOpen(false)} />
          <TeamDeleteModal opened={deleting.open} team={deleting.team} onClose={() => setDeleting((d) => ({ ...d, open: false }))} />
        </>
      ) : null}
    </>
  );
}
