import { Navigate, Outlet } from 'react-router';
import type { Level, Section } from '../../shared/permissions';
import { useCan } from '../lib/auth';

/** docs/product.md#permissions: a page whose permission is too low redirects to /app/unauthorized. */
export function Guard({ section, level }: { section: Section; level: Level }) {
  const can = useCan();
  return can(section, level) ? <Outlet /> : <Navigate to="/app/unauthorized" replace />;
}
