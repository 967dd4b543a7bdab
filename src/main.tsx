// Entry of the back-office: one browser (data) router owns every path; react-admin renders inside it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';

// Router updates are not React transitions: react-admin clears its caches right after navigating, and an
// urgent update would keep interrupting a transition that carries the new location (the page never moved on).
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} useTransitions={false} />
  </StrictMode>,
);
