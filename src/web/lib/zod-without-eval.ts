// zod compiles object schemas with `new Function` when it can, probing for it when a schema is
// built. The portal's policy (script-src 'self') forbids eval, so every page that loaded the
// contracts logged a CSP violation (Lighthouse best practices: 96). Imported first by main.tsx
// and by the API client, before any schema exists, and built into the small chunk the entry
// shares with the API client, which a server-rendered page's loader evaluates before the
// contracts (vite.config.ts); zod's interpreter is what runs anyway under this policy.
//
// Set through zod's own global configuration object (what `z.config()` writes to, created by zod
// only when absent) rather than by importing zod: importing it here would put zod's core into the
// landing page's bundle (3.7 KiB gzipped, over the 150 KiB budget). The unit test checks that
// zod reads the setting.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
if (scope.__zod_globalConfig) scope.__zod_globalConfig.jitless = true;
else scope.__zod_globalConfig = { jitless: true };

export {};
