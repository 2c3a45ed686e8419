import { queryOptions, replaceEqualDeep, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board, DraftCreate, DraftEvent, DraftSummary, WriteResult } from '../../../shared/schemas/draft';
import type { RelativeAge } from '../../../shared/schemas/relative-age';
import type { Team } from '../../../shared/schemas/team';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';

/** The draft board's reads and writes (docs/product.md#draft-board). */

export const draftsQuery = queryOptions({
  queryKey: ['drafts'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<DraftSummary[]>>('/api/drafts', signal)).data,
});

export const boardQuery = (id: number) =>
  queryOptions({
    queryKey: ['drafts', id],
    queryFn: async ({ signal }) => (await apiGet<Envelope<Board>>(`/api/draft/${id}`, signal)).data,
    staleTime: 0,
    // A reread that left before the caller's next write can land after that write's answer: it never
    // takes the board back to an older version (the next tap would meet a 409 for the caller's own
    // change); the reread that follows every write brings the content.
    structuralSharing: (old, next) => {
      const [before, after] = [old as Board | undefined, next as Board];
      return before && after && after.version < before.version ? before : replaceEqualDeep(before, after);
    },
  });

export const historyQuery = (id: number) =>
  queryOptions({
    queryKey: ['drafts', id, 'history'],
    queryFn: async ({ signal }) => (await apiGet<Envelope<DraftEvent[]>>(`/api/draft/${id}/history`, signal)).data,
  });

/** docs/product.md#relative-age: under the board's key, so every move refreshes it. */
export const relativeAgeQuery = (id: number) =>
  queryOptions({
    queryKey: ['drafts', id, 'relative-age'],
    queryFn: async ({ signal }) => (await apiGet<Envelope<RelativeAge>>(`/api/draft/${id}/relative-age`, signal)).data,
  });

/** Every team the caller reaches; the create form keeps those of the chosen season. */
export const allTeamsQuery = queryOptions({
  queryKey: ['teams', 'drafts'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<Team[]>>('/api/teams', signal)).data,
});

interface SessionOption {
  id: number;
  name: string;
  state: string;
}
export const publishedSessionsQuery = queryOptions({
  queryKey: ['eval-sessions', 'published'],
  queryFn: async ({ signal }) =>
    (await apiGet<Envelope<SessionOption[]>>('/api/eval-sessions', signal)).data.filter((s) => s.state === 'published'),
});

export function useCreateDraft() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: DraftCreate) => (await apiPost<WriteEnvelope<{ id: number; version: number }>>('/api/drafts', body)).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['drafts'] }),
  });
}

/**
 * One write on a board (`path` after /api/draft/:id). Success or a refusal, the board is read again.
 * A write that moved the board one version on is the only change since the board on screen, so that
 * board takes the new version at once: a second tap before the reread names it, instead of meeting a
 * 409 for the caller's own first tap.
 */
export function useBoardWrite(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body: Record<string, unknown> }) =>
      (await apiPost<WriteEnvelope<WriteResult>>(`/api/draft/${id}${path}`, body)).data,
    onSuccess: (result) =>
      qc.setQueryData(boardQuery(id).queryKey, (board) =>
        board && result.version === board.version + 1 ? { ...board, version: result.version } : board,
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['drafts'] });
      void qc.invalidateQueries({ queryKey: ['team'] });
    },
  });
}
