import { z } from 'zod';
import { idParam, MAX_ID } from '../../../shared/schemas/common.js';
import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { assertPlayerReachable, assertTeamReachable } from '../../auth/access.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import * as scope from '../../auth/scope.repository.js';

export const playerParams = z.object({ id: idParam });

/**
 * docs/product.md#api: the player area builds some addresses with a stray '}' after the player id
 * (/api/player/12}/notes). Those reads accept it; the id is still a positive integer.
 */
export const braceTolerantPlayerParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}\}?$/, { error: 'Invalid id.' })
    .transform((s) => Number(s.replace('}', '')))
    .refine((n) => n <= MAX_ID, { error: 'Invalid id.' }),
});

export const messages = {
  playerNotFound: 'This player does not exist.',
  teamNotFound: 'This team does not exist.',
} as const;

/** Unknown ids are 404 before the reach check (403), for staff and players alike (docs/product.md#errors). */
export async function reachablePlayer(db: Kysely<DB>, actor: Actor, id: number): Promise<void> {
  if (!(await scope.playerExists(db, id))) throw notFound(messages.playerNotFound);
  await assertPlayerReachable(db, actor, id);
}

export async function reachableTeam(db: Kysely<DB>, actor: Actor, id: number) {
  const team = await scope.findTeamName(db, id);
  if (!team) throw notFound(messages.teamNotFound);
  await assertTeamReachable(db, actor, id);
  return team;
}
