/** The watchlist's app-level part: its floor-marking job. */
import fp from 'fastify-plugin';
import { watchlistJobs } from './jobs';

export default fp(
  async (app) => {
    for (const job of watchlistJobs(app)) app.jobs.register(job);
  },
  { name: 'watchlist', dependencies: ['db', 'jobs'] },
);
