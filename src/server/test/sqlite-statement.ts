import SQLite from 'better-sqlite3';

/** better-sqlite3's Statement prototype (the class is not exported): spy on its all/get/run to count statements. */
export const sqliteStatement = (() => {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as SQLite.Statement;
  probe.close();
  return proto;
})();
