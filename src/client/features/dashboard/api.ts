import type { TeamGoalFilter } from '../../../shared/schemas/goal';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Dashboard } from '../../../shared/schemas/dashboard';
import { apiGet, type Envelope } from '../../lib/api';

/** The service worker keeps its last answer, whatever the day (build/vite.pwa.ts), so the app opens offline on it. */
export const dashboardUrl = (today: string, after?: string | null) =>
  `/api/dashboard?today=${today}${after ? `&after=${encodeURIComponent(after)}` : ''}`;

/** The dashboard for the caller's own calendar day, a page of teams at a time (the first one works offline). */
export const dashboardQuery = (today: string) =>
  infiniteQueryOptions({
    queryKey: ['dashboard', today],
    initialPageParam: null as string | null,
    getNextPageParam: (last: Dashboard) => last.next,
    queryFn: ({ signal, pageParam }) => apiGet<Envelope<Dashboard>>(dashboardUrl(today, pageParam), signal).then((r) => r.data),
  });

/** Where each number leads: the list it counts, filtered (docs/product.md#dashboard). */
export const links = {
  players: (teamId: number, filter: { evaluated: 'yes' | 'no'; from?: string; to?: string }) => {
    const q = new URLSearchParams({ evaluated: filter.evaluated });
    if (filter.from) q.set('from', filter.from);
    if (filter.to) q.set('to', filter.to);
    return `/app/team/${teamId}/players?${q.toString()}`;
  },
  reports: (cycleId: number, teamId: number, state: string) => `/app/reports/${cycleId}/team/${teamId}?state=${state}`,
  openSessions: '/app/sessions?state=open',
  /** The courtside sheet on the criterion this user last scored for the team (remembered on the device). */
  courtside: (teamId: number) => `/app/team/${teamId}/evaluate?criterion=last`,
  writeReports: (cycleId: number, teamId: number) => `/app/reports/${cycleId}/team/${teamId}`,
  sendReports: (cycleId: number, teamId: number) => `/app/reports/send?team=${teamId}&cycle=${cycleId}`,
  sessionScores: (sessionId: number) => `/app/sessions/${sessionId}/score`,
  /** The team goals view, filtered as the count counts (shared/schemas/goal.ts goalMatches). */
  goals: (teamId: number, filter: TeamGoalFilter) => `/app/team/${teamId}/goals?filter=${filter}`,
};
