import type { Config } from '@react-router/dev/config';

// The smallest server-rendered React Router app: the yardstick bench/ssr.ts measures the
// portal's rendering against, built with the same React Router version.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
