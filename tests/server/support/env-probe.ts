// Served through `npm start`'s Vite server by tests/server/start.test.ts: Vite writes the page's
// import.meta.env into this module, so the test sees what the playground would see.
export const mediaToken: string | undefined = import.meta.env.VITE_MEDIA_TOKEN;
