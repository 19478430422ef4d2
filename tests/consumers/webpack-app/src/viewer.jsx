import { createRoot } from 'react-dom/client';
import { Viewer } from './host/Viewer.jsx';

createRoot(document.getElementById('root')).render(<Viewer />);
