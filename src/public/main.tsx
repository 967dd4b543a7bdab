import { createRoot } from 'react-dom/client';

// Placeholder until the invoice and Privacy pages land (issue 4).
createRoot(document.getElementById('root')!).render(<h1>Specter</h1>);
