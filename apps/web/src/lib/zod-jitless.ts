/**
 * zod compiles object parsers with `new Function` unless told not to, and probes for it once with `Function("")`:
 * under the server's Content-Security-Policy (no 'unsafe-eval') that probe is reported as a violation on every
 * page, though zod catches it. Jitless parsing never probes. Imported first by `main.tsx` and by the API client,
 * before any schema parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
