import { Navigate } from 'react-router';
import { Loading } from '../components/Loading';
import { useMe } from '../lib/auth';

/** '/' and unknown top-level paths: staff to their dashboard, players to theirs, others to sign-in. */
export function RootRedirect() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (!me) return <Navigate to="/login" replace />;
  return <Navigate to={homeOf(me)} replace />;
}

export function homeOf(me: { isPlayer: boolean; player: number | null; mustChangePassword?: boolean }): string {
  if (me.mustChangePassword) return '/account/password';
  return me.isPlayer && me.player ? `/player/${me.player}/dashboard` : '/app/dashboard';
}
