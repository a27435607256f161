import { expect } from '@open-wc/testing';
import { escapeHtml, sanitizeWithoutDom } from '../../src/api/text-escape.js';
import { collapseWhitespace, decodeEntities, safeUrl, stripTags } from '../../src/api/text.js';

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

  it('decodes every name of its table, and 0x80–0x9F references, as the browser does', () => {
    const browser = (html: string): string => {
      const area = document.createElement('textarea');
      area.innerHTML = html;
      return area.value;
    };
    const names = [
      ...'quot amp apos lt gt OElig oelig Scaron scaron Yuml fnof circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash mdash'.split(' '),
      ...'lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger bull hellip permil prime Prime lsaquo rsaquo euro trade larr uarr'.split(' '),
      ...'rarr darr harr minus infin ne le ge asymp hearts check star'.split(' '),
      // HTML 4's Latin-1 table, U+00A0..U+00FF.
      ...'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro'.split(' '),
      ...'para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil'.split(' '),
      ...'Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave'.split(' '),
      ...'Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml'.split(' '),
      ...'igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute'.split(' '),
      'thorn',
      'yuml',
    ];
    expect(names).to.have.length(149);
    for (const name of names) expect(decodeEntities(`a&${name};b`), name).to.equal(browser(`a&${name};b`));
    for (let code = 0x80; code <= 0x9f; code++) {
      expect(decodeEntities(`&#${code};&#x${code.toString(16)};`), String(code)).to.equal(browser(`&#${code};&#x${code.toString(16)};`));
    }
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
      // Not in the table, though a slip in deriving Latin-1's lower-case names would make them so.
      '&Times;',
      '&SZLIG;',
      '&Divide;',
      '&etH;',
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
