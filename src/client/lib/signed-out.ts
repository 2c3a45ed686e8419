/**
 * A sign-out the server has not confirmed yet (the device was offline, or the answer was lost): the
 * session's CSRF token, kept in localStorage so that a reload, another tab or the next person on a
 * shared phone still finds the device signed out. lib/api.ts sends it before any other request.
 */
const KEY = 'club-sign-out-pending';
// Where localStorage is refused (some private modes), the tab itself still remembers.
let inMemory: string | null = null;

export function pendingSignOut(): string | null {
  try {
    return localStorage.getItem(KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

export function rememberSignOut(csrfToken: string): void {
  inMemory = csrfToken;
  try {
    localStorage.setItem(KEY, csrfToken);
  } catch {
    // the in-memory copy above
  }
}

/** Only once the server has ended the session (or answered that there is none). */
export function forgetSignOut(): void {
  inMemory = null;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** Another tab signed out: this one drops what it shows too. */
export function onSignOutElsewhere(listener: () => void): () => void {
  const handler = (e: StorageEvent) => {
    if (e.key === KEY && e.newValue !== null) listener();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
