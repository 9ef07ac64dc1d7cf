/** A multipart upload over real HTTP, streamed with backpressure (the upload tests and their memory child). */
import { request } from 'node:http';
import { multipart, mp4 } from './media';

export interface Sent {
  returnCode: number | undefined;
  /** File bytes the client had written when the reply came (or the connection closed). */
  bytesSent: number;
}

/**
 * Streams a multipart upload of `size` bytes (an mp4 header, then zeros) in 64 KB chunks with backpressure.
 * `pause`: once `bytes` of the file are sent, stops sending until `run` has resolved (the upload is then half-way
 * through on the server: what it holds of the file can be measured).
 */
export function streamUpload(
  base: string,
  url: string,
  size: number,
  pause?: { bytes: number; run: () => Promise<void> },
): Promise<Sent> {
  const head = mp4(0);
  const body = multipart(Buffer.alloc(0), { filename: 'big.mp4', type: 'video/mp4' });
  const total = body.head.length + size + body.tail.length;
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let done = false;
    const finish = (returnCode: number | undefined) => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ returnCode, bytesSent });
    };
    const req = request(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': body.contentType, 'content-length': String(total) },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => finish((JSON.parse(Buffer.concat(parts).toString()) as { returnCode: number }).returnCode));
      res.on('error', () => finish(undefined));
    });
    req.on('error', (err) => (done ? undefined : bytesSent > 0 ? finish(undefined) : reject(err)));
    const chunk = Buffer.alloc(64 * 1024);
    let paused = false;
    const pump = () => {
      while (!done && bytesSent < size) {
        if (pause && !paused && bytesSent >= pause.bytes) {
          paused = true;
          pause.run().then(pump, (err: unknown) => {
            done = true;
            req.destroy();
            reject(err as Error);
          });
          return;
        }
        const first = bytesSent === 0;
        const n = Math.min(chunk.length, size - bytesSent);
        const piece = first ? Buffer.concat([head, chunk.subarray(0, n - head.length)]) : chunk.subarray(0, n);
        bytesSent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!done && bytesSent >= size) req.end(body.tail);
    };
    req.write(body.head);
    pump();
  });
}
