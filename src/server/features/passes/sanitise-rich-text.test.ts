import { describe, expect, it } from 'vitest';
import { sanitiseRichText } from './sanitise-rich-text';

describe('sanitiseRichText', () => {
  it('keeps the allowed tags and safe links', () => {
    expect(
      sanitiseRichText(
        '<p>Park <strong>only</strong> in <em>zone B</em>.<br>See <a href="https://example.com/x?a=1&amp;b=2">rules</a></p><ul><li>one</li></ul><ol><li>two</li></ol>',
      ),
    ).toBe(
      '<p>Park <strong>only</strong> in <em>zone B</em>.<br />See <a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer nofollow">rules</a></p><ul><li>one</li></ul><ol><li>two</li></ol>',
    );
    expect(sanitiseRichText('<a href="mailto:desk@example.com">mail</a>')).toBe(
      '<a href="mailto:desk@example.com" rel="noopener noreferrer nofollow">mail</a>',
    );
  });

  it('drops scripts, event attributes, unsafe links and unknown tags', () => {
    expect(sanitiseRichText('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitiseRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseRichText('<a href="java&#10;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseRichText('<img src=x onerror=alert(1)><div style="x">text</div>')).toBe('text');
    expect(sanitiseRichText('<style>p{}</style><iframe src="//evil"></iframe>ok')).toBe('ok');
    expect(sanitiseRichText('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('escapes stray markup and closes what was left open', () => {
    expect(sanitiseRichText('a < b & "c" <p>open')).toBe('a &lt; b &amp; "c" <p>open</p>');
    expect(sanitiseRichText('<p><strong>x</p>')).toBe('<p><strong>x</strong></p>');
    expect(sanitiseRichText('&lt;script&gt;')).toBe('&lt;script&gt;');
    expect(sanitiseRichText('   ')).toBeNull();
    expect(sanitiseRichText(null)).toBeNull();
  });
});
