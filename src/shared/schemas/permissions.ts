import { z } from 'zod';
import { SECTIONS, type Section } from '../permissions.js';

/** Kept apart from permissions.ts so the always-loaded client shell does not pull in zod. */
export const permissionLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** Sections added after the first API: a payload without them (an older client) means level 0. */
const LATER_SECTIONS: readonly Section[] = ['sessions'];
export const permissionsSchema = z.object(
  Object.fromEntries(
    SECTIONS.map((s) => [s, LATER_SECTIONS.includes(s) ? permissionLevelSchema.default(0) : permissionLevelSchema]),
  ) as Record<Section, typeof permissionLevelSchema>,
);
