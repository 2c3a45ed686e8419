import { queryOptions } from '@tanstack/react-query';
import type { Category, Season } from '../../shared/schemas/reference';
import type { Role } from '../../shared/schemas/role';
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

/** The roles, read by the Roles and Users pages: one cache entry, which both features' writes refresh. */
export const rolesQuery = queryOptions({
  queryKey: ['roles'],
  queryFn: async ({ signal }) => (await apiGet<Envelope<Role[]>>('/api/roles', signal)).data,
});
