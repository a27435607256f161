import { mount } from 'svelte';
// Registers <event-list> before Svelte mounts: Svelte sets a prop as a property only when the
// element already has it, so an unregistered <event-list> would get `strings="[object Object]"`.
import 'ticketing-widgets/event-list.js';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app');
mount(App, { target });
