import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentPurpose } from '../../../shared/schemas/guardian';
import type { OwnFamily, OwnGuardianChoice } from '../../../shared/schemas/handover';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** After the hand-over (ADR 0019): the player's own family choices. */

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
