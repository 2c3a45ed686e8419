import { queryOptions } from '@tanstack/react-query';
import type { PlayerPrivacy } from '../../../shared/schemas/privacy';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';

/** The player profile's privacy calls (ADR 0022): the export's addresses and the erasure requests. */
export const exportUrl = (playerId: number, ext: 'json' | 'pdf') => `/api/player/${playerId}/privacy/export.${ext}`;

export const playerPrivacyQuery = (playerId: number) =>
  queryOptions({
    queryKey: ['players', playerId, 'privacy'],
    queryFn: ({ signal }) => apiGet<Envelope<PlayerPrivacy>>(`/api/player/${playerId}/privacy`, signal).then((r) => r.data),
  });

export const requestErasure = (playerId: number, reason: string) =>
  apiPost<WriteEnvelope<PlayerPrivacy>>(`/api/player/${playerId}/erasure-request`, { reason });
