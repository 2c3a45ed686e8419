import { Button, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Navigate } from 'react-router';
import type { Resource } from '../../../shared/schemas/resource';
import { DataTable } from '../../components/DataTable';
import { ExpandToggle } from '../../components/ExpandToggle';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { ResourceFilterSelects } from '../../components/ResourceFilterSelects';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useFilterSpinner } from '../../lib/useFilterSpinner';
import { resourceFacetsQuery, resourcesQuery, type ResourceFilter } from './api';
import { DeleteResourceModal } from './DeleteResourceModal';
import { ResourceDetails } from './ResourceDetails';
import { ResourceFormModal } from './ResourceFormModal';

/** /app/resources (docs/product.md#screens "Resources (staff)"): only resources the viewer's role may see are listed. */
export default function ResourcesPage() {
  const can = useCan();
  const canWrite = can('resources', 2);
  const [filter, setFilter] = useState<ResourceFilter>({ kind: 'category', value: '' });
  const spinning = useFilterSpinner(filter);
  const list = useQuery(resourcesQuery(filter));
  const facets = useQuery(resourceFacetsQuery);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ resource: Resource | null } | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);

  if (list.error instanceof ApiError && list.error.status === 403) return <Navigate to="/app/unauthorized" replace />;

  return (
    <>
      <PageHeader title="Resources">
        {canWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ resource: null })}>
            Add New Resource
          </Button>
        ) : null}
      </PageHeader>

      <ResourceFilterSelects filter={filter} setFilter={setFilter} facets={facets.data} widths={[160, 220]} searchable mb="md" />

      <QueryView query={list} busy={spinning} noun="resources" isEmpty={(data) => data.length === 0}>
        {(rows) => (
          <DataTable verticalSpacing="sm" highlightOnHover columns={['Title', 'Category', 'Access']}>
            {rows.map((r) => {
              const open = expanded === r.id;
              return (
                <Fragment key={r.id}>
                  <Table.Tr>
                    <Table.Td>
                      <ExpandToggle expanded={open} controls={`resource-${r.id}`} onToggle={() => setExpanded(open ? null : r.id)}>
                        <Text fw={500} size="sm">
                          {r.title}
                        </Text>
                      </ExpandToggle>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.category}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.access_names.join(', ') || '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                  {open ? (
                    <Table.Tr id={`resource-${r.id}`}>
                      <Table.Td colSpan={3}>
                        <ResourceDetails
                          resource={r}
                          canWrite={canWrite}
                          onEdit={() => setEditing({ resource: r })}
                          onDelete={() => setDeleting(r)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </DataTable>
        )}
      </QueryView>

      <ResourceFormModal opened={!!editing} resource={editing?.resource ?? null} onClose={() => setEditing(null)} />
      <DeleteResourceModal resource={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
