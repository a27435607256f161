import { createApp } from 'vue';
// Registers every element of the package (<event-list>, <bus-list>, …) before Vue mounts.
import 'ticketing-widgets';
import App from './App.vue';

createApp(App).mount('#app');
