import { defineConfig } from 'vitest/config';
import { testReporters } from '../../scripts/lib/test-reporters';

export default defineConfig({
  test: {
    reporters: testReporters('shared'),
  },
});
