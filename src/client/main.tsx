import { prefetchFirstScreen } from './app/prefetch';
import { loadFirstScreenCode } from './app/screens';

prefetchFirstScreen(location.pathname, location.search);
// Let the browser paint index.html's loading line before the app's code and styles load and run:
// on a phone that takes a good part of a second, which would otherwise be a blank screen.
requestAnimationFrame(() =>
  setTimeout(() => {
    void import('./app/boot');
    loadFirstScreenCode(location.pathname);
  }, 0),
);
