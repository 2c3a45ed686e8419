/**
 * The screens a visit most often starts on, shared by the router and main.tsx: main.tsx starts
 * loading the first screen's code beside the app's own, instead of after the app has run and the
 * router has matched (one network round trip less on a phone).
 */
export const loadStaffLayout = () => import('./StaffLayout');
export const loadPlayerLayout = () => import('./PlayerLayout');
export const loadLoginPage = () => import('../features/auth/LoginPage');
export const loadStaffDashboard = () => import('../features/dashboard/DashboardPage');
export const loadStaffLeaderboard = () => import('../features/leaderboard/LeaderboardPage');
export const loadPlayerDashboard = () => import('../features/player-area/PlayerDashboardPage');

const FIRST_SCREENS: [RegExp, (() => Promise<unknown>)[]][] = [
  [/^\/login\/?$/, [loadLoginPage]],
  [/^\/app\/dashboard\/?$/, [loadStaffLayout, loadStaffDashboard]],
  [/^\/app\/leaderboard\/?$/, [loadStaffLayout, loadStaffLeaderboard]],
  [/^\/player\/\d{1,10}\/dashboard\/?$/, [loadPlayerLayout, loadPlayerDashboard]],
];

/** Starts loading the code of the screen at `path`, if it is one of the usual first screens. */
export function loadFirstScreenCode(path: string): void {
  // A failed load is retried, and reported, by the router when it renders the route.
  for (const load of FIRST_SCREENS.find(([pattern]) => pattern.test(path))?.[1] ?? []) load().catch(() => undefined);
}
