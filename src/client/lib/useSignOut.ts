import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { markSignedOut, settleSignOut } from './api';
import { forgetCachedAnswers } from './pwa-cache';

/**
 * Signs out on this device at once, online or not: nothing of the user is shown from here on, and the
 * server is told now, or before any other request once the network is back (lib/api.ts). Scores still
 * on the device are asked about before this (SignOutModal).
 */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    markSignedOut();
    client.clear();
    // The service worker's copies of API answers belong to this user: the next one must not see them.
    await forgetCachedAnswers();
    await navigate('/login', { replace: true });
    await settleSignOut().catch(() => undefined);
  };
}
