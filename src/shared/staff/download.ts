/**
 * Saving an export: a cancelable `download` event first (an app can upload the text instead, and
 * tests read it there), then the browser's download of a Blob under the file name.
 */

/** `download` detail: what would be saved. */
export interface DownloadDetail {
  filename: string;
  /** `text/csv;charset=utf-8` or `application/json`. */
  type: string;
  content: string;
}

export function offerDownload(host: HTMLElement, detail: DownloadDetail): void {
  const proceed = host.dispatchEvent(new CustomEvent<DownloadDetail>('download', { bubbles: true, composed: true, cancelable: true, detail }));
  if (!proceed) return;
  const url = URL.createObjectURL(new Blob([detail.content], { type: detail.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = detail.filename;
  // In the host's shadow root: a click on a detached link is ignored by some browsers. Removed in
  // the same turn, it is never laid out: nothing to hide.
  (host.shadowRoot ?? document.body).append(link);
  link.click();
  link.remove();
  // Revoked later: the download reads the Blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** A file name part made of letters, digits and dashes only. */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-|-$/g, '');
}
