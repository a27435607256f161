// Shared harness for element tests: shadow-part queries, text cleaning, settle waits, server setup and XSS payloads.
import { expect, fixtureCleanup, waitUntil } from '@open-wc/testing';
import { proxiedServer, referenceServer, type LoopbackServer } from './servers.js';
import { cacheForOrigin } from '../../src/api/cache.js';
import { defineElement } from '../../src/shared/define.js';

export const shadow = (el: Element) => el.shadowRoot!;
export const part = (el: Element, name: string) => shadow(el).querySelector<HTMLElement>(`[part~="${name}"]`);
export const parts = (el: Element, name: string) => [...shadow(el).querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
/** Collapses whitespace runs and trims. */
export const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
/** The cleaned text of `node`. */
export const text = (node: Element | null | undefined) => clean(node?.textContent);
export const textOf = (el: Element, name: string) => clean(part(el, name)?.textContent);
/** The language `node` is read in: the `lang` of its nearest marked ancestor (or itself). */
export const langOf = (node: Element | null) => node!.closest('[lang]')!.getAttribute('lang');

/** Waits until `el` is not pending and one of `names` parts (default list, empty, error) is rendered. */
export async function settled(el: Element, names: string[] = ['list', 'empty', 'error'], message = 'the element settles', timeout = 8000): Promise<void> {
  await waitUntil(() => !el.hasAttribute('pending') && names.some((name) => part(el, name)), message, { timeout });
}

/** `el` shows its loading skeleton: pending, aria-busy, a `loading` part, and accessible. */
export async function expectLoadingSkeleton(el: Element): Promise<void> {
  expect(el.hasAttribute('pending')).to.equal(true);
  expect(el.getAttribute('aria-busy')).to.equal('true');
  expect(part(el, 'loading')).to.exist;
  await expect(el).to.be.accessible();
}

/** Starts the reference server for a describe block; `onReady` receives it and its REST base. Clears its cache after each test. */
export function useReferenceServer(onReady: (server: LoopbackServer, base: string) => void, options?: Parameters<typeof referenceServer>[0]): void {
  let server: LoopbackServer;
  before(async () => {
    server = await referenceServer(options);
    onReady(server, `${server.origin}/wp-json`);
  });
  after(() => server.stop());
  afterEach(() => cacheForOrigin(server.origin).clear());
}

/** The servers a suite that mounts every element needs: {@link useElementServers}. */
export interface ElementServers {
  /** The reference API in the contract dialect. */
  contract: LoopbackServer;
  /** The reference API in the bus plugin's dialect, without its rate limit. */
  plugin: LoopbackServer;
  /** Our proxy in front of the reference API, for the staff lists (`Bearer <token>`). */
  staff: LoopbackServer;
}

/**
 * Starts the three servers once for the suite and stops them after it; after each test, removes
 * fixtures and clears the servers' caches, so each test loads afresh.
 */
export function useElementServers(staff: { token: string; clientBusRate?: number }): ElementServers {
  const servers = {} as ElementServers;
  before(async () => {
    [servers.contract, servers.plugin, servers.staff] = await Promise.all([
      referenceServer(),
      referenceServer({ dialect: 'plugin', rateLimitPerMinute: 0 }),
      proxiedServer(staff),
    ]);
  });
  after(() => Promise.all(Object.values(servers).map((server) => server.stop())));
  afterEach(() => {
    fixtureCleanup();
    for (const server of Object.values(servers)) cacheForOrigin(server.origin).clear();
  });
  return servers;
}

/**
 * After each test: removes fixtures when `cleanup`, clears the cache of the scripted server `current()` returns (if any),
 * stops it, then calls `reset` (to forget it).
 */
export function stopServerAfterEach(current: () => LoopbackServer | undefined, options: { cleanup?: boolean; reset?: () => void } = {}): void {
  afterEach(async () => {
    if (options.cleanup) fixtureCleanup();
    const server = current();
    if (server) cacheForOrigin(server.origin).clear();
    await server?.stop();
    options.reset?.();
  });
}

/** After each test: stops (and, with `clearCache`, clears the cache of) every server in `servers`, emptying it. */
export function stopServersAfterEach(servers: LoopbackServer[], clearCache = false): void {
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      if (clearCache) cacheForOrigin(server.origin).clear();
      await server.stop();
    }
  });
}

let lateTags = 0;

/**
 * A fresh tag and the `define()` that makes it a subclass of `element`: elements created with the
 * tag are still undefined, as a page's script finds them before the CDN loader defines them.
 */
export function lateDefinition(element: CustomElementConstructor): { tag: string; define: () => void } {
  const tag = `late-definition-${++lateTags}`;
  return { tag, define: () => customElements.define(tag, class extends (element as { new (): HTMLElement }) {}) };
}

/** Loading the module twice, or another definition of `tag`, must not throw and must warn once. */
export async function expectRedefinitionTolerated(tag: string, element: CustomElementConstructor, reload: () => Promise<unknown>): Promise<void> {
  const original = customElements.get(tag);
  expect(original).to.equal(element);
  await reload();
  const warn = console.warn;
  const warnings: unknown[] = [];
  console.warn = (...args: unknown[]) => warnings.push(args);
  try {
    expect(() => defineElement(tag, class extends (element as { new (): HTMLElement }) {})).to.not.throw();
  } finally {
    console.warn = warn;
  }
  expect(warnings.length).to.equal(1);
  expect(customElements.get(tag)).to.equal(original);
}

/** Hostile payloads setting `window[flag]`; `pick` selects (and orders) entries by index. */
export function xssPayloads(flag: string, pick?: number[]): string[] {
  const hit = `window.${flag}=1`;
  const all = [
    `<img src=x onerror="${hit}">`,
    `<script>${hit}</script>`,
    `<svg onload="${hit}"></svg>`,
    `<svg><script>${hit}</script></svg>`,
    `<a href="javascript:${hit}">click</a>`,
    `<a href="JaVaScRiPt:${hit}">click</a>`,
    `<a href="java&#x09;script:${hit}">click</a>`,
    `<a href="data:text/html,<script>${hit}</script>">click</a>`,
    `<iframe srcdoc="<script>parent.${hit}</script>"></iframe>`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${hit}">`,
    `<details open ontoggle="${hit}">x</details>`,
    `<body onload="${hit}">`,
    `<object data="javascript:${hit}"></object>`,
    `<embed src="javascript:${hit}">`,
    `<video><source onerror="${hit}"></video>`,
    `<input autofocus onfocus="${hit}">`,
    `<form action="javascript:${hit}"><button>go</button></form>`,
    `&lt;img src=x onerror="${hit}"&gt;`,
    `&#60;script&#62;${hit}&#60;/script&#62;`,
    `<noscript><p title="</noscript><img src=x onerror=${hit}>">`,
    `"><img src=x onerror=${hit}>`,
    `<style>@import 'javascript:${hit}';</style>`,
    `<meta http-equiv="refresh" content="0;url=javascript:${hit}">`,
    `<svg><animate onbegin="${hit}" attributeName="x" dur="1s">`,
    `<img srcset="x 1x" onerror="${hit}">`,
  ];
  return pick ? pick.map((index) => all[index]!) : all;
}

let xssControls = 0;

/**
 * The positive control that replaces "wait a while, then check the XSS flag": appends to the
 * document a benign image that cannot load, with an inline `onerror`, and a `javascript:` link that
 * it clicks, and resolves once both have run (then removes them). So inline handlers and
 * `javascript:` URLs demonstrably run on this page (a flag left unset means the payloads were
 * neutralized, not that they had no chance), and the control's own image request and script task
 * were queued after those of anything rendered or clicked before it. The image is a same-origin
 * file that is not an image (an answer, so no 404 in the log, that fails to decode).
 */
export async function xssControlRan(): Promise<void> {
  const key = `__twXssControl${++xssControls}`;
  const w = window as unknown as Record<string, unknown>;
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = `<img alt="" src="/package.json?${key}" onerror="window.${key}_image=1"><a href="javascript:window.${key}_link=1">control</a>`;
  document.body.append(holder);
  try {
    holder.querySelector('a')!.click();
    await waitUntil(() => w[`${key}_image`] === 1 && w[`${key}_link`] === 1, 'the XSS control handlers run', { timeout: 5000 });
  } finally {
    holder.remove();
    delete w[`${key}_image`];
    delete w[`${key}_link`];
  }
}

/** No payload ran, no active element or `on*` attribute exists in the shadow root. */
export function expectInert(el: Element, flag: string): void {
  expect((window as unknown as Record<string, unknown>)[flag]).to.equal(undefined);
  const root = el.shadowRoot!;
  expect(root.querySelectorAll('script, img, svg, iframe, details, object, embed').length).to.equal(0);
  for (const node of root.querySelectorAll('*')) {
    for (const attribute of node.attributes) expect(attribute.name.startsWith('on'), `${node.localName}[${attribute.name}]`).to.equal(false);
  }
}
