import { z } from 'zod';
import { calendarDay } from './common.js';
import { cursorParam, nextCursorField } from './cursor.js';

export { STALE_AFTER_DAYS, staleSince } from '../stale-window.js';

/** Teams per dashboard page: a phone's screenful several times over, and a whole row of 1, 2 or 3 cards. */
export const DASHBOARD_PAGE_SIZE = 24;

/**
 * GET /api/dashboard: `today` is the caller's own calendar day (the server's UTC day when absent). The
 * teams come a page at a time in name order, so an admin who reaches every team of a large club gets an
 * answer of the same size as a coach's (`after`: the `next` of the page before).
 */
export const dashboardQuerySchema = z.object({
  today: calendarDay.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DASHBOARD_PAGE_SIZE),
  after: cursorParam(['string', 'number']).optional(),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

export const dashboardCycleSchema = z.object({ id: z.number(), name: z.string(), opensOn: z.string(), closesOn: z.string() });

export const dashboardReportsSchema = z.object({
  draft: z.number(),
  approved: z.number(),
  sent: z.number(),
  viewed: z.number(),
  /** The latest time a report of the team's current cycle was viewed (ISO timestamp), or null. */
  lastViewedAt: z.string().nullable(),
});
export type DashboardReports = z.infer<typeof dashboardReportsSchema>;

export const dashboardTeamSchema = z.object({
  id: z.number(),
  name: z.string(),
  players: z.number(),
  /** The team's cycle whose window holds today, else its latest one; null without any cycle. */
  cycle: dashboardCycleSchema.nullable(),
  /** Players with an evaluation dated within the cycle's window (null without a cycle). */
  evaluated: z.number().nullable(),
  notEvaluated: z.number().nullable(),
  /** Latest version per player of the current cycle; null without a cycle or without reports read. */
  reports: dashboardReportsSchema.nullable(),
  /** Players with no evaluation dated on or after `staleSince`. */
  stale: z.number(),
  /** Goals of the team's players (docs/product.md#goals): each count links to the team goals view, filtered. */
  goals: z.object({
    active: z.number(),
    dueSoon: z.number(),
    /** Since the team's last closed report cycle (`achievedSince`), or ever without one. */
    achieved: z.number(),
    withoutGoal: z.number(),
    achievedSince: z.string().nullable(),
  }),
});
export type DashboardTeam = z.infer<typeof dashboardTeamSchema>;

export const dashboardSchema = z.object({
  today: z.string(),
  staleSince: z.string(),
  teams: z.array(dashboardTeamSchema),
  /** Open evaluation sessions the caller reaches; null without sessions read. */
  openSessions: z.number().nullable(),
  ...nextCursorField,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
