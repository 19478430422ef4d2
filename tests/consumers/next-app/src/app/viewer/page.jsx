'use client';
// The dashboard viewer (host/Viewer.jsx): its dashboard is in the address, so the server renders
// the page without it and the browser shows it once hydrated.
import { Viewer } from '../../host/Viewer.jsx';

export default function Page() {
  return <Viewer />;
}
