/**
 * Photos and videos of a player outside staff pages (ADR 0019, docs/product.md#families): a player's
 * photo reaches another player (a team-mate's board, the photo file itself) only while the family's
 * media consent counts. Staff pages keep showing them; the player always sees their own. Guardians see
 * their own child on the family portal (their own family's data), the public never sees photos at all.
 * Read on every request, never cached: a withdrawal takes effect on the next one.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../shared/permissions.js';
import type { DB } from '../db/types.js';
import { notFound } from '../lib/errors.js';
import { mediaConsented, playerOfPhoto } from '../modules/family/consents.repository.js';

export interface MediaFacts {
  /** A staff account (not a player-area one). */
  staff: boolean;
  /** The photo is the caller's own. */
  self: boolean;
  /** The player's media consent counts (every guardian with parental responsibility granted). */
  consented: boolean;
}

export function decideMedia(f: MediaFacts): boolean {
  return f.staff || f.self || f.consented;
}

const isStaff = (actor: Actor) => actor.playerId === null;

/** The rows with the photo of each player the caller may not see removed (new objects; cached rows stay as they are). */
export async function withVisiblePhotos<T extends { id: number; profile_img: string | null }>(
  db: Kysely<DB>,
  actor: Actor,
  rows: readonly T[],
): Promise<T[]> {
  if (isStaff(actor)) return [...rows];
  const others = rows.filter((r) => r.profile_img !== null && r.id !== actor.playerId).map((r) => r.id);
  const consented = await mediaConsented(db, others);
  return rows.map((r) =>
    r.profile_img === null || decideMedia({ staff: false, self: r.id === actor.playerId, consented: consented.has(r.id) })
      ? r
      : { ...r, profile_img: null },
  );
}

/** A photo file by its key: a player caller gets another player's only with media consent; else 404 (nothing confirmed). */
export async function authorizePhoto(db: Kysely<DB>, actor: Actor, key: string): Promise<void> {
  if (isStaff(actor)) return;
  const owner = await playerOfPhoto(db, key);
  if (owner === undefined) throw notFound();
  const consented = owner !== actor.playerId && (await mediaConsented(db, [owner])).has(owner);
  if (!decideMedia({ staff: false, self: owner === actor.playerId, consented })) throw notFound();
}

/** How long a caller may keep a photo: staff for a year (keys are never reused); others revalidate every time, so a withdrawal counts at once. */
export function photoCacheControl(actor: Actor): string {
  return isStaff(actor) ? 'private, max-age=31536000, immutable' : 'private, no-cache';
}
