import { queryOptions } from '@tanstack/react-query';
import type { Criterion, CriterionCreate, CriterionEdit } from '../../../shared/schemas/criterion';
import type { Level } from '../../../shared/schemas/reference';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { useRefreshingWrite } from '../../lib/useRefreshingWrite';

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

export const useCreateCriterion = () =>
  useRefreshingWrite((body: CriterionCreate) => apiPost<WriteEnvelope<Criterion>>('/api/criteria', body));
export const useEditCriterion = (id: number) =>
  useRefreshingWrite((body: CriterionEdit) => apiPost<WriteEnvelope<Criterion>>(`/api/criterion/${id}`, body));
export const useDeleteCriterion = (id: number) =>
  useRefreshingWrite(() => apiPost<WriteEnvelope<{ id: number; deletedEvaluations: number }>>(`/api/criterion/${id}/delete`, {}));
