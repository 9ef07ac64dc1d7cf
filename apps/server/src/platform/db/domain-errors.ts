/**
 * Errors repositories throw when a write cannot happen; services turn them into returnCodes. They name what
 * went wrong in domain terms, never an API code.
 */
export class NotFoundError extends Error {
  constructor(readonly entity: 'collection' | 'item' | 'member') {
    super(`${entity} not found`);
    this.name = 'NotFoundError';
  }
}

/** A file name that is not an unused upload of this member for this slot. */
export class UploadNotFoundError extends Error {
  constructor(readonly fileName: string) {
    super(`upload ${fileName} not found`);
    this.name = 'UploadNotFoundError';
  }
}

/** A live collection already has this name (case-insensitive). */
export class NameTakenError extends Error {
  constructor() {
    super('name taken');
    this.name = 'NameTakenError';
  }
}

/** PostgreSQL unique_violation on the given constraint or index. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}

/** A video or audio item without a thumbnail. */
export class ThumbnailRequiredError extends Error {
  constructor() {
    super('thumbnail required for a video or audio resource');
    this.name = 'ThumbnailRequiredError';
  }
}
