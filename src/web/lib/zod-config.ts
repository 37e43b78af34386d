// zod compiles object schemas with `new Function` when it can, probing for it when a schema is
// built. The portal's policy (script-src 'self') forbids eval, so every page that loaded the
// contracts logged a CSP violation (Lighthouse best practices: 96); zod's interpreter is what runs
// under this policy anyway. Set through zod's public configuration, before any schema exists:
// zod-jitless.ts evaluates this module first.
import { config } from 'zod/v4/core';

config({ jitless: true });
