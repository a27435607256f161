// Dark mode (`prefers-color-scheme: dark`, emulated): the widgets paint a dark ground of their own,
// so the page's fallback link in an error box must not keep the browser's default link blue, which
// is unreadable there (axe: colour contrast). Every element with a site to read fails here: the
// loopback server answers 500 to everything.
import { expect, fixtureCleanup, fixtureSync, html } from '@open-wc/testing';
import { unsafeStatic, html as staticHtml } from 'lit/static-html.js';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/index.js';
import { scriptedServer, type LoopbackServer } from '../helpers/servers.js';

const CASES: Array<[string, string]> = [
  ['event-list', ''],
  ['event-speaker-list', ''],
  ['bus-list', 'from="Paris" to="Berlin" dialect="plugin"'],
  ['bus-route-map', 'bus-id="7" dialect="plugin"'],
];

describe('dark mode: the fallback link in an error box stays readable', () => {
  let server: LoopbackServer | undefined;
  afterEach(async () => {
    fixtureCleanup();
    await emulateMedia({ colorScheme: 'light' });
    await server?.stop();
    server = undefined;
  });

  for (const [tag, attributes] of CASES) {
    it(`<${tag}>`, async () => {
      await emulateMedia({ colorScheme: 'dark' });
      server = await scriptedServer([{ status: 500, body: { code: 'internal_server_error', message: 'x', data: { status: 500 } } }]);
      const wrapper = fixtureSync(
        html`<div>
          ${staticHtml`<${unsafeStatic(tag)} base-url=${`${server.origin}/wp-json`} ${unsafeStatic(attributes)}><a slot="fallback" href="/timetable">Timetable</a></${unsafeStatic(tag)}>`}
        </div>`,
      );
      const el = wrapper.firstElementChild as HTMLElement;
      await new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const look = () =>
          el.shadowRoot?.querySelector('[part~="error"]') ? resolve() : Date.now() - started > 8000 ? reject(new Error('no error box')) : setTimeout(look, 50);
        look();
      });
      await expect(el).to.be.accessible();
    });
  }
});
