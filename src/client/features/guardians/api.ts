import { queryOptions } from '@tanstack/react-query';
import type { GuardianList, PlayersNeedingAttention } from '../../../shared/schemas/guardian';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';

/** Every call of the Guardians list (ADR 0019). */
export const guardiansListQuery = (p: { filter: 'all' | 'unclaimed'; q: string; after: string | undefined }) =>
  queryOptions({
    queryKey: ['guardians', 'list', p],
    queryFn: ({ signal }) => {
      const s = new URLSearchParams({
        filter: p.filter,
        pageSize: '50',
        ...(p.after ? { after: p.after } : {}),
        ...(p.q ? { q: p.q } : {}),
      });
      return apiGet<Envelope<GuardianList>>(`/api/guardians?${s.toString()}`, signal).then((r) => r.data);
    },
  });

export const resendInvitation = (guardianId: number) => apiPost<WriteEnvelope<null>>(`/api/guardian/${guardianId}/invite`);

export const attentionQuery = () =>
  queryOptions({
    queryKey: ['guardians', 'attention'],
    queryFn: ({ signal }) => apiGet<Envelope<PlayersNeedingAttention>>('/api/guardians/attention', signal).then((r) => r.data),
  });
