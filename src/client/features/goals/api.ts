import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FamilyGoals,
  Goal,
  GoalCheckInSave,
  GoalCreate,
  GoalCriteria,
  GoalDecline,
  GoalList,
  GoalSuggestions,
  TeamGoalCreate,
  TeamGoalResult,
  TeamGoals,
} from '../../../shared/schemas/goal';
import type { Criterion } from '../../../shared/schemas/criterion';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** Every read and write of the goals feature (docs/product.md#goals). */

export const goalsQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['goals', 'player', playerId],
    queryFn: ({ signal }) => apiGet<Envelope<GoalList>>(`/api/player/${playerId}/goals`, signal).then((r) => r.data.goals),
  });

export const goalSuggestionsQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['goals', 'suggestions', playerId],
    queryFn: ({ signal }) => apiGet<Envelope<GoalSuggestions>>(`/api/player/${playerId}/goal-suggestions`, signal).then((r) => r.data),
  });

export const familyGoalsQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['goals', 'family', playerId],
    queryFn: ({ signal }) => apiGet<Envelope<FamilyGoals>>(`/api/family/player/${playerId}/goals`, signal).then((r) => r.data),
  });

function useGoalWrite<V>(playerId: number, url: (v: V) => string, body: (v: V) => unknown) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => apiPost<WriteEnvelope<Goal>>(url(v), body(v)),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void qc.invalidateQueries({ queryKey: ['goals'] });
      void qc.invalidateQueries({ queryKey: ['goals', 'player', playerId] });
    },
  });
}

export const useAddGoal = (playerId: number) =>
  useGoalWrite<GoalCreate>(
    playerId,
    () => `/api/player/${playerId}/goals`,
    (v) => v,
  );

export const useChangeGoalState = (playerId: number) =>
  useGoalWrite<{ goalId: number; state: string; note: string }>(
    playerId,
    (v) => `/api/player/${playerId}/goal/${v.goalId}/state`,
    ({ state, note }) => ({ state, note }),
  );

export const useCheckIn = (playerId: number) =>
  useGoalWrite<{ goalId: number } & GoalCheckInSave>(
    playerId,
    (v) => `/api/player/${playerId}/goal/${v.goalId}/check-ins`,
    ({ goalId: _g, ...rest }) => rest,
  );

export const useEditGoal = (playerId: number) =>
  useGoalWrite<{ goalId: number; body: Record<string, unknown> }>(
    playerId,
    (v) => `/api/player/${playerId}/goal/${v.goalId}`,
    (v) => v.body,
  );

/** The criteria a player's proposal can name, with their current scores (the player reads their own). */
export const proposalCriteriaQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['goals', 'criteria', playerId],
    queryFn: ({ signal }) => apiGet<Envelope<GoalCriteria>>(`/api/player/${playerId}/goal-criteria`, signal).then((r) => r.data.criteria),
  });

export const useProposeGoal = (playerId: number) =>
  useGoalWrite<GoalCreate>(
    playerId,
    () => `/api/player/${playerId}/goal-proposals`,
    (v) => v,
  );

/** Accept a player's proposal, with the coach's edits (only what changed) or none. */
export const useAcceptGoal = (playerId: number) =>
  useGoalWrite<{ goalId: number; body: Record<string, unknown> }>(
    playerId,
    (v) => `/api/player/${playerId}/goal/${v.goalId}/accept`,
    (v) => v.body,
  );

export const useDeclineGoal = (playerId: number) =>
  useGoalWrite<{ goalId: number } & GoalDecline>(
    playerId,
    (v) => `/api/player/${playerId}/goal/${v.goalId}/decline`,
    ({ reason }) => ({ reason }),
  );

export const teamGoalsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ['goals', 'team', teamId],
    queryFn: ({ signal }) => apiGet<Envelope<TeamGoals>>(`/api/team/${teamId}/goals`, signal).then((r) => r.data),
  });

/** The criteria a team goal can name (the same list the evaluation screens read). */
export const goalCriteriaQuery = queryOptions({
  queryKey: ['criteria', null],
  queryFn: ({ signal }) => apiGet<Envelope<Criterion[]>>('/api/criteria/', signal).then((r) => r.data),
});

export function useAddTeamGoal(teamId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: TeamGoalCreate) => apiPost<WriteEnvelope<TeamGoalResult>>(`/api/team/${teamId}/goals`, v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['goals'] }),
  });
}
