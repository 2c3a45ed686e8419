import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportRead, ReportSummary } from '../../../shared/schemas/report-delivery';
import type { PlayerEvaluations } from '../../../shared/schemas/evaluation';
import type { Note } from '../../../shared/schemas/note';
import type { Player } from '../../../shared/schemas/player';
import type { PlayerAchievement } from '../../../shared/schemas/player-achievement';
import type { Settings } from '../../../shared/schemas/reference';
import type { CriterionVideos, Resource, ResourceFacets } from '../../../shared/schemas/resource';
import type { SelfAssessment, SelfAssessmentCycle, SelfAssessmentSave } from '../../../shared/schemas/self-assessment';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

type SelfAssessmentList = { cycles: SelfAssessmentCycle[] };

/** Reads of the player's own area; the server answers only for the signed-in player's own id. */
const get = async <T>(url: string, signal: AbortSignal) => (await apiGet<Envelope<T>>(url, signal)).data;

export const playerQuery = (id: number) =>
  queryOptions({ queryKey: ['player', id], queryFn: ({ signal }) => get<Player>(`/api/player/${id}`, signal) });

export const evaluationsQuery = (id: number) =>
  queryOptions({
    queryKey: ['player', id, 'evaluation'],
    queryFn: ({ signal }) => get<PlayerEvaluations>(`/api/player/${id}/evaluation`, signal),
  });

export const notesQuery = (id: number) =>
  queryOptions({ queryKey: ['player', id, 'notes'], queryFn: ({ signal }) => get<Note[]>(`/api/player/${id}/notes`, signal) });

export const achievementsQuery = (id: number) =>
  queryOptions({
    queryKey: ['player', id, 'achievements'],
    queryFn: ({ signal }) => get<PlayerAchievement[]>(`/api/player/${id}/achievements`, signal),
  });

export const criterionVideosQuery = (id: number) =>
  queryOptions({
    queryKey: ['player', id, 'criteria-videos'],
    queryFn: ({ signal }) => get<CriterionVideos[]>(`/api/player-area/${id}/criteria-videos`, signal),
    staleTime: 5 * 60_000,
  });

/** Same key as the Settings page's query, so a change there refreshes this. */
export const settingsQuery = queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => get<Settings>('/api/settings', signal) });

export const pdfUrl = (id: number) => `/api/player/${id}/analysis/pdf`;

export interface AreaResourceFilter {
  kind: 'category' | 'tag';
  value: string;
}

/** The resources the player's role may see (the server filters by the access list). */
export const areaResourcesQuery = (filter: AreaResourceFilter) =>
  queryOptions({
    queryKey: ['resources', 'list', filter],
    queryFn: ({ signal }) =>
      get<Resource[]>(`/api/resources${filter.value ? `?${filter.kind}=${encodeURIComponent(filter.value)}` : ''}`, signal),
  });

export const areaResourceFacetsQuery = queryOptions({
  queryKey: ['resources', 'facets'],
  queryFn: ({ signal }) => get<ResourceFacets>('/api/resources/facets', signal),
});

export const areaReports = async (playerId: number) =>
  (await apiGet<{ data: ReportSummary[] }>(`/api/player-area/${playerId}/reports`)).data;
export const areaReport = async (playerId: number, reportId: number) =>
  (await apiGet<{ data: ReportRead }>(`/api/player-area/${playerId}/report/${reportId}`)).data;

/** Self-assessment (docs/product.md#self-assessment): the player's cycles, one cycle's scores, and beside the coach's once approved. */
export const selfAssessmentsQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['self-assessment', playerId, 'list'],
    queryFn: ({ signal }) => get<SelfAssessmentList>(`/api/player/${playerId}/self-assessments`, signal).then((d) => d.cycles),
  });

export const selfAssessmentQuery = (playerId: number, cycleId: number) =>
  queryOptions({
    queryKey: ['self-assessment', playerId, cycleId],
    queryFn: ({ signal }) => get<SelfAssessment>(`/api/player/${playerId}/self-assessment/${cycleId}`, signal),
  });

export function useSaveSelfAssessment(playerId: number, cycleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SelfAssessmentSave) =>
      apiPost<WriteEnvelope<SelfAssessment>>(`/api/player/${playerId}/self-assessment/${cycleId}`, body),
    onSuccess: (res) => {
      notifySuccess(res.message);
      qc.setQueryData(selfAssessmentQuery(playerId, cycleId).queryKey, res.data);
      void qc.invalidateQueries({ queryKey: ['self-assessment', playerId, 'list'] });
    },
  });
}
