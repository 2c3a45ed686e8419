import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentTextPublish, ConsentTexts } from '../../../shared/schemas/consent-text';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** The consent wording section of Settings (ADR 0019): read every purpose's versions, publish a new one. */

export const consentTextsQuery = queryOptions({
  queryKey: ['consent-texts'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<ConsentTexts>>('/api/consent-texts', signal)).data,
});

export function usePublishConsentText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: ConsentTextPublish) => apiPost<WriteEnvelope<ConsentTexts>>('/api/consent-texts', values),
    onSuccess: (res) => {
      notifySuccess();
      client.setQueryData(consentTextsQuery.queryKey, res.data);
    },
  });
}
