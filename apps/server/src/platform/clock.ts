/**
 * The one clock: the system's time is read here alone. The app decorates it as `app.now` (config-plugin; a test
 * passes its own clock), and a use case takes `now` from the app; code that runs without an app (seeds, the demo)
 * takes it from here. `eslint.config.js` refuses `new Date()` and `Date.now()` anywhere else in the server; a
 * duration (a cache's age, a timeout, a rate window) is measured with `performance.now()`, which no clock moves.
 */
export const systemClock = (): Date => new Date();
