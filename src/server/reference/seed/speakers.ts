import type { SeedClock } from './clock.js';
import { makeMedia } from './media.js';
import { Prng } from './prng.js';
import { PublishTimes } from './publish.js';
import { plainText, uniqueSlugger } from './slug.js';
import type { Media, Post } from './types.js';

/** Speakers are plain posts: bio in content, "Role · Company" in the excerpt. Ids 20, 22 … 34; photo = id + 1. */
const SPEAKERS: ReadonlyArray<[string, string, string]> = [
  ['Amara Okafor', 'Keynote Speaker · CEO, Lumen Labs', 'builds developer platforms used by two million engineers.'],
  ['Jonas Weißmann', 'Principal Engineer · Nordwind Cloud', 'has run large Kubernetes fleets since 2016.'],
  ['Li Wei', 'Data Scientist · Harbor Analytics', 'works on forecasting for public transport.'],
  ['Sofía Martínez', 'Product Director · Tandem', 'leads product for a marketplace across twelve countries.'],
  ['Tomasz Kowalski', 'Founder · Kowalski &#038; Partners', 'advises early-stage founders on fundraising.'],
  ['Hannah O&#8217;Brien', 'UX Researcher · BrightCanvas', 'studies how people book tickets on their phones.'],
  ['Rahul Mehta', 'Security Lead · Openforge', 'hunts bugs in payment systems.'],
  ['Elif Yılmaz', 'Conductor · Bosporus Chamber Orchestra', 'has conducted in Vienna, Istanbul and Paris.'],
];

export function seedSpeakers(clock: SeedClock, media: Map<number, Media>): Post[] {
  const rng = new Prng(0x5eed_0002);
  const publish = new PublishTimes(clock, rng);
  const slug = uniqueSlugger();
  return SPEAKERS.map(([name, role, bio], index) => {
    const id = 20 + 2 * index;
    const date = publish.on(-rng.int(200, 400));
    const postSlug = slug(name);
    const photo = makeMedia({
      id: id + 1,
      name: `speaker-${postSlug}.svg`,
      title: plainText(name),
      alt: plainText(name),
      label: plainText(name)
        .split(' ')
        .map((part) => part[0])
        .join(''),
      width: 400,
      height: 400,
      date,
      parent: id,
    });
    media.set(photo.id, photo);
    return {
      id,
      slug: postSlug,
      status: 'publish',
      date,
      modified: publish.modified(date),
      title: name,
      content: `<p>${name} ${bio}</p>\n`,
      excerpt: `<p>${role}</p>\n`,
      featuredMedia: photo.id,
    };
  });
}
