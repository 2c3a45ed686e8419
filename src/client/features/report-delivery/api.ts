import type { DeliveryCycle, DeliveryPreview, DeliverySendResult, ReportLinkAnswer, ReportRead, ReportSummary, StaffReportRow } from '../../../shared/schemas/report-delivery';
import { apiBlob, apiGet, apiPost } from '../../lib/api';

/** Report delivery: staff preview and send, the one-time link, reading in the family portal and the player area. */

export const deliveryCycles = async (teamId: number) => (await apiGet<{ data: DeliveryCycle[] }>(`/api/team/${teamId}/report-delivery/cycles`)).data;
export const deliveryPreview = async (teamId: number, cycleId: number) =>
  (await apiGet<{ data: DeliveryPreview }>(`/api/team/${teamId}/report-delivery/${cycleId}`)).data;
export const sendReports = async (teamId: number, cycleId: number) =>
  (await apiPost<{ data: DeliverySendResult }>(`/api/team/${teamId}/report-delivery/${cycleId}`, { confirm: true })).data;
export const playerDeliveries = async (playerId: number) => (await apiGet<{ data: StaffReportRow[] }>(`/api/player/${playerId}/report-deliveries`)).data;
export const revokeReport = (id: number) => apiPost(`/api/report/${id}/revoke`, {});

export const openReportLink = async (token: string) => (await apiPost<{ data: ReportLinkAnswer }>('/api/report-link/session', { token })).data;

/** Where a report is read: the family portal (a guardian's child) or the player area. */
export type ReportPlace = { kind: 'family'; playerId: number } | { kind: 'player'; playerId: number };

const base = (p: ReportPlace) => (p.kind === 'family' ? `/api/family/player/${p.playerId}` : `/api/player-area/${p.playerId}`);
export const reportList = async (p: ReportPlace) => (await apiGet<{ data: ReportSummary[] }>(`${base(p)}/reports`)).data;
export const reportRead = async (p: ReportPlace, id: number) => (await apiGet<{ data: ReportRead }>(`${base(p)}/report/${id}`)).data;
export const reportPdf = (p: ReportPlace, id: number) => apiBlob(`${base(p)}/report/${id}/pdf`);
