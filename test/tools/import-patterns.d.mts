// Types of import-patterns.mjs for the browser tests written in TypeScript.
export declare const STATIC_IMPORT: RegExp;
export declare const DYNAMIC_IMPORT: RegExp;
export declare const SOURCE_VALUE_IMPORT: RegExp;
