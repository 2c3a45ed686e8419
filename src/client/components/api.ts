import { queryOptions } from '@tanstack/react-query';
import type { BulkEvaluationResult, PlayerEvaluations } from '../../shared/schemas/evaluation';
import type { PlayerList } from '../../shared/schemas/player';
import type { LinkPreview } from '../../shared/schemas/resource';
import { apiGet, apiUpload, type Envelope, type WriteEnvelope } from '../lib/api';
import { useRefreshingWrite } from '../lib/useRefreshingWrite';

/** Every read and write of the shared components (used by several features, so in none of them). */

export const linkPreviewQuery = (url: string) =>
  queryOptions({
    queryKey: ['link-preview', url],
    queryFn: async ({ signal }) => (await apiGet<Envelope<LinkPreview>>(`/api/link-preview?url=${encodeURIComponent(url)}`, signal)).data,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

/** A player's current evaluations, without the history. */
export const currentEvaluationsQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['evaluations', playerId, 'current'],
    queryFn: async ({ signal }) => (await apiGet<Envelope<PlayerEvaluations>>(`/api/player/${playerId}/evaluation`, signal)).data,
  });

/** Players whose name matches `q` (the first 20 the caller reaches), for a player picker. */
export const playerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['players', 'search', q],
    queryFn: async ({ signal }) =>
      (await apiGet<Envelope<PlayerList>>(`/api/players?${new URLSearchParams({ q, pageSize: '20' }).toString()}`, signal)).data.data,
    enabled: q.length >= 2,
    staleTime: 30_000,
  });

/** One player's file (playerId), or rows that name their players. Scores move everywhere: everything reloads. */
export function useBulkEvaluation(playerId: number | undefined, onProgress: (fraction: number) => void) {
  return useRefreshingWrite((input: { file: File; evaluator: string }) => {
    const form = new FormData();
    form.append('evaluator', input.evaluator);
    form.append('bulkFile', input.file);
    const url = playerId ? `/api/player/${playerId}/evaluation/bulk` : '/api/players/evaluation/bulk';
    return apiUpload<WriteEnvelope<BulkEvaluationResult>>(url, form, onProgress);
  });
}
