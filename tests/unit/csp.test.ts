import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../shared/util/csp';

describe('content security policy', () => {
  it("is the renderer page's meta tag, word for word", async () => {
    const html = await readFile('renderer/index.html', 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    expect(meta?.[1]).toBe(contentSecurityPolicy);
  });

  it('allows scripts only from the app itself and nothing from elsewhere', () => {
    const directives = new Map(
      contentSecurityPolicy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(contentSecurityPolicy).not.toMatch(/unsafe-eval|https?:|\*/);
  });
});
