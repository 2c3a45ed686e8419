import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';

/** docs/product.md#errors: a 404 loading a player or team goes to /app/not-found, a 403 to /app/unauthorized. */
export function useErrorRedirect(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 404) navigate('/app/not-found', { replace: true });
    else if (error.status === 403) navigate('/app/unauthorized', { replace: true });
  }, [error, navigate]);
}
