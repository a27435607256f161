import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Registers the elements before React renders the first tag: React 19 sets a prop as a property
// only when the element already has it, so an unregistered <event-list> would get attributes.
import 'ticketing-widgets';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
