import type { ReportApprove, ReportGoalDrafts } from '../../../shared/schemas/goal';
import { queryOptions } from '@tanstack/react-query';
import type { BulkApproveResult, Cycle, CycleSave, Report, ReportSave, TeamReports } from '../../../shared/schemas/report';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';

/** Every call of the Reports screens (ADR 0020). */
export const cyclesQuery = () =>
  queryOptions({
    queryKey: ['reports', 'cycles'],
    queryFn: ({ signal }) => apiGet<Envelope<Cycle[]>>('/api/report-cycles', signal).then((r) => r.data),
  });

/** The teams a cycle can cover: those the caller reaches. */
export const teamOptionsQuery = () =>
  queryOptions({
    queryKey: ['reports', 'team-options'],
    queryFn: ({ signal }) => apiGet<Envelope<{ id: number; name: string }[]>>('/api/teams', signal).then((r) => r.data),
  });

export const teamReportsQuery = (cycleId: number, teamId: number) =>
  queryOptions({
    queryKey: ['reports', 'team', cycleId, teamId],
    queryFn: ({ signal }) =>
      apiGet<Envelope<TeamReports>>(`/api/report-cycle/${cycleId}/team/${teamId}/reports`, signal).then((r) => r.data),
  });

export const reportQuery = (id: number) =>
  queryOptions({
    queryKey: ['reports', 'report', id],
    queryFn: ({ signal }) => apiGet<Envelope<Report>>(`/api/report/${id}`, signal).then((r) => r.data),
  });

export const saveCycle = (id: number | null, body: CycleSave) =>
  apiPost<WriteEnvelope<Cycle>>(id ? `/api/report-cycle/${id}` : '/api/report-cycles', body);
export const createDrafts = (cycleId: number, teamId: number, playerIds?: number[]) =>
  apiPost<WriteEnvelope<{ created: number }>>(
    `/api/report-cycle/${cycleId}/team/${teamId}/reports`,
    playerIds ? { player_ids: playerIds } : {},
  );
export const approveTeam = (cycleId: number, teamId: number) =>
  apiPost<WriteEnvelope<BulkApproveResult>>(`/api/report-cycle/${cycleId}/team/${teamId}/approve`);
export const saveReport = (id: number, body: ReportSave) => apiPost<WriteEnvelope<Report>>(`/api/report/${id}`, body);
export const reportAction = (id: number, action: 'approve' | 'reissue' | 'revoke', body?: ReportApprove) =>
  apiPost<WriteEnvelope<Report>>(`/api/report/${id}/${action}`, body);

/** The approve modal's proposed goals: the report's things to work on with the player's current scores. */
export const reportGoalDraftsQuery = (id: number) =>
  queryOptions({
    queryKey: ['reports', 'goal-drafts', id],
    queryFn: ({ signal }) => apiGet<Envelope<ReportGoalDrafts>>(`/api/report/${id}/goal-drafts`, signal).then((r) => r.data),
  });
