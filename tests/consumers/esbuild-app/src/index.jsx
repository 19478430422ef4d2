import { createRoot } from 'react-dom/client';
import { App } from './host/App.jsx';

createRoot(document.getElementById('root')).render(<App />);
