import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleSave } from '../../../shared/schemas/role';
import { apiPost, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

export { rolesQuery } from '../../lib/reference';

/** After every write: 'Operation successful!' and everything role-related reloads (docs/product.md#what-it-does). */
function useAfterWrite() {
  const client = useQueryClient();
  return async () => {
    notifySuccess();
    await Promise.all([
      client.invalidateQueries({ queryKey: ['roles'] }),
      client.invalidateQueries({ queryKey: ['users'] }),
      // The signed-in user's own permissions may come from an edited role (never their own, but cheap).
      client.invalidateQueries({ queryKey: ['me'] }),
    ]);
  };
}

export function useSaveRole(roleId: number | null) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (body: RoleSave) => apiPost<WriteEnvelope<{ id: number }>>(roleId === null ? '/api/roles' : `/api/role/${roleId}`, body),
    onSuccess: done,
  });
}

export function useDeleteRole() {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (role: Role) => apiPost<WriteEnvelope<{ id: number }>>(`/api/role/${role.id}/delete`, { id: role.id, title: role.title }),
    onSuccess: done,
  });
}
