'use client';
// A page with nothing on it, no dash3d: what Next.js runs on any page's main thread (its router and
// runtime, React), the floor under the viewer page's weight (next-app.test.ts weighs both).
export default function Page() {
  return null;
}
