import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("sets zod's own configuration before any schema: schemas never try new Function", async () => {
    const { z } = await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const original = globalThis.Function;
    let evalTried = false;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        evalTried = true;
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.number() });
      expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(evalTried).toBe(false);
  });
});
