import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteEnvelope } from './api';
import { notifySuccess } from './notify';

/**
 * A write after which anything on screen may have changed (criteria, evaluations: totals, cards and boards
 * move): the answer's message shows and every query refreshes.
 */
export function useRefreshingWrite<T, R>(fn: (body: T) => Promise<WriteEnvelope<R>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (res) => {
      notifySuccess(res.message);
      await client.invalidateQueries();
    },
  });
}
