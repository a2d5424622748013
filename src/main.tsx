import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App.tsx';
import { bootstrap } from './app/bootstrap.ts';
import { appRoutes } from './app/router.tsx';
import './ui/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Not a top-level await: the chunks bootstrap loads (the signed-in shell) import this one, and
 * would wait for it to finish evaluating while it waited for them.
 */
async function start(root: HTMLElement): Promise<void> {
  const routes = appRoutes();
  await bootstrap();

  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App routes={routes} />
      </BrowserRouter>
    </StrictMode>,
  );

  if (import.meta.env.PROD) {
    void import('./core/pwa.ts').then((pwa) => pwa.registerServiceWorkerWhenStable());
  }
}

void start(container);
