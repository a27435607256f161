// Types only: declares every ticketing-widgets tag in Vue's GlobalComponents (attributes,
// properties and events with typed CustomEvent details), for vue-tsc and editors. No runtime code.
import type {} from 'ticketing-widgets/vue';
