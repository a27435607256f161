import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// Svelte needs no option for custom elements: a dashed tag is always an element, and a prop the
// registered element has (`strings`) is set as a property, any other as an attribute.
export default defineConfig({ plugins: [svelte()] });
