import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlayerPrivacy } from '../../../shared/schemas/privacy';
import { ErasureRequestSection } from '../../components/ErasureRequestSection';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** The player's own erasure request (docs/product.md#privacy): asked here, decided by an admin within 30 days. */
export function PrivacyBlock({ playerId }: { playerId: number }) {
  const client = useQueryClient();
  const key = ['player', playerId, 'privacy'];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<Envelope<PlayerPrivacy>>(`/api/player/${playerId}/privacy`, signal).then((r) => r.data),
  });
  if (!query.data) return null;
  return (
    <ErasureRequestSection
      privacy={query.data}
      subject="you"
      onRequest={async (reason) => {
        const res = await apiPost<WriteEnvelope<PlayerPrivacy>>(`/api/player/${playerId}/erasure-request`, { reason });
        client.setQueryData(key, res.data);
        notifySuccess(res.message);
      }}
    />
  );
}
