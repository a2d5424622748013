import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { bootstrap } from './app/bootstrap.ts';
import { createRouter } from './app/router.tsx';
import { appSwrConfig } from './core/api/use-api.ts';
import './ui/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createRouter();
await bootstrap(router);

createRoot(container).render(
  <StrictMode>
    <SWRConfig value={appSwrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  </StrictMode>,
);

if (import.meta.env.PROD) {
  void import('./core/pwa.ts').then((pwa) => pwa.registerServiceWorkerWhenStable());
}
