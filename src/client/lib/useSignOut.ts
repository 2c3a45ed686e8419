import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiPost } from './api';
import { API_CACHE } from './pwa-cache';

export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await apiPost('/api/auth/logout').catch(() => undefined);
    client.clear();
    // The service worker's copies of API answers belong to this user: the next one must not see them.
    if ('caches' in window) await caches.delete(API_CACHE).catch(() => false);
    await navigate('/login', { replace: true });
  };
}
