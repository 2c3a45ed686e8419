import '@mantine/core/styles.css';
import './app/global.css';
import './app/touch.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './app/PublicApp';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicApp pathname={window.location.pathname} />
  </StrictMode>,
);
