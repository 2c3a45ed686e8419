import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_CSV_BYTES } from '../../../shared/constants.js';
import { writeEnvelope } from '../../../shared/schemas/common.js';
import { bulkResultSchema } from '../../../shared/schemas/player.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeAddPlayers } from '../../policies/players.js';
import { readErrors, written } from '../../lib/reply.js';
import { readUpload } from '../../lib/upload.js';
import { welcomeQueue } from './accounts.service.js';
import { importPlayers } from './import.service.js';

/**
 * POST /api/players/bulk (multipart bulkFile, team_id): all or nothing, in one transaction, every bad
 * row reported as 'row N: …'. A team is required for users without teams write permission.
 */
export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const welcomes = welcomeQueue(app);
  r.post('/api/players/bulk', {
    config: { access: access.need('players', 2) },
    schema: {
      tags: ['players'],
      description: 'multipart/form-data: bulkFile (CSV FirstName, LastName, Email, Dob, PlayerEmail), team_id.',
      response: { 200: writeEnvelope(bulkResultSchema), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      authorizeAddPlayers(actor);
      const upload = await readUpload(req, {
        fileField: 'bulkFile',
        maxBytes: MAX_CSV_BYTES,
        tooLarge: 'The file must be 20 MB or smaller.',
      });
      return written(await importPlayers(app.db, welcomes, actor, upload));
    },
  });
}
