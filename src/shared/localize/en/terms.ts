/** English strings of the category and organizer selects. */
export const TERMS_EN = {
  categoryLabel: 'Category',
  organizerLabel: 'Organizer',
  allCategories: 'All categories',
  allOrganizers: 'All organizers',
  termsEmpty: 'Nothing to choose from yet.',
  termWithCount: '{name} ({count})',
  categoryRequired: 'Please choose a category.',
  organizerRequired: 'Please choose an organizer.',
  // Also in BUSES_EN: a page loads only the families of its widgets.
  stillLoading: 'Still loading, please wait.',
};
