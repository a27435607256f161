// The IIFE build on a page that enforces Trusted Types (`require-trusted-types-for 'script'`), in a
// browser without the HTML Sanitizer API (DOMPurify's path): excerpts still render as sanitized
// HTML, the JSON-LD is still written, and nothing throws; a page whose `trusted-types` list leaves
// our policies out gets the excerpt as plain text and no JSON-LD, and still nothing throws.
import { expect, waitUntil } from '@open-wc/testing';
import { referenceServer, type LoopbackServer } from '../helpers/servers.js';

describe('the IIFE build under Trusted Types, without Element.setHTML', () => {
  let server: LoopbackServer | undefined;
  let frame: HTMLIFrameElement | undefined;
  afterEach(async () => {
    frame?.remove();
    URL.revokeObjectURL(frame?.src ?? '');
    await server?.stop();
    server = undefined;
  });

  /** A page with this CSP, two lists (the second renders once DOMPurify is in: the synchronous path). */
  async function open(csp: string): Promise<{ errors: string[]; warnings: string[]; violations: string[]; lists: () => Element[]; doc: Document }> {
    server ??= await referenceServer();
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="${csp}">
      <script>window.errors = []; addEventListener('error', (e) => errors.push(String(e.message)));
        addEventListener('unhandledrejection', (e) => errors.push(String(e.reason)));
        window.violations = []; document.addEventListener('securitypolicyviolation', (e) => violations.push(e.sample.split('|')[0]));
        window.warnings = []; const warn = console.warn; console.warn = (first, ...rest) => { warnings.push(String(first)); warn(first, ...rest); };
        delete Element.prototype.setHTML;</script></head><body>
      <event-list base-url="${server.origin}/wp-json" per-page="5"></event-list>
      <script src="${location.origin}/dist/cdn/ticketing-widgets.iife.js"></script>
      <script>setTimeout(() => { const second = document.createElement('event-list');
        second.setAttribute('base-url', '${server.origin}/wp-json'); second.setAttribute('per-page', '5'); second.setAttribute('page', '2');
        document.body.append(second); }, 1500);</script>
      </body></html>`;
    frame = document.createElement('iframe');
    frame.src = URL.createObjectURL(new Blob([page], { type: 'text/html' }));
    const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const doc = frame.contentDocument!;
    const lists = () => Array.from(doc.querySelectorAll('event-list'));
    const { errors, warnings, violations } = frame.contentWindow as unknown as { errors: string[]; warnings: string[]; violations: string[] };
    return { errors, warnings, violations, lists, doc };
  }
  const excerpts = (list: Element) => Array.from(list.shadowRoot?.querySelectorAll('[part~="excerpt"]') ?? []);
  const cards = (list: Element) => list.shadowRoot?.querySelectorAll('[part~="item"]').length ?? 0;
  /** Refused assignments per sink: each is a violation the page may send to its report endpoint. */
  const refusals = (violations: string[], sink: string) => violations.filter((sample) => sample === sink).length;

  it('through our policies: sanitized excerpts in both lists, JSON-LD written, nothing thrown', async () => {
    const { errors, violations, lists } = await open("require-trusted-types-for 'script'");
    await waitUntil(() => lists().length === 2 && lists().every((list) => cards(list) > 0), `both lists show events (${errors.join('; ')})`, { timeout: 10_000 });
    await waitUntil(() => lists().every((list) => list.querySelector('script[type="application/ld+json"]')), 'JSON-LD in both', { timeout: 10_000 });
    for (const list of lists()) {
      expect(excerpts(list).some((excerpt) => excerpt.querySelector('p, strong, em, b, a')), 'the excerpts keep their formatting').to.equal(true);
      expect(list.shadowRoot!.querySelector('script, [onerror], [onclick]')).to.equal(null);
      expect(JSON.parse(list.querySelector('script[type="application/ld+json"]')!.textContent!)).to.be.an('array').that.is.not.empty;
    }
    expect(errors).to.deep.equal([]);
    // One plain assignment refused per sink, the first: the ten excerpts and two JSON-LD blocks after it go straight through our policies.
    expect(refusals(violations, 'Element innerHTML')).to.equal(1);
    expect(refusals(violations, 'HTMLScriptElement textContent')).to.equal(1);
  });

  it('a trusted-types list without our policies: plain-text excerpts, no JSON-LD, nothing thrown', async () => {
    const { errors, warnings, violations, lists } = await open("require-trusted-types-for 'script'; trusted-types lit-html dompurify");
    await waitUntil(() => lists().length === 2 && lists().every((list) => cards(list) > 0 && excerpts(list).length > 0), 'both lists show events', {
      timeout: 10_000,
    }).catch((error: Error) => {
      throw new Error(`${error.message}: ${errors.join('; ')} | ${lists().map((list) => `${list.getAttribute('pending')} ${list.shadowRoot?.textContent?.slice(0, 300)}`).join(' | ')}`);
    });
    // Give the idle-time JSON-LD job its chance to run (and to throw, were it going to).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const list of lists()) {
      expect(excerpts(list).every((excerpt) => excerpt.children.length === 0 && excerpt.textContent!.trim() !== '')).to.equal(true);
      expect(list.hasAttribute('pending')).to.equal(false);
      expect(list.querySelector('script[type="application/ld+json"]')).to.equal(null);
    }
    expect(errors).to.deep.equal([]);
    // A site owner who wonders why the excerpts lost their formatting is told, once per policy.
    const ours = warnings.filter((warning) => warning.startsWith('ticketing-widgets:'));
    expect(ours).to.have.length(2);
    expect(ours.filter((warning) => warning.includes("'ticketing-widgets',") && warning.includes('plain text'))).to.have.length(1);
    expect(ours.filter((warning) => warning.includes("'ticketing-widgets#json-ld'"))).to.have.length(1);
    // And once refused, not asked again: one refused assignment per sink, not one per excerpt.
    expect(refusals(violations, 'Element innerHTML')).to.equal(1);
    expect(refusals(violations, 'HTMLScriptElement textContent')).to.equal(1);
  });
});
