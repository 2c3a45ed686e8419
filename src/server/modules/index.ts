import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { passwordResetRoutes } from './auth/password-reset.routes.js';
import { criteriaRoutes } from './criteria/criteria.routes.js';
import { evalSessionsRoutes } from './eval-sessions/eval-sessions.routes.js';
import { tryoutRoutes } from './eval-sessions/tryout.routes.js';
import { evaluationsRoutes } from './evaluations/evaluations.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { leaderboardRoutes } from './leaderboard/leaderboard.routes.js';
import { playersRoutes } from './players/players.routes.js';
import { resourcesRoutes } from './resources/resources.routes.js';
import { rolesRoutes } from './roles/roles.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { teamsRoutes } from './teams/teams.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { mailRoutes } from '../mail/mail.routes.js';
import { bounceRoutes } from '../mail/bounce.routes.js';
import { guardiansRoutes } from './guardians/guardians.routes.js';
import { familyRoutes } from './family/family.routes.js';
import { consentTextsRoutes } from './family/consent-texts.routes.js';
import { rolloverRoutes } from './rollover/rollover.routes.js';
import { handoverRoutes } from './handover/handover.routes.js';
import { cyclesRoutes } from './reports/cycles.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { deliveryRoutes } from './reports/delivery.routes.js';
import { privacyRoutes } from './privacy/privacy.routes.js';
import { importsRoutes } from './imports/imports.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { draftsRoutes } from './drafts/drafts.routes.js';
import { offersRoutes } from './offers/offers.routes.js';
import { goalsRoutes } from './goals/goals.routes.js';
import { selfAssessmentRoutes } from './self-assessment/self-assessment.routes.js';
import { relativeAgeRoutes } from './relative-age/relative-age.routes.js';
import { evaluatorHistoryRoutes } from './evaluator-history/evaluator-history.routes.js';

/** Every feature module; each registers its own routes with their access declarations. */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  settingsRoutes,
  teamsRoutes,
  playersRoutes,
  criteriaRoutes,
  evaluationsRoutes,
  evalSessionsRoutes,
  tryoutRoutes,
  leaderboardRoutes,
  rolesRoutes,
  usersRoutes,
  resourcesRoutes,
  auditRoutes,
  passwordResetRoutes,
  mailRoutes,
  bounceRoutes,
  guardiansRoutes,
  familyRoutes,
  consentTextsRoutes,
  rolloverRoutes,
  handoverRoutes,
  cyclesRoutes,
  reportsRoutes,
  deliveryRoutes,
  privacyRoutes,
  importsRoutes,
  dashboardRoutes,
  draftsRoutes,
  offersRoutes,
  goalsRoutes,
  selfAssessmentRoutes,
  relativeAgeRoutes,
  evaluatorHistoryRoutes,
];
