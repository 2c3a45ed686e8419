import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/Loading';
import { PublicShell } from './PublicShell';

/** Public pages (no sign-in) reached inside the staff app; a direct visit loads public.tsx instead. */
export default function PublicLayout() {
  return (
    <PublicShell>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </PublicShell>
  );
}
