// Types only: declares every ticketing-widgets tag in Svelte's SvelteHTMLElements (attributes,
// properties and on<event-name> handlers with typed CustomEvent details), for svelte-check and
// editors. No runtime code.
import type {} from 'ticketing-widgets/svelte';
