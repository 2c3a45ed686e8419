import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconMovie } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Resource } from '../../../shared/schemas/resource';
import { Loading } from '../../components/Loading';
import { QueryView } from '../../components/QueryView';
import { ResourceFilterSelects } from '../../components/ResourceFilterSelects';
import { useFilterSpinner } from '../../lib/useFilterSpinner';
import { areaResourceFacetsQuery, areaResourcesQuery, playerQuery, type AreaResourceFilter } from './api';
import { PlayerHeader } from './PlayerHeader';
import { DocsModal, MediaModal } from './ResourceModals';
import { redirectFor, usePlayerId } from './useAreaGuard';

/** A resource card's Docs or Media button (opens its modal). */
function LinksButton({
  icon: Icon,
  text,
  title,
  onClick,
}: {
  icon: typeof IconFileText;
  text: string;
  title: string;
  onClick: () => void;
}) {
  return (
    <Anchor component="button" type="button" onClick={onClick} aria-label={`${text}: ${title}`} py={6}>
      <Group gap={4} component="span">
        <Icon size={18} aria-hidden />
        {text}
      </Group>
    </Anchor>
  );
}

/** /player/{id}/resources: the player header, then the resources the player's role may see, with Docs and Media modals. */
export default function PlayerResourcesPage() {
  const player = useQuery(playerQuery(usePlayerId()));
  const [filter, setFilter] = useState<AreaResourceFilter>({ kind: 'category', value: '' });
  const spinning = useFilterSpinner(filter);
  const list = useQuery(areaResourcesQuery(filter));
  const facets = useQuery(areaResourceFacetsQuery);
  const [docs, setDocs] = useState<Resource | null>(null);
  const [media, setMedia] = useState<Resource | null>(null);

  const redirect = redirectFor(player.error, list.error);
  if (redirect) return redirect;
  if (player.isPending) return <Loading />;

  return (
    <Stack gap="md">
      {player.isError ? (
        <Text c="red">{player.error.message}</Text>
      ) : (
        <PlayerHeader player={player.data} subtitle={player.data.teamName.toUpperCase() || undefined} />
      )}
      <Title order={2} size="h3">
        Resources
      </Title>
      <ResourceFilterSelects filter={filter} setFilter={setFilter} facets={facets.data} widths={[150, 200]} />
      <QueryView query={list} busy={spinning} noun="resources" isEmpty={(data) => data.length === 0}>
        {(rows) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((r) => (
              <Paper key={r.id} withBorder radius="md" p="md" component="li">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Title order={3} size="h4" style={{ wordBreak: 'break-word' }}>
                      {r.title}
                    </Title>
                    <Text size="sm" c="gray.7">
                      By Admin - {dayjs(r.date).format('MMM D, YYYY')}
                    </Text>
                  </Stack>
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    {r.category}
                  </Badge>
                </Group>
                {r.document_links.length || r.video_links.length ? (
                  <Group gap="lg" mt="sm">
                    {r.document_links.length ? (
                      <LinksButton icon={IconFileText} text="Docs" title={r.title} onClick={() => setDocs(r)} />
                    ) : null}
                    {r.video_links.length ? (
                      <LinksButton icon={IconMovie} text="Media" title={r.title} onClick={() => setMedia(r)} />
                    ) : null}
                  </Group>
                ) : null}
              </Paper>
            ))}
          </Stack>
        )}
      </QueryView>
      <DocsModal resource={docs} onClose={() => setDocs(null)} />
      <MediaModal resource={media} onClose={() => setMedia(null)} />
    </Stack>
  );
}
