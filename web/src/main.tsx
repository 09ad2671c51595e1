import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base styles first so component styles, imported with their components, come after them.
import './components/base.css';
import { App } from './app/app.tsx';
import { PAGE_DATA_ELEMENT_ID } from './lib/page-data.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page the server rendered carries the data it was rendered with; take-over.tsx takes it over once loaded.
if (document.getElementById(PAGE_DATA_ELEMENT_ID)) {
  void import('./app/take-over.tsx');
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
