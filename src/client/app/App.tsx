import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { router } from './router';
import { theme } from './theme';

const ToastContainer = lazy(() => import('./ToastContainer'));

/**
 * Toasts only follow a user's action: their code (and the interface modules it shares) loads with
 * the first toast, not beside the first screen. The store keeps a toast shown before it arrives.
 */
function Toasts() {
  const requested = useNotifications().notifications.length > 0;
  const [mounted, setMounted] = useState(false);
  if (requested && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <Toasts />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
