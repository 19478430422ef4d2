'use client';
// The editor host page: the shared host page (host/App.jsx), prerendered on the server at build
// time and hydrated in the browser.
import { App } from '../host/App.jsx';

export default function Page() {
  return <App />;
}
