import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Level, Section } from '../../shared/permissions';
import { NotFoundPage, UnauthorizedPage } from '../components/ErrorPages';
import { Guard } from './Guard';
import { RootRedirect } from './RootRedirect';
import { loadLoginPage, loadPlayerDashboard, loadPlayerLayout, loadStaffDashboard, loadStaffLayout, loadStaffLeaderboard } from './screens';

type PageModule = { default: ComponentType };
/** Every screen is its own chunk (README.md#performance: routes lazy-loaded). */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
const guarded = (section: Section, level: Level, children: RouteObject[]): RouteObject => ({
  element: <Guard section={section} level={level} />,
  children,
});

/** docs/product.md#screens route table. */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: '/login', ...page(loadLoginPage) },
  { path: '/forgot-password', ...page(() => import('../features/auth/ForgotPasswordPage')) },
  { path: '/reset-password', ...page(() => import('../features/auth/ResetPasswordPage')) },
  { path: '/account/password', ...page(() => import('../features/auth/ChangePasswordPage')) },
  // A tryout guest evaluator: a session code, no account (features/eval-sessions).
  { path: '/tryout', ...page(() => import('../features/eval-sessions/TryoutPage')) },
  { path: '/family', ...page(() => import('./FamilyRoute')) },
  { path: '/family/sign-in', ...page(() => import('../features/family/FamilySignInPage')) },
  { path: '/claim', ...page(() => import('../features/auth/ClaimPage')) },
  { path: '/family/player/:playerId/report/:reportId', ...page(() => import('../features/family/FamilyReportPage')) },
  // A report e-mail's one-time link: into the family portal or the player area.
  { path: '/report/open', ...page(() => import('../features/report-delivery/ReportLinkPage')) },
  // An offer e-mail's one-time link: answer a team place, no sign-in (features/offers).
  { path: '/offer', ...page(() => import('../features/offers/OfferLinkPage')) },
  {
    path: '/leaderboard',
    ...page(() => import('./PublicLayout')),
    children: [
      { index: true, ...page(() => import('../features/leaderboard/PublicLeaderboardPage')) },
      { path: 'team/:teamId', ...page(() => import('../features/leaderboard/PublicTeamLeaderboardPage')) },
    ],
  },
  {
    path: '/app',
    ...page(loadStaffLayout),
    children: [
      { index: true, element: <Navigate to="/app/dashboard" replace /> },
      { path: 'dashboard', ...page(loadStaffDashboard) },
      guarded('teams', 1, [{ path: 'teams', ...page(() => import('../features/teams/TeamsPage')) }]),
      guarded('teams', 2, [
        { path: 'coach/:coachId/teams', ...page(() => import('../features/teams/TeamsPage')) },
        { path: 'teams/rollover', ...page(() => import('../features/rollover/RolloverPage')) },
        { path: 'teams/drafts', ...page(() => import('../features/drafts/DraftsPage')) },
        { path: 'teams/drafts/:id', ...page(() => import('../features/drafts/DraftBoardPage')) },
        { path: 'teams/drafts/:id/offers', ...page(() => import('../features/offers/DraftOffersPage')) },
      ]),
      guarded('players', 1, [
        { path: 'players', ...page(() => import('../features/players/PlayersPage')) },
        { path: 'team/:teamId/players', ...page(() => import('../features/players/PlayersPage')) },
        { path: 'team/:teamId/goals', ...page(() => import('../features/goals/TeamGoalsPage')) },
        { path: 'player/:playerId', ...page(() => import('./PlayerProfileRoute')) },
        { path: 'guardians', ...page(() => import('../features/guardians/GuardiansPage')) },
        { path: 'players/import', ...page(() => import('../features/imports/ImportsPage')) },
      ]),
      guarded('evaluation', 1, [
        { path: 'player/:playerId/evaluation', ...page(() => import('../features/evaluations/EvaluationPage')) },
        { path: 'team/:teamId/evaluate', ...page(() => import('../features/evaluations/TeamEvaluatePage')) },
      ]),
      guarded('criteria', 1, [{ path: 'criteria', ...page(() => import('../features/criteria/CriteriaPage')) }]),
      guarded('sessions', 1, [
        { path: 'sessions', ...page(() => import('../features/eval-sessions/SessionsPage')) },
        { path: 'sessions/evaluators', ...page(() => import('../features/eval-sessions/EvaluatorHistoryPage')) },
        { path: 'sessions/:sessionId', ...page(() => import('../features/eval-sessions/SessionPage')) },
        { path: 'sessions/:sessionId/score', ...page(() => import('../features/eval-sessions/SessionScorePage')) },
      ]),
      guarded('user_management', 2, [{ path: 'roles', ...page(() => import('../features/roles/RolesPage')) }]),
      guarded('user_management', 1, [{ path: 'users', ...page(() => import('../features/users/UsersPage')) }]),
      guarded('user_management', 2, [{ path: 'privacy', ...page(() => import('../features/privacy/PrivacyRequestsPage')) }]),
      { path: 'leaderboard', ...page(loadStaffLeaderboard) },
      // docs/product.md#permissions: every Analysis screen needs reports ≥ 1 (as the API does), not teams or players.
      guarded('reports', 1, [
        { path: 'analysis', ...page(() => import('../features/analysis/AnalysisPage')) },
        { path: 'team/:teamId/analysis', ...page(() => import('../features/analysis/TeamAnalysisPage')) },
        { path: 'player/:playerId/analysis', ...page(() => import('../features/analysis/PlayerAnalysisPage')) },
        { path: 'reports', ...page(() => import('../features/reports/ReportsPage')) },
        { path: 'reports/:cycleId/team/:teamId', ...page(() => import('../features/reports/TeamReportsPage')) },
        { path: 'reports/:cycleId/team/:teamId/report/:reportId', ...page(() => import('../features/reports/ReportEditorPage')) },
        { path: 'reports/send', ...page(() => import('../features/report-delivery/SendReportsPage')) },
      ]),
      guarded('resources', 1, [{ path: 'resources', ...page(() => import('../features/resources/ResourcesPage')) }]),
      { path: 'settings', ...page(() => import('../features/settings/SettingsPage')) },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      { path: 'not-found', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/player',
    ...page(loadPlayerLayout),
    children: [
      { path: 'unauthorized', element: <UnauthorizedPage home="/player" /> },
      { path: 'not-found', element: <NotFoundPage home="/player" /> },
      { path: ':playerId/dashboard', ...page(loadPlayerDashboard) },
      { path: ':playerId/progress', ...page(() => import('../features/player-area/PlayerProgressPage')) },
      { path: ':playerId/leaderboard', ...page(() => import('../features/player-area/PlayerLeaderboardPage')) },
      { path: ':playerId/team/:teamId/leaderboard', ...page(() => import('../features/player-area/PlayerTeamLeaderboardPage')) },
      { path: ':playerId/resources', ...page(() => import('../features/player-area/PlayerResourcesPage')) },
      { path: ':playerId/analysis', ...page(() => import('../features/player-area/PlayerAnalysePage')) },
      { path: ':playerId/instructions', ...page(() => import('../features/player-area/PlayerInstructionsPage')) },
      { path: ':playerId/family', ...page(() => import('../features/handover/OwnFamilyPage')) },
      { path: ':playerId/reports', ...page(() => import('../features/player-area/PlayerReportsPage')) },
      { path: ':playerId/goals', ...page(() => import('../features/goals/PlayerGoalsPage')) },
      { path: ':playerId/self-assessment', ...page(() => import('../features/player-area/PlayerSelfAssessmentPage')) },
      { path: ':playerId/report/:reportId', ...page(() => import('../features/player-area/PlayerReportPage')) },
      { path: '*', element: <NotFoundPage home="/player" /> },
    ],
  },
  { path: '*', element: <RootRedirect /> },
];

export const router = createBrowserRouter(routes);
