import '@mantine/core/styles.css';
import './global.css';
import './touch.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resumeSignOut } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import { onSignOutElsewhere } from '../lib/signed-out';
import { App } from './App';

const root = createRoot(document.getElementById('root')!);
// A transition renders in slices, yielding to the browser between them: on a slow phone the first
// render does not block input for hundreds of milliseconds.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// A sign-out made offline reaches the server as soon as the network is back, and is retried until the
// server confirms it (lib/api.ts); one made in another tab empties this tab too.
window.addEventListener('online', () => void resumeSignOut());
void resumeSignOut();
onSignOutElsewhere(() => void queryClient.resetQueries());

// After the first render: installing the worker must not compete with the first screen.
setTimeout(() => void import('./register-sw').then((m) => m.registerServiceWorker()), 0);
