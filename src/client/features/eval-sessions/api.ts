import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Criterion } from '../../../shared/schemas/criterion';
import type {
  CheckIn,
  EvalSession,
  EvaluatorOption,
  SessionDetail,
  SessionPlayerScores,
  SessionPlayersAdd,
  SessionProgress,
  SessionResults,
  SessionSaveInput,
  SessionScoreEntry,
  SessionSheet,
  TryoutJoin,
  TryoutStatus,
  WalkUpInput,
} from '../../../shared/schemas/eval-session';
import { TRYOUT_TOKEN_HEADER, type PublishBasis } from '../../../shared/schemas/eval-session';
import type { SessionFair } from '../../../shared/schemas/session-fair';
import type { Calibration, CalibrationPlayersSave } from '../../../shared/schemas/calibration';
import type { RelativeAge } from '../../../shared/schemas/relative-age';
import type { Team } from '../../../shared/schemas/team';
import { ApiError, apiBlob, apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** Every read and write of the evaluation sessions screens, staff and guests. */

export const sessionKeys = {
  all: ['eval-sessions'] as const,
  list: ['eval-sessions', 'list'] as const,
  detail: (id: number) => ['eval-sessions', id, 'detail'] as const,
  progress: (id: number) => ['eval-sessions', id, 'progress'] as const,
  results: (id: number) => ['eval-sessions', id, 'results'] as const,
  fair: (id: number) => ['eval-sessions', id, 'fair'] as const,
  playerScores: (id: number, playerId: number) => ['eval-sessions', id, 'results', playerId] as const,
  sheet: (id: number) => ['eval-sessions', id, 'sheet'] as const,
  calibration: (id: number) => ['eval-sessions', id, 'calibration'] as const,
  evaluatorOptions: ['eval-sessions', 'evaluator-options'] as const,
  teamOptions: ['eval-sessions', 'team-options'] as const,
};

export const sessionsQuery = queryOptions({
  queryKey: sessionKeys.list,
  queryFn: async ({ signal }) => (await apiGet<Envelope<EvalSession[]>>('/api/eval-sessions', signal)).data,
});

/**
 * While a session is open, evaluators and guests join and score from other devices: the director's
 * screen reads the session (its tab counts, the evaluators and how far each has got) and the progress
 * again this often, whichever tab is shown.
 */
export const LIVE_MS = 5_000;

export const sessionQuery = (id: number) =>
  queryOptions({
    queryKey: sessionKeys.detail(id),
    queryFn: async ({ signal }) => (await apiGet<Envelope<SessionDetail>>(`/api/eval-session/${id}`, signal)).data,
    refetchInterval: (q) => (q.state.data?.session.state === 'open' ? LIVE_MS : false),
  });

export const progressQuery = (id: number, open: boolean) =>
  queryOptions({
    queryKey: sessionKeys.progress(id),
    queryFn: async ({ signal }) => (await apiGet<Envelope<SessionProgress>>(`/api/eval-session/${id}/progress`, signal)).data,
    refetchInterval: open ? LIVE_MS : false,
  });

export const resultsQuery = (id: number) =>
  queryOptions({
    queryKey: sessionKeys.results(id),
    queryFn: async ({ signal }) => (await apiGet<Envelope<SessionResults>>(`/api/eval-session/${id}/results`, signal)).data,
    retry: false,
  });

/** Severity, fair scores, agreement, intervals and coverage (docs/product.md#fair-evaluations). */
export const fairQuery = (id: number) =>
  queryOptions({
    queryKey: sessionKeys.fair(id),
    queryFn: async ({ signal }) => (await apiGet<Envelope<SessionFair>>(`/api/eval-session/${id}/fair`, signal)).data,
    retry: false,
  });

export const playerScoresQuery = (id: number, playerId: number) =>
  queryOptions({
    queryKey: sessionKeys.playerScores(id, playerId),
    queryFn: async ({ signal }) =>
      (await apiGet<Envelope<SessionPlayerScores>>(`/api/eval-session/${id}/results/${playerId}`, signal)).data,
  });

export const evaluatorOptionsQuery = queryOptions({
  queryKey: sessionKeys.evaluatorOptions,
  queryFn: async ({ signal }) => (await apiGet<Envelope<EvaluatorOption[]>>('/api/eval-sessions/evaluator-options', signal)).data,
});

/** The criteria a session can use; the key is the criteria pages', so their writes refresh it. */
export const criteriaCatalogueQuery = queryOptions({
  queryKey: ['criteria', null],
  queryFn: async ({ signal }) => (await apiGet<Envelope<Criterion[]>>('/api/criteria/', signal)).data,
});

/** Check-in: the teams whose players can be added at once. */
export const teamOptionsQuery = queryOptions({
  queryKey: sessionKeys.teamOptions,
  queryFn: async ({ signal }) => (await apiGet<Envelope<Team[]>>('/api/teams', signal)).data,
});

export const resultsCsvUrl = (id: number) => `/api/eval-session/${id}/results.csv`;

/** docs/product.md#relative-age: under the results' key, so whatever refreshes the results refreshes it. */
export const relativeAgeQuery = (id: number, top: number | null) =>
  queryOptions({
    queryKey: [...sessionKeys.results(id), 'relative-age', top] as const,
    queryFn: async ({ signal }) =>
      (await apiGet<Envelope<RelativeAge>>(`/api/eval-session/${id}/relative-age${top === null ? '' : `?top=${top}`}`, signal)).data,
  });

/** The calibration round before a tryout (docs/product.md#calibration). */
export const calibrationQuery = (id: number) =>
  queryOptions({
    queryKey: sessionKeys.calibration(id),
    queryFn: async ({ signal }) => (await apiGet<Envelope<Calibration>>(`/api/eval-session/${id}/calibration`, signal)).data,
  });

/** After a write: the success message (unless quiet) and every session view reloads. */
function useSessionWrite<I, R>(fn: (input: I) => Promise<WriteEnvelope<R>>, quiet = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (res) => {
      if (!quiet) notifySuccess(res.message);
      await client.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

export const useSaveSession = (id: number | null) =>
  useSessionWrite((body: SessionSaveInput) =>
    apiPost<WriteEnvelope<SessionDetail>>(id === null ? '/api/eval-sessions' : `/api/eval-session/${id}`, body),
  );
export const useDeleteSession = (id: number) =>
  useSessionWrite(() => apiPost<WriteEnvelope<{ id: number }>>(`/api/eval-session/${id}/delete`));
export const useAddPlayers = (id: number) =>
  useSessionWrite((body: SessionPlayersAdd) => apiPost<WriteEnvelope<{ added: number }>>(`/api/eval-session/${id}/players`, body));
export const useWalkUp = (id: number) =>
  useSessionWrite((body: WalkUpInput) => apiPost<WriteEnvelope<{ playerId: number }>>(`/api/eval-session/${id}/walk-up`, body));
/** Check-in is tapped row after row: it confirms in the row itself, not with a toast each time. */
export const useCheckIn = (id: number) =>
  useSessionWrite(
    ({ playerId, ...body }: CheckIn & { playerId: number }) =>
      apiPost<WriteEnvelope<{ playerId: number }>>(`/api/eval-session/${id}/player/${playerId}/check-in`, body),
    true,
  );
export const useRemovePlayer = (id: number) =>
  useSessionWrite((playerId: number) => apiPost<WriteEnvelope<{ playerId: number }>>(`/api/eval-session/${id}/player/${playerId}/delete`));
export const useAddEvaluator = (id: number) =>
  useSessionWrite((userId: number) => apiPost<WriteEnvelope<SessionDetail>>(`/api/eval-session/${id}/evaluators`, { userId }));
export const useRemoveEvaluator = (id: number) =>
  useSessionWrite((evaluatorId: number) =>
    apiPost<WriteEnvelope<SessionDetail>>(`/api/eval-session/${id}/evaluator/${evaluatorId}/delete`),
  );
export const useAdmitGuest = (id: number) =>
  useSessionWrite((evaluatorId: number) => apiPost<WriteEnvelope<SessionDetail>>(`/api/eval-session/${id}/evaluator/${evaluatorId}/admit`));
export const useExcludeEvaluator = (id: number) =>
  useSessionWrite(({ evaluatorId, excluded }: { evaluatorId: number; excluded: boolean }) =>
    apiPost<WriteEnvelope<SessionDetail>>(`/api/eval-session/${id}/evaluator/${evaluatorId}/exclude`, { excluded }),
  );
export const useSetPublishBasis = (id: number) =>
  useSessionWrite((basis: PublishBasis) => apiPost<WriteEnvelope<SessionDetail>>(`/api/eval-session/${id}/publish-basis`, { basis }));
export const useCalibrationPlayers = (id: number) =>
  useSessionWrite((body: CalibrationPlayersSave) => apiPost<WriteEnvelope<Calibration>>(`/api/eval-session/${id}/calibration`, body));
/** An evaluator's calibration scores: answered per score, the round's view read again after. */
export function useCalibrationScores(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (entries: SessionScoreEntry[]) =>
      (await apiPost<Envelope<Awaited<ReturnType<SheetSource['send']>>>>(`/api/eval-session/${id}/calibration/scores`, { entries })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.calibration(id) }),
  });
}
export type Transition = 'open' | 'close' | 'unlock' | 'publish';
export const useTransition = (id: number) =>
  useSessionWrite((name: Transition) => apiPost<WriteEnvelope<unknown>>(`/api/eval-session/${id}/${name}`));

/** Where an evaluator's sheet comes from and goes to: the staff routes, or the guest routes with the token. */
export interface SheetSource {
  key: string;
  load: (signal?: AbortSignal) => Promise<SessionSheet>;
  send: (
    entries: SessionScoreEntry[],
  ) => Promise<{ playerId: number; criterionId: number; status: 'saved' | 'refused'; reason?: string }[]>;
  photo?: (playerId: number) => Promise<Blob>;
  /** Whether a failed load or send means the session is no longer open: scores still waiting will not count. */
  closed: (error: unknown) => boolean;
}

const answered = (status: number) => (e: unknown) => e instanceof ApiError && e.status === status;

/** Keyed by user too: a score waiting on a shared device is only ever sent by whoever tapped it. */
export const staffSheet = (id: number, userId: number): SheetSource => ({
  key: `session-${id}-user-${userId}`,
  load: async (signal) => (await apiGet<Envelope<SessionSheet>>(`/api/eval-session/${id}/sheet`, signal)).data,
  send: async (entries) =>
    (await apiPost<Envelope<Awaited<ReturnType<SheetSource['send']>>>>(`/api/eval-session/${id}/scores`, { entries })).data,
  // The staff sheet and scores routes answer 409 only when the session is not open.
  closed: answered(409),
});

export const guestSheet = (token: string): SheetSource => {
  const headers = { [TRYOUT_TOKEN_HEADER]: token };
  return {
    key: `guest-${token.slice(0, 12)}`,
    load: async (signal) => (await apiGet<Envelope<SessionSheet>>('/api/tryout/sheet', signal, headers)).data,
    send: async (entries) =>
      (await apiPost<Envelope<Awaited<ReturnType<SheetSource['send']>>>>('/api/tryout/scores', { entries }, headers)).data,
    photo: (playerId) => apiBlob(`/api/tryout/photo/${playerId}`, headers),
    closed: answered(410),
  };
};

export const joinTryout = async (body: TryoutJoin) =>
  (await apiPost<Envelope<{ token: string; name: string; admitted: boolean }>>('/api/tryout/join', body)).data;

/** The guest's token has ended (401) or its session has closed (410): asking again changes nothing. */
export const tryoutEnded = (e: unknown) => e instanceof ApiError && (e.status === 401 || e.status === 410);
export const tryoutClosed = answered(410);

/**
 * A guest's own status: waiting for the director, or let in. Polled every 3 s while waiting, then
 * every 10 s while scoring, so the sheet learns that the session closed without waiting for a tap.
 */
export const tryoutStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ['tryout-status', token.slice(0, 12)],
    queryFn: async ({ signal }) =>
      (await apiGet<Envelope<TryoutStatus>>('/api/tryout/status', signal, { [TRYOUT_TOKEN_HEADER]: token })).data,
    refetchInterval: (q) => (tryoutEnded(q.state.error) ? false : q.state.data?.admitted ? 10_000 : 3_000),
    retry: false,
  });

/** Ends the guest's token on the server (Leave, Not you?); the phone forgets it either way. */
export const leaveTryout = (token: string) =>
  apiPost<Envelope<{ left: boolean }>>('/api/tryout/leave', {}, { [TRYOUT_TOKEN_HEADER]: token });
