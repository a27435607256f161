/** English strings of the speaker list. */
export const SPEAKERS_EN = {
  speakersLabel: 'Speakers',
  speakersEmpty: 'No speakers yet.',
  speakersPagination: 'Speaker pages',
  speakerUnnamed: 'Unnamed speaker',
};
