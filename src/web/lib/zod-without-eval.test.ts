import { describe, expect, it } from 'vitest';

describe('zod-without-eval', () => {
  it("sets zod's own configuration: schemas built afterwards never try new Function", async () => {
    await import('./zod-without-eval');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
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
