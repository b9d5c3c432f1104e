// The frontend sessions' process-level pieces (§17.4): the live feed that serves this process's streams,
// stopped before the server closes their connections, and the purge of the stream slots of processes
// that stopped renewing their lease.
import { areaRuntime } from '../../core/runtime.js';
import { purgeStreamLeases } from './repository.js';
import { LiveFeed } from './stream.js';

export default areaRuntime({
  start: ({ engine, config, clock, logger, tuning }) => ({
    feed: new LiveFeed({ db: engine.read, writer: engine.writer, config, clock, logger, pageSize: tuning.liveFeedPageSize }),
  }),
  // The streams end cleanly (their bodies finished) before the connections are closed under them.
  quiesce: ({ feed }) => feed.stop(),
  purges: { streamSlots: (tx, now) => purgeStreamLeases(tx, now.toISOString()) },
});
