import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffReportRow } from '../../../shared/schemas/report-delivery';
import type { GuardianLink, HandedSignIn } from '../../../shared/schemas/guardian';
import type { HandoverStatus } from '../../../shared/schemas/handover';
import type { Note } from '../../../shared/schemas/note';
import type { Player, PlayerCreate, PlayerList, TeamOption } from '../../../shared/schemas/player';
import type { PlayerAchievement, PlayerAchievementSave } from '../../../shared/schemas/player-achievement';
import { apiGet, apiPost, apiUpload, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** Every read and write of the players feature: one query key family, so a write refreshes what it touched. */

export interface ListParams {
  teamId?: number | null;
  category?: number | null;
  q?: string;
  /** With or without an evaluation dated within [from, to] (the dashboard's links). */
  evaluated?: 'yes' | 'no';
  from?: string;
  to?: string;
  /** The `next` of the page before (ADR 0023); none: the first page. */
  after?: string | undefined;
  pageSize: number;
}

const qs = (params: Record<string, string | number | null | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

/** On the team route the team is part of the path (404/403 come from the team check). */
export const playersQuery = (p: ListParams & { teamRoute: boolean }) =>
  queryOptions({
    queryKey: ['players', 'list', p],
    queryFn: ({ signal }): Promise<PlayerList> => {
      const query = qs({
        q: p.q,
        evaluated: p.evaluated,
        from: p.from,
        to: p.to,
        after: p.after,
        pageSize: p.pageSize,
        ...(p.teamRoute ? {} : { team_id: p.teamId, category: p.category }),
      });
      const url = p.teamRoute ? `/api/team/${p.teamId}/players${query}` : `/api/players${query}`;
      return apiGet<Envelope<PlayerList>>(url, signal).then((r) => r.data);
    },
  });

export const teamOptionsQuery = queryOptions({
  queryKey: ['players', 'team-options'],
  queryFn: ({ signal }) => apiGet<Envelope<TeamOption[]>>('/api/players/team-options', signal).then((r) => r.data),
  staleTime: 60_000,
});

export const playerQuery = (id: number) =>
  queryOptions({
    queryKey: ['players', 'one', id],
    queryFn: ({ signal }) => apiGet<Envelope<Player>>(`/api/player/${id}`, signal).then((r) => r.data),
  });

export const notesQuery = (id: number) =>
  queryOptions({
    queryKey: ['players', 'notes', id],
    queryFn: ({ signal }) => apiGet<Envelope<Note[]>>(`/api/player/${id}/notes`, signal).then((r) => r.data),
  });

export const achievementsQuery = (id: number) =>
  queryOptions({
    queryKey: ['players', 'achievements', id],
    queryFn: ({ signal }) => apiGet<Envelope<PlayerAchievement[]>>(`/api/player/${id}/achievements`, signal).then((r) => r.data),
  });

/** The achievement catalogue (Settings). */
export const catalogueQuery = queryOptions({
  queryKey: ['achievements'],
  queryFn: ({ signal }) => apiGet<Envelope<{ id: number; title: string }[]>>('/api/achievements', signal).then((r) => r.data),
  staleTime: 60_000,
});

export const exportUrl = (filter: { team_id?: number; category?: number }) => `/api/players/export${qs(filter)}`;
export const pdfUrl = (id: number) => `/api/player/${id}/analysis/pdf`;

/** After a write: players lists, profiles and anything derived from them (teams' counts, boards). */
function useRefreshPlayers() {
  const client = useQueryClient();
  // A deleted player's own queries are left alone: refetched while the profile is still shown, they
  // would 404 and send the user to the not-found page.
  return (deletedId?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['players'], predicate: (q) => deletedId === undefined || q.queryKey[2] !== deletedId }),
      client.invalidateQueries({ queryKey: ['teams'] }),
      client.invalidateQueries({ queryKey: ['leaderboard'] }),
    ]);
}

/** After most writes: the lists reload, then 'Operation successful!' (docs/product.md#what-it-does). */
function useAfterWrite() {
  const refresh = useRefreshPlayers();
  return async () => {
    await refresh();
    notifySuccess();
  };
}

/** Add Single (null) or Edit player; the parent's email is sent on create only. */
export function useSavePlayer(playerId: number | null) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: ({ email, ...rest }: PlayerCreate) =>
      playerId === null
        ? apiPost<WriteEnvelope<Player>>('/api/players', { ...rest, email })
        : apiPost<WriteEnvelope<Player>>(`/api/player/${playerId}`, rest),
    onSuccess: done,
  });
}

/** `onDeleted` (e.g. leaving the deleted player's profile) runs before the lists refresh. */
export function useDeletePlayer(onDeleted?: () => unknown) {
  const refresh = useRefreshPlayers();
  return useMutation({
    mutationFn: (playerId: number) => apiPost(`/api/player/${playerId}/delete`),
    onSuccess: async (_res, playerId) => {
      notifySuccess();
      await onDeleted?.();
      void refresh(playerId);
    },
  });
}

/** Remove from Team: only the membership goes. */
export function useRemoveFromTeam(teamId: number) {
  const refresh = useRefreshPlayers();
  return useMutation({
    mutationFn: (playerId: number) => apiPost(`/api/team/${teamId}/player/${playerId}/remove`),
    onSuccess: () => {
      notifySuccess();
      void refresh();
    },
  });
}

/** Add Bulk: a CSV, and the team the rows join ('' = none). */
export function useBulkPlayers(onProgress: (fraction: number) => void) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (input: { file: File; teamId: string | null }) => {
      const form = new FormData();
      form.append('team_id', input.teamId ?? '');
      form.append('bulkFile', input.file);
      return apiUpload<WriteEnvelope<{ created: number }>>('/api/players/bulk', form, onProgress);
    },
    onSuccess: done,
  });
}

/** 'Player Instructions': the video links and a PDF to add, keep or remove. */
export function useSaveAnalysis(playerId: number, onProgress: (fraction: number) => void) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (input: { links: string[]; pdf: File | null; removePdf: boolean }) => {
      const form = new FormData();
      for (const link of input.links) form.append('video_links', link);
      if (input.pdf) form.append('pdf', input.pdf);
      if (input.removePdf && !input.pdf) form.append('remove_pdf', '1');
      return apiUpload(`/api/player/${playerId}/analysis`, form, onProgress);
    },
    onSuccess: done,
  });
}

export function useSaveNote(playerId: number, noteId: number | null) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (details: string) =>
      apiPost(noteId === null ? `/api/player/${playerId}/notes` : `/api/player/${playerId}/note/${noteId}`, { details }),
    onSuccess: done,
  });
}

export function useDeleteNote(playerId: number) {
  const done = useAfterWrite();
  return useMutation({ mutationFn: (noteId: number) => apiPost(`/api/player/${playerId}/note/${noteId}/delete`), onSuccess: done });
}

export function useSaveAchievement(playerId: number, awardId: number | null) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (values: PlayerAchievementSave) =>
      apiPost(awardId === null ? `/api/player/${playerId}/achievements` : `/api/player/${playerId}/achievement/${awardId}`, values),
    onSuccess: done,
  });
}

export function useDeleteAchievement(playerId: number) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (awardId: number) => apiPost(`/api/player/${playerId}/achievement/${awardId}/delete`),
    onSuccess: done,
  });
}

// Guardians of a player (the profile's GUARDIANS panel, ADR 0019).
export const guardiansQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['players', 'guardians', playerId],
    queryFn: ({ signal }) => apiGet<Envelope<GuardianLink[]>>(`/api/player/${playerId}/guardians`, signal).then((r) => r.data),
  });

export function useGuardianWrite(playerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (w: { path: string; body?: unknown }) =>
      apiPost<WriteEnvelope<GuardianLink[]>>(`/api/player/${playerId}/${w.path}`, w.body ?? {}),
    onSuccess: (res) => {
      client.setQueryData(['players', 'guardians', playerId], res.data);
      notifySuccess(res.message);
    },
  });
}

/** A one-time sign-in for a guardian, handed over in person: its answer is shown once and never cached. */
export function useHandOutSignIn(playerId: number) {
  return useMutation({
    mutationFn: (linkId: number) =>
      apiPost<WriteEnvelope<HandedSignIn>>(`/api/player/${playerId}/guardian/${linkId}/sign-in-link`, {}).then((r) => r.data),
    gcTime: 0,
  });
}

// Age and hand-over (the profile's HAND-OVER panel, ADR 0019).
export const handoverQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['players', 'handover', playerId],
    queryFn: ({ signal }) => apiGet<Envelope<HandoverStatus>>(`/api/player/${playerId}/handover`, signal).then((r) => r.data),
  });

export function useSendClaimLink(playerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiPost<WriteEnvelope<HandoverStatus>>(`/api/player/${playerId}/handover/claim-link`, { email }),
    onSuccess: (res) => {
      client.setQueryData(['players', 'handover', playerId], res.data);
      notifySuccess('Claim link sent.');
    },
  });
}
/** The player's reports past the draft with their deliveries (failed e-mails stand out on the profile). */
export const reportDeliveriesQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['report-delivery', 'player', playerId],
    queryFn: ({ signal }) => apiGet<Envelope<StaffReportRow[]>>(`/api/player/${playerId}/report-deliveries`, signal).then((r) => r.data),
  });
