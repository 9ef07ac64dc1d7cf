/**
 * A value if it comes within `ms`, else undefined (also when it fails): what a metrics scrape or a health probe uses
 * so that a hung dependency (a node, a database) never holds the answer. The work itself goes on; its late result
 * or failure is dropped here.
 */
export function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}
