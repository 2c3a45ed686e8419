import type { ConsentChange, FamilyChildView, FamilyInbox, FamilyMe } from '../../../shared/schemas/family';
import type { FamilySelfAssessments } from '../../../shared/schemas/self-assessment';
import type { ReportRead, ReportSummary } from '../../../shared/schemas/report-delivery';
import type { PlayerPrivacy } from '../../../shared/schemas/privacy';
import type { FamilyBirthDateAnswer } from '../../../shared/schemas/player';
import { apiGet, apiPost } from '../../lib/api';

/** Every call of the family side. A guardian's session has its own cookie and CSRF token (ADR 0019). */
let familyCsrf = '';
const csrf = () => ({ 'x-csrf-token': familyCsrf });

export async function familyMe(): Promise<FamilyMe> {
  const me = (await apiGet<{ data: FamilyMe }>('/api/family/me')).data;
  familyCsrf = me.csrfToken;
  return me;
}

export const requestFamilyLink = (email: string) => apiPost<{ message: string }>('/api/family/sign-in-link', { email });

export async function startFamilySession(token: string): Promise<void> {
  familyCsrf = (await apiPost<{ data: { csrfToken: string } }>('/api/family/session', { token })).data.csrfToken;
}

export const familyChild = async (id: number) => (await apiGet<{ data: FamilyChildView }>(`/api/family/player/${id}`)).data;
export const setConsent = async (id: number, change: ConsentChange) =>
  (await apiPost<{ data: FamilyChildView }>(`/api/family/player/${id}/consent`, change, csrf())).data;
export const declineChild = async (id: number) => (await apiPost<{ data: FamilyMe }>(`/api/family/player/${id}/decline`, {}, csrf())).data;
export const familySignOut = () => apiPost('/api/family/logout', {}, csrf());

export const familyReports = async (id: number) => (await apiGet<{ data: ReportSummary[] }>(`/api/family/player/${id}/reports`)).data;
export const familyReport = async (id: number, reportId: number) =>
  (await apiGet<{ data: ReportRead }>(`/api/family/player/${id}/report/${reportId}`)).data;
export const familyPrivacy = async (id: number) => (await apiGet<{ data: PlayerPrivacy }>(`/api/family/player/${id}/privacy`)).data;
export const familyErasureRequest = (id: number, reason: string) =>
  apiPost<{ data: PlayerPrivacy; message: string }>(`/api/family/player/${id}/erasure-request`, { reason }, csrf());

export const familyInbox = async (id: number) => (await apiGet<{ data: FamilyInbox }>(`/api/family/player/${id}/inbox`)).data;
export const answerFamilyOffer = async (id: number, offerId: number, answer: 'accept' | 'decline') =>
  (await apiPost<{ data: FamilyInbox }>(`/api/family/player/${id}/offer/${offerId}/answer`, { answer }, csrf())).data;
export const setChildBirthDate = async (id: number, birthDate: string) =>
  (await apiPost<{ data: FamilyBirthDateAnswer }>(`/api/family/player/${id}/birth-date`, { birth_date: birthDate }, csrf())).data;

/** The child's self-assessments beside the coach's (approved reports only), while shared and consented. */
export const familySelfAssessments = async (id: number) =>
  (await apiGet<{ data: FamilySelfAssessments }>(`/api/family/player/${id}/self-assessments`)).data;
