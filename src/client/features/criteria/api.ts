import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Criterion, CriterionCreate, CriterionEdit } from '../../../shared/schemas/criterion';
import type { Level } from '../../../shared/schemas/reference';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

export const levelsQuery = queryOptions({
  queryKey: ['levels'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<Level[]>>('/api/levels/', signal)).data,
  staleTime: 5 * 60_000,
});

export const criteriaQuery = (levelId: number | null) =>
  queryOptions({
    queryKey: ['criteria', levelId],
    queryFn: async ({ signal }) =>
      (await apiGet<Envelope<Criterion[]>>(`/api/criteria/${levelId ? `?level=${levelId}` : ''}`, signal)).data,
  });

/** After a write the catalogue, totals and boards may all change: refresh everything on screen. */
function useWrite<T, R>(fn: (body: T) => Promise<WriteEnvelope<R>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (res) => {
      notifySuccess(res.message);
      await client.invalidateQueries();
    },
  });
}

export const useCreateCriterion = () => useWrite((body: CriterionCreate) => apiPost<WriteEnvelope<Criterion>>('/api/criteria', body));
export const useEditCriterion = (id: number) =>
  useWrite((body: CriterionEdit) => apiPost<WriteEnvelope<Criterion>>(`/api/criterion/${id}`, body));
export const useDeleteCriterion = (id: number) =>
  useWrite(() => apiPost<WriteEnvelope<{ id: number; deletedEvaluations: number }>>(`/api/criterion/${id}/delete`, {}));
