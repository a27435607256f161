// The relative module specifiers a file imports, as regular expressions (global: use with
// matchAll, the specifier is group 1). Shared by the Node tools that read built or source files
// and the browser helper that reads the served ones, so all read a module graph the same way.

/** `import … from './x.js'`, `import './x.js'`, `export … from './x.js'`: loaded before the module runs. */
export const STATIC_IMPORT = /(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.[^"']+)["']/g;

/** `import('./x.js')`: loaded when the code runs it. */
export const DYNAMIC_IMPORT = /import\(\s*["'](\.[^"']+)["']\s*\)/g;

/**
 * In TypeScript sources: the static imports that load code (`import type`, `export type` load
 * nothing; `import { type A, b }` does load its module).
 */
export const SOURCE_VALUE_IMPORT = /(?:import|export)(?!\s+type\s)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.[^"']+)["']/g;
