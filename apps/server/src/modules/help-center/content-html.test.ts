import { describe, expect, it } from 'vitest';
import {
  articleText,
  freeSlug,
  prefixQuery,
  sanitizeArticleHtml,
  slugify,
  snippetOf,
} from './content-html.js';

describe('sanitizeArticleHtml', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const out = sanitizeArticleHtml(
      '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="y()"><iframe src="https://e.com"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript|iframe/i);
    expect(out).toContain('<p>Hi</p>');
  });

  it('keeps headings, lists, links, images, tables and code', () => {
    const html =
      '<h2>T</h2><ul><li>a</li></ul><a href="https://e.com" target="_blank">l</a><img src="/hc/a/files/k" alt="i"><table><tbody><tr><th>h</th><td colspan="2">c</td></tr></tbody></table><pre><code class="language-js">x &lt; 1</code></pre>';
    const out = sanitizeArticleHtml(html);
    expect(out).toContain('<h2>T</h2>');
    expect(out).toContain('<li>a</li>');
    expect(out).toContain('href="https://e.com"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
    expect(out).toContain('<img src="/hc/a/files/k" alt="i" />');
    expect(out).toContain('<td colspan="2">c</td>');
    expect(out).toContain('<code class="language-js">x &lt; 1</code>');
  });

  it('drops styles and unknown classes', () => {
    expect(sanitizeArticleHtml('<p style="color:red" class="evil">a</p>')).toBe('<p>a</p>');
  });

  it('is stable: sanitizing twice gives the same HTML', () => {
    const once = sanitizeArticleHtml('<p>a <a href="https://e.com">b</a></p><img src="https://e.com/a.png">');
    expect(sanitizeArticleHtml(once)).toBe(once);
  });
});

describe('articleText', () => {
  it('gives the words with spaces between blocks and entities decoded', () => {
    expect(articleText('<h2>Reset</h2><p>Your &amp; password</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Reset Your & password one two',
    );
  });
});

describe('slugs', () => {
  it('makes ASCII slugs and never an empty one', () => {
    expect(slugify('  Réinitialiser le mot de passe! ')).toBe('reinitialiser-le-mot-de-passe');
    expect(slugify('ಪಾಸ್‌ವರ್ಡ್')).toBe('article');
  });
  it('finds the first free slug', () => {
    expect(freeSlug('a', new Set())).toBe('a');
    expect(freeSlug('a', new Set(['a', 'a-2']))).toBe('a-3');
  });
});

describe('search helpers', () => {
  it('builds a prefix query from typed words only', () => {
    expect(prefixQuery('Reset pa')).toBe('reset:* & pa:*');
    expect(prefixQuery("a ' & | !")).toBeNull();
    expect(prefixQuery('ಪಾಸ್')).not.toBeNull();
  });
  it('cuts a snippet around the first term', () => {
    const text = `${'x '.repeat(100)}the refund policy ${'y '.repeat(100)}`;
    const s = snippetOf(text, 'refund');
    expect(s.startsWith('…')).toBe(true);
    expect(s).toContain('refund policy');
  });
});
