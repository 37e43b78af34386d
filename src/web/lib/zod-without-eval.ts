import { config } from 'zod/v4/core';

// zod compiles object schemas with `new Function` when it can, probing for it when a schema is
// built. The portal's policy (script-src 'self') forbids eval, so every page that loaded the
// contracts logged a CSP violation (Lighthouse best practices: 96). Imported first by main.tsx,
// before any schema exists; zod's interpreter is what runs anyway under this policy.
config({ jitless: true });
