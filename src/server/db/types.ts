import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC text, dates YYYY-MM-DD text, booleans 0/1 (ADR 0002). */
type Timestamp = string;
type Bool = number;

export interface RolesTable {
  id: Generated<number>;
  title: string;
  key: string | null;
  admin: Bool;
  teams: number;
  players: number;
  evaluation: number;
  criteria: number;
  user_management: number;
  reports: number;
  resources: number;
  emails: number;
  sessions: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  role_id: number;
  status: number;
  player_id: number | null;
  must_change_password: Bool;
  password_expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface NamedTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
}

export interface SeasonsTable extends NamedTable {
  /** Migration 0027: set when a rollover closed the season for evaluations; an admin may reopen it. */
  closed_at: Generated<Timestamp | null>;
}

export interface LevelsTable {
  id: Generated<number>;
  name: string;
  kind: 'scale_1_10' | 'yes_no' | 'measured';
  position: number;
  created_at: Timestamp;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  category_id: number;
  season_id: number;
  coach_user_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 0027: the team of the previous season this one was rolled over from. */
  rolled_from_team_id: Generated<number | null>;
}

export interface PlayersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  player_email: string | null;
  dob: number | null;
  /** Migration 0040: optional day of birth YYYY-MM-DD, in the year of `dob`. */
  birth_date: Generated<string | null>;
  profile_img: string | null;
  video_links: string; // JSON array of strings
  pdf_file_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamPlayersTable {
  team_id: number;
  player_id: number;
}

export interface CriteriaTable {
  id: Generated<number>;
  name: string;
  level_id: number;
  weight: number;
  description: string;
  video_links: string; // JSON array of strings
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EvaluationsTable {
  id: Generated<number>;
  player_id: number;
  criterion_id: number;
  score: number;
  score_percentage: number;
  evaluator_user_id: number | null;
  evaluator_name: string;
  date: string;
  notes: string;
  video_links: string; // JSON array of strings
  is_current: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The device's id of an evaluation saved by the offline sync (unique), else NULL (migration 0012). */
  client_id: string | null;
  /** A measured criterion's kept value, its attempts (JSON) and how the points were read (migration 0042). */
  measured_value: number | null;
  measured_attempts: string | null;
  points_basis: string | null;
}

/** A measured criterion's definition and points rule (migration 0042, ADR 0030). */
export interface CriterionMeasuresTable {
  criterion_id: number;
  unit: string;
  decimals: number;
  direction: string;
  min_value: number;
  max_value: number;
  attempts: string;
  attempt_count: number;
  rule: string; // JSON PointsRule
  updated_at: Timestamp;
}

export interface NotesTable {
  id: Generated<number>;
  player_id: number;
  author_user_id: number | null;
  author_name: string;
  details: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AchievementsTable {
  id: Generated<number>;
  title: string;
  created_at: Timestamp;
}

export interface PlayerAchievementsTable {
  id: Generated<number>;
  player_id: number;
  achievement_id: number;
  detail: string;
  action_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ResourcesTable {
  id: Generated<number>;
  title: string;
  category: string;
  video_links: string; // JSON array of strings
  document_links: string; // JSON array of strings
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ResourceTagsTable {
  resource_id: number;
  tag: string;
}

export interface ResourceAccessTable {
  resource_id: number;
  role_id: number;
}

export interface FilesTable {
  id: Generated<number>;
  key: string;
  mime: string;
  size: number;
  sha256: string;
  data: ColumnType<Buffer, Buffer, Buffer>;
  original_name: string;
  created_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface LinkPreviewsTable {
  url: string;
  success: Bool;
  title: string;
  description: string;
  image: string;
  fetched_at: Timestamp;
}

export interface PasswordTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** 1: the text carries a password or sign-in link (never shown, masked once delivered or after 24 h). */
  sensitive: Generated<number>;
  /** The Message-ID header it went out with, without brackets, lower case (migration 0023). */
  message_id: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string;
  action: string;
  entity: string;
  entity_id: number | null;
  summary: string;
  created_at: Timestamp;
}

/** One row (id 1): bumped by triggers whenever a ranking can change (migration 0006). */
export interface ScoreStateTable {
  id: number;
  version: number;
}

/** Each player's unfiltered total, kept by triggers on evaluations (migration 0007). */
export interface PlayerScoresTable {
  player_id: number;
  total: number;
}

/** Σ score_percentage of a player's current evaluations of one level (migration 0020, ADR 0023). */
export interface PlayerLevelScoresTable {
  player_id: number;
  level_id: number;
  total: number;
}

/**
 * A team's member count and the Σ of its members' unfiltered totals in millionths (migration 0030,
 * ADR 0023). PostgreSQL answers bigint as a string.
 */
export interface TeamScoresTable {
  team_id: number;
  players: number;
  total: number | string;
}

/** Evaluation sessions (migration 0014). */
export interface EvalSessionsTable {
  id: Generated<number>;
  name: string;
  category_id: number | null;
  season_id: number | null;
  start_date: string;
  end_date: string;
  min_evaluators: number;
  state: 'draft' | 'open' | 'closed' | 'published';
  results_unlocked: Bool;
  guest_code: string | null;
  /** What publishing writes: the session's means or the fair scores (issue 40). */
  publish_basis: Generated<'raw' | 'fair'>;
  created_by: number | null;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EvalSessionCriteriaTable {
  session_id: number;
  criterion_id: number;
  weight: number;
}

export interface EvalSessionPlayersTable {
  session_id: number;
  player_id: number;
  bib: number | null;
  present: Bool;
  walk_up: Bool;
  /** One of the players of the session's calibration round (migration 0047). */
  calibration: Generated<Bool>;
}

export interface EvalSessionEvaluatorsTable {
  id: Generated<number>;
  session_id: number;
  user_id: number | null;
  guest_name: string | null;
  token_hash: string | null;
  created_at: Timestamp;
  /** Migration 0015: a guest counts once the director admits them; staff always. */
  admitted: Generated<0 | 1>;
  /** Migration 0015: the director left this evaluator's scores out of the results. */
  excluded: Generated<0 | 1>;
  /** Migration 0015: a guest's folded name, unique in its session. */
  guest_key: string | null;
}

export interface EvalSessionScoresTable {
  id: Generated<number>;
  session_id: number;
  evaluator_id: number;
  player_id: number;
  criterion_id: number;
  score: number;
  /** A measured criterion (migration 0046): the kept value and the attempts as JSON; the score is its points. */
  measured_value: number | null;
  measured_attempts: string | null;
  updated_at: Timestamp;
}

/** A calibration round's scores (migration 0047): never read by results or publishing. */
export interface EvalSessionCalibrationScoresTable {
  id: Generated<number>;
  session_id: number;
  evaluator_id: number;
  player_id: number;
  criterion_id: number;
  score: number;
  updated_at: Timestamp;
}

/** Families (migration 0017, ADR 0019). */
export type LinkStatus = 'invited' | 'active' | 'declined' | 'revoked';
export type ConsentPurpose = 'reports' | 'media' | 'public_name';

export interface GuardiansTable {
  id: Generated<number>;
  email: string;
  name: string;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A provider reported the address bouncing (migration 0023); cleared when the address changes. */
  bounced_at: Timestamp | null;
  bounce_reason: string | null;
}

export interface GuardianLinksTable {
  id: Generated<number>;
  guardian_id: number;
  player_id: number;
  relationship: string;
  is_primary: Bool;
  receives_reports: Bool;
  parental_responsibility: Bool;
  status: LinkStatus;
  invited_at: Timestamp | null;
  status_at: Timestamp | null;
  /** After the player's claim (migration 0018): 1 when the player lets this guardian keep seeing new data. */
  shares_after_handover: Generated<Bool>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GuardianTokensTable {
  id: Generated<number>;
  guardian_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface GuardianSessionsTable {
  id: Generated<number>;
  token_hash: string;
  guardian_id: number;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface ConsentTextsTable {
  id: Generated<number>;
  purpose: ConsentPurpose;
  version: number;
  text: string;
  created_at: Timestamp;
}

export interface GuardianConsentsTable {
  link_id: number;
  purpose: ConsentPurpose;
  granted: Bool;
  text_version: number;
  updated_at: Timestamp;
}

/** Evaluation reports (migration 0019, ADR 0020). */
export type ReportState = 'draft' | 'approved' | 'sent' | 'viewed' | 'revoked' | 'superseded';
export type DeliveryStatus = 'queued' | 'sent' | 'failed' | 'bounced' | 'cancelled';

export interface ReportCyclesTable {
  id: Generated<number>;
  name: string;
  season_id: number;
  opens_on: string;
  closes_on: string;
  show_team_average: Bool;
  show_rank: Bool;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReportCycleTeamsTable {
  cycle_id: number;
  team_id: number;
}

export interface ReportsTable {
  id: Generated<number>;
  cycle_id: number;
  player_id: number;
  team_id: number;
  version: Generated<number>;
  state: ReportState;
  overall_comment: string;
  /** JSON { [criterionId]: comment }. */
  criterion_comments: string;
  /** JSON [{ criterion_id, text, resource_ids }], at most three. */
  focus: string;
  /** JSON snapshot, frozen at approval; null while a draft. */
  snapshot: string | null;
  created_by: number | null;
  approved_by: number | null;
  approved_at: Timestamp | null;
  sent_at: Timestamp | null;
  viewed_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReportDeliveriesTable {
  id: Generated<number>;
  report_id: number;
  recipient_kind: 'guardian' | 'player';
  guardian_id: number | null;
  user_id: number | null;
  email: string;
  token_hash: string | null;
  expires_at: Timestamp | null;
  status: DeliveryStatus;
  error: string | null;
  sent_at: Timestamp | null;
  viewed_at: Timestamp | null;
  created_at: Timestamp;
  /** The Message-ID of its mail (migration 0023): how a provider's bounce finds it. */
  message_id: string | null;
  bounced_at: Timestamp | null;
}

/** Age and hand-over (migration 0018, ADR 0019). */
export interface PlayerHandoversTable {
  player_id: number;
  notice_at: Timestamp | null;
  claim_mail_at: Timestamp | null;
  claimed_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface PlayerClaimTokensTable {
  id: Generated<number>;
  player_id: number;
  email: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PlayerConsentsTable {
  player_id: number;
  purpose: ConsentPurpose;
  granted: Bool;
  text_version: number;
  updated_at: Timestamp;
}

/** Erasure requests (migration 0026, ADR 0022). */
export type PrivacyRequestStatus = 'open' | 'erased' | 'refused';
export type PrivacyRequester = 'guardian' | 'player' | 'admin';

export interface PrivacyRequestsTable {
  id: Generated<number>;
  player_id: number;
  kind: Generated<string>;
  requested_by: PrivacyRequester;
  requester_user_id: number | null;
  requester_guardian_id: number | null;
  reason: string;
  status: PrivacyRequestStatus;
  due_at: Timestamp;
  decided_by: number | null;
  decided_at: Timestamp | null;
  decision_reason: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Import plans, history and remembered mappings (migration 0025, ADR 0021). */
export interface ImportsTable {
  id: Generated<number>;
  kind: string;
  created_by: number | null;
  created_by_name: string;
  file_name: string;
  status: 'uploaded' | 'planned' | 'committed' | 'undone';
  team_id: number | null;
  headers: string;
  cells: string;
  mapping: string | null;
  plan: string | null;
  plan_hash: string | null;
  fingerprint: string | null;
  counts: string | null;
  errors: string | null;
  kept: string | null;
  planned_at: string | null;
  committed_at: string | null;
  undone_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ImportEffectsTable {
  id: Generated<number>;
  import_id: number;
  effect:
    | 'player_created'
    | 'player_updated'
    | 'membership_added'
    | 'guardian_created'
    | 'evaluation_created'
    | 'evaluation_updated'
    | 'team_created'
    | 'team_updated'
    | 'user_created'
    | 'user_updated';
  target_id: number;
  team_id: number | null;
  before: string | null;
}

export interface ImportMappingsTable {
  kind: string;
  mapping: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** Drafts, decisions and offers (migration 0028, issue 28). */
export type DraftState = 'open' | 'finalised';
export type DraftDecision = 'undecided' | 'callback' | 'selected' | 'waitlisted' | 'released' | 'withdrawn';
export type OfferState = 'pending' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

export interface DraftsTable {
  id: Generated<number>;
  name: string;
  season_id: number;
  state: Generated<DraftState>;
  version: Generated<number>;
  created_by: number | null;
  finalised_by: number | null;
  finalised_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DraftTeamsTable {
  draft_id: number;
  team_id: number;
  target_size: number | null;
  /** JSON { [position]: size }. */
  position_targets: Generated<string>;
}

export interface DraftCandidatesTable {
  draft_id: number;
  player_id: number;
  source: 'session' | 'team' | 'manual';
  source_id: number | null;
  team_id: number | null;
  pinned: Generated<Bool>;
  position: string | null;
  decision: Generated<DraftDecision>;
  waitlist_rank: number | null;
  updated_at: Timestamp;
}

export interface DraftEventsTable {
  id: Generated<number>;
  draft_id: number;
  version: number;
  kind: string;
  player_id: number | null;
  /** JSON: what changed. */
  detail: Generated<string>;
  reason: string | null;
  user_id: number | null;
  created_at: Timestamp;
}

export interface OffersTable {
  id: Generated<number>;
  draft_id: number;
  player_id: number;
  team_id: number;
  state: Generated<OfferState>;
  deadline: Timestamp;
  replaces_offer_id: number | null;
  answered_at: Timestamp | null;
  answered_by: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface OfferDeliveriesTable {
  id: Generated<number>;
  offer_id: number;
  recipient_kind: 'guardian' | 'player';
  guardian_id: number | null;
  user_id: number | null;
  email: string;
  token_hash: string | null;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MessageTemplatesTable {
  key: string;
  subject: string;
  body: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface DB {
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  categories: NamedTable;
  seasons: SeasonsTable;
  levels: LevelsTable;
  criterion_measures: CriterionMeasuresTable;
  teams: TeamsTable;
  players: PlayersTable;
  team_players: TeamPlayersTable;
  criteria: CriteriaTable;
  evaluations: EvaluationsTable;
  notes: NotesTable;
  achievements: AchievementsTable;
  player_achievements: PlayerAchievementsTable;
  resources: ResourcesTable;
  resource_tags: ResourceTagsTable;
  resource_access: ResourceAccessTable;
  files: FilesTable;
  settings: SettingsTable;
  link_previews: LinkPreviewsTable;
  password_tokens: PasswordTokensTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  score_state: ScoreStateTable;
  player_scores: PlayerScoresTable;
  player_level_scores: PlayerLevelScoresTable;
  team_scores: TeamScoresTable;
  eval_sessions: EvalSessionsTable;
  eval_session_criteria: EvalSessionCriteriaTable;
  eval_session_players: EvalSessionPlayersTable;
  eval_session_evaluators: EvalSessionEvaluatorsTable;
  eval_session_scores: EvalSessionScoresTable;
  eval_session_calibration_scores: EvalSessionCalibrationScoresTable;
  guardians: GuardiansTable;
  guardian_links: GuardianLinksTable;
  guardian_tokens: GuardianTokensTable;
  guardian_sessions: GuardianSessionsTable;
  consent_texts: ConsentTextsTable;
  guardian_consents: GuardianConsentsTable;
  report_cycles: ReportCyclesTable;
  report_cycle_teams: ReportCycleTeamsTable;
  reports: ReportsTable;
  report_deliveries: ReportDeliveriesTable;
  player_handovers: PlayerHandoversTable;
  player_claim_tokens: PlayerClaimTokensTable;
  player_consents: PlayerConsentsTable;
  privacy_requests: PrivacyRequestsTable;
  imports: ImportsTable;
  import_effects: ImportEffectsTable;
  import_mappings: ImportMappingsTable;
  drafts: DraftsTable;
  draft_teams: DraftTeamsTable;
  draft_candidates: DraftCandidatesTable;
  draft_events: DraftEventsTable;
  offers: OffersTable;
  offer_deliveries: OfferDeliveriesTable;
  message_templates: MessageTemplatesTable;
  goals: GoalsTable;
  goal_events: GoalEventsTable;
  goal_check_ins: GoalCheckInsTable;
  self_assessments: SelfAssessmentsTable;
}

/** The player's own score of a criterion in a report cycle (migration 0044, docs/product.md#self-assessment). */
export interface SelfAssessmentsTable {
  player_id: number;
  cycle_id: number;
  criterion_id: number;
  /** On the criterion's scale: 1–10, or Yes = 1 / No = 0. */
  score: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Development plans (migration 0041, docs/product.md#goals). */
export type GoalState = 'active' | 'achieved' | 'not_achieved' | 'dropped' | 'proposed' | 'declined';

export interface GoalsTable {
  id: Generated<number>;
  player_id: number;
  criterion_id: number | null;
  title: string;
  description: string;
  baseline_score: number | null;
  baseline_on: string | null;
  baseline_evaluation_id: number | null;
  target_score: number | null;
  latest_score: number | null;
  latest_on: string | null;
  latest_evaluation_id: number | null;
  due_on: string;
  visible_to_family: number;
  state: GoalState;
  state_changed_at: Timestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The approved report the goal came from, or the team it was set for (migration 0043). */
  source_report_id: number | null;
  source_team_id: number | null;
}

export interface GoalEventsTable {
  id: Generated<number>;
  goal_id: number;
  player_id: number;
  kind: 'created' | 'state' | 'edited' | 'progress';
  from_state: GoalState | null;
  to_state: GoalState | null;
  score: number | null;
  note: string;
  user_id: number | null;
  by_name: string;
  created_at: Timestamp;
}

export interface GoalCheckInsTable {
  id: Generated<number>;
  goal_id: number;
  player_id: number;
  on_date: string;
  note: string;
  practice_count: number | null;
  user_id: number | null;
  by_name: string;
  by_player: number;
  created_at: Timestamp;
}
