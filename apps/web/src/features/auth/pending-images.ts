/**
 * Profile and banner images chosen in the sign-up popup. Uploads need a ticket, which exists only after the
 * e-mail is verified and the member signs in (possibly in another tab, from the mail link), so the files
 * wait in IndexedDB keyed by wallet address and are uploaded right after the first successful sign-in.
 */
import type { UploadKind } from '../../lib/api';

const DB = 'att-web';
const STORE = 'pendingImages';

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
  });
}

async function tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  return new Promise((resolve) => {
    const req = fn(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(undefined);
  });
}

const key = (address: string, kind: UploadKind) => `${address.toLowerCase()}:${kind}`;

export async function savePendingImage(address: string, kind: UploadKind, file: Blob | null) {
  if (file) await tx('readwrite', (s) => s.put(file, key(address, kind)));
  else await tx('readwrite', (s) => s.delete(key(address, kind)));
}

export async function takePendingImage(address: string, kind: UploadKind): Promise<Blob | null> {
  const v = await tx<unknown>('readonly', (s) => s.get(key(address, kind)));
  return v instanceof Blob ? v : null;
}

export async function removePendingImage(address: string, kind: UploadKind) {
  await tx('readwrite', (s) => s.delete(key(address, kind)));
}
