import { queryOptions } from '@tanstack/react-query';
import type { Category, Season } from '../../shared/schemas/reference';
import { apiGet, type Envelope } from './api';

/** Clubs and seasons, read by several features; the keys are the Settings page's, so its writes refresh them. */
export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<Category[]>>('/api/categories', signal)).data,
});

export const seasonsQuery = queryOptions({
  queryKey: ['seasons'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<Season[]>>('/api/seasons', signal)).data,
});
