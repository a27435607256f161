// CSV as spreadsheets read it safely (api/export/csv.ts): RFC 4180 and OWASP's CSV-injection rules.
import { expect } from '@open-wc/testing';
import { csvField, neutralizeFormula, toCsv } from '../../src/api/export/csv.js';

describe('toCsv', () => {
  it('starts with a BOM, ends every record with CRLF, quotes text and doubles quotes', () => {
    expect(toCsv(['Name', 'Price'], [['Zoë "Z" Müller', 12.5]])).to.equal('\uFEFF"Name","Price"\r\n"Zoë ""Z"" Müller",12.5\r\n');
  });

  it('keeps commas and line breaks inside a quoted field (one record, not two), each break as a line feed', () => {
    // A carriage return inside a cell is drawn as a box by Excel; its own in-cell break is a line feed.
    expect(toCsv(['Note'], [['a, b\r\nc\nd\re']], { bom: false })).to.equal('"Note"\r\n"a, b\nc\nd\ne"\r\n');
    expect(csvField('\rCarriage')).to.equal('"\'\nCarriage"');
  });

  it('drops NUL and the other control characters a cell cannot show; a formula behind them is still neutralised', () => {
    // NUL makes common CSV readers reject the whole file; ASVS 1.2.10 names a leading NUL as a formula start.
    expect(csvField('Zo\u0000ë\u0007 \u001bM\u007f')).to.equal('"Zoë M"');
    for (const [start, kept] of [
      ['\u0000=', '='],
      ['\u0001+', '+'],
      ['\u0000 @', ' @'],
      ['\u001f-', '-'],
    ])
      expect(csvField(`${start}SUM(1)`), JSON.stringify(start)).to.equal(`"'${kept}SUM(1)"`);
    expect(neutralizeFormula('\u0000=1')).to.equal("'\u0000=1");
    // C1 controls too: U+009B is a CSI and U+009D an OSC to some terminals, where `export` may print.
    expect(csvField('\u009b2J\u009d0;owned\u009cZoë\u0085')).to.equal('"2J0;ownedZoë"');
    expect(csvField('\u0085=SUM(1)')).to.equal(`"'=SUM(1)"`);
  });

  it('neutralises a formula behind invisible format characters and in the compatibility forms of = + - @', () => {
    // Zero-width space, LRM, RLM, word joiner, soft hyphen, a bidi override; small, superscript and subscript forms.
    for (const start of ['\u200b=', '\u200e=', '\u200f+', '\u2060-', '\u00ad@', '\u202e=', '\ufe66', '\ufe62', '\ufe63', '\ufe6b', '\u207c', '\u208a'])
      expect(neutralizeFormula(`${start}1+1`), JSON.stringify(start)).to.equal(`'${start}1+1`);
    // Right-to-left names and other text that merely contains such characters stay as they are.
    for (const text of ['\u200fسارة أحمد', 'نور\u200e-1', '\u2212 5', 'Zoë\u00ad=']) expect(neutralizeFormula(text), JSON.stringify(text)).to.equal(text);
  });

  it('neutralises every formula start OWASP names, and only at the start', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralizeFormula(`${start}SUM(A1)`)).to.equal(`'${start}SUM(A1)`);
    expect(neutralizeFormula('A=1')).to.equal('A=1');
    // Behind whitespace an importing app may trim, and in full-width forms.
    for (const start of [' =', '\n=', '\u00a0=', '\u3000+', '\ufeff@', ' \t-', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'])
      expect(neutralizeFormula(`${start}1+1`), JSON.stringify(start)).to.equal(`'${start}1+1`);
    expect(neutralizeFormula(' Paris = Berlin')).to.equal(' Paris = Berlin');
    expect(csvField('=HYPERLINK("http://x.example","y")')).to.equal('"\'=HYPERLINK(""http://x.example"",""y"")"');
  });

  it('writes numbers as numbers (a negative price is no formula), booleans as words, null as empty', () => {
    expect([csvField(-5), csvField(Number.NaN), csvField(true, { yes: 'Ja' }), csvField(false), csvField(null)]).to.deep.equal(['-5', '', '"Ja"', '"no"', '']);
  });
});
