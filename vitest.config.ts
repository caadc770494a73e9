// Two test projects: pure unit tests, and tests that need a real WebGPU (Dawn in Node).
import { defineConfig } from 'vitest/config';

const swiftshaderIcd = '/usr/lib/chromium/vk_swiftshader_icd.json';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['src/**/*.gpu.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'gpu',
          include: ['src/**/*.gpu.test.ts'],
          setupFiles: ['tests/setup-dawn.ts'],
          testTimeout: 120_000,
          // Dawn's Vulkan backend finds SwiftShader through the ICD file on machines without a GPU.
          env: process.env.VK_ICD_FILENAMES ? {} : { VK_ICD_FILENAMES: swiftshaderIcd },
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
