// `npm run analyze` (part of `npm run build`): writes custom-elements.json from the JSDoc tags
// (@summary, @slot, @event, @csspart, @cssproperty) on the element classes.
export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/server/**', 'src/**/*.test.ts', 'src/**/*.test-support.ts'],
  outdir: '.',
  litelement: true,
};
