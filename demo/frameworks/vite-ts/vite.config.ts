import { defineConfig } from 'vite';

// No plugin is needed: the package ships standard ES modules and registers its elements itself.
export default defineConfig({});
