// Every feature's routes, registered under /api. A feature adds one line here.
import type { App } from './app.js';
import { healthRoutes } from './health.js';

export async function registerRoutes(app: App): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
}
