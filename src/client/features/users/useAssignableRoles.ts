import { SECTIONS } from '../../../shared/permissions';
import type { Role } from '../../../shared/schemas/role';
import { useMe } from '../../lib/auth';

/** Roles the signed-in user may give a new account: the server's no-escalation rule, mirrored. */
export function useAssignableRoles(roles: Role[] | undefined): Role[] {
  const { data: me } = useMe();
  if (!me || !roles) return [];
  if (me.roleKey === 'superadmin') return roles;
  return roles.filter((r) => !r.admin && SECTIONS.every((s) => r.permissions[s] <= me.permissions[s]));
}
