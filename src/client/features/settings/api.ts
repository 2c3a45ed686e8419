import { queryOptions } from '@tanstack/react-query';
import type { Settings } from '../../../shared/schemas/reference';
import { apiGet, type Envelope } from '../../lib/api';

/**
 * Query keys of the reference data. Other screens that read these lists should use the same keys so
 * a change made on the Settings page refreshes them too.
 */
export const referenceKeys = {
  categories: ['categories'],
  seasons: ['seasons'],
  levels: ['levels'],
  achievements: ['achievements'],
  settings: ['settings'],
} as const;

export const settingsQuery = queryOptions({
  queryKey: referenceKeys.settings,
  queryFn: async ({ signal }) => (await apiGet<Envelope<Settings>>('/api/settings', signal)).data,
});
