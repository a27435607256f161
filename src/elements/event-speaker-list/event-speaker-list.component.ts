import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import { listSpeakers } from '../../api/speakers.js';
import type { Page, Speaker } from '../../api/models.js';
import { DataTask } from '../../shared/data-task.js';
import { errorView } from '../../shared/error-message.js';
import { pageNumber, pager, goToPage, type PageChangeDetail } from '../../shared/pager.js';
import { siteHtml } from '../../shared/site-html.js';
import { emptyState, errorState, loadingState } from '../../shared/states.js';
import { baseStyles, cardListStyles } from '../../shared/styles.js';
import { TwElement } from '../../shared/tw-element.js';
import { eventSpeakerListStyles } from './event-speaker-list.styles.js';
import { englishFor } from '../../shared/localize/localize.js';
import { SPEAKERS_EN } from '../../shared/localize/en/speakers.js';

export interface SpeakerSelectDetail {
  speaker: Speaker;
}

/** The `page-change` detail, as for every paged element. */
export type { PageChangeDetail } from '../../shared/pager.js';
export type SpeakerPageChangeDetail = PageChangeDetail;

export type SpeakerListLayout = 'grid' | 'list';

/** How much of each biography is shown. */
export type SpeakerBio = 'short' | 'full' | 'none';

/** Up to two letters for the avatar of a speaker without a photo: first and last word's first letter. */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((letter): letter is string => !!letter);
  if (letters.length === 0) return '';
  const first = letters[0]!;
  const last = letters.length > 1 ? letters[letters.length - 1]! : '';
  return (first + last).toUpperCase();
}

/**
 * Speakers from `/wp/v2/mep_event_speaker` (with `_embed` for their photos), latest published
 * first as the site sends them, paged like `<event-list>`.
 *
 * The site exposes speakers only when the event plugin's "REST API" setting is on; otherwise the
 * element says so plainly ("Speakers are not published by this site …").
 *
 * Biographies are site HTML: they are rendered only after sanitizing (simple formatting and
 * http(s)/mailto links survive, nothing that can run). With `bio="short"` (default) the bio is
 * clamped to a few lines by CSS (`--tw-speaker-bio-lines`); the whole text stays in the document for
 * screen readers, and the clamp lifts while a link inside the bio has keyboard focus.
 *
 * @tagname event-speaker-list
 * @summary A paged list of an event site's speakers with photo, role and short bio.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails, e.g. a link to the site's speakers page.
 *
 * @event {CustomEvent<SpeakerSelectDetail>} speaker-select - Cancelable. A speaker's link was activated (plain left click or Enter; modified clicks are left to the browser); `detail.speaker` is the Speaker model. Cancel it to show your own view instead of following the link.
 * @event {CustomEvent<PageChangeDetail>} page-change - Cancelable. The visitor asked for another page; `detail.page`, `detail.previousPage`. Cancel it to keep the page.
 *
 * @csspart content - The wrapper around the list and the pagination.
 * @csspart list - The `<ul>` of speakers.
 * @csspart item - One speaker (`<li>`).
 * @csspart card - The `<article>` inside an item.
 * @csspart photo - The speaker's photo (`alt` is the name).
 * @csspart avatar - The initials shown instead when a speaker has no photo (or it fails to load).
 * @csspart body - The text column: name, role and bio.
 * @csspart name - The speaker's name (a heading).
 * @csspart link - The link to the speaker's page, inside the name.
 * @csspart role - The role line, e.g. "Keynote Speaker · CEO, Lumen Labs".
 * @csspart bio - The sanitized biography.
 * @csspart loading - The loading skeleton.
 * @csspart empty - The "no speakers" message.
 * @csspart error - The error box (`role="alert"`).
 * @csspart error-message - The error text.
 * @csspart retry - The Retry button.
 * @csspart first-page - "First page", in place of Retry when a page past the end was asked for.
 * @csspart pagination - The pagination bar.
 * @csspart previous - The Previous button.
 * @csspart next - The Next button.
 * @csspart page-status - "Page X of Y".
 *
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Secondary text colour (role line).
 * @cssprop --tw-color-background - Background of the element.
 * @cssprop --tw-color-surface - Background of each speaker card.
 * @cssprop --tw-color-border - Borders.
 * @cssprop --tw-color-accent - Links, buttons, focus ring, avatar.
 * @cssprop --tw-color-accent-contrast - Text on accent-coloured buttons and avatars.
 * @cssprop --tw-color-danger - Error border.
 * @cssprop --tw-color-skeleton - Loading placeholder colour, photo background.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size.
 * @cssprop --tw-speaker-photo-size - Size of the photo or avatar (default 6rem).
 * @cssprop --tw-speaker-photo-radius - Corner radius of the photo or avatar (default 50%, a circle).
 * @cssprop --tw-speaker-min-column - Minimum column width in grid layout (default 14rem).
 * @cssprop --tw-speaker-bio-lines - Lines of bio shown with `bio="short"` (default 4).
 */
export class EventSpeakerList extends TwElement {
  static override properties: PropertyDeclarations = {
    perPage: { type: Number, attribute: 'per-page' },
    page: { type: Number, reflect: true },
    layout: { reflect: true },
    bio: { reflect: true },
    linkTarget: { attribute: 'link-target' },
    brokenPhotos: { state: true, attribute: false },
  };

  /** @internal */
  protected static override english = englishFor(SPEAKERS_EN);

  static override styles = [baseStyles, cardListStyles, eventSpeakerListStyles];

  /** Speakers per page (default 10; more than 100 is fetched in 100-speaker pages). */
  perPage = 10;

  /** The page shown, from 1; updated when the visitor pages. */
  page = 1;

  /** `grid` (default): cards in columns. `list`: one speaker per row, photo beside the text. */
  layout: SpeakerListLayout = 'grid';

  /**
   * `short` (default): the sanitized bio clamped to `--tw-speaker-bio-lines` lines. `full`: the whole
   * sanitized bio. `none`: no bio.
   */
  bio: SpeakerBio = 'short';

  /** `target` for speaker links, e.g. `_blank`. */
  linkTarget = '';

  /** Speakers whose photo failed to load; they get the initials avatar. */
  private brokenPhotos: ReadonlySet<number> = new Set();

  private readonly speakers = new DataTask(
    this,
    () => [pageNumber(this.perPage, 10, 1000), pageNumber(this.page, 1)] as const,
    (client, [perPage, page], signal): Promise<Page<Speaker>> => listSpeakers(client, { page, perPage, embed: true }, { signal }),
  );

  private get safeBio(): SpeakerBio {
    return this.bio === 'full' || this.bio === 'none' ? this.bio : 'short';
  }

  override render(): TemplateResult {
    const strings = this.text;
    return html`<div dir=${this.direction} lang=${this.uiLanguage}>
      ${this.speakers.render({
        loading: () => loadingState(strings, 4),
        error: (error, retry) => errorState(errorView(error, strings, 'speakers'), strings, retry, () => goToPage(this, 1)),
        complete: (page, pending) => this.renderPage(page, pending),
      })}
    </div>`;
  }

  private renderPage(page: Page<Speaker>, pending: boolean): TemplateResult {
    const strings = this.text;
    if (page.items.length === 0) return emptyState(strings.speakersEmpty);
    const layout = this.layout === 'list' ? 'list' : 'grid';
    // Read once per page, not per card: the language walks the tree.
    const lang = this.contentLanguage || nothing;
    return html`<div part="content">
      <ul part="list" class="list layout-${layout} bio-${this.safeBio}" aria-label=${strings.speakersLabel}>
        ${page.items.map((speaker) => this.renderSpeaker(speaker, lang))}
      </ul>
      ${pager(
        { page: page.page, totalPages: page.totalPages, busy: pending, go: (to) => goToPage(this, to), label: strings.speakersPagination },
        strings,
        this.locale,
      )}
    </div>`;
  }

  /** `lang`: the page's language for the site's name, role and bio when the interface speaks another (else `nothing`). */
  private renderSpeaker(speaker: Speaker, lang: string | typeof nothing): TemplateResult {
    const named = speaker.name.trim();
    const name = named || this.text.speakerUnnamed;
    const nameLang = named ? lang : nothing;
    const bio = this.safeBio;
    const photo =
      speaker.imageUrl && !this.brokenPhotos.has(speaker.id)
        ? html`<img
            part="photo"
            src=${speaker.imageUrl}
            alt=${name}
            lang=${nameLang}
            loading="lazy"
            decoding="async"
            @error=${() => this.photoFailed(speaker.id)}
          />`
        : html`<span part="avatar" aria-hidden="true">${initials(speaker.name)}</span>`;
    return html`<li part="item">
      <article part="card" class="card">
        ${photo}
        <div part="body">
          <h3 part="name" lang=${nameLang}>
            ${
              speaker.link
                ? html`<a
                    part="link"
                    href=${speaker.link}
                    target=${this.linkTarget || nothing}
                    rel=${this.linkTarget === '_blank' ? 'noopener' : nothing}
                    @click=${(click: MouseEvent) => this.offerLinkActivation(click, 'speaker-select', { speaker })}
                    >${name}</a
                  >`
                : name
            }
          </h3>
          ${speaker.role ? html`<p part="role" lang=${lang}>${speaker.role}</p>` : nothing}
          ${bio !== 'none' && speaker.bioHtml ? html`<div part="bio" lang=${lang}>${siteHtml(speaker.bioHtml)}</div>` : nothing}
        </div>
      </article>
    </li>`;
  }

  private photoFailed(id: number): void {
    if (this.brokenPhotos.has(id)) return;
    this.brokenPhotos = new Set([...this.brokenPhotos, id]);
  }
}
