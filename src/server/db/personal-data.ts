/**
 * The personal-data inventory (docs/product.md#privacy, ADR 0022): every column of every table, with
 * whether it can hold personal data and what an erasure does to it. The erasure runs from this list
 * (modules/privacy/erasure.*), in the order written here, and a test walks the live schema of both
 * databases and fails on a column declared nowhere: a new table or column must be placed here first.
 */

/** What a personal column can hold. */
export type Holds =
  | 'name'
  | 'email'
  | 'birth year'
  | 'birth date'
  | 'practice scores'
  | 'free text'
  | 'file'
  | 'links'
  | 'secret'
  | 'consent'
  | 'json about a person'
  | 'mail'
  | 'own opinion';

/**
 * - `delete row`: the erasure deletes the rows found by the table's `rows` (the value goes with them);
 * - `clear`: those rows stay, the value becomes `to` (a function of the row's id for a unique address);
 * - `scrub`: free text of any row: the player's full names and erased addresses become `[erased]`
 *   (rows about the player, `about`, also their first and last name alone);
 * - `keep`: someone else's data (staff, guest evaluators, other families): not the erased person's.
 */
export type Erasure = 'delete row' | 'clear' | 'scrub' | 'keep';

export type ClearTo = string | number | null | ((id: number) => string);

export type Column =
  'not personal' | { holds: Holds; erasure: 'delete row' | 'scrub' | 'keep' } | { holds: Holds; erasure: 'clear'; to: ClearTo };

/** Sets the erasure computes before it writes (erasure.service.ts). */
export type Found = 'files' | 'previews' | 'unusedImports' | 'importEffects';

/** How the erasure finds the player's rows of a table. */
export type RowsOf =
  /** `column` = the player's id. */
  | { player: string }
  /** `column` in (select id from `parent` where `parentPlayer` = the player's id). */
  | { via: string; parent: string; parentPlayer: string }
  /** `column` is a guardian of the player left with no other child. */
  | { leavingGuardians: string }
  /** `column` (lower case) is one of the erased addresses. */
  | { erasedAddresses: string }
  /** `column` is in a set the erasure computed first. */
  | { found: Found; column: string }
  /** Counter keys naming an erased address: their own database on SQLite, cleared after the commit. */
  | { counters: string };

export interface TableRule {
  /** Why the table holds what it holds, in a few words. */
  why: string;
  columns: Record<string, Column>;
  rows?: RowsOf;
  /** Rows about the player, where `scrub` also replaces the first and last name alone. */
  about?: { player: string };
  /** Non-personal columns a `clear` sets with the personal ones (a closed sign-in is also suspended). */
  alsoSet?: Record<string, string | number | null>;
  /** Lives outside the main database on SQLite (db/limits.ts). */
  sqliteFile?: 'limits';
}

export const ERASED_MARK = '[erased]';
export const erasedAddress = (kind: 'user' | 'guardian', id: number) => `erased-${kind}-${id}@erased.invalid`;

const NP = 'not personal' as const;
const del = (holds: Holds): Column => ({ holds, erasure: 'delete row' });
const clear = (holds: Holds, to: ClearTo): Column => ({ holds, erasure: 'clear', to });
const scrub = (holds: Holds = 'free text'): Column => ({ holds, erasure: 'scrub' });
const keep = (holds: Holds): Column => ({ holds, erasure: 'keep' });
const none = (...columns: string[]) => Object.fromEntries(columns.map((c) => [c, NP])) as Record<string, Column>;

export const PERSONAL_DATA: Record<string, TableRule> = {
  // Sign-ins: sessions and reset links go before the account is unlinked from the player.
  sessions: {
    why: "the player's sign-in sessions",
    rows: { via: 'user_id', parent: 'users', parentPlayer: 'player_id' },
    columns: { ...none('id', 'user_id', 'created_at', 'last_seen_at', 'expires_at'), token_hash: del('secret'), csrf_token: del('secret') },
  },
  password_tokens: {
    why: "the player's password reset links",
    rows: { via: 'user_id', parent: 'users', parentPlayer: 'player_id' },
    columns: { ...none('id', 'user_id', 'expires_at', 'used_at', 'created_at'), token_hash: del('secret') },
  },
  users: {
    why: "staff accounts (kept) and the player's own sign-in (closed, renamed)",
    rows: { player: 'player_id' },
    alsoSet: { status: 2, player_id: null, must_change_password: 0, password_expires_at: null },
    columns: {
      ...none('id', 'role_id', 'status', 'player_id', 'must_change_password', 'password_expires_at', 'created_at', 'updated_at'),
      first_name: clear('name', 'Erased'),
      last_name: clear('name', 'User'),
      email: clear('email', (id) => erasedAddress('user', id)),
      password_hash: clear('secret', null),
    },
  },
  player_claim_tokens: {
    why: 'hand-over claim links: an erased player can never be claimed back',
    rows: { player: 'player_id' },
    columns: { ...none('id', 'player_id', 'expires_at', 'used_at', 'created_at'), email: del('email'), token_hash: del('secret') },
  },
  player_consents: {
    why: "the player's own consents after the hand-over",
    rows: { player: 'player_id' },
    columns: { ...none('player_id', 'purpose', 'text_version', 'updated_at'), granted: del('consent') },
  },
  player_handovers: { why: 'hand-over dates only', columns: none('player_id', 'notice_at', 'claim_mail_at', 'claimed_at', 'updated_at') },
  notes: {
    why: 'staff notes on the player',
    rows: { player: 'player_id' },
    columns: {
      ...none('id', 'player_id', 'author_user_id', 'created_at', 'updated_at'),
      author_name: del('name'),
      details: del('free text'),
    },
  },
  player_achievements: {
    why: 'achievements awarded to the player',
    rows: { player: 'player_id' },
    columns: { ...none('id', 'player_id', 'achievement_id', 'action_by_user_id', 'created_at', 'updated_at'), detail: del('free text') },
  },
  // Development plans (docs/product.md#goals): the player's own; check-ins and events before their goals.
  goal_check_ins: {
    why: "check-ins on the player's goals",
    rows: { player: 'player_id' },
    columns: {
      ...none('id', 'goal_id', 'player_id', 'on_date', 'practice_count', 'user_id', 'by_player', 'created_at'),
      note: del('free text'),
      by_name: del('name'),
    },
  },
  goal_events: {
    why: "the history of the player's goals",
    rows: { player: 'player_id' },
    columns: {
      ...none('id', 'goal_id', 'player_id', 'kind', 'from_state', 'to_state', 'score', 'user_id', 'created_at'),
      note: del('free text'),
      by_name: del('name'),
    },
  },
  goals: {
    why: "the player's goals",
    rows: { player: 'player_id' },
    columns: {
      ...none('id', 'player_id', 'criterion_id', 'baseline_score', 'baseline_on', 'baseline_evaluation_id', 'target_score'),
      ...none('latest_score', 'latest_on', 'latest_evaluation_id', 'due_on', 'visible_to_family', 'state', 'state_changed_at'),
      ...none('created_by', 'created_at', 'updated_at', 'source_report_id', 'source_team_id'),
      title: del('free text'),
      description: del('free text'),
    },
  },
  self_assessments: {
    why: "the player's scores of themself in a report cycle",
    rows: { player: 'player_id' },
    columns: { ...none('player_id', 'cycle_id', 'criterion_id', 'created_at', 'updated_at'), score: del('own opinion') },
  },
  evaluations: {
    why: 'scores stay for team figures; comments and links go',
    rows: { player: 'player_id' },
    columns: {
      ...none('id', 'player_id', 'criterion_id', 'score', 'score_percentage', 'evaluator_user_id', 'date', 'is_current', 'client_id'),
      ...none('created_at', 'updated_at', 'measured_value', 'measured_attempts', 'points_basis'),
      evaluator_name: keep('name'),
      notes: clear('free text', ''),
      video_links: clear('links', '[]'),
    },
  },
  link_previews: {
    why: "cached titles of the player's video links",
    rows: { found: 'previews', column: 'url' },
    columns: {
      ...none('success', 'fetched_at'),
      url: del('links'),
      title: del('free text'),
      description: del('free text'),
      image: del('links'),
    },
  },
  report_deliveries: {
    why: "who received the player's reports, with one-time links",
    rows: { via: 'report_id', parent: 'reports', parentPlayer: 'player_id' },
    columns: {
      ...none('id', 'report_id', 'recipient_kind', 'guardian_id', 'user_id', 'expires_at', 'status', 'sent_at', 'viewed_at'),
      ...none('created_at', 'message_id', 'bounced_at'),
      email: del('email'),
      token_hash: del('secret'),
      error: del('free text'),
    },
  },
  reports: {
    why: "the player's reports and their frozen snapshots",
    rows: { player: 'player_id' },
    columns: {
      ...none('id', 'cycle_id', 'player_id', 'team_id', 'version', 'state', 'created_by', 'approved_by', 'approved_at', 'sent_at'),
      ...none('viewed_at', 'revoked_at', 'created_at', 'updated_at'),
      overall_comment: del('free text'),
      criterion_comments: del('free text'),
      focus: del('free text'),
      snapshot: del('json about a person'),
    },
  },
  offer_deliveries: {
    why: "who an offer for the player went to: the address and the link go, the offer's history stays",
    rows: { via: 'offer_id', parent: 'offers', parentPlayer: 'player_id' },
    columns: {
      ...none('id', 'offer_id', 'recipient_kind', 'guardian_id', 'user_id', 'used_at', 'created_at'),
      email: clear('email', ERASED_MARK),
      token_hash: clear('secret', null),
    },
  },
  guardian_consents: {
    why: "each guardian's consents for the player",
    rows: { via: 'link_id', parent: 'guardian_links', parentPlayer: 'player_id' },
    columns: { ...none('link_id', 'purpose', 'text_version', 'updated_at'), granted: del('consent') },
  },
  guardian_links: {
    why: "the player's guardians",
    rows: { player: 'player_id' },
    columns: {
      ...none('id', 'guardian_id', 'player_id', 'is_primary', 'receives_reports', 'parental_responsibility', 'status', 'invited_at'),
      ...none('status_at', 'created_at', 'updated_at', 'shares_after_handover'),
      relationship: del('free text'),
    },
  },
  guardian_sessions: {
    why: 'family sessions of a guardian left with no child',
    rows: { leavingGuardians: 'guardian_id' },
    columns: {
      ...none('id', 'guardian_id', 'created_at', 'last_seen_at', 'expires_at'),
      token_hash: del('secret'),
      csrf_token: del('secret'),
    },
  },
  guardian_tokens: {
    why: 'family sign-in links of a guardian left with no child',
    rows: { leavingGuardians: 'guardian_id' },
    columns: { ...none('id', 'guardian_id', 'expires_at', 'used_at', 'created_at'), token_hash: del('secret') },
  },
  guardians: {
    why: 'a guardian left with no child keeps no address or name (one with another child stays)',
    rows: { leavingGuardians: 'id' },
    alsoSet: { last_sign_in_at: null, bounced_at: null },
    columns: {
      ...none('id', 'last_sign_in_at', 'created_at', 'updated_at', 'bounced_at'),
      email: clear('email', (id) => erasedAddress('guardian', id)),
      name: clear('name', ''),
      bounce_reason: clear('free text', null),
    },
  },
  privacy_requests: {
    why: 'the request stays as the record of the erasure, without its texts',
    rows: { player: 'player_id' },
    columns: {
      ...none('id', 'player_id', 'kind', 'requested_by', 'requester_user_id', 'requester_guardian_id', 'status', 'due_at'),
      ...none('decided_by', 'decided_at', 'created_at', 'updated_at'),
      reason: clear('free text', ''),
      decision_reason: clear('free text', ''),
    },
  },
  players: {
    why: 'the row stays as Erased Player, so team figures, boards and sessions keep their numbers',
    rows: { player: 'id' },
    alsoSet: { pdf_file_id: null },
    columns: {
      ...none('id', 'pdf_file_id', 'created_at', 'updated_at'),
      first_name: clear('name', 'Erased'),
      last_name: clear('name', 'Player'),
      email: clear('email', ''),
      player_email: clear('email', null),
      dob: clear('birth year', null),
      birth_date: clear('birth date', null),
      profile_img: clear('file', null),
      video_links: clear('links', '[]'),
    },
  },
  files: {
    why: "the player's photo and analysis PDF (after players, which points at the PDF)",
    rows: { found: 'files', column: 'id' },
    columns: { ...none('id', 'key', 'mime', 'size', 'sha256', 'created_at'), data: del('file'), original_name: del('name') },
  },
  mail_outbox: {
    why: 'mail to an erased address goes; other mail naming the player is scrubbed (sealed text cannot be: masked after 24 h)',
    rows: { erasedAddresses: 'to_address' },
    columns: {
      ...none('id', 'status', 'created_at', 'sent_at', 'sensitive', 'message_id'),
      to_address: del('email'),
      subject: scrub('mail'),
      text: scrub('mail'),
      error: scrub(),
    },
  },
  audit_log: {
    why: 'the trail stays; names and erased addresses in it are scrubbed',
    columns: { ...none('id', 'user_id', 'action', 'entity', 'entity_id', 'created_at'), user_name: scrub('name'), summary: scrub() },
  },
  imports: {
    why: "uploads not run that hold the player's cells are deleted; the history's texts are scrubbed",
    rows: { found: 'unusedImports', column: 'id' },
    columns: {
      ...none('id', 'kind', 'created_by', 'status', 'team_id', 'headers', 'mapping', 'plan_hash', 'fingerprint', 'counts'),
      ...none('planned_at', 'committed_at', 'undone_at', 'created_at', 'updated_at'),
      created_by_name: keep('name'),
      file_name: scrub(),
      cells: del('file'),
      plan: del('json about a person'),
      errors: scrub(),
      kept: scrub(),
    },
  },
  import_effects: {
    why: "what an import changed on the player's rows, for its undo (an undo no longer touches the erased player)",
    rows: { found: 'importEffects', column: 'id' },
    columns: { ...none('id', 'import_id', 'effect', 'target_id', 'team_id'), before: del('json about a person') },
  },
  draft_events: {
    why: "a draft's history: decisions stay, their reasons and details are scrubbed",
    about: { player: 'player_id' },
    columns: {
      ...none('id', 'draft_id', 'version', 'kind', 'player_id', 'user_id', 'created_at'),
      detail: scrub('free text'),
      reason: scrub(),
    },
  },
  eval_session_evaluators: {
    why: "guest evaluators' names are theirs, not a player's",
    columns: {
      ...none('id', 'session_id', 'user_id', 'created_at', 'admitted', 'excluded'),
      guest_name: keep('name'),
      guest_key: keep('name'),
      token_hash: keep('secret'),
    },
  },
  rate_limits: {
    why: 'sign-in throttle counters keyed by address',
    rows: { counters: 'key' },
    sqliteFile: 'limits',
    columns: { ...none('hits', 'expires_at', 'until'), key: del('email') },
  },

  // Nothing about a person: the club's own set-up, scores, memberships and states.
  roles: {
    why: 'permissions',
    columns: none(
      'id',
      'title',
      'key',
      'admin',
      'teams',
      'players',
      'evaluation',
      'criteria',
      'user_management',
      'reports',
      'resources',
      'emails',
      'sessions',
      'created_at',
      'updated_at',
    ),
  },
  categories: { why: 'club set-up', columns: none('id', 'name', 'created_at') },
  seasons: { why: 'club set-up', columns: none('id', 'name', 'created_at', 'closed_at') },
  levels: { why: 'club set-up', columns: none('id', 'name', 'kind', 'position', 'created_at') },
  teams: {
    why: 'club set-up',
    columns: none('id', 'name', 'category_id', 'season_id', 'coach_user_id', 'created_at', 'updated_at', 'rolled_from_team_id'),
  },
  team_players: { why: 'memberships (the erased player stays in their teams)', columns: none('team_id', 'player_id') },
  criteria: {
    why: 'club set-up',
    columns: none('id', 'name', 'level_id', 'weight', 'description', 'video_links', 'created_at', 'updated_at'),
  },
  criterion_measures: {
    why: 'club set-up',
    columns: none(
      'criterion_id',
      'unit',
      'decimals',
      'direction',
      'min_value',
      'max_value',
      'attempts',
      'attempt_count',
      'rule',
      'updated_at',
    ),
  },
  achievements: { why: 'club set-up', columns: none('id', 'title', 'created_at') },
  resources: {
    why: 'club material',
    columns: none('id', 'title', 'category', 'video_links', 'document_links', 'created_by_user_id', 'created_at', 'updated_at'),
  },
  resource_tags: { why: 'club material', columns: none('resource_id', 'tag') },
  resource_access: { why: 'club material', columns: none('resource_id', 'role_id') },
  settings: { why: 'club set-up', columns: none('key', 'value') },
  score_state: { why: 'cache version', columns: none('id', 'version') },
  player_scores: { why: 'score cache (numbers)', columns: none('player_id', 'total') },
  player_level_scores: { why: 'score cache (numbers)', columns: none('player_id', 'level_id', 'total') },
  team_scores: { why: 'score cache (numbers)', columns: none('team_id', 'players', 'total') },
  eval_sessions: {
    why: 'club set-up',
    columns: none(
      'id',
      'name',
      'category_id',
      'season_id',
      'start_date',
      'end_date',
      'min_evaluators',
      'state',
      'results_unlocked',
      'guest_code',
      'publish_basis',
      'created_by',
      'published_at',
      'created_at',
      'updated_at',
    ),
  },
  eval_session_criteria: { why: 'club set-up', columns: none('session_id', 'criterion_id', 'weight') },
  eval_session_players: {
    why: 'check-ins (numbers)',
    columns: none('session_id', 'player_id', 'bib', 'present', 'walk_up', 'calibration'),
  },
  eval_session_scores: {
    why: 'scores (numbers)',
    // A measured test's value and attempts are the score in its unit, as on evaluations.
    columns: none(
      'id',
      'session_id',
      'evaluator_id',
      'player_id',
      'criterion_id',
      'score',
      'updated_at',
      'measured_value',
      'measured_attempts',
    ),
  },
  // A calibration round only trains the panel (nothing publishes from it): an erasure takes its scores with it.
  eval_session_calibration_scores: {
    why: "a calibration round's scores of the player",
    rows: { player: 'player_id' },
    columns: { ...none('id', 'session_id', 'evaluator_id', 'player_id', 'criterion_id', 'updated_at'), score: del('practice scores') },
  },
  consent_texts: { why: "the club's consent wording", columns: none('id', 'purpose', 'version', 'text', 'created_at') },
  report_cycles: {
    why: 'club set-up',
    columns: none(
      'id',
      'name',
      'season_id',
      'opens_on',
      'closes_on',
      'show_team_average',
      'show_rank',
      'created_by',
      'created_at',
      'updated_at',
    ),
  },
  report_cycle_teams: { why: 'club set-up', columns: none('cycle_id', 'team_id') },
  import_mappings: { why: 'remembered column choices', columns: none('kind', 'mapping', 'updated_by', 'updated_at') },
  drafts: {
    why: 'club set-up',
    columns: none('id', 'name', 'season_id', 'state', 'version', 'created_by', 'finalised_by', 'finalised_at', 'created_at', 'updated_at'),
  },
  draft_teams: { why: 'club set-up', columns: none('draft_id', 'team_id', 'target_size', 'position_targets') },
  draft_candidates: {
    why: 'decisions (states and numbers)',
    columns: none(
      'draft_id',
      'player_id',
      'source',
      'source_id',
      'team_id',
      'pinned',
      'position',
      'decision',
      'waitlist_rank',
      'updated_at',
    ),
  },
  offers: {
    why: 'offer states (who answered is a kind, not a name)',
    columns: none(
      'id',
      'draft_id',
      'player_id',
      'team_id',
      'state',
      'deadline',
      'replaces_offer_id',
      'answered_at',
      'answered_by',
      'created_by',
      'created_at',
    ),
  },
  message_templates: { why: "the club's mail wording", columns: none('key', 'subject', 'body', 'updated_by', 'updated_at') },
  kysely_migration: { why: 'schema version', columns: none('name', 'timestamp') },
  kysely_migration_lock: { why: 'schema version', columns: none('id', 'is_locked') },
};

/** The columns an erasure treats a given way, as [table, column, rule]. */
export function columnsWith(erasure: Erasure): [string, string, Exclude<Column, 'not personal'>][] {
  return Object.entries(PERSONAL_DATA).flatMap(([table, rule]) =>
    Object.entries(rule.columns).flatMap(([column, c]) =>
      c !== NP && c.erasure === erasure ? [[table, column, c] as [string, string, typeof c]] : [],
    ),
  );
}
