import { Navigate } from 'react-router';
import { Loading } from '../components/Loading';
import { useMe } from '../lib/auth';
import { homeOf } from '../lib/home';

/** '/' and unknown top-level paths: staff to their dashboard, players to theirs, others to sign-in. */
export function RootRedirect() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (!me) return <Navigate to="/login" replace />;
  return <Navigate to={homeOf(me)} replace />;
}
