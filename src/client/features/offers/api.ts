import { queryOptions } from '@tanstack/react-query';
import type {
  DraftOffers,
  MessageTemplate,
  OfferLinkView,
  OfferPreview,
  OfferPreviewInput,
  OfferSendInput,
  OfferSendResult,
  TemplateKey,
  TemplateUpdate,
} from '../../../shared/schemas/offer';
import { apiGet, apiPost, type Envelope, type WriteEnvelope } from '../../lib/api';

/** Offers of a finalised draft, the message templates, and the public answer link (docs/product.md#offers). */

export const draftOffersQuery = (draftId: number) =>
  queryOptions({
    queryKey: ['offers', draftId],
    queryFn: async ({ signal }) => (await apiGet<Envelope<DraftOffers>>(`/api/draft/${draftId}/offers`, signal)).data,
    staleTime: 0,
  });

export const templatesQuery = queryOptions({
  queryKey: ['offers', 'templates'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<MessageTemplate[]>>('/api/message-templates', signal)).data,
});

export const previewOffers = async (draftId: number, body: OfferPreviewInput) =>
  (await apiPost<WriteEnvelope<OfferPreview>>(`/api/draft/${draftId}/offers/preview`, body)).data;
export const sendOffers = async (draftId: number, body: OfferSendInput) =>
  (await apiPost<WriteEnvelope<OfferSendResult>>(`/api/draft/${draftId}/offers`, body)).data;
export const saveTemplate = async (key: TemplateKey, body: TemplateUpdate) =>
  (await apiPost<WriteEnvelope<MessageTemplate>>(`/api/message-template/${key}`, body)).data;

export const viewOfferLink = async (token: string) => (await apiPost<Envelope<OfferLinkView>>('/api/offer-link', { token })).data;
export const answerOfferLink = async (token: string, answer: 'accept' | 'decline') =>
  (await apiPost<WriteEnvelope<OfferLinkView>>('/api/offer-link/answer', { token, answer })).data;
