import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import './styles/global.css';
import './styles/catalog.css';
import './styles/browse.css';
import './styles/history.css';
import { App } from './app/App';

// English is loaded on demand: render once the visitor's language is there (at once for Korean).
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
