import type { DeliveryCycle, DeliveryPreview, DeliverySendResult, ReportLinkAnswer } from '../../../shared/schemas/report-delivery';
import { apiGet, apiPost } from '../../lib/api';

/** Staff preview and send of a team × cycle, and the one-time link of a report e-mail. */

export const reachableTeams = async () => (await apiGet<{ data: { id: number; name: string }[] }>('/api/teams')).data;
export const deliveryCycles = async (teamId: number) =>
  (await apiGet<{ data: DeliveryCycle[] }>(`/api/team/${teamId}/report-delivery/cycles`)).data;
export const deliveryPreview = async (teamId: number, cycleId: number) =>
  (await apiGet<{ data: DeliveryPreview }>(`/api/team/${teamId}/report-delivery/${cycleId}`)).data;
export const sendReports = async (teamId: number, cycleId: number) =>
  (await apiPost<{ data: DeliverySendResult }>(`/api/team/${teamId}/report-delivery/${cycleId}`, { confirm: true })).data;
export const openReportLink = async (token: string) =>
  (await apiPost<{ data: ReportLinkAnswer }>('/api/report-link/session', { token })).data;
