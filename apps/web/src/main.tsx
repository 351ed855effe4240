// The style sheets stay with this entry: index.html links them, and its static frame needs them.
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';

/**
 * Resolves once the browser has painted the static frame of index.html (decision 921): the app's
 * code (React, the router, every provider) takes a few hundred milliseconds to evaluate on a slow
 * phone, and evaluated at once it held the first paint back, even with every file in the cache. A
 * hidden tab gets no animation frame: the timer lets the app start there too.
 */
const framePainted = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

// The app's chunk is fetched at once (index.html preloads it, vite.config.ts) and run after the paint.
void framePainted()
  .then(() => import('./app/start'))
  .then(({ start }) => start());
