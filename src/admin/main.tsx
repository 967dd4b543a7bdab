import { createRoot } from 'react-dom/client';

// Placeholder until the back-office lands (issue 3).
createRoot(document.getElementById('root')!).render(<h1>Specter Admin</h1>);
