import type { Kysely } from 'kysely';
import type { CriterionVideos } from '../../../shared/schemas/resource.js';
import type { DB } from '../../db/types.js';
import { jsonList } from '../../lib/reply.js';

/** The videos of every criterion the player has a current evaluation on (the player area's video modal). */
export async function criterionVideosForPlayer(db: Kysely<DB>, playerId: number): Promise<CriterionVideos[]> {
  const rows = await db
    .selectFrom('criteria as c')
    .select(['c.id', 'c.name', 'c.video_links'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('evaluations as e')
          .select('e.id')
          .whereRef('e.criterion_id', '=', 'c.id')
          .where('e.player_id', '=', playerId)
          .where('e.is_current', '=', 1),
      ),
    )
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id: r.id, criteria: r.name, video_links: jsonList(r.video_links) }));
}
