import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base styles first so component styles, imported with their components, come after them.
import './components/base.css';
import { App } from './app/app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
