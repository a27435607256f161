/**
 * The two sanitizers behind site HTML: DOMPurify (`sanitizeHtml`, and the widgets' fallback) and the
 * browser's HTML Sanitizer API narrowed by our policy (`siteHtmlFragment`). Both must keep the same
 * formatting and stop every payload, rendered into the live document where a payload could run.
 */
import { expect, waitUntil } from '@open-wc/testing';
import DOMPurify from 'dompurify';
import { sanitizeHtml } from '../../src/api/sanitize-html.js';
import { siteHtmlFragment } from '../../src/shared/site-html.js';
import { xssControlRan } from '../helpers/element.js';

type XssWindow = Window & { __xss?: unknown; __xssControl?: unknown };
const win = window as XssWindow;

interface Sanitizer {
  name: string;
  render(html: string, host: HTMLElement): void;
}

const SANITIZERS: readonly Sanitizer[] = [
  {
    name: 'DOMPurify (sanitizeHtml)',
    render: (html, host) => {
      host.innerHTML = sanitizeHtml(html);
    },
  },
  {
    name: 'the HTML Sanitizer API (Element.setHTML)',
    render: (html, host) => {
      expect('setHTML' in Element.prototype, 'this Chromium has Element.setHTML').to.equal(true);
      const fragment = siteHtmlFragment(html);
      expect(fragment, 'sanitized synchronously').to.be.instanceOf(DocumentFragment);
      host.append(fragment!);
    },
  },
];

describe('sanitizeHtml (DOMPurify)', () => {
  it('does not change the shared DOMPurify instance other code uses', () => {
    sanitizeHtml('<a href="https://example.org/">x</a>');
    const shared = DOMPurify.sanitize('<a href="https://example.org/" class="c">x</a><img src="https://example.org/i.png">');
    expect(shared).to.include('class="c"');
    expect(shared).to.include('<img');
    expect(shared).to.not.include('target');
  });
});

for (const sanitizer of SANITIZERS) {
  describe(`site HTML through ${sanitizer.name}`, () => {
    const ALLOWED = new Set([
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'span',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'small',
      'sub',
      'sup',
      'code',
      'pre',
    ]);
    const FORBIDDEN = 'script, iframe, object, embed, svg, math, style, form, input, img, video, source, base, meta, link, noscript, template, details';

    const mounted: HTMLElement[] = [];
    afterEach(() => {
      mounted.splice(0).forEach((el) => el.remove());
      delete win.__xss;
    });

    /** Renders sanitized HTML into the live document, where handlers and scripts could really run. */
    function mount(html: string): HTMLElement {
      const host = document.createElement('div');
      sanitizer.render(html, host);
      document.body.append(host);
      mounted.push(host);
      return host;
    }

    const sanitized = (html: string): string => mount(html).innerHTML;

    function expectHarmless(host: HTMLElement, label: string): void {
      expect(host.querySelector(FORBIDDEN), `${label}: forbidden element`).to.equal(null);
      for (const el of host.querySelectorAll('*')) {
        expect(ALLOWED.has(el.localName), `${label}: <${el.localName}>`).to.equal(true);
        for (const attr of el.attributes) {
          expect(attr.name.startsWith('on'), `${label}: ${attr.name}`).to.equal(false);
          expect(['href', 'rel', 'target'], `${label}: ${attr.name}`).to.include(attr.name);
        }
        const href = el.getAttribute('href');
        if (href !== null) {
          expect(href, label).to.match(/^(?:https?:\/\/|mailto:)/i);
          expect(href, label).to.not.match(/javascript:|data:|vbscript:/i);
        }
      }
    }

    it('keeps simple formatting and drops every attribute but href', () => {
      expect(sanitized('<p>Hello <strong>World</strong> <em>and</em> <code>x</code></p>')).to.equal(
        '<p>Hello <strong>World</strong> <em>and</em> <code>x</code></p>',
      );
      expect(sanitized('<p style="color:red" class="lead" id="intro" title="t" data-x="1" aria-label="l">a</p>')).to.equal('<p>a</p>');
      expect(sanitized('<div><h1>Title</h1><h2>Sub</h2><table><tr><td>cell</td></tr></table></div>')).to.equal('Title<h2>Sub</h2>cell');
      expect(sanitized('')).to.equal('');
    });

    it('keeps http(s) and mailto links and makes them open safely in a new tab', () => {
      const host = mount('<a href="https://example.org/x" onclick="evil()" title="t">x</a><a href="mailto:info@example.org">m</a>');
      const [web, mail] = host.querySelectorAll('a');
      expect(web?.getAttribute('href')).to.equal('https://example.org/x');
      expect(web?.getAttribute('rel')).to.equal('noopener noreferrer nofollow');
      expect(web?.getAttribute('target')).to.equal('_blank');
      expect(web?.hasAttribute('onclick')).to.equal(false);
      expect(mail?.getAttribute('href')).to.equal('mailto:info@example.org');
      expect(mail?.getAttribute('rel')).to.equal('noopener noreferrer nofollow');
    });

    it('drops relative and script hrefs but keeps the link text', () => {
      const host = mount('<a href="/events/">rel</a><a href="javascript:alert(1)">js</a><a>bare</a>');
      for (const a of host.querySelectorAll('a')) {
        expect(a.hasAttribute('href')).to.equal(false);
        expect(a.hasAttribute('target')).to.equal(false);
      }
      expect(host.textContent).to.equal('reljsbare');
    });

    it('detects a payload that really runs (control for the XSS checks below)', async () => {
      const host = document.createElement('div');
      host.innerHTML = '<img src="/__no_such_image__.png" onerror="window.__xssControl = 1">';
      document.body.append(host);
      try {
        await waitUntil(() => win.__xssControl === 1, 'the control payload runs', { timeout: 5000 });
        expect(win.__xssControl).to.equal(1);
      } finally {
        host.remove();
        delete win.__xssControl;
      }
    });

    const PAYLOADS: ReadonlyArray<readonly [string, string]> = [
      ['img onerror', '<img src=x onerror="window.__xss=1">'],
      ['script', '<script>window.__xss=1</script>'],
      ['svg onload', '<svg onload="window.__xss=1"><circle r="1"></circle></svg>'],
      ['javascript href', '<a href="javascript:window.__xss=1">click</a>'],
      ['mixed-case javascript href', '<a href="JaVaScRiPt:window.__xss=1">click</a>'],
      ['tab-obfuscated javascript href', '<a href="java&#x09;script:window.__xss=1">click</a>'],
      ['entity-obfuscated javascript href', '<a href="&#106;avascript&colon;window.__xss=1">click</a>'],
      ['leading-space javascript href', '<a href=" &#14; javascript:window.__xss=1">click</a>'],
      ['vbscript href', '<a href="vbscript:msgbox(1)">click</a>'],
      ['iframe srcdoc', '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>'],
      ['iframe javascript src', '<iframe src="javascript:parent.__xss=1"></iframe>'],
      ['math mXSS', '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=x onerror=window.__xss=1&gt;">'],
      ['style @import', '<style>@import "https://evil.example/x.css";</style><p>text</p>'],
      [
        'form javascript action',
        '<form action="javascript:window.__xss=1"><input type="submit"><button formaction="javascript:window.__xss=1">b</button></form>',
      ],
      ['details ontoggle', '<details open ontoggle="window.__xss=1">x</details>'],
      ['body onload', '<body onload="window.__xss=1">x</body>'],
      ['object data', '<object data="javascript:window.__xss=1"></object><object data="data:text/html,<script>parent.__xss=1</script>"></object>'],
      ['embed', '<embed src="javascript:window.__xss=1"><embed src="data:image/svg+xml,<svg onload=parent.__xss=1>">'],
      ['base href', '<base href="javascript:/"><a href="x">rel</a>'],
      ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">'],
      ['data: href', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
      ['entity-encoded tags', '&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;img src=x onerror=window.__xss=1&gt;'],
      ['noscript title breakout', '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">'],
      ['svg animate onbegin', '<svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"></animate></svg>'],
      ['svg script', '<svg><script>window.__xss=1</script></svg>'],
      ['img srcset', '<img srcset="x 1x, y 2x" onerror="window.__xss=1"><img srcset=",,,x" src="x" onerror="window.__xss=1">'],
      ['video source onerror', '<video><source onerror="window.__xss=1"></video><audio src=x onerror="window.__xss=1"></audio>'],
      ['input autofocus onfocus', '<input autofocus onfocus="window.__xss=1">'],
      [
        'attribute-breaking quotes',
        '<a href="https://example.org/" title=\'" onmouseover="window.__xss=1\'>x</a><p title="x" onclick="window.__xss=1"">y</p>"><img src=x onerror=window.__xss=1>',
      ],
      ['unclosed img', '<img src=x onerror=window.__xss=1//'],
      ['style attribute url', '<p style="background:url(javascript:window.__xss=1)">x</p>'],
      ['template content', '<template><img src=x onerror="window.__xss=1"></template>'],
      ['select/style confusion', '<select><style></select><img src=x onerror=window.__xss=1></style>'],
      ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css"><link rel="import" href="x">'],
      ['span with handler and href', '<span onmouseover="window.__xss=1" href="javascript:x">s</span>'],
    ];

    for (const [label, payload] of PAYLOADS) {
      it(`neutralizes ${label}`, async () => {
        const host = mount(payload);
        const out = host.innerHTML;
        expect(out).to.not.match(/<(?:script|iframe|object|embed|svg|math|style|form|input|img|video|source|base|meta|link)\b/i);
        // Inside tags only: entity-encoded payloads legitimately remain as visible text.
        expect(out).to.not.match(/<[^>]*\son\w+\s*=/i);
        expect(out).to.not.match(/<[^>]*(?:href|src)\s*=\s*["']?\s*(?:javascript|data|vbscript):/i);
        expectHarmless(host, label);
        // Anything that slipped through had its error/load handlers' turn before the control's ran.
        await xssControlRan();
        expect(win.__xss, label).to.equal(undefined);
      });
    }

    it('renders entity-encoded tags as literal text, not markup', () => {
      const host = mount('&lt;script&gt;x&lt;/script&gt;');
      expect(host.children.length).to.equal(0);
      expect(host.textContent).to.equal('<script>x</script>');
    });

    it('never set the XSS flag across all payloads', async () => {
      for (const [, payload] of PAYLOADS) mount(payload);
      await xssControlRan();
      expect(win.__xss).to.equal(undefined);
    });
  });
}

describe('both sanitizers keep the same words', () => {
  // What editors paste: legacy and unknown tags are unwrapped, form controls and media dropped with
  // their content, by DOMPurify and the browser's sanitizer alike.
  const INPUTS = [
    '<font color="red">Font</font><center>C</center>',
    '<x-note>Hello</x-note> <o:p>Word</o:p>',
    '<div><h1>Title</h1><table><tr><td>cell</td></tr></table></div>',
    '<label>Name <input value="v"></label><fieldset><legend>L</legend>F</fieldset>',
    '<button>Press</button><dialog open>D</dialog><details><summary>S</summary>body</details>',
    '<textarea>typed</textarea><select><option>opt</option></select><object>obj</object>',
    '<p>a<!-- a comment -->b</p><svg><text>svg text</text></svg><math><mi>x</mi></math>',
    '<video>no video</video><audio>no audio</audio><noscript>ns</noscript><style>p{}</style>',
    '<span data-x="1" is="x-y" popover>kept</span><a href="https://example.org/">link</a>',
  ];

  for (const input of INPUTS) {
    it(`reads the same through DOMPurify and setHTML: ${input.slice(0, 40)}…`, () => {
      const viaPurify = document.createElement('div');
      viaPurify.innerHTML = sanitizeHtml(input);
      const viaNative = document.createElement('div');
      viaNative.append(siteHtmlFragment(input)!);
      expect(viaNative.textContent).to.equal(viaPurify.textContent);
      // DOMPurify may leave an empty, harmless `is=""`; the browser path leaves no `is` at all.
      expect(viaNative.innerHTML).to.not.include(' is=');
      expect(viaNative.innerHTML).to.equal(viaPurify.innerHTML.replace(/ is=""/g, ''));
    });
  }
});
