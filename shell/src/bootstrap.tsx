import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@planta/i18n';
import { App } from './app';
import { registerRemotesFromMap } from './remotes/remote-loader';

async function start() {
  const i18n = initI18n();
  try {
    await registerRemotesFromMap();
  } catch (error) {
    // Without the map no remote loads; the shell still starts and each area shows its error card.
    console.error('Remotes map could not be read:', error);
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

void start();
