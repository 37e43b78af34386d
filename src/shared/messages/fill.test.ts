import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillMessage } from './fill';

describe('fillMessage', () => {
  it('fills every placeholder, each as often as it appears', () => {
    expect(fillMessage('{n} of {max}, {n} again', { n: 3, max: 4 })).toBe('3 of 4, 3 again');
  });

  it('inserts values literally, with no replacement patterns', () => {
    expect(fillMessage('Contact {support}.', { support: "a$&b$'c$1@example.com" })).toBe(
      "Contact a$&b$'c$1@example.com.",
    );
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(fillMessage('Hello {name}', {})).toBe('Hello {name}');
  });
});

describe('one message filler', () => {
  it('is the only way placeholders are filled in the application code', () => {
    const files = (directory: string): string[] =>
      readdirSync(directory).flatMap((name) => {
        const full = path.join(directory, name);
        if (statSync(full).isDirectory()) return files(full);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
      });
    const handFilled = files('src').filter((file) =>
      /\.replace(All)?\(\s*(['"`]\{\w+\}['"`]|`\{\$\{)/.test(readFileSync(file, 'utf8')),
    );
    expect(handFilled).toEqual([]);
  });
});
