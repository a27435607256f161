import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      // Dashed tags are web components: Vue renders them as elements instead of resolving them
      // as Vue components (and warning that it cannot).
      template: { compilerOptions: { isCustomElement: (tag) => tag.includes('-') } },
    }),
  ],
});
