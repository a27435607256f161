// Removes build output so a build never ships files from a deleted source module.
import { rmSync } from 'node:fs';
rmSync(new URL('../../dist', import.meta.url), { recursive: true, force: true });
