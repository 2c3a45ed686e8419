import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreate, UserUpdate } from '../../../shared/schemas/user';
import { apiGet, apiPost, apiUpload, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** Users per page of the Users screen, read by cursor (ADR 0023). */
export const USERS_PAGE = 50;

export const usersQuery = (roleId: string | null, after: string | undefined) =>
  queryOptions({
    queryKey: ['users', 'list', roleId ?? 'all', after ?? null],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: String(USERS_PAGE) });
      if (roleId) query.set('role', roleId);
      if (after) query.set('after', after);
      return apiGet<{ data: User[]; next: string | null }>(`/api/users?${query}`, signal);
    },
  });

export { rolesQuery } from '../../lib/reference';

/** After every write: 'Operation successful!' and the users and roles (counts) reload (docs/product.md#what-it-does). */
function useAfterWrite() {
  const client = useQueryClient();
  return async () => {
    notifySuccess();
    await Promise.all([client.invalidateQueries({ queryKey: ['users'] }), client.invalidateQueries({ queryKey: ['roles'] })]);
  };
}

export function useCreateUser() {
  const done = useAfterWrite();
  return useMutation({ mutationFn: (body: UserCreate) => apiPost<WriteEnvelope<{ id: number }>>('/api/users', body), onSuccess: done });
}

export function useUpdateUser(userId: number) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (body: UserUpdate) => apiPost<WriteEnvelope<{ id: number }>>(`/api/user/${userId}`, body),
    onSuccess: done,
  });
}

export function useBulkUsers(onProgress: (fraction: number) => void) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (input: { file: File; role: string }) => {
      const form = new FormData();
      form.append('role', input.role);
      form.append('bulkFile', input.file);
      return apiUpload<WriteEnvelope<{ created: number }>>('/api/users/bulk', form, onProgress);
    },
    onSuccess: done,
  });
}

export type UserAction = 'suspend' | 'reactivate' | 'delete' | 'reset-password';

export function useUserAction() {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: ({ user, action }: { user: User; action: UserAction }) =>
      apiPost<WriteEnvelope<unknown>>(`/api/user/${user.id}/${action}`, { id: user.id }),
    onSuccess: done,
  });
}
