import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentPurpose } from '../../../shared/schemas/guardian';
import type { HandoverStatus, OwnFamily, OwnGuardianChoice } from '../../../shared/schemas/handover';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** Age and hand-over (ADR 0019): the staff panel, the claim page and the player's own family choices. */

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

export const claimAccount = (token: string, password: string) => apiPost<WriteEnvelope<{ email: string }>>('/api/handover/claim', { token, password }).then((r) => r.data);

export const ownFamilyQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['player-area', 'family', playerId],
    queryFn: ({ signal }) => apiGet<Envelope<OwnFamily>>(`/api/player/${playerId}/family`, signal).then((r) => r.data),
  });

export function useOwnFamilyWrite(playerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (w: { guardian: number; choice: OwnGuardianChoice } | { purpose: ConsentPurpose; granted: boolean }) =>
      'guardian' in w
        ? apiPost<WriteEnvelope<OwnFamily>>(`/api/player/${playerId}/family/guardian/${w.guardian}`, w.choice)
        : apiPost<WriteEnvelope<OwnFamily>>(`/api/player/${playerId}/family/consent`, w),
    onSuccess: (res) => {
      client.setQueryData(['player-area', 'family', playerId], res.data);
      notifySuccess(res.message);
    },
  });
}
