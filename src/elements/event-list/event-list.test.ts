import { expect, fixture, html, waitUntil, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './event-list.js';
import type { EventList } from './event-list.js';
import { referenceServer, scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { cacheForOrigin } from '../../api/cache.js';

const parts = (el: Element, part: string) => [...el.shadowRoot!.querySelectorAll(`[part~="${part}"]`)];
const part = (el: Element, name: string) => el.shadowRoot!.querySelector(`[part~="${name}"]`);

async function settled(el: EventList): Promise<void> {
  await waitUntil(() => !el.hasAttribute('pending') && (part(el, 'list') || part(el, 'empty') || part(el, 'error')), 'list settles', { timeout: 8000 });
}

describe('<event-list> against the reference API', () => {
  let server: LoopbackServer;
  before(async () => {
    server = await referenceServer();
  });
  after(() => server.stop());
  afterEach(() => cacheForOrigin(server.origin).clear());

  it('shows a skeleton with pending, then events; accessible in both states', async () => {
    const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`} per-page="5"></event-list>`);
    expect(el.hasAttribute('pending')).to.equal(true);
    expect(part(el, 'loading')).to.exist;
    await expect(el).to.be.accessible();
    await settled(el);
    expect(parts(el, 'item').length).to.equal(5);
    expect(part(el, 'page-status')!.textContent).to.match(/Page 1 of \d+/);
    await expect(el).to.be.accessible();
  });
});
