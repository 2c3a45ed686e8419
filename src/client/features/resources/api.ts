import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Resource, ResourceFacets, ResourceRole, ResourceSaveInput } from '../../../shared/schemas/resource';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';

export type FilterKind = 'category' | 'tag';
export interface ResourceFilter {
  kind: FilterKind;
  /** '' = all. */
  value: string;
}

export const resourceKeys = { all: ['resources'] as const };

export const resourcesQuery = (filter: ResourceFilter) =>
  queryOptions({
    queryKey: [...resourceKeys.all, 'list', filter],
    queryFn: async ({ signal }) => {
      const qs = filter.value ? `?${filter.kind}=${encodeURIComponent(filter.value)}` : '';
      return (await apiGet<Envelope<Resource[]>>(`/api/resources${qs}`, signal)).data;
    },
  });

export const resourceFacetsQuery = queryOptions({
  queryKey: [...resourceKeys.all, 'facets'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<ResourceFacets>>('/api/resources/facets', signal)).data,
});

export const resourceRolesQuery = queryOptions({
  queryKey: [...resourceKeys.all, 'roles'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<ResourceRole[]>>('/api/resources/roles', signal)).data,
});

/** Create (no id) or edit; the list, facets and previews refresh afterwards. */
export function useSaveResource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ResourceSaveInput }) =>
      apiPost<WriteEnvelope<Resource>>(id ? `/api/resources/${id}` : '/api/resources', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export function useDeleteResource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (resource: Resource) => apiPost<WriteEnvelope<{ id: number }>>(`/api/resources/${resource.id}/delete`, resource),
    onSuccess: () => qc.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
