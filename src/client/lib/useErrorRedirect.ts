import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from './api';

/**
 * docs/product.md#errors: a 404 loading a player or team goes to /app/not-found, a 403 to /app/unauthorized.
 * With `id` (the page's id from its path), an id that is not a positive integer goes to /app/not-found too.
 */
export function useErrorRedirect(error: unknown, id?: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if ((id !== undefined && (!Number.isInteger(id) || id <= 0)) || (error instanceof ApiError && error.status === 404))
      navigate('/app/not-found', { replace: true });
    else if (error instanceof ApiError && error.status === 403) navigate('/app/unauthorized', { replace: true });
  }, [error, id, navigate]);
}
