import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiPost } from '../lib/api';

export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await apiPost('/api/auth/logout').catch(() => undefined);
    client.clear();
    await navigate('/login', { replace: true });
  };
}
