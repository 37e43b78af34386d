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
