import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RolloverCommit, RolloverPlan, RolloverResult } from '../../../shared/schemas/rollover';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';

/** The season rollover wizard's reads and writes. */

export const rolloverPlanQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['rollover', from, to],
    queryFn: async ({ signal }) =>
      (await apiGet<Envelope<RolloverPlan>>(`/api/rollover?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, signal)).data,
    enabled: from !== '' && to !== '' && from !== to,
    staleTime: 0,
  });

export function useRollover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: RolloverCommit) => (await apiPost<WriteEnvelope<RolloverResult>>('/api/rollover', body)).data,
    onSuccess: (result) => {
      if (result.dry_run) return;
      void qc.invalidateQueries({ queryKey: ['rollover'] });
      void qc.invalidateQueries({ queryKey: ['teams'] });
    },
  });
}

export function useReopenSeason() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (seasonId: number) => apiPost<WriteEnvelope<null>>(`/api/season/${seasonId}/reopen`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['rollover'] }),
  });
}
