import { queryOptions } from '@tanstack/react-query';
import type { Criterion } from '../../../shared/schemas/criterion';
import type { Evaluation, EvaluationSave, PlayerEvaluations, TeamEvaluationSheet } from '../../../shared/schemas/evaluation';
import { syncAnswerSchema, type SyncEntry, type SyncResult } from '../../../shared/schemas/evaluation-sync';
import type { Level } from '../../../shared/schemas/reference';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { useRefreshingWrite } from '../../lib/useRefreshingWrite';

const LEVELS_URL = '/api/levels/';
const CRITERIA_URL = '/api/criteria/';
const teamSheetUrl = (teamId: number, criterionId: number | null) =>
  `/api/team/${teamId}/evaluations${criterionId ? `?criteria_id=${criterionId}` : ''}`;

/**
 * What the courtside sheet reads to open (besides who is signed in): the sheet first loads the roster
 * alone, then with the chosen criterion's scores. The service worker keeps these (build/vite.pwa.ts).
 */
export const courtsideReads = (teamId: number, criterionId: number | null): string[] => [
  LEVELS_URL,
  CRITERIA_URL,
  teamSheetUrl(teamId, null),
  ...(criterionId ? [teamSheetUrl(teamId, criterionId)] : []),
];

export const levelsQuery = queryOptions({
  queryKey: ['levels'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<Level[]>>(LEVELS_URL, signal)).data,
  staleTime: 5 * 60_000,
});

export const allCriteriaQuery = queryOptions({
  queryKey: ['criteria', null],
  queryFn: async ({ signal }) => (await apiGet<Envelope<Criterion[]>>(CRITERIA_URL, signal)).data,
});

/** The page always loads the history with the current evaluations: one request, and the toggle is instant. */
export const playerEvaluationsQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['evaluations', playerId, 'full'],
    queryFn: async ({ signal }) => (await apiGet<Envelope<PlayerEvaluations>>(`/api/player/${playerId}/evaluation?history=1`, signal)).data,
  });

export const teamSheetQuery = (teamId: number, criterionId: number | null) =>
  queryOptions({
    queryKey: ['team-evaluations', teamId, criterionId],
    queryFn: async ({ signal }) => (await apiGet<Envelope<TeamEvaluationSheet>>(teamSheetUrl(teamId, criterionId), signal)).data,
  });

export const useSaveEvaluation = (playerId: number, evalId: number | null) =>
  useRefreshingWrite((body: EvaluationSave) =>
    apiPost<WriteEnvelope<Evaluation>>(
      evalId ? `/api/player/${playerId}/evaluation/${evalId}` : `/api/player/${playerId}/evaluation`,
      body,
    ),
  );

export const useDeleteEvaluation = (playerId: number, evalId: number) =>
  useRefreshingWrite(() => apiPost<WriteEnvelope<{ id: number }>>(`/api/player/${playerId}/evaluation/${evalId}/delete`, {}));

/** The courtside outbox's batch (outbox/engine.ts): the answer says, per entry, saved or refused. */
export const sendOutboxBatch = async (entries: SyncEntry[]): Promise<SyncResult[]> =>
  syncAnswerSchema.parse((await apiPost<WriteEnvelope<unknown>>('/api/evaluations/sync', { entries })).data).results;
