// The IIFE build on a page that is not UTF-8: a CMS page in windows-1252 loading the script from a
// server that sends no charset decodes the script in the page's encoding. The bundle is ASCII-only
// (non-ASCII escaped), so its German text still reads right there.
import { expect, waitUntil } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../helpers/servers.js';

describe('the IIFE build in a windows-1252 page', () => {
  let server: LoopbackServer | undefined;
  let frame: HTMLIFrameElement | undefined;
  afterEach(async () => {
    frame?.remove();
    URL.revokeObjectURL(frame?.src ?? '');
    await server?.stop();
  });

  it('shows "Prüfen Sie …" (not "PrÃ¼fen") when the script comes without a charset', async () => {
    const bundle = await (await fetch('/dist/cdn/ticketing-widgets.iife.js')).text();
    // The script without a charset (only the media type), and a dead endpoint for the widget to report.
    server = await scriptedServer([], { 'bundle.js': [{ body: bundle, headers: { 'Content-Type': 'text/javascript' } }], 'wp-json': [{ destroy: true }] });
    const page = `<!doctype html><html lang="de"><head><meta charset="windows-1252"></head><body>
      <event-list lang="de" base-url="${server.origin}/wp-json"></event-list>
      <script src="${server.origin}/bundle.js"></script></body></html>`;
    frame = document.createElement('iframe');
    frame.src = URL.createObjectURL(new Blob([page], { type: 'text/html;charset=windows-1252' }));
    document.body.append(frame);
    const message = () => frame!.contentDocument?.querySelector('event-list')?.shadowRoot?.querySelector('[part~="error-message"]')?.textContent ?? '';
    await waitUntil(() => message() !== '', 'the error message', { timeout: 8000 });
    expect(frame.contentDocument!.characterSet.toLowerCase()).to.equal('windows-1252');
    expect(message()).to.equal('Die Website ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.');
  });
});
