/** The singular or plural wording for a count of n. */
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Every user-facing string of docs/product.md#errors, exactly as written. */
export const MSG = {
  success: 'Operation successful!',
  empty: 'No data to show!',
  required: 'This field is required',
  csvOnly: 'File should be a csv file!',
  number: 'This field must be a number!',
  year: 'This field must be a year more than 1995 and less than 2025!',
  onePermission: 'Please select at least one permission',
  resourceLinks: 'Error: Please fill in video links or document links as they both cannot be empty!',
  roleHasUsers: 'You cannot delete this role since it has users associated with it. Delete or re-assign the users to continue.',
  coachBlocked: (name: string) =>
    `${name} is currently assigned as a coach and cannot be suspended or deleted. To proceed, please reassign the teams to a different coach.`,
  unauthorized: '401 Unauthorized',
  notFound: '404 Not Found',
  resourceAccessTooltip: 'Roles having resources-write permissions will automatically have access to this resource.',
  deleteTeam: (team: string) => `Are you sure you want to delete ${team}?`,
  deleteTeamWarning: (team: string) => `All players associated with ${team} will be without a team.`,
  deleteResource: 'Are you sure you want to delete this resource?',
  noVideos: 'NO VIDEOS!',
  // Server-side messages (the spec leaves them open).
  signInFailed: 'Incorrect email or password.',
  suspended: 'Your account is suspended. Please contact your club administrator.',
  sessionExpired: 'Please sign in.',
  forbidden: 'You do not have permission to do this.',
  notFoundApi: 'Not found.',
  csrf: 'The request could not be verified. Reload the page and try again.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  boardBusy: 'The leaderboard is busy. Please try again in a few seconds.',
  boardUnknownLevel: 'This level does not exist. Choose one of the levels offered.',
  boardUnknownClub: 'This club does not exist. Choose one of the clubs offered.',
  // Evaluation sessions.
  sessionNotOpen: 'This session is not open for scoring.',
  resultsLocked: 'Results stay hidden until you unlock them.',
  calibrationOver: 'The calibration round ends when the session closes.',
  tryoutSignIn: 'Join the session with its code first.',
  tryoutClosed: 'This session has closed. Thank you for evaluating!',
  sheetClosed: 'This session is closed. Scores not yet sent will not count.',
  scoreNotCounted: 'The session closed before this score was sent; it does not count.',
  tryoutCodeUnknown: 'This code does not match an open session. Check it with the session director.',
  tryoutWaiting: 'Wait for the session director to let you in.',
  tryoutNameTaken: 'Someone in this session already uses this name. Add an initial or a number.',
  publishNotYours: 'Publishing writes evaluations: it needs evaluation write and every player of the session on your teams.',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  inUse: (what: string, count: number, by: string) => `${what} is used by ${count} ${by} and cannot be deleted.`,
  // Roles, users and passwords (issue 6).
  mustChangePassword: 'Please change your temporary password to continue.',
  commonPassword: 'This password is too common or too easy to guess. Choose a less predictable one.',
  noEscalation: 'You cannot grant a permission level above your own.',
  ownRole: 'You cannot change your own role.',
  adminRolesSuperadminOnly: 'Only a Superadmin can create, change or delete admin roles.',
  builtInRolesSuperadminOnly: 'Only a Superadmin can change the built-in roles.',
  adminUsersSuperadminOnly: 'Only a Superadmin can manage Superadmin or Admin users.',
  notYourself: 'You cannot do this to your own account.',
  // Players (issue 3): deleting a player wipes their data everywhere, so a coach deletes only their own.
  playerSharedDelete: "This player is also on another coach's team. Remove them from your team instead.",
  // Evaluations (ADR 0005): the newest date counts; an earlier one is saved as history.
  evaluationBackdated: (newerDate: string) =>
    `This criterion already has an evaluation dated ${newerDate}. An earlier date saves this one as a previous evaluation; the newer one keeps counting.`,
  // Offline sync (issue 16): why an evaluation scored offline was not saved, shown on the device.
  syncNotOnTeam: (player: string, team: string) => `${player} is no longer on ${team}.`,
  syncTeamDeleted: 'This team no longer exists.',
  syncPlayerDeleted: 'This player no longer exists.',
  syncCriterionDeleted: 'This criterion no longer exists.',
  /** A measured criterion sent where only points are read (a points column, a session sheet). */
  measuredNeedsValue: 'This criterion is a measured test: enter the measurement (like 11.04 s), not points.',
  syncNotYourTeam: (team: string) => `You no longer coach ${team}.`,
  syncNotYourEntry: 'This evaluation was saved by another account.',
  // Evaluation sessions' results (issue 31: '1 scores are flagged').
  flaggedForReview: (n: number) => `${n} ${plural(n, 'score is', 'scores are')} flagged for review: far from the other evaluators'.`,
  // Criteria (issue 31): a weight out of range is explained, never rewritten; the catalogue sums to 100.
  weightRange: 'The score must be between 0 and 100.',
  weightsTotalTitle: (total: string) => `The weights of all criteria add up to ${total}%, not 100%`,
  weightsOver: (over: string) =>
    `A player's percentage can pass 100%. Take ${over}% off in total: a weight cannot change once its criterion is created, so delete a criterion and add it again with a lower weight.`,
  weightsUnder: (missing: string) =>
    `A player's percentage cannot reach 100%. Add criteria worth ${missing}% in total, or delete a criterion and add it again with a higher weight.`,
  courtsideReadyOffline: 'Ready offline: this sheet opens on this device without a connection.',
} as const;
