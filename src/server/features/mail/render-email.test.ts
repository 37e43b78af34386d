import { describe, expect, it } from 'vitest';
import { renderEmail } from './render-email';

const content = {
  subject: 'Reset your password',
  heading: 'Hello <b>you</b>',
  paragraphs: ['First & second', 'Third "quoted"'],
  action: { label: 'Reset password', url: 'https://demo.portal.example/permits/reset_password/abc' },
};

describe('renderEmail', () => {
  it("shows the tenant's colour band, readable text, logo and title", () => {
    const dark = renderEmail(
      { brandTitle: 'Demo Parking', brandColor: '1f6feb', logoUrl: '/demo/logos/demo.svg' },
      'https://demo.portal.example',
      content,
    );
    expect(dark.html).toContain('background:#1F6FEB;color:#FFFFFF');
    expect(dark.html).toContain('src="https://demo.portal.example/demo/logos/demo.svg"');
    expect(dark.html).toContain('Demo Parking');
    const light = renderEmail(
      { brandTitle: 'Sunny', brandColor: 'FFE066', logoUrl: null },
      'https://x.example',
      content,
    );
    expect(light.html).toContain('background:#FFE066;color:#000000');
    expect(light.html).not.toContain('<img');
  });

  it('escapes every value and keeps only http(s) links', () => {
    const rendered = renderEmail(
      { brandTitle: '<Evil & Co>', brandColor: '000000', logoUrl: 'javascript:alert(1)' },
      'https://x.example',
      {
        ...content,
        action: { label: 'Go', url: 'javascript:alert(1)' },
      },
    );
    expect(rendered.html).toContain('&lt;Evil &amp; Co&gt;');
    expect(rendered.html).toContain('Hello &lt;b&gt;you&lt;/b&gt;');
    expect(rendered.html).toContain('Third &quot;quoted&quot;');
    expect(rendered.html).not.toContain('javascript:');
    expect(rendered.text).not.toContain('javascript:');
  });

  it('has a plain-text version with the heading, paragraphs and the link', () => {
    const rendered = renderEmail(
      { brandTitle: 'Demo', brandColor: '000000', logoUrl: null },
      'https://x.example',
      content,
    );
    expect(rendered.subject).toBe('Reset your password');
    expect(rendered.text).toContain('Hello <b>you</b>');
    expect(rendered.text).toContain('First & second');
    expect(rendered.text).toContain('Reset password: https://demo.portal.example/permits/reset_password/abc');
  });
});
