import { expect, waitUntil } from '@open-wc/testing';
import DOMPurify from 'dompurify';
import { collapseWhitespace, decodeEntities, escapeHtml, safeUrl, sanitizeHtml, sanitizeWithoutDom, stripTags } from '../../src/api/text.js';
import { xssControlRan } from '../helpers/element.js';

type XssWindow = Window & { __xss?: unknown; __xssControl?: unknown };
const win = window as XssWindow;

describe('decodeEntities', () => {
  it('decodes what WordPress texturize writes into titles', () => {
    expect(decodeEntities('Jazz Night &#038; Acoustic Sessions')).to.equal('Jazz Night & Acoustic Sessions');
    expect(decodeEntities('Rock &#8217;n&#8217; Roll &#8211; Live')).to.equal('Rock ’n’ Roll – Live');
    expect(decodeEntities('&#8220;Quoted&#8221; &#8216;single&#8217; &#8230;')).to.equal('“Quoted” ‘single’ …');
    expect(decodeEntities('It&#x27;s &#X27;hex&#x2014;upper&#x2F;')).to.equal("It's 'hex—upper/");
    expect(decodeEntities('&#128512; &#x1F600; &#x1f68c;')).to.equal('😀 😀 🚌');
  });

  it('decodes the named references editors produce', () => {
    const table: Record<string, string> = {
      amp: '&',
      lt: '<',
      gt: '>',
      quot: '"',
      apos: "'",
      nbsp: '\u00a0',
      ndash: '–',
      mdash: '—',
      lsquo: '‘',
      rsquo: '’',
      ldquo: '“',
      rdquo: '”',
      hellip: '…',
      copy: '©',
      reg: '®',
      trade: '™',
      euro: '€',
      pound: '£',
      yen: '¥',
      cent: '¢',
      deg: '°',
      times: '×',
      divide: '÷',
      laquo: '«',
      raquo: '»',
      bull: '•',
      middot: '·',
      para: '¶',
      sect: '§',
      eacute: 'é',
      Eacute: 'É',
      egrave: 'è',
      uuml: 'ü',
      Uuml: 'Ü',
      ouml: 'ö',
      Ouml: 'Ö',
      auml: 'ä',
      Auml: 'Ä',
      szlig: 'ß',
      ntilde: 'ñ',
      ccedil: 'ç',
      Ccedil: 'Ç',
      agrave: 'à',
      aacute: 'á',
      acirc: 'â',
      iacute: 'í',
      oacute: 'ó',
      uacute: 'ú',
      aring: 'å',
      oslash: 'ø',
      aelig: 'æ',
      yuml: 'ÿ',
      iexcl: '¡',
      iquest: '¿',
      frac12: '½',
      sup2: '²',
      plusmn: '±',
      micro: 'µ',
      thorn: 'þ',
      sbquo: '‚',
      bdquo: '„',
      lsaquo: '‹',
      rsaquo: '›',
      dagger: '†',
      OElig: 'Œ',
      scaron: 'š',
      rarr: '→',
      minus: '−',
    };
    for (const [name, char] of Object.entries(table)) {
      expect(decodeEntities(`a&${name};b`), name).to.equal(`a${char}b`);
    }
    expect(decodeEntities('Caf&eacute; in Z&uuml;rich, Stra&szlig;e')).to.equal('Café in Zürich, Straße');
  });

  it('decodes in a single pass', () => {
    expect(decodeEntities('&amp;lt;')).to.equal('&lt;');
    expect(decodeEntities('&amp;#8217;')).to.equal('&#8217;');
    expect(decodeEntities('&#38;amp;')).to.equal('&amp;');
    expect(decodeEntities('&lt;script&gt;')).to.equal('<script>');
  });

  it('turns invalid code points into U+FFFD', () => {
    for (const ref of ['&#0;', '&#x0;', '&#xD800;', '&#xDFFF;', '&#55296;', '&#x110000;', '&#1114112;', '&#99999999999;', '&#x123456789;']) {
      expect(decodeEntities(`a${ref}b`), ref).to.equal('a\ufffdb');
    }
    expect(decodeEntities('&#x10FFFF;')).to.equal(String.fromCodePoint(0x10ffff));
  });

  it('maps 0x80–0x9F references to Windows-1252 as browsers do', () => {
    expect(decodeEntities('&#146;&#150;&#128;&#153;')).to.equal('’–€™');
  });

  it('leaves unknown names, inherited property names and bare ampersands alone', () => {
    for (const text of [
      '&bogus;',
      '&constructor;',
      '&__proto__;',
      '&toString;',
      '&hasOwnProperty;',
      'AT&T',
      'a & b',
      '&',
      '?a=1&copy=2',
      '&copy',
      '&;',
      '&#;',
      '&#x;',
      '&#xZ;',
      '&AMP',
    ]) {
      expect(decodeEntities(text), text).to.equal(text);
    }
  });

  it('accepts numeric references without a semicolon', () => {
    expect(decodeEntities('&#38abc &#x26;')).to.equal('&abc &');
  });
});

describe('stripTags', () => {
  it('returns decoded plain text from titles with tags', () => {
    expect(stripTags('<b>Live</b> Music &#038; Cannabis Industry Expo')).to.equal('Live Music & Cannabis Industry Expo');
    expect(stripTags('Jazz <B>Night</B> &#8211; <em class="x">Acoustic</em>')).to.equal('Jazz Night – Acoustic');
    expect(stripTags('W<b>o</b>rd')).to.equal('Word');
  });

  it('removes script and style elements with their content, in any case', () => {
    expect(stripTags('a<script>alert("<b>x</b>")</script>b<style>p > b { color: red }</style>c')).to.equal('abc');
    expect(stripTags('a<SCRIPT type="text/javascript">x()</SCRIPT >b')).to.equal('ab');
    expect(stripTags('a<script/>still script</script>b')).to.equal('ab');
    expect(stripTags('a<script>never closed')).to.equal('a');
    expect(stripTags('a<scripts>b</scripts>')).to.equal('ab');
  });

  it('removes comments, doctypes and bogus comments', () => {
    expect(stripTags('a<!-- hidden <b>x</b> -->b')).to.equal('ab');
    expect(stripTags('a<!-- never closed')).to.equal('a');
    expect(stripTags('<!DOCTYPE html>a<?php echo 1 ?>b</ x>c</>d')).to.equal('abcd');
  });

  it('decodes entities only after the tags are gone', () => {
    expect(stripTags('&lt;script&gt;alert(1)&lt;/script&gt;')).to.equal('<script>alert(1)</script>');
    expect(stripTags('&lt;b&gt;bold&lt;/b&gt;')).to.equal('<b>bold</b>');
    // A reference split by a tag is not a reference.
    expect(stripTags('&am<b></b>p;')).to.equal('&amp;');
  });

  it('honours quoted attribute values that contain >', () => {
    expect(stripTags('<a title="x>y" href=\'a>b\'>z</a>')).to.equal('z');
    expect(stripTags('<a b=c="d>e">f')).to.equal('e">f');
  });

  it('separates block elements and collapses whitespace', () => {
    expect(stripTags('<p>a</p><p>b</p>')).to.equal('a b');
    expect(stripTags('line<br>break<br/>again')).to.equal('line break again');
    expect(stripTags('  <p>\n  Lorem \t ipsum&nbsp;&nbsp;dolor </p>  ')).to.equal('Lorem ipsum dolor');
    expect(stripTags('<ul><li>one</li><li>two</li></ul>')).to.equal('one two');
  });

  it('keeps a < that does not start a tag', () => {
    expect(stripTags('a < b and 1<2')).to.equal('a < b and 1<2');
    expect(stripTags('<<b>x</b>')).to.equal('<x');
    expect(stripTags('a<b')).to.equal('a'); // an unterminated tag swallows the rest, as in browsers
    expect(stripTags('')).to.equal('');
    expect(stripTags(undefined as unknown as string)).to.equal('');
  });

  it('stays linear on pathological input', () => {
    const inputs = [
      '<'.repeat(100000),
      '<a'.repeat(100000),
      '<a ="'.repeat(50000),
      "<a b='".repeat(50000),
      '<!--'.repeat(50000),
      '<script>'.repeat(50000),
      '</'.repeat(100000),
      '<!'.repeat(100000),
      '&#'.repeat(100000),
      '&a'.repeat(100000),
      `&${'a'.repeat(100000)}`,
      `<p${' x=y'.repeat(50000)}`,
      '<script></script>'.repeat(20000),
      '<a>&amp;'.repeat(50000),
    ];
    const start = performance.now();
    for (const input of inputs) stripTags(input);
    expect(performance.now() - start).to.be.lessThan(1500);
    expect(stripTags('<'.repeat(100000))).to.equal('<'.repeat(100000));
    expect(stripTags('<a>&amp;'.repeat(3))).to.equal('&&&');
  });
});

describe('collapseWhitespace and escapeHtml', () => {
  it('collapse every kind of whitespace run', () => {
    expect(collapseWhitespace(' a \n\t b\u00a0\u00a0c  ')).to.equal('a b c');
  });

  it('escape the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).to.equal('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(escapeHtml('plain')).to.equal('plain');
  });
});

describe('safeUrl', () => {
  it('keeps absolute http and https URLs, normalized', () => {
    expect(safeUrl('https://example.org/events/jazz-night/')).to.equal('https://example.org/events/jazz-night/');
    expect(safeUrl('http://example.org')).to.equal('http://example.org/');
    expect(safeUrl('  HTTPS://Example.org/a b?q="x"  ')).to.equal('https://example.org/a%20b?q=%22x%22');
    expect(safeUrl('https://example.org/blog/?rest_route=/wp/v2/mep_events')).to.equal('https://example.org/blog/?rest_route=/wp/v2/mep_events');
  });

  it('rejects script schemes, including obfuscated ones', () => {
    for (const value of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\rscript:alert(1)',
      '\u0000javascript:alert(1)',
      ' \u0001javascript:alert(1)',
      '  javascript:alert(1)',
      'javascript://example.org/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'vbscript:msgbox(1)',
      'VBScript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.org/',
      'mailto:a@example.org',
      'blob:https://example.org/uuid',
      'about:blank',
    ]) {
      expect(safeUrl(value), JSON.stringify(value)).to.equal('');
    }
  });

  it('rejects relative, protocol-relative, credentialed and non-string values', () => {
    for (const value of [
      '//evil.example/x',
      '/relative/path',
      'relative',
      'example.org',
      '#top',
      '?q=1',
      '',
      '   ',
      'http://',
      'https://exa mple.org/',
      'https://exa%20mple.org/',
      'https://ex<a>mple.org/',
      'https://user:pass@example.org/',
      'https://example.org@evil.example/',
      null,
      undefined,
      42,
      {},
      ['https://example.org/'],
      new URL('https://example.org/'),
    ]) {
      expect(safeUrl(value), String(value)).to.equal('');
    }
  });
});

describe('sanitizeHtml', () => {
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
    host.innerHTML = html;
    document.body.append(host);
    mounted.push(host);
    return host;
  }

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
    expect(sanitizeHtml('<p>Hello <strong>World</strong> <em>and</em> <code>x</code></p>')).to.equal(
      '<p>Hello <strong>World</strong> <em>and</em> <code>x</code></p>',
    );
    expect(sanitizeHtml('<p style="color:red" class="lead" id="intro" title="t" data-x="1" aria-label="l">a</p>')).to.equal('<p>a</p>');
    expect(sanitizeHtml('<div><h1>Title</h1><h2>Sub</h2><table><tr><td>cell</td></tr></table></div>')).to.equal('Title<h2>Sub</h2>cell');
    expect(sanitizeHtml('')).to.equal('');
  });

  it('keeps http(s) and mailto links and makes them open safely in a new tab', () => {
    const host = mount(sanitizeHtml('<a href="https://example.org/x" onclick="evil()" title="t">x</a><a href="mailto:info@example.org">m</a>'));
    const [web, mail] = host.querySelectorAll('a');
    expect(web?.getAttribute('href')).to.equal('https://example.org/x');
    expect(web?.getAttribute('rel')).to.equal('noopener noreferrer nofollow');
    expect(web?.getAttribute('target')).to.equal('_blank');
    expect(web?.hasAttribute('onclick')).to.equal(false);
    expect(mail?.getAttribute('href')).to.equal('mailto:info@example.org');
    expect(mail?.getAttribute('rel')).to.equal('noopener noreferrer nofollow');
  });

  it('drops relative and script hrefs but keeps the link text', () => {
    const host = mount(sanitizeHtml('<a href="/events/">rel</a><a href="javascript:alert(1)">js</a><a>bare</a>'));
    for (const a of host.querySelectorAll('a')) {
      expect(a.hasAttribute('href')).to.equal(false);
      expect(a.hasAttribute('target')).to.equal(false);
    }
    expect(host.textContent).to.equal('reljsbare');
  });

  it('does not change the shared DOMPurify instance other code uses', () => {
    sanitizeHtml('<a href="https://example.org/">x</a>');
    const shared = DOMPurify.sanitize('<a href="https://example.org/" class="c">x</a><img src="https://example.org/i.png">');
    expect(shared).to.include('class="c"');
    expect(shared).to.include('<img');
    expect(shared).to.not.include('target');
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
      const out = sanitizeHtml(payload);
      expect(out).to.not.match(/<(?:script|iframe|object|embed|svg|math|style|form|input|img|video|source|base|meta|link)\b/i);
      // Inside tags only: entity-encoded payloads legitimately remain as visible text.
      expect(out).to.not.match(/<[^>]*\son\w+\s*=/i);
      expect(out).to.not.match(/<[^>]*(?:href|src)\s*=\s*["']?\s*(?:javascript|data|vbscript):/i);
      const host = mount(out);
      expectHarmless(host, label);
      // Anything that slipped through had its error/load handlers' turn before the control's ran.
      await xssControlRan();
      expect(win.__xss, label).to.equal(undefined);
    });
  }

  it('renders entity-encoded tags as literal text, not markup', () => {
    const host = mount(sanitizeHtml('&lt;script&gt;x&lt;/script&gt;'));
    expect(host.children.length).to.equal(0);
    expect(host.textContent).to.equal('<script>x</script>');
  });

  it('never set the XSS flag across all payloads', async () => {
    for (const [, payload] of PAYLOADS) mount(sanitizeHtml(payload));
    await xssControlRan();
    expect(win.__xss).to.equal(undefined);
  });
});

describe('sanitizeWithoutDom (the Node path of sanitizeHtml)', () => {
  it('returns escaped plain text with no markup at all', () => {
    expect(sanitizeWithoutDom('<p>Hello <b>World</b></p><script>alert(1)</script>')).to.equal('Hello World');
    expect(sanitizeWithoutDom('Tom &amp; Jerry &#8211; &lt;b&gt;')).to.equal('Tom &amp; Jerry – &lt;b&gt;');
    expect(sanitizeWithoutDom('<a href="https://example.org/" title=\'"x"\'>it\'s</a>')).to.equal('it&#39;s');
  });

  it('leaves no tag in any XSS payload', () => {
    for (const payload of [
      '<img src=x onerror=alert(1)>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '<svg><script>alert(1)</script></svg>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '"><img src=x onerror=alert(1)>',
      '<<script>script>alert(1)<</script>/script>',
    ]) {
      const out = sanitizeWithoutDom(payload);
      expect(out, payload).to.not.include('<');
      expect(out, payload).to.not.include('>');
      expect(out, payload).to.not.include('"');
    }
  });
});
