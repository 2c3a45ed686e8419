import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';

/** The player id of the address (PlayerLayout has already checked it is the signed-in player's). */
export function usePlayerId(): number {
  const { playerId } = useParams();
  return Number(playerId);
}

/** docs/product.md#errors: a 404 in the player area goes to /player/not-found, a 403 to /player/unauthorized. */
export function redirectFor(...errors: unknown[]) {
  for (const e of errors) {
    if (e instanceof ApiError && e.status === 404) return <Navigate to="/player/not-found" replace />;
    if (e instanceof ApiError && (e.status === 403 || e.status === 401)) return <Navigate to="/player/unauthorized" replace />;
  }
  return null;
}
