import { queryOptions } from '@tanstack/react-query';
import type { PrivacyDecision, PrivacyList, PrivacyRequest } from '../../../shared/schemas/privacy';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';

/** The Privacy requests screen's calls (ADR 0022). */
export const privacyRequestsQuery = (openOnly: boolean) =>
  queryOptions({
    queryKey: ['privacy', 'requests', openOnly],
    queryFn: ({ signal }) => apiGet<Envelope<PrivacyList>>(`/api/privacy/requests?open=${openOnly ? 1 : 0}`, signal).then((r) => r.data),
  });

export const decideRequest = (id: number, decision: PrivacyDecision) =>
  apiPost<WriteEnvelope<PrivacyRequest>>(`/api/privacy/request/${id}/decide`, decision);
