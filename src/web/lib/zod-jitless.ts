// The browser build's `zod` (vite.config.ts resolves its imports of 'zod' here): zod, configured
// not to compile schemas with eval before any of its schemas is built. Only pages load it (their
// contracts), so the landing page's bundle stays free of zod.
import './zod-config';

export * from 'zod';
export { default } from 'zod';
