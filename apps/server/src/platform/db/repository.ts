/**
 * One repository object per database: `repositoryOf(create)` turns a repository factory into an accessor that
 * builds it once per database handle (a repository is a set of closures over the handle; tests open many).
 */
export function repositoryOf<D extends object, R>(create: (db: D) => R): (db: D) => R {
  const made = new WeakMap<D, R>();
  return (db) => {
    let r = made.get(db);
    if (r === undefined) made.set(db, (r = create(db)));
    return r;
  };
}
