import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditPage } from '../../../shared/schemas/audit';
import type { LevelKind, Settings } from '../../../shared/schemas/reference';
import { ApiError, apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** Every read and write of the Settings page. */

/**
 * Query keys of the reference data. Other screens that read these lists use the same keys so a
 * change made on the Settings page refreshes them too.
 */
const referenceKeys = {
  categories: ['categories'],
  seasons: ['seasons'],
  levels: ['levels'],
  achievements: ['achievements'],
  settings: ['settings'],
} as const;

/** One reference list: its query key, the list's URL (read, add) and one row's (rename, delete). */
export interface ReferenceList {
  key: readonly string[];
  url: string;
  itemUrl: (id: number) => string;
}

export const referenceLists = {
  categories: { key: referenceKeys.categories, url: '/api/categories', itemUrl: (id: number) => `/api/category/${id}` },
  seasons: { key: referenceKeys.seasons, url: '/api/seasons', itemUrl: (id: number) => `/api/season/${id}` },
  levels: { key: referenceKeys.levels, url: '/api/levels', itemUrl: (id: number) => `/api/level/${id}` },
  achievements: { key: referenceKeys.achievements, url: '/api/achievements', itemUrl: (id: number) => `/api/achievement/${id}` },
} satisfies Record<string, ReferenceList>;

/** One row of a reference list: clubs and seasons have a name, achievements a title, levels a kind too. */
export interface ReferenceRow {
  id: number;
  name?: string;
  title?: string;
  kind?: LevelKind;
}

export const referenceListQuery = (list: ReferenceList) =>
  queryOptions({
    queryKey: list.key,
    queryFn: async ({ signal }) => (await apiGet<Envelope<ReferenceRow[]>>(list.url, signal)).data,
  });

const useReload = (list: ReferenceList) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: list.key });
};

/** `onAdded` (the form clears) runs before the list reloads. */
export function useAddReference(list: ReferenceList, onAdded: () => void) {
  const reload = useReload(list);
  return useMutation({
    mutationFn: (values: Record<string, string>) => apiPost(list.url, values),
    onSuccess: async () => {
      notifySuccess();
      onAdded();
      await reload();
    },
  });
}

export function useSaveReference(list: ReferenceList, id: number) {
  const reload = useReload(list);
  return useMutation({
    mutationFn: (values: Record<string, string>) => apiPost(list.itemUrl(id), values),
    onSuccess: async () => {
      notifySuccess();
      await reload();
    },
  });
}

export function useDeleteReference(list: ReferenceList) {
  const reload = useReload(list);
  return useMutation({
    mutationFn: (id: number) => apiPost(`${list.itemUrl(id)}/delete`),
    onSuccess: async () => {
      notifySuccess();
      await reload();
    },
    // Gone already: the list shows it is.
    onError: async (e) => {
      if (e instanceof ApiError && e.status === 404) await reload();
    },
  });
}

export const settingsQuery = queryOptions({
  queryKey: referenceKeys.settings,
  queryFn: async ({ signal }) => (await apiGet<Envelope<Settings>>('/api/settings', signal)).data,
});

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Settings) => apiPost<WriteEnvelope<Settings>>('/api/settings', values),
    onSuccess: (res) => {
      notifySuccess();
      client.setQueryData(settingsQuery.queryKey, res.data);
    },
  });
}

/** `search`: page and filters as a query string. */
export const auditQuery = (search: string) =>
  queryOptions({
    queryKey: ['audit', search],
    queryFn: async ({ signal }) => (await apiGet<Envelope<AuditPage>>(`/api/audit?${search}`, signal)).data,
  });

interface OutboxItem {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
}
interface OutboxPage {
  items: OutboxItem[];
  total: number;
  page: number;
  pageSize: number;
  /** The cursor of the page after this one (null: the last). */
  next: string | null;
}

/** `search`: the cursor and filters as a query string. */
export const outboxQuery = (search: string) =>
  queryOptions({
    queryKey: ['mail-outbox', search],
    queryFn: async ({ signal }) => (await apiGet<Envelope<OutboxPage>>(`/api/mail/outbox?${search}`, signal)).data,
  });
