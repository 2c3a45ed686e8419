import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MSG } from '../../../shared/messages.js';
import { PASSWORD_MIN_LENGTH } from '../../../shared/schemas/password.js';
import { badRequest } from '../../lib/errors.js';

let configured = false;
function configure(): void {
  if (configured) return;
  zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs });
  configured = true;
}

// zxcvbn's cost grows with length; a long password is not "common", so only a prefix is scored.
const SCORED_PREFIX = 64;
const MIN_SCORE = 2;

/**
 * Issue 6 policy: at least 8 characters, and not a common or easily guessed password (the
 * language-common dictionary of 49k leaked passwords, keyboard patterns, the user's own name/e-mail).
 */
export function assertPasswordAllowed(password: string, field: string, userInputs: string[] = []): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(`Use at least ${PASSWORD_MIN_LENGTH} characters.`, field);
  configure();
  const lower = password.toLowerCase();
  // The address itself (or its local part) is the first thing anyone would try.
  const localParts = userInputs.filter((v) => v.includes('@')).map((v) => v.toLowerCase().split('@')[0]!);
  if (localParts.some((l) => l.length >= 4 && lower.includes(l))) throw badRequest(MSG.commonPassword, field);
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[@.\s_-]+/)]).filter((v) => v.length >= 3);
  if (zxcvbn(password.slice(0, SCORED_PREFIX), inputs).score < MIN_SCORE) throw badRequest(MSG.commonPassword, field);
}
