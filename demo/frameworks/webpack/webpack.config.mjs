import HtmlWebpackPlugin from 'html-webpack-plugin';

/** @type {import('webpack').Configuration} */
export default {
  // Production: minified, tree-shaken, and modules the package does not list in `sideEffects`
  // are dropped when nothing uses their exports. The package's registering modules are listed.
  mode: 'production',
  entry: './src/main.ts',
  output: { filename: '[name].[contenthash].js', clean: true },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: 'ts-loader',
        // `npm run typecheck` checks the types; the build only strips them. tsconfig.json says
        // noEmit for tsc, which ts-loader must not follow.
        options: { transpileOnly: true, compilerOptions: { noEmit: false } },
      },
    ],
  },
  plugins: [
    // Not minified: the minifier takes <output> for a block and would glue "Page" to the number.
    new HtmlWebpackPlugin({ template: './src/index.html', minify: false }),
  ],
};
